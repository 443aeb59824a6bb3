import { describe, expect, it } from 'vitest';
import { aliasTarget, queryFromPath } from '../../src/client/not-found.ts';

const aliases = { '/docs/manual/next/': '/docs/manual/v12.0.0/' };

describe('the 404 page', () => {
  it('moves an address under an alias to the version it names', () => {
    expect(aliasTarget('/docs/manual/next/pipe', aliases)).toBe('/docs/manual/v12.0.0/pipe');
    expect(aliasTarget('/docs/manual/next/api/stdlib/array', aliases)).toBe('/docs/manual/v12.0.0/api/stdlib/array');
  });

  it('leaves other addresses alone, and never leaves the site whatever the alias map says', () => {
    expect(aliasTarget('/docs/manual/v11.0.0/pipe', aliases)).toBeUndefined();
    expect(aliasTarget('/docs/manual/nextish/pipe', aliases)).toBeUndefined();
    expect(aliasTarget('/a/x', { '/a/': '//evil.example/' })).toBeUndefined();
    expect(aliasTarget('/a/x', { '/a/': 'https://evil.example/' })).toBeUndefined();
  });

  it('searches for the words of the last segment, decoded, at most 64 characters', () => {
    expect(queryFromPath('/docs/manual/v11.0.0/pipe-operator')).toBe('pipe operator');
    expect(queryFromPath('/docs/manual/v11.0.0/pattern_matching.html')).toBe('pattern matching');
    expect(queryFromPath('/blog/%C3%A9t%C3%A9/')).toBe('été');
    expect(queryFromPath('/bad/%E0%A4%A')).toBe('%E0%A4%A');
    expect(queryFromPath('/')).toBe('');
    expect(queryFromPath(`/${'a'.repeat(100)}`)).toHaveLength(64);
  });
});
