// Generated files made from many pages (a version's search index, a section version's llms files)
// come in groups, each keyed by the pages it is made from. Within an incremental build (site
// settings, compile context, config and docsgen unchanged: else every route renders and nothing
// here is kept), a page's compiled form depends on its source alone, so a group whose pages' ids
// and source hashes are all unchanged would be made byte for byte the same: its files are kept
// from the last build instead of being made, compared and written again. An edit of one v12 page
// remakes v12's search index and llms files only.
import { sha1 } from '../../util/text.ts';
import { searchVersionOf } from '../../search/records.ts';
import { NO_VERSION } from '../../client/search/types.ts';
import type { Page } from '../types.ts';
import type { SearchCompanions } from '../../search/companions.ts';

/** A group's key and the out/ files it made, as the site manifest keeps them. */
export interface GeneratedGroup {
  key: string;
  files: string[];
}

/** Group name (`search:v12.0.0`, `llms:manual/v12.0.0`) → its key and files. */
export type GeneratedGroups = Record<string, GeneratedGroup>;

const SEARCH = 'search:';
/** The search index group of a docs version. */
export const searchGroup = (version: string): string => `${SEARCH}${version}`;
/** The llms files group of a section's version (the files of its aliases included). */
export const llmsGroup = (section: string, version: string): string => `llms:${section}/${version}`;

/**
 * Every group's key. A search index holds its version's records, every unversioned one (blog,
 * community) and what it takes of its companions (search/companions.ts: their guides and standard
 * library), so every page of its companions' versions is in its key too;
 * `defaultVersion` has an index even without pages of its own.
 */
export function generatedKeys(pages: readonly Page[], defaultVersion: string, companions: SearchCompanions = new Map()): Map<string, string> {
  const members = new Map<string, string[]>();
  const unversioned: string[] = [];
  const add = (group: string, entry: string) => {
    const list = members.get(group);
    if (list) list.push(entry);
    else members.set(group, [entry]);
  };
  members.set(searchGroup(defaultVersion), []);
  for (const page of pages) {
    const { id, hash, kind, section, version } = page.source;
    const entry = `${id}\u0000${hash}`;
    const searched = searchVersionOf(page.source);
    if (searched === NO_VERSION) unversioned.push(entry);
    else if (searched !== undefined) add(searchGroup(searched), entry);
    if (kind === 'docs' && section && version) add(llmsGroup(section, version), entry);
  }
  const shared = unversioned.sort().join('\n');
  const keys = new Map<string, string>();
  for (const [group, entries] of members) {
    const others = group.startsWith(SEARCH) ? (companions.get(group.slice(SEARCH.length)) ?? []).flatMap((c) => members.get(searchGroup(c)) ?? []) : [];
    keys.set(group, sha1(`${group.startsWith(SEARCH) ? shared : ''}\n${[...entries].sort().join('\n')}\n${others.sort().join('\n')}`));
  }
  return keys;
}

/** The groups whose key is unchanged since the last build, with the files to keep for each. */
export function keptGroups(last: GeneratedGroups | undefined, keys: ReadonlyMap<string, string>): Map<string, string[]> {
  const kept = new Map<string, string[]>();
  if (!last) return kept;
  for (const [group, key] of keys) {
    const before = last[group];
    if (before && before.key === key) kept.set(group, before.files);
  }
  return kept;
}

/** The groups as the manifest records them: kept ones as they were, the others with the files made now. */
export function recordGroups(keys: ReadonlyMap<string, string>, kept: ReadonlyMap<string, string[]>, made: Iterable<{ path: string; group?: string }>): GeneratedGroups {
  const groups: GeneratedGroups = {};
  for (const [group, key] of keys) groups[group] = { key, files: [...(kept.get(group) ?? [])] };
  for (const f of made) if (f.group && groups[f.group] && !kept.has(f.group)) groups[f.group]!.files.push(f.path);
  return groups;
}

/** Version → its search index file, for the versions whose index is kept. */
export function keptSearchIndexes(kept: ReadonlyMap<string, string[]>): Map<string, string> {
  const indexes = new Map<string, string>();
  for (const [group, files] of kept) if (group.startsWith(SEARCH) && files[0] !== undefined) indexes.set(group.slice(SEARCH.length), files[0]);
  return indexes;
}
