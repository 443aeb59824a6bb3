// Search records from a compiled page: one DocSearch record per heading section, built from the
// compile stage's text sections (never from the page's HTML, so no page has to be kept for it).
import type { CompiledPage, Heading, Page, SourceFile } from '../pipeline/types.ts';
import { NO_VERSION, type Hierarchy, type RecordType, type SearchRecord } from '../client/search/types.ts';
import { apiModuleName } from '../api/names.ts';

export interface RecordOptions {
  /** Section name → display name of its area (`manual` → `Language Manual`), from versions.json. */
  sectionNames: Record<string, string>;
  /** Longest content kept per record, in characters (the rest is cut at a word). */
  maxContent?: number;
}

/** Kinds of content that are searched (SPEC §7: hits under /blog, /community and /docs). */
const SEARCHED = new Set(['docs', 'api', 'api-legacy', 'blog', 'community']);

const DEFAULT_MAX_CONTENT = 2000;

/** An API item's heading: `value-map` / `type-t` ids (generated pages), or a lowercase name (legacy pages). */
const API_ID = /^(value|type)-/;
const IDENTIFIER = /^[a-z_][\w']*$/;

/** A section's DocSearch record: its URL from the page's route and the anchor, its type from its heading level. */
export function searchRecord(route: string, anchor: string | null, level: number, hierarchy: Hierarchy, content: string | null, version: string): SearchRecord {
  const url = anchor ? `${route}#${anchor}` : route;
  return { objectID: url, url, url_without_anchor: route, anchor, type: `lvl${level}` as RecordType, hierarchy, content, version };
}

/** The version a page's records carry (the index they go in), or undefined for a page not searched. */
export function searchVersionOf(source: Pick<SourceFile, 'kind' | 'route' | 'version'>): string | undefined {
  if (!SEARCHED.has(source.kind) || source.route === null) return undefined;
  return source.kind === 'blog' || source.kind === 'community' ? NO_VERSION : (source.version ?? NO_VERSION);
}

/** The area a page's records are grouped under (DocSearch's lvl0). */
export function areaOf(page: Page, opts: RecordOptions): string {
  const { kind, section, route } = page.source;
  if (kind === 'blog') return 'Blog';
  if (kind === 'community') return 'Community';
  if (kind === 'api' || kind === 'api-legacy' || /^\/docs\/[^/]+\/[^/]+\/api(\/|$)/.test(route ?? '')) return 'API';
  return (section && opts.sectionNames[section]) || 'Docs';
}

/** An API item whose docs start with its deprecation (`> **Deprecated:** …`, written by src/api/pages.ts). */
const DEPRECATED = /^Deprecated\b/;

function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const at = text.lastIndexOf(' ', max);
  return `${text.slice(0, at > max * 0.8 ? at : max)} …`;
}

/**
 * The records of one page, in page order: the page itself (lvl1, with the text before its first
 * heading) and one per heading (lvlN for an hN), each with the hierarchy of headings above it.
 * Pages outside docs, blog and community yield none.
 */
export function pageRecords(page: Page, compiled: CompiledPage, opts: RecordOptions): SearchRecord[] {
  const { source } = page;
  const version = searchVersionOf(source);
  if (version === undefined || source.route === null) return [];
  const route = source.route;
  const lvl0 = areaOf(page, opts);
  const isApi = lvl0 === 'API';
  const max = opts.maxContent ?? DEFAULT_MAX_CONTENT;
  // An API module's records carry its full name as their page title (lvl1) and item prefix.
  const title = isApi ? apiModuleName(route, compiled.title) : compiled.title;
  const levels: (string | null)[] = [title, null, null, null, null, null]; // lvl1…lvl6
  const records: SearchRecord[] = [];
  const seen = new Set<string>();
  const add = (heading: Heading | null, text: string) => {
    const depth = heading ? Math.min(Math.max(heading.depth, 1), 6) : 1;
    if (heading && depth > 1) {
      levels[depth - 1] = heading.text;
      for (let i = depth; i < 6; i++) levels[i] = null;
    }
    const anchor = heading && depth > 1 ? heading.id : null;
    const key = anchor ?? '';
    if (seen.has(key)) {
      // Text before the first heading and an h1 section are both the page's lvl1 record.
      const first = records.find((r) => r.anchor === null);
      if (first && text) first.content = cut(first.content ? `${first.content} ${text}` : text, max);
      return;
    }
    seen.add(key);
    const hierarchy: Hierarchy = {
      lvl0,
      lvl1: title,
      lvl2: depth >= 2 ? levels[1]! : null,
      lvl3: depth >= 3 ? levels[2]! : null,
      lvl4: depth >= 4 ? levels[3]! : null,
      lvl5: depth >= 5 ? levels[4]! : null,
      lvl6: depth >= 6 ? levels[5]! : null,
    };
    const record = searchRecord(route, anchor, depth, hierarchy, text ? cut(text, max) : null, version);
    const name = heading?.text.trim() ?? '';
    if (isApi && heading && depth > 1 && (API_ID.test(heading.id) || (source.kind === 'api-legacy' && IDENTIFIER.test(name)))) {
      record.api = `${title}.${name}`;
      if (text && DEPRECATED.test(text)) record.deprecated = true;
    }
    records.push(record);
  };
  // Read once: a page from the compiled-page cache reads its sections from the file on each access.
  const sections = compiled.sections;
  if (sections.length === 0) add(null, '');
  else if (sections[0]!.heading !== null && sections[0]!.heading.depth > 1) add(null, '');
  for (const s of sections) add(s.heading, s.text);
  // A module none of whose items is still to be used (Js.* in ReScript 12) is deprecated as a
  // whole: its page should rank below its replacement's, as its items do.
  const items = records.filter((r) => r.api !== undefined);
  if (items.length > 0 && items.every((r) => r.deprecated)) for (const r of records) r.deprecated = true;
  return records;
}
