// Folder addresses with no page of their own lead to the first page under them. A reader who types
// /docs/manual/latest, /community or /docs/react, or trims a page's address back to its folder,
// lands on the introduction instead of the not-found page. This works out which folders and where
// to; render/layouts/redirect.ts writes the page each one gets.
import { newestVersionRoute, type SectionVersions } from '../site-config.ts';
import type { Redirect, RouteEntry, Sidebar } from '../types.ts';

/**
 * The folders that get a redirect, when no page is there already: each sidebar's folder (its first
 * page: `/community/` → `/community/overview`), each docs version's under every name it goes by
 * (`/docs/manual/next/` → `/docs/manual/v12.0.0/introduction`), and each docs section's
 * (`/docs/manual/` → its newest version's first page, through the routed `latest`).
 */
export function folderRedirects(routes: ReadonlyMap<string, RouteEntry>, sidebars: Iterable<Sidebar>, sections: Record<string, SectionVersions>): Redirect[] {
  const taken = (folder: string) => routes.has(folder) || routes.has(folder.slice(0, -1));
  const firstPage = new Map<string, string>();
  for (const s of sidebars) {
    const first = s.order.find((href) => routes.has(href));
    if (first !== undefined) firstPage.set(s.base, first);
  }
  /** Where a folder leads: its own page, else its sidebar's first page. */
  const home = (folder: string) => (routes.has(folder) ? folder : routes.has(folder.slice(0, -1)) ? folder.slice(0, -1) : firstPage.get(folder));
  const to = new Map<string, string>();
  for (const [folder, first] of firstPage) to.set(folder, first);
  for (const [section, sv] of Object.entries(sections)) {
    const base = `/docs/${section}/`;
    // An alias without pages of its own stands for its version's folder.
    for (const [alias, version] of Object.entries(sv.aliases)) {
      const target = home(`${base}${sv.routed.includes(alias) ? alias : version}/`);
      if (target !== undefined && !to.has(`${base}${alias}/`)) to.set(`${base}${alias}/`, target);
    }
    const newest = newestVersionRoute(sv);
    const target = newest === undefined ? undefined : home(`${base}${newest}/`);
    if (target !== undefined) to.set(base, target);
  }
  return [...to]
    .filter(([from]) => !taken(from))
    .map(([from, target]) => ({ from, to: target }))
    .sort((a, b) => a.from.localeCompare(b.from));
}
