import { describe, expect, it } from 'vitest';
import { parseJsonLazily, parsePositioned } from '../../src/util/yaml-positions.ts';

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

  it('places a syntax error at once', () => {
    const lazy = parseJsonLazily('{\n  "a": 1,\n  "b" 2\n}');
    expect(lazy.errors.length).toBeGreaterThan(0);
    expect(lazy.errors[0]!.place.line).toBe(3);
  });
});
