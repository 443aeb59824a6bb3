// /sitemap.xml and /robots.txt.
import { escapeHtml } from '../../util/text.ts';
import type { OutputFile, RouteEntry } from '../types.ts';

/**
 * Every canonical route once, with absolute URLs. Alias copies (`/docs/manual/latest/…`) point at
 * their canonical page, as does a page whose front matter names another canonical, so neither is
 * listed; nor is the not-found page, which is no place to send a search engine.
 */
export function sitemap(routes: Iterable<RouteEntry>, siteUrl: string, canonicalOf: (entry: RouteEntry) => string | undefined): OutputFile {
  const base = siteUrl.replace(/\/$/, '');
  const listed = new Set<string>();
  for (const entry of routes) {
    if (entry.aliasOf || /^\/404(\.html)?$/.test(entry.route)) continue;
    const canonical = canonicalOf(entry);
    if (canonical !== undefined && canonical !== entry.route) continue;
    listed.add(entry.route);
  }
  const urls = [...listed].sort().map((r) => `  <url><loc>${escapeHtml(base + r)}</loc></url>`);
  return {
    path: 'sitemap.xml',
    contents: ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n'),
  };
}

export function robots(siteUrl: string): OutputFile {
  return { path: 'robots.txt', contents: `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl.replace(/\/$/, '')}/sitemap.xml\n` };
}
