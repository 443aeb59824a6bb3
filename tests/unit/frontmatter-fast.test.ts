import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { parse } from 'yaml';
import { parseFrontMatterLazily, parsePositioned, simpleMapping } from '../../src/util/yaml-positions.ts';

const repo = path.resolve(import.meta.dirname, '../..');

/** Values chosen to sit on every edge of the fast path: each either gives yaml's own answer or falls back. */
const VALUES = [
  '"Pipe"', "'Pipe'", 'Pipe', 'Pipe first', "Don't panic", '"a # not a comment"', 'a # comment', 'a:b', 'a: b',
  'true', 'True', 'TRUE', 'false', 'null', 'Null', '~', 'yes', 'no', 'on', 'off', 'y', 'n', 'NaN', 'Infinity', '.inf', '.nan',
  '12', '1.5', '0x1F', '0o17', '1e3', '2024-05-01', '2024-05-01T10:00:00Z', '-1', '+1', '"12"', "'true'",
  '"with \\" escape"', '"tab\there"', "'it''s'", '[a, b]', '{a: 1}', '- item', '? key', '&anchor x', '*alias', '!tag x', '|', '>',
  '@at', '`tick`', '%pct', 'a [b]', 'a {b}', 'x!y', 'a & b', 'a * b', 'a | b', 'a > b', 'ends with colon:', 'trailing   ',
  '"é ünïcödé"', 'ünïcödé', 'Ünïcödé start', 'a\u0085b', 'a\u2028b', '"a\u00a0b"', 'a\ufeffb', 'path/to/page', '/docs/manual/latest/pipe',
  'https://rescript-lang.org', '"https://rescript-lang.org"', 'a, b, c', 'a - b', "a' b", "'unterminated", '"unterminated', '',
  // As JSON.stringify writes strings (generated front matter), and one-line lists of them (syntax lookup keywords).
  '"say \\"hi\\""', '"back\\\\slash"', '"a\\/b"', '"tab\\there"', '"nl\\nhere"', '"\\u00e9t\\u00e9"', '"\\ud83d\\ude00"', '"\\ud800 lone"',
  '"\\x41"', '"\\0"', '"\\e"', '"bad \\q"', '"a #b"', '"é"',
  '["=>", "arrow"]', '[]', '[ ]', '["a, b", "c"]', '["a"  ,  "b"]', '["say \\"x\\""]', '["a",]', '["a" "b"]', '[a, "b"]', "['a', 'b']",
  '["a"] # c', '["a"]x', '[["a"]]', '["#"]', '["a: b"]', '[ "a" ]', '["\\u00e9"]',
];
const KEYS = ['title', 'metaTitle', 'meta-title', '_private', 'true', 'null', '__proto__', 'a1', '1a', 'key with space', 'k:'];

function yamlData(text: string): unknown {
  try {
    const doc = parsePositioned(text);
    return doc.errors.length ? Symbol.for('error') : doc.data;
  } catch {
    return Symbol.for('error');
  }
}

describe('front matter fast path', () => {
  it('reads each simple mapping exactly as the yaml package does, and leaves everything else to it', () => {
    let fast = 0;
    for (const key of KEYS) {
      for (const value of VALUES) {
        for (const text of [`${key}: ${value}`, `title: "T"\n${key}: ${value}`, `${key}:  ${value}  `]) {
          const got = simpleMapping(text);
          if (got === undefined) continue;
          fast++;
          expect(got, text).toEqual(yamlData(text));
          expect(JSON.stringify(got), text).toBe(JSON.stringify(parse(text)));
        }
      }
    }
    expect(fast).toBeGreaterThan(100); // the fast path is taken for the common shapes
  });

  it('takes the fast path for quoted and plain strings and falls back for the rest', () => {
    expect(simpleMapping('title: "Pipe"\ndescription: Pipe first')).toEqual({ title: 'Pipe', description: 'Pipe first' });
    // The syntax lookup's keywords and generated pages' JSON-written strings take it too.
    expect(simpleMapping('id: arrow\nkeywords: ["=>", "a, b", "say \\"x\\""]')).toEqual({ id: 'arrow', keywords: ['=>', 'a, b', 'say "x"'] });
    expect(simpleMapping(`title: ${JSON.stringify('Js.Re "exec"')}\ndescription: ${JSON.stringify('a\\b\té')}`)).toEqual({ title: 'Js.Re "exec"', description: 'a\\b\té' });
    for (const text of ['title: true', 'title: 12', 'title: 2024-05-01', 'a: 1\na: 2', 'title: "x"\n', 'title:', 'list:\n  - a', 'title: "x" # c'])
      expect(simpleMapping(text), text).toBeUndefined();
  });

  it('agrees with the yaml package on the front matter of every page in the repository', () => {
    const files = fg.sync(['content/**/*.{md,mdx}', 'tests/fixtures/**/*.{md,mdx}'], { cwd: repo, absolute: true });
    expect(files.length).toBeGreaterThan(300);
    let fast = 0;
    for (const file of files) {
      const m = /^---[ \t]*\r?\n([\s\S]*?)\r?\n?---[ \t]*(\r?\n|$)/.exec(fs.readFileSync(file, 'utf8'));
      if (!m) continue;
      const got = simpleMapping(m[1]!);
      if (got === undefined) continue;
      fast++;
      expect(got, file).toEqual(yamlData(m[1]!));
    }
    expect(fast).toBeGreaterThan(450); // every page of the repository (466 with front matter)
  });

  it('works out the places of the nodes when a message asks for them', () => {
    const doc = parseFrontMatterLazily('title: "Pipe"\ndescription: Pipe first', 1);
    expect(doc.data).toEqual({ title: 'Pipe', description: 'Pipe first' });
    expect(doc.positions['/description']).toEqual({ line: 3, column: 14 });
    expect(doc.keyPositions['/title']).toEqual({ line: 2, column: 1 });
    const bad = parseFrontMatterLazily('title: [unclosed', 1);
    expect(bad.errors.length).toBeGreaterThan(0);
    expect(bad.errors[0]!.place.line).toBe(2);
  });
});
