// Gathers search records as pages compile and turns them into the embedded per-version indexes,
// the modal's settings file and the export. Only records are kept, never a page's HTML.
import { sha1 } from '../util/text.ts';
import { ByteLog } from '../util/byte-log.ts';
import { areaOf, pageRecords, searchRecord, searchVersionOf, type RecordOptions } from './records.ts';
import { searchGroup } from '../pipeline/incremental/generated.ts';
import { NO_VERSION, type EmbeddedIndexFile, type SearchClientConfig, type SearchRecord } from '../client/search/types.ts';
import { searchCompanions, takenByCompanions, type SearchCompanions } from './companions.ts';
import type { ResolvedSearchSettings } from './settings.ts';
import type { ResolvedSiteConfig } from '../pipeline/site-config.ts';
import type { CompiledPage, OutputFile, Page } from '../pipeline/types.ts';

/** Bumped when records are made differently from the same page (kept lines in the page cache are then made again). */
const RECORDS_FORMAT = 2;

/** Where the modal finds its settings (fetched when it first opens). */
export const SEARCH_CONFIG_PATH = 'search/config.json';

/**
 * A page's records, compactly: what they share (route, area, title, version) once, then per record
 * its anchor, heading level, content, API name (null for none), 1 if deprecated (else 0) and the headings above it (lvl2 to
 * its level), one after the other in one array. Kept as UTF-8 JSON (below).
 */
type PageRecords = [route: string, lvl0: string, title: string, version: string, flat: (string | number | null)[]];

function compact(records: SearchRecord[]): PageRecords {
  const { url_without_anchor: route, hierarchy, version } = records[0]!;
  const flat: PageRecords[4] = [];
  for (const r of records) {
    const level = Number(r.type.slice(3));
    flat.push(r.anchor, level, r.content, r.api ?? null, r.deprecated ? 1 : 0);
    const h = r.hierarchy as unknown as Record<string, string | null>;
    for (let i = 2; i <= level; i++) flat.push(h[`lvl${i}`] ?? null);
  }
  return [route, hierarchy.lvl0, hierarchy.lvl1, version, flat];
}

/** The records `compact` was given, as they were. */
function expand([route, lvl0, title, version, flat]: PageRecords): SearchRecord[] {
  const out: SearchRecord[] = [];
  for (let i = 0; i < flat.length; ) {
    const anchor = flat[i++] as string | null;
    const level = flat[i++] as number;
    const content = flat[i++] as string | null;
    const api = flat[i++] as string | null;
    const deprecated = flat[i++] === 1;
    const levels: (string | null)[] = [];
    for (let l = 2; l <= level; l++) levels.push(flat[i++] as string | null);
    const hierarchy = { lvl0, lvl1: title, lvl2: levels[0] ?? null, lvl3: levels[1] ?? null, lvl4: levels[2] ?? null, lvl5: levels[3] ?? null, lvl6: levels[4] ?? null };
    const record = searchRecord(route, anchor, level, hierarchy, content, version);
    if (api !== null) record.api = api;
    if (deprecated) record.deprecated = true;
    out.push(record);
  }
  return out;
}

/**
 * Collects each page's records as it compiles (pages arrive in any order; output is sorted), as
 * JSON in a ByteLog: as objects every page's records were ~54 MB at ×4 of the bench corpus, 40 MB
 * as compact arrays of strings, 19 MB as UTF-8 in memory, kept from the page's compile to the end.
 */
export class SearchRecords {
  private readonly byPage = new Map<string, { version: string; route: string; companion: boolean; start: number; end: number }>();
  private readonly log = new ByteLog();
  private readonly options: RecordOptions;
  /** Base URL of the deployed site (records for a hosted index carry absolute URLs). */
  readonly siteUrl: string;

  /**
   * `forIndex`: kept only for the embedded index files (a build that writes the site), as the
   * index's own JSON, so they are joined at the end, not parsed and written again (that cost
   * ~45 ms of a cold build of the repo site); `all()` is then not available. Else kept whole
   * (`docsgen search export`, `docsgen check`).
   */
  constructor(
    site: ResolvedSiteConfig,
    settings: ResolvedSearchSettings,
    readonly forIndex = false,
  ) {
    this.siteUrl = site.site.url;
    const sectionNames = Object.fromEntries(Object.entries(site.sections).map(([k, v]) => [k, v.name]));
    this.options = { sectionNames, maxContent: settings.maxContent };
  }

  /** Versions whose index file is kept from the last build: their pages' records are not needed. */
  private readonly skipped = new Set<string>();

  /** Leaves out the records of these versions (their index files are kept as they are). */
  skip(versions: Iterable<string>): void {
    for (const v of versions) this.skipped.add(v);
  }

  add(page: Page, compiled: CompiledPage): void {
    const version = searchVersionOf(page.source);
    if (version === undefined || this.skipped.has(version)) return;
    let text: string;
    if (this.forIndex) text = this.linesFor(page, compiled).searchLines![1];
    else {
      const records = pageRecords(page, compiled, this.options);
      text = records.length === 0 ? '' : JSON.stringify(compact(records));
    }
    if (text === '') this.byPage.delete(page.source.id);
    else this.byPage.set(page.source.id, { version, route: page.source.route!, companion: takenByCompanions(page.source.route!, version, areaOf(page, this.options)), ...this.log.append(text) });
  }

  /**
   * The page's lines in its version's index file (`indexLines`, '' for a page with no records),
   * with the key of what else they depend on: those the page was compiled with when the key still
   * matches (a page from the cache), else made now. `CompileOptions.derive` of a build that writes.
   */
  linesFor(page: Page, compiled: CompiledPage): Pick<CompiledPage, 'searchLines'> {
    const { kind, route } = page.source;
    const key = JSON.stringify([RECORDS_FORMAT, kind, route, searchVersionOf(page.source) ?? null, areaOf(page, this.options), this.options.maxContent ?? null]);
    const kept = compiled.searchLines;
    if (kept?.[0] === key) return { searchLines: kept };
    const records = pageRecords(page, compiled, this.options);
    return { searchLines: [key, records.length === 0 ? '' : indexLines(records)] };
  }

  /** The records of these pages, in this order. */
  private recordsOf(ids: string[]): SearchRecord[] {
    if (this.forIndex) throw new Error('SearchRecords: kept for the index files only');
    return ids.flatMap((id) => expand(JSON.parse(this.log.read(this.byPage.get(id)!)) as PageRecords));
  }

  /** Every record, pages in path order and sections in page order (deterministic across thread modes). */
  all(): SearchRecord[] {
    return this.recordsOf([...this.byPage.keys()].sort());
  }

  /**
   * `JSON.stringify(embeddedIndex(version, records of these pages))`, joined from what `add` kept
   * (`forIndex`): the same bytes.
   */
  indexJson(version: string, ids: string[], moved: (id: string) => ((url: string) => string) | undefined = () => undefined): string {
    if (!this.forIndex) {
      const records = ids.flatMap((id) => {
        const move = moved(id);
        const list = this.recordsOf([id]);
        return move ? list.map((r) => ({ ...r, url: move(r.url), url_without_anchor: move(r.url_without_anchor) })) : list;
      });
      return JSON.stringify(embeddedIndex(version, records));
    }
    const pages: string[] = [];
    const records: string[] = [];
    const pageOf = new Map<string, number>();
    for (const id of ids) {
      const entry = this.byPage.get(id)!;
      const [head, ...lines] = this.log.read(entry).split('\n');
      let p = pageOf.get(entry.route);
      if (p === undefined) {
        p = pages.length;
        const move = moved(id);
        if (move) {
          const h = JSON.parse(head!) as [string, string, string, string];
          pages.push(JSON.stringify([move(h[0]), h[1], h[2], h[3]]));
        } else pages.push(head!);
        pageOf.set(entry.route, p);
      }
      for (const line of lines) records.push(`[${p},${line}`);
    }
    return `{"format":1,"version":${JSON.stringify(version)},"pages":[${pages.join(',')}],"records":[${records.join(',')}]}`;
  }

  /** Whether a companion search takes the page's records (`takenByCompanions`). */
  forCompanions(id: string): boolean {
    return this.byPage.get(id)?.companion ?? false;
  }

  /** Version → its pages' ids, in path order. */
  versions(): Map<string, string[]> {
    const out = new Map<string, string[]>();
    for (const id of [...this.byPage.keys()].sort()) {
      const { version } = this.byPage.get(id)!;
      const list = out.get(version);
      if (list) list.push(id);
      else out.set(version, [id]);
    }
    return out;
  }

}

/**
 * A page's records as the embedded index writes them (`embeddedIndex`), a line each (JSON has no
 * raw line breaks): its `pages` entry, then each record without its leading page number, which
 * depends on the pages before it in the file.
 */
function indexLines(records: SearchRecord[]): string {
  const first = records[0]!;
  const lines = [JSON.stringify([first.url_without_anchor, first.hierarchy.lvl0, first.hierarchy.lvl1, first.version])];
  for (const r of records) {
    const level = Number(r.type.slice(3)) || 1;
    const h = r.hierarchy as unknown as Record<string, string | null>;
    const headings: string[] = [];
    for (let i = 2; i <= level; i++) headings.push(h[`lvl${i}`] ?? '');
    lines.push(JSON.stringify(indexRecord(r, level, headings)).slice(1));
  }
  return lines.join('\n');
}

/** A record's entry in the embedded index, without its page number. */
function indexRecord(r: SearchRecord, level: number, headings: string[]): [string, number, string[], string, string, 1?] {
  const entry: [string, number, string[], string, string, 1?] = [r.anchor ?? '', level, headings, r.content ?? '', r.api ?? ''];
  if (r.deprecated) entry.push(1);
  return entry;
}

/** A record set in the embedded index's compact form. */
export function embeddedIndex(version: string, records: SearchRecord[]): EmbeddedIndexFile {
  const pages: EmbeddedIndexFile['pages'] = [];
  const pageOf = new Map<string, number>();
  const out: EmbeddedIndexFile['records'] = [];
  for (const r of records) {
    let p = pageOf.get(r.url_without_anchor);
    if (p === undefined) {
      p = pages.length;
      pages.push([r.url_without_anchor, r.hierarchy.lvl0, r.hierarchy.lvl1, r.version]);
      pageOf.set(r.url_without_anchor, p);
    }
    const level = Number(r.type.slice(3)) || 1;
    const h = r.hierarchy as unknown as Record<string, string | null>;
    const headings: string[] = [];
    for (let i = 2; i <= level; i++) headings.push(h[`lvl${i}`] ?? '');
    out.push([p, ...indexRecord(r, level, headings)]);
  }
  return { format: 1, version, pages, records: out };
}

export interface SearchFilesResult {
  files: OutputFile[];
  /** Version → bytes of its index file (for the summary and the report). */
  sizes: Record<string, number>;
}

/**
 * `out/search/config.json` and, for the embedded provider, one index file per docs version, made
 * from `records` one version at a time, but those in `kept` (version → its index file from the last
 * build, written again as it is).
 */
export function searchFiles(
  records: SearchRecords,
  settings: ResolvedSearchSettings,
  site: ResolvedSiteConfig,
  kept: ReadonlyMap<string, string> = new Map(),
  /** Where each version's index file goes as it is made (the site's writer), instead of `files`: they are not all held at once. */
  emit?: (file: OutputFile) => void,
  companions: SearchCompanions = searchCompanions(site.sections),
): SearchFilesResult {
  const files: OutputFile[] = [];
  const sizes: Record<string, number> = {};
  const indexes: Record<string, string> = {};
  const aliases: SearchClientConfig['aliases'] = [];
  for (const [section, sv] of Object.entries(site.sections)) {
    for (const alias of sv.routed) {
      const target = sv.aliases[alias];
      if (target) aliases.push({ from: `/docs/${section}/${target}/`, to: `/docs/${section}/${alias}/` });
    }
  }
  // A companion's hits lead to its routed alias (`/docs/manual/latest/…`), the address its pages name as canonical.
  const toAlias = (url: string) => {
    const a = aliases.find((x) => url.startsWith(x.from));
    return a ? a.to + url.slice(a.from.length) : url;
  };
  if (settings.provider === 'embedded') {
    const byVersion = records.versions();
    const unversioned = byVersion.get(NO_VERSION) ?? [];
    // The default version has an index even without pages of its own (unversioned records only).
    const versions = [...new Set([...byVersion.keys(), ...kept.keys(), settings.defaultVersion])].filter((v) => v !== NO_VERSION).sort();
    for (const version of versions) {
      const keptFile = kept.get(version);
      if (keptFile !== undefined) {
        indexes[version] = `/${keptFile}`;
        continue;
      }
      const taken = (companions.get(version) ?? []).flatMap((c) => (byVersion.get(c) ?? []).filter((id) => records.forCompanions(id)));
      const companionIds = new Set(taken);
      const json = records.indexJson(version, [...(byVersion.get(version) ?? []), ...unversioned, ...taken], (id) => (companionIds.has(id) ? toAlias : undefined));
      const hash = sha1(json).slice(0, 10);
      const path = `search/${version.replace(/[^\w.-]/g, '_')}-${hash}.json`;
      const file = { path, contents: json, group: searchGroup(version) };
      if (emit) emit(file);
      else files.push(file);
      indexes[version] = `/${path}`;
      sizes[version] = Buffer.byteLength(json);
    }
  }
  const config: SearchClientConfig = {
    provider: settings.provider,
    indexName: settings.indexName,
    defaultVersion: settings.defaultVersion,
    indexes,
    aliases,
    companions: Object.fromEntries(companions),
  };
  if (settings.provider === 'algolia' && settings.appId && settings.apiKey) {
    config.algolia = { appId: settings.appId, apiKey: settings.apiKey, insights: settings.insights, ...(settings.hosts ? { hosts: settings.hosts } : {}) };
  }
  if (settings.missingResultsUrl) config.missingResultsUrl = settings.missingResultsUrl;
  files.push({ path: SEARCH_CONFIG_PATH, contents: JSON.stringify(config) });
  return { files, sizes };
}

/**
 * Records for upload to a hosted index: URLs made absolute with the site's base URL, and
 * `deprecated` on every record, as the hosted index's `customRanking: ["asc(deprecated)"]` needs
 * (Algolia puts a record without the attribute last, not first).
 */
export function exportRecords(records: SearchRecord[], siteUrl: string): SearchRecord[] {
  const base = siteUrl.replace(/\/$/, '');
  return records.map((r) => ({ ...r, url: base + r.url, url_without_anchor: base + r.url_without_anchor, deprecated: r.deprecated === true }));
}
