// Which other docs sections a docs version's search also looks in. The language manual and the
// React bindings docs are one site: a reader on a manual page who types `useState`, or on a React
// page who types `Array.map`, found nothing, each search held to its own section's version. Each
// version's search now also looks in the newest version of every other section: its guides and
// its standard library's API (`takenByCompanions`), and ranks those hits after its own section's
// of the same title match (client/search/engine.ts).
import { newestVersionRoute, type SectionVersions } from '../pipeline/site-config.ts';
import { primaryLibrary } from '../api/names.ts';

/** Searched version (a facet value: `v12.0.0`, the React docs' `latest`) → the other sections' newest. */
export type SearchCompanions = ReadonlyMap<string, string[]>;

export function searchCompanions(sections: Record<string, SectionVersions>): SearchCompanions {
  // The facet value of a section's newest version: a routed alias's pages are searched as the
  // version it stands for (`latest` → v11.0.0).
  const newest = new Map<string, string>();
  for (const [name, sv] of Object.entries(sections)) {
    const route = newestVersionRoute(sv);
    if (route !== undefined) newest.set(name, sv.aliases[route] ?? route);
  }
  const out = new Map<string, string[]>();
  for (const [name, sv] of Object.entries(sections)) {
    const others = [...newest].filter(([other]) => other !== name).map(([, version]) => version);
    for (const version of sv.versions) out.set(version, others);
  }
  return out;
}

/**
 * The versions whose records a build may leave out: those whose index is kept, unless an index
 * made now takes their guides as a companion's.
 */
export function skippableVersions(kept: Iterable<string>, companions: SearchCompanions): string[] {
  const keptSet = new Set(kept);
  const needed = new Set<string>();
  for (const [version, others] of companions) if (!keptSet.has(version)) others.forEach((o) => needed.add(o));
  return [...keptSet].filter((v) => !needed.has(v));
}

/**
 * Whether a page of a companion version goes into the other sections' indexes: its guides, and of
 * its API reference the standard library's pages (`/api/core/…` before v12, `/api/stdlib/…` from
 * v12), what code on any page calls (`Array.map` typed on a React page). Not the other libraries'
 * (Belt, Js, Dom: 4,140 of the latest manual's 6,121 API records): a React index that took every
 * API page would be three times the size, for modules a reader looking for them finds in the
 * manual's own search.
 */
export function takenByCompanions(route: string, version: string, area: string): boolean {
  if (area !== 'API') return true;
  const library = `/api/${primaryLibrary(version)}`;
  const at = route.indexOf(library);
  return at >= 0 && (at + library.length === route.length || route[at + library.length] === '/');
}
