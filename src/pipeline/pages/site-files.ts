// /sitemap.xml and /robots.txt.
import { escapeHtml } from '../../util/text.ts';
import type { OutputFile, RouteEntry } from '../types.ts';

/**
 * Every canonical route once, with absolute URLs: each route's canonical (`canonicalOf`, the rule
 * of the pages' canonical links), when it is a route of the site. A page that names another as its
 * canonical (the v11.0.0 copy of a page `latest` also serves, or front matter) is not listed, its
 * canonical is; nor is the not-found page, which is no place to send a search engine.
 */
export function sitemap(routes: ReadonlyMap<string, RouteEntry>, siteUrl: string, canonicalOf: (entry: RouteEntry) => string): OutputFile {
  const base = siteUrl.replace(/\/$/, '');
  const listed = new Set<string>();
  for (const entry of routes.values()) {
    if (/^\/404(\.html)?$/.test(entry.route)) continue;
    const canonical = canonicalOf(entry);
    if (routes.has(canonical)) listed.add(canonical);
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
