import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DocSearchHit } from '@docsearch/react';
import { transformHits } from '../../src/client/search/hits.ts';

const hit = (url: string) => ({ objectID: url, url }) as unknown as DocSearchHit;
const config = { aliases: [{ from: '/docs/manual/v11.0.0/', to: '/docs/manual/latest/' }] };
const site = { origin: 'https://rescript-lang.org', pathname: '/docs/manual/v11.0.0/pipe' };

afterEach(() => vi.restoreAllMocks());

describe('search hits', () => {
  it('drops a hit whose URL cannot be parsed and says so on the console', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const out = transformHits([hit('http://exa mple.org:99999/x'), hit('/blog/post')], config, site);
    expect(out.map((h) => h.url)).toEqual(['/blog/post']);
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]![0])).toContain('http://exa mple.org:99999/x');
  });

  it('makes the site’s own URLs paths and keeps other sites’ URLs whole', () => {
    const out = transformHits([hit('https://rescript-lang.org/docs/manual/v11.0.0/pipe#tips'), hit('https://elsewhere.example/page')], config, site);
    expect(out.map((h) => h.url)).toEqual(['/docs/manual/v11.0.0/pipe#tips', 'https://elsewhere.example/page']);
  });

  it('keeps a reader of /docs/manual/latest/ under latest', () => {
    const latest = { ...site, pathname: '/docs/manual/latest/pipe' };
    expect(transformHits([hit('/docs/manual/v11.0.0/promise#chaining')], config, latest)[0]!.url).toBe('/docs/manual/latest/promise#chaining');
  });
});
