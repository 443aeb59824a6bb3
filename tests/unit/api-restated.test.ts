// A module's docstring parts: rescript-tools gives a module alias's comment and the module's own,
// which often say the same thing twice (Belt.Map, Belt.Id, Belt.Set.Dict, Js.Null).
import { describe, expect, it } from 'vitest';
import { withoutRestated } from '../../src/api/pages.ts';

describe('docstring parts a later part restates', () => {
  it('give way to the later part, the module\'s own', () => {
    const alias = '[`Belt.Map`](),\n\nThe top level provides generic **immutable** map operations.\n\nIt also has three specialized inner modules\n[`Belt.Map.Int`](), [`Belt.Map.String`]() and';
    const own = 'The top level provides generic immutable map operations.\n\nIt also has three specialized inner modules `Belt.Map.Int`, `Belt.Map.String`\nand `Belt.Map.Dict`.';
    expect(withoutRestated([alias, own])).toEqual([own]);
  });

  it('keep parts that say different things, and short ones', () => {
    const parts = ['Maps keys to values with a comparator chosen per map type.', 'Every operation returns a new map; the old one is unchanged and can be used again.'];
    expect(withoutRestated(parts)).toEqual(parts);
    expect(withoutRestated(['Deprecated.', 'Use Map instead.'])).toEqual(['Deprecated.', 'Use Map instead.']);
  });

  it('keep one of parts that are the same words, however short (Js.Types said its one line twice)', () => {
    expect(withoutRestated(['Provide utilities for manipulating JS types', 'Provide utilities for manipulating JS types.'])).toEqual(['Provide utilities for manipulating JS types.']);
    expect(withoutRestated(['Deprecated.', 'Deprecated.'])).toEqual(['Deprecated.']);
  });
});
