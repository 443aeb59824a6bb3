// Folder addresses with no page of their own lead to the first page under them. A reader who types
// /docs/manual/latest, /community or /docs/react, or trims a page's address back to its folder,
// lands on the introduction instead of the not-found page.
//
// A static host answers with files only, so each is a small page that moves on at once: a script
// (keeping the #hash and the query), a meta refresh where scripts do not run, and a link for
// whatever follows neither. It is marked noindex with its target as canonical, so search engines
// list the target, and `docsgen serve` serves it like any other file.
import { escapeHtml } from '../../util/text.ts';
import { newestVersionRoute, type SectionVersions } from '../site-config.ts';
import type { OutputFile, RouteEntry, Sidebar } from '../types.ts';

export interface Redirect {
  /** The folder's address, with its trailing slash (`/docs/manual/latest/`). */
  from: string;
  /** The route it leads to. */
  to: string;
}

/**
 * The folders that get a redirect: each sidebar's folder (its first page: `/community/` →
 * `/community/overview`), and each docs section's (`/docs/manual/` → its newest version's first
 * page), when no page is there already.
 */
export function folderRedirects(routes: ReadonlyMap<string, RouteEntry>, sidebars: Iterable<Sidebar>, sections: Record<string, SectionVersions>): Redirect[] {
  const taken = (folder: string) => routes.has(folder) || routes.has(folder.slice(0, -1));
  const firstPage = new Map<string, string>();
  for (const s of sidebars) {
    const first = s.order.find((href) => routes.has(href));
    if (first !== undefined) firstPage.set(s.base, first);
  }
  const out: Redirect[] = [];
  for (const [folder, to] of firstPage) if (!taken(folder)) out.push({ from: folder, to });
  for (const [section, sv] of Object.entries(sections)) {
    const folder = `/docs/${section}/`;
    const newest = newestVersionRoute(sv);
    if (taken(folder) || newest === undefined) continue;
    const newestFolder = `${folder}${newest}/`;
    const to = routes.has(newestFolder) ? newestFolder : routes.has(newestFolder.slice(0, -1)) ? newestFolder.slice(0, -1) : firstPage.get(newestFolder);
    if (to !== undefined) out.push({ from: folder, to });
  }
  return out.sort((a, b) => a.from.localeCompare(b.from));
}

/** The page written at a redirect's folder (`community/index.html`). */
export function redirectFile({ from, to }: Redirect, siteUrl: string): OutputFile {
  const href = escapeHtml(to);
  const contents = [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<title>Moved to ${href}</title>`,
    '<meta name="robots" content="noindex">',
    `<link rel="canonical" href="${escapeHtml(siteUrl.replace(/\/$/, '') + to)}">`,
    // `<` escaped: the route is data inside a script element.
    `<script>location.replace(${JSON.stringify(to).replace(/</g, '\\u003c')} + location.search + location.hash)</script>`,
    `<meta http-equiv="refresh" content="0; url=${href}">`,
    '</head>',
    `<body><p>This page is at <a href="${href}">${href}</a>.</p></body>`,
    '</html>',
    '',
  ].join('\n');
  return { path: `${from.slice(1)}index.html`, contents };
}
