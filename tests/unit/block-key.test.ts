// blockKey (src/render/block-key.ts): when a code block's highlighted HTML may be reused.
import { describe, expect, it } from 'vitest';
import { blockKey } from '../../src/render/block-key.ts';

describe('blockKey', () => {
  const base = { lang: 'res', code: 'let x = 1\nlet y = x + 1' };

  it('is the same for the same block, whatever order its marked lines are given in', () => {
    expect(blockKey({ ...base, highlight: new Set([2, 1]) })).toBe(blockKey({ ...base, highlight: new Set([1, 2]) }));
    expect(blockKey(base)).toBe(blockKey({ ...base }));
  });

  it('differs when the language, the marked lines or the code differ', () => {
    const keys = [
      blockKey(base),
      blockKey({ ...base, lang: 'js' }),
      blockKey({ ...base, highlight: new Set([1]) }),
      blockKey({ ...base, code: 'let x = 2\nlet y = x + 1' }),
      blockKey({ ...base, code: `${base.code}\n` }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('is short: it is kept for every block in every page record', () => {
    expect(blockKey({ lang: 'js', code: 'x'.repeat(10_000) })).toMatch(/^[A-Za-z0-9+/]{27}$/);
  });
});
