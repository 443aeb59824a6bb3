// The prefilter of the highlighter's regex engine: a regex is skipped when none of its required
// literals is in the rest of the line, so "required" must hold for every match.
import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { HIGHLIGHTED_LANGUAGES, loadGrammar } from '../../src/render/highlight.ts';
import { grammarRegexes, LITERALS_FILE, literalTable, requiredLiterals } from '../../src/render/regex-literals.ts';
import { repo } from '../helpers/cli.ts';

describe('required literals', () => {
  it.each([
    ['\\b(if|else|while)\\b', ['if', 'else', 'while']],
    ['(?<=\\.)(?:get|set)(?=\\()', ['get', 'set']],
    ['foo(?=bar)', ['foo']],
    ['(?=[a-z]*barbaz)x', ['barbaz']],
    ['a+b', ['a']],
    ['x*(?:ab)+cd', ['ab']],
    ['import\\s+(type)?', ['import']],
    ['(?:ab|cd)+ef', ['ef']],
  ])('%s needs one of %j', (source, expected) => {
    expect(requiredLiterals(source, 'dgv')).toEqual(expected);
  });

  it.each([
    ['a*b?', 'optional parts require nothing'],
    ['(?<=key)\\s*', 'a lookbehind may look before the search'],
    ['(?!foo)\\w+', 'a negative lookahead requires nothing'],
    ['foo|\\d+', 'an alternative with no literal'],
    ['foo|', 'an empty alternative'],
    ['[abc]\\d', 'classes only'],
    ['(a)\\1', 'a literal and a backreference: the literal still counts'],
  ])('%s: %s', (source) => {
    const found = requiredLiterals(source, 'dgv');
    if (source === '(a)\\1') expect(found).toEqual(['a']);
    else expect(found).toBeUndefined();
  });

  it('tells nothing for case-insensitive or unparsable patterns', () => {
    expect(requiredLiterals('Foo', 'gi')).toBeUndefined();
    expect(requiredLiterals('(unclosed', 'dgv')).toBeUndefined();
  });

  it('the built table is the analysis of the shipped grammars (npm ci makes it)', async () => {
    const file = path.join(repo, LITERALS_FILE);
    expect(fs.existsSync(file)).toBe(true);
    const grammars = await Promise.all(HIGHLIGHTED_LANGUAGES.map((lang) => loadGrammar(lang)));
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual(literalTable(grammars));
  });

  it('never rules out a match: every regex of every grammar, on every code line of the content', async () => {
    const regexes = grammarRegexes(await Promise.all(HIGHLIGHTED_LANGUAGES.map((lang) => loadGrammar(lang))));
    expect(regexes.length).toBeGreaterThan(1000);
    expect(regexes.some((r) => r.source.includes('switch'))).toBe(true); // the ReScript grammar's, converted

    const lines = new Set<string>();
    for (const file of fg.sync('content/**/*.mdx', { cwd: repo, absolute: true })) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/^```\w*[^\n]*\n([\s\S]*?)^```/gm)) for (const line of m[1]!.split('\n')) lines.add(`${line}\n`);
    }
    const sample = [...lines].filter((_, i) => i % 8 === 0);
    expect(sample.length).toBeGreaterThan(300);
    let ruledOut = 0;
    for (const regex of regexes) {
      const literals = requiredLiterals(regex.source, regex.flags);
      if (!literals) continue;
      for (const line of sample) {
        for (const start of [0, line.length >> 1]) {
          if (literals.some((l) => line.indexOf(l, start) !== -1)) continue;
          ruledOut++;
          regex.lastIndex = start;
          let match: RegExpExecArray | null = null;
          try {
            match = regex.exec(line);
          } catch {
            continue; // a pattern that fails never matches (forgiving engine)
          }
          if (match && match.index >= start) expect.fail(`/${regex.source}/ matches ${JSON.stringify(line)} from ${start} without any of ${JSON.stringify(literals)}`);
        }
      }
    }
    expect(ruledOut).toBeGreaterThan(100_000);
  });
});
