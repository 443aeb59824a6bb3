// What the modal does to each hit before DocSearch shows it (SPEC §8: unparsable URLs are dropped).
import type { DocSearchHit } from '@docsearch/react';
import type { SearchClientConfig } from './types.ts';

/**
 * Hit URLs as links on this site: the site's own absolute URLs become paths, a hit under a
 * version shown at an alias (`/docs/manual/v11.0.0/` read as `/docs/manual/latest/`) stays in the
 * alias, and a URL that cannot be parsed is dropped and logged (SPEC §8).
 */
export function transformHits(items: DocSearchHit[], config: Pick<SearchClientConfig, 'aliases'>, location: Pick<Location, 'origin' | 'pathname'>): DocSearchHit[] {
  const alias = config.aliases.find((a) => location.pathname.startsWith(a.to));
  const out: DocSearchHit[] = [];
  for (const item of items) {
    let url: URL;
    try {
      url = new URL(item.url, location.origin);
    } catch (err) {
      console.error(`docsgen search: dropped a hit whose URL cannot be parsed: ${item.url}`, err);
      continue;
    }
    let path = url.pathname;
    if (alias && path.startsWith(alias.from)) path = alias.to + path.slice(alias.from.length);
    const sameSite = url.origin === location.origin || /^\/(docs|blog|community)(\/|$)/.test(url.pathname);
    out.push({ ...item, url: sameSite ? `${path}${url.search}${url.hash}` : url.href });
  }
  return out;
}

