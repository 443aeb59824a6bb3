import { describe, expect, it } from 'vitest';
import { hasDuplicateKeys, parseJsonLazily, parsePositioned } from '../../src/util/yaml-positions.ts';

describe('JSON config parsed lazily', () => {
  const text = '{\n  "Overview": ["intro", "install"],\n  "Guides": {\n    "a": 1\n  }\n}\n';

  it('gives the data at once and the same places as the positioned parser when asked', () => {
    const lazy = parseJsonLazily(text);
    const full = parsePositioned(text);
    expect(lazy.data).toEqual(full.data);
    expect(lazy.errors).toEqual([]);
    expect(lazy.positions).toEqual(full.positions);
    expect(lazy.keyPositions).toEqual(full.keyPositions);
    expect(lazy.positions['/Overview/1']).toEqual({ line: 2, column: 25 });
  });

  it('reports what only the strict parse sees (a duplicate key) at its place', () => {
    const lazy = parseJsonLazily('{\n  "a": 1,\n  "a": 2\n}');
    expect(lazy.errors).toEqual([]);
    expect(lazy.strictErrors()).toEqual([{ reason: 'Map keys must be unique', place: { line: 3, column: 3 } }]);
  });

  it.each([
    ['a trailing comma in a list', '{\n  "Overview": ["intro", "install",],\n  "Guides": ["a"]\n}\n', "Unexpected token ']'", { line: 2, column: 35 }],
    ['a trailing comma before the closing brace', '{\n  "Overview": ["intro"],\n}', "Expected double-quoted property name", { line: 3, column: 1 }],
    ['a missing comma', '{"a": 1 "b": 2}', "Expected ',' or '}' after property value", { line: 1, column: 9 }],
    ['an unquoted key (valid YAML)', '{a: 1}', "Expected property name or '}'", { line: 1, column: 2 }],
    ['a comment', '{\n  "a": 1 // why\n}', "Expected ',' or '}' after property value", { line: 2, column: 10 }],
    ['text after the value', '{"a": 1}}', 'Unexpected non-whitespace character after JSON', { line: 1, column: 9 }],
    ['an empty file', '', 'Unexpected end of JSON input', { line: 1, column: 1 }],
  ])('rejects %s with JSON.parse\'s reason at its place, and no data', (_, text, reason, place) => {
    const doc = parseJsonLazily(text);
    expect(doc.data).toBeUndefined();
    expect(doc.errors).toEqual([{ reason, place }]);
  });

  it('places a syntax error at once', () => {
    const lazy = parseJsonLazily('{\n  "a": 1,\n  "b" 2\n}');
    expect(lazy.errors.length).toBeGreaterThan(0);
    expect(lazy.errors[0]!.place.line).toBe(3);
  });

  it.each([
    ['{"a": 1, "a": 2}', true],
    ['{"a": {"b": 1}, "b": 2}', false],
    ['{"a": {"b": 1, "b": 2}}', true],
    ['[{"a": 1}, {"a": 2}]', false],
    ['{"a": [1, {"x": 1}], "b": [{"x": 2, "y": ["x", "x"]}]}', false],
    ['{"a\\"b": 1, "a\\"b": 2}', true],
    ['{"\\u0061": 1, "a": 2}', true],
    ['{"k": "a,\\"b", "a": 1, "b": 2}', false],
    ['{"k": "{\\"a\\": 1}", "a": 1}', false],
    ['{"x": {}, "y": [], "x2": {"z": []}}', false],
    ['{"": 1, "": 2}', true],
  ])('%s has duplicate keys: %s (as the strict parse says)', (json, dup) => {
    expect(hasDuplicateKeys(json)).toBe(dup);
    expect(parsePositioned(json).errors.some((e) => /unique/.test(e.reason))).toBe(dup);
  });

  it('finds no duplicate in any JSON config file of the repository, as the strict parse', async () => {
    const fg = (await import('fast-glob')).default;
    const fs = await import('node:fs');
    const files = fg.sync(['config/**/*.json', 'tests/fixtures/**/config/**/*.json'], { cwd: new URL('../..', import.meta.url).pathname, absolute: true });
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      expect(hasDuplicateKeys(text), file).toBe(parsePositioned(text).errors.some((e) => /unique/.test(e.reason)));
    }
  });
});
