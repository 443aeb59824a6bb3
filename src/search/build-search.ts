// Gathers search records as pages compile and turns them into the embedded per-version indexes,
// the modal's settings file and the export. Only records are kept, never a page's HTML.
import { createHash } from 'node:crypto';
import { pageRecords, searchVersionOf, type RecordOptions } from './records.ts';
import { searchGroup } from '../pipeline/incremental/generated.ts';
import { NO_VERSION, type EmbeddedIndexFile, type SearchClientConfig, type SearchRecord } from '../client/search/types.ts';
import type { ResolvedSearchSettings } from './settings.ts';
import type { ResolvedSiteConfig } from '../pipeline/site-config.ts';
import type { CompiledPage, OutputFile, Page } from '../pipeline/types.ts';

/** Where the modal finds its settings (fetched when it first opens). */
export const SEARCH_CONFIG_PATH = 'search/config.json';

/** Collects each page's records as it compiles (pages arrive in any order; output is sorted). */
export class SearchRecords {
  private readonly byPage = new Map<string, SearchRecord[]>();
  private readonly options: RecordOptions;
  /** Base URL of the deployed site (records for a hosted index carry absolute URLs). */
  readonly siteUrl: string;

  constructor(site: ResolvedSiteConfig, settings: ResolvedSearchSettings) {
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
    const records = pageRecords(page, compiled, this.options);
    if (records.length > 0) this.byPage.set(page.source.id, records);
    else this.byPage.delete(page.source.id);
  }

  /** Every record, pages in path order and sections in page order (deterministic across thread modes). */
  all(): SearchRecord[] {
    return [...this.byPage.keys()].sort().flatMap((id) => this.byPage.get(id)!);
  }
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
    out.push([p, r.anchor ?? '', level, headings, r.content ?? '', r.api ?? '']);
  }
  return { format: 1, version, pages, records: out };
}

export interface SearchFilesResult {
  files: OutputFile[];
  /** Version → bytes of its index file (for the summary and the report). */
  sizes: Record<string, number>;
}

/**
 * `out/search/config.json` and, for the embedded provider, one index file per docs version but
 * those in `kept` (version → its index file from the last build, written again as it is).
 */
export function searchFiles(
  records: SearchRecord[],
  settings: ResolvedSearchSettings,
  site: ResolvedSiteConfig,
  kept: ReadonlyMap<string, string> = new Map(),
): SearchFilesResult {
  const files: OutputFile[] = [];
  const sizes: Record<string, number> = {};
  const indexes: Record<string, string> = {};
  if (settings.provider === 'embedded') {
    // Grouped in one pass: a filter per version was versions × records (~0.1 s at 20 versions).
    const byVersion = new Map<string, SearchRecord[]>();
    for (const r of records) {
      const list = byVersion.get(r.version);
      if (list) list.push(r);
      else byVersion.set(r.version, [r]);
    }
    const unversioned = byVersion.get(NO_VERSION) ?? [];
    // The default version has an index even without pages of its own (unversioned records only).
    const versions = [...new Set([...byVersion.keys(), ...kept.keys(), settings.defaultVersion])].filter((v) => v !== NO_VERSION).sort();
    for (const version of versions) {
      const keptFile = kept.get(version);
      if (keptFile !== undefined) {
        indexes[version] = `/${keptFile}`;
        continue;
      }
      const own = byVersion.get(version) ?? [];
      const json = JSON.stringify(embeddedIndex(version, [...own, ...unversioned]));
      const hash = createHash('sha1').update(json).digest('hex').slice(0, 10);
      const path = `search/${version.replace(/[^\w.-]/g, '_')}-${hash}.json`;
      files.push({ path, contents: json, group: searchGroup(version) });
      indexes[version] = `/${path}`;
      sizes[version] = Buffer.byteLength(json);
    }
  }
  const aliases: SearchClientConfig['aliases'] = [];
  for (const [section, sv] of Object.entries(site.sections)) {
    for (const alias of sv.routed) {
      const target = sv.aliases[alias];
      if (target) aliases.push({ from: `/docs/${section}/${target}/`, to: `/docs/${section}/${alias}/` });
    }
  }
  const config: SearchClientConfig = {
    provider: settings.provider,
    indexName: settings.indexName,
    defaultVersion: settings.defaultVersion,
    indexes,
    aliases,
  };
  if (settings.provider === 'algolia' && settings.appId && settings.apiKey) {
    config.algolia = { appId: settings.appId, apiKey: settings.apiKey, insights: settings.insights, ...(settings.hosts ? { hosts: settings.hosts } : {}) };
  }
  if (settings.missingResultsUrl) config.missingResultsUrl = settings.missingResultsUrl;
  files.push({ path: SEARCH_CONFIG_PATH, contents: JSON.stringify(config) });
  return { files, sizes };
}

/** Records for upload to a hosted index: URLs made absolute with the site's base URL. */
export function exportRecords(records: SearchRecord[], siteUrl: string): SearchRecord[] {
  const base = siteUrl.replace(/\/$/, '');
  return records.map((r) => ({ ...r, url: base + r.url, url_without_anchor: base + r.url_without_anchor }));
}
