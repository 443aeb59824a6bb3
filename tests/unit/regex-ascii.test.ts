// ASCII twins of the grammar regexes (src/render/regex-ascii.ts): on an ASCII line, the tokenizer
// runs the twin instead of the regex, so the twin must answer exactly as the regex does there.
import fs from 'node:fs';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { HIGHLIGHTED_LANGUAGES, loadGrammar } from '../../src/render/highlight.ts';
import { asciiTwin, isAsciiString } from '../../src/render/regex-ascii.ts';
import { nativeWherePossible, twinOf } from '../../src/render/regex-engine.ts';
import { grammarRegexes } from '../../src/render/regex-literals.ts';
import { repo } from '../helpers/cli.ts';

/** The twin's source and flags, as the assertions below write them. */
function twin(source: string, flags: string): { source: string; flags: string } | undefined {
  const made = asciiTwin(source, flags);
  return made && { source: made.source, flags: made.flags };
}

describe('ASCII twin of a regex', () => {
  it('writes each property escape as the ASCII characters it matches, and drops the Unicode flag', () => {
    expect(twin('[\\$_\\p{Alpha}][\\$_\\p{Alpha}\\p{Nd}]*', 'dgv')).toEqual({
      source: '[\\$_\\x41-\\x5a\\x61-\\x7a][\\$_\\x41-\\x5a\\x61-\\x7a\\x30-\\x39]*',
      flags: 'dg',
    });
    expect(twin('a\\p{space}+\\P{Nd}', 'dgu')).toEqual({ source: 'a[\\x09-\\x0d\\x20]+[\\x00-\\x2f\\x3a-\\x7f]', flags: 'dg' });
    expect(twin('[^\\p{Upper}]', 'v')).toEqual({ source: '[^\\x41-\\x5a]', flags: '' });
    // A property no ASCII character has: a class that matches nothing.
    expect(twin('x\\p{sc=Greek}', 'u')).toEqual({ source: 'x[]', flags: '' });
  });

  it('keeps the Unicode flag where the pattern would read differently without it', () => {
    // The `v` flag's set syntax: the escape stays one operand, a nested class.
    expect(twin('[\\p{Alpha}--[a-f]]', 'v')).toEqual({ source: '[[\\x41-\\x5a\\x61-\\x7a]--[a-f]]', flags: 'v' });
    expect(twin('[\\p{Alpha}&&\\p{Upper}]', 'v')).toEqual({ source: '[[\\x41-\\x5a\\x61-\\x7a]&&[\\x41-\\x5a]]', flags: 'v' });
    // A code point escape, and Unicode case folding (`ſ` is `s` only under `iu`).
    expect(twin('\\u{61}\\p{Nd}', 'u')).toEqual({ source: '\\u{61}[\\x30-\\x39]', flags: 'u' });
    expect(twin('\u017f\\p{Nd}', 'iu')?.flags).toBe('iu');
  });

  it('is the regex itself when nothing would change', () => {
    expect(twin('\\bif\\b', 'g')).toBeUndefined();
    expect(twin('[a[b]]', 'v')).toBeUndefined();
  });

  it('tells ASCII strings from others', () => {
    expect(isAsciiString('let x = "a\\n" // ok\n')).toBe(true);
    expect(isAsciiString('let café = 1')).toBe(false);
    expect(isAsciiString('// 👋')).toBe(false);
  });

  it('answers as the regex does: every regex of every grammar, on code lines of the content and edge characters', async () => {
    const regexes = grammarRegexes(await Promise.all(HIGHLIGHTED_LANGUAGES.map((lang) => loadGrammar(lang))));
    expect(regexes.length).toBeGreaterThan(1000);
    const lines = new Set<string>();
    for (const file of fg.sync('content/**/*.mdx', { cwd: repo, absolute: true })) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/^```\w*[^\n]*\n([\s\S]*?)^```/gm)) {
        for (const line of m[1]!.split('\n')) if (isAsciiString(line)) lines.add(`${line}\n`);
      }
    }
    const sample = [...lines].filter((_, i) => i % 16 === 0);
    expect(sample.length).toBeGreaterThan(200);
    // Every ASCII character, in words and on its own: the classes' edges.
    const all = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c));
    sample.push(`${all.join('')}\n`, ...all.map((c) => `a${c}_${c}1 ${c}\n`));
    let twins = 0;
    for (const converted of regexes) {
      // As the engine runs them: shiki's emulated regexes made plain where they emulate nothing.
      const regex = nativeWherePossible(converted)!;
      const twin = twinOf(converted);
      if (twin === regex) continue;
      twins++;
      for (const line of sample) {
        for (const start of [0, 1, line.length >> 1]) {
          const a = run(regex, line, start);
          const b = run(twin, line, start);
          if (JSON.stringify(a) !== JSON.stringify(b)) {
            expect.fail(`/${regex.source}/${regex.flags} and its twin /${twin.source}/${twin.flags} differ on ${JSON.stringify(line)} from ${start}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
          }
        }
      }
    }
    expect(twins).toBeGreaterThan(900);
  });
});

function run(regex: RegExp, line: string, start: number): unknown {
  regex.lastIndex = start;
  try {
    const m = regex.exec(line);
    return m && { index: m.index, indices: m.indices ? [...m.indices] : [...m].map((s) => s?.length) };
  } catch (err) {
    return `error ${(err as Error).name}`;
  }
}
