// Which other docs sections a docs version's search also looks in. The language manual and the
// React bindings docs are one site: a reader on a manual page who types `useState`, or on a React
// page who types `Array.map`, found nothing, each search held to its own section's version. Each
// version's search now also looks in the newest version of every other section, guides only (not
// its API reference), and ranks those hits after its own section's of the same title match
// (client/search/engine.ts).
import { newestVersionRoute, type SectionVersions } from '../pipeline/site-config.ts';

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
