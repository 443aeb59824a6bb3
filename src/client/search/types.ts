// Shapes shared by the build (src/search) and the browser (the search modal): DocSearch's record
// and hit, the per-version embedded index file and the site's search settings as the page reads them.

/** `lvl1`…`lvl6`: the record is a heading of that level; `content`: a match in its text. */
export type RecordType = 'lvl0' | 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6' | 'content';

/** DocSearch's hierarchy: lvl0 is the area (Language Manual, API, Blog), lvl1 the page title. */
export interface Hierarchy {
  lvl0: string;
  lvl1: string;
  lvl2: string | null;
  lvl3: string | null;
  lvl4: string | null;
  lvl5: string | null;
  lvl6: string | null;
}

/** One heading section of a page, in DocSearch's record shape (SPEC §3 search hit). */
export interface SearchRecord {
  objectID: string;
  /** Route and anchor (`/docs/manual/v11.0.0/pipe#pipe-placeholders`); absolute in an export. */
  url: string;
  url_without_anchor: string;
  anchor: string | null;
  type: RecordType;
  hierarchy: Hierarchy;
  /** The section's plain text (code included, so `->` and `switch` are found). */
  content: string | null;
  /** Docs version facet; `none` for pages outside the versioned docs (blog, community). */
  version: string;
  /** ReScript name of an API item (`Array.map`): ranked above titles and text. */
  api?: string;
  /** An API item (or a module with only such items) marked deprecated: ranked below the others. */
  deprecated?: boolean;
}

/** Facet value of records that belong to no docs version: every version's search shows them. */
export const NO_VERSION = 'none';

/**
 * The embedded index of one docs version (`out/search/{version}-{hash}.json`): records in a compact
 * form (a page's url, lvl0 and lvl1 once; each record points at its page).
 */
export interface EmbeddedIndexFile {
  format: 1;
  version: string;
  /** [url_without_anchor, lvl0, lvl1, version facet] */
  pages: [string, string, string, string][];
  /**
   * [page, anchor ('' for none), level 1–6, headings lvl2…level, content, api name ('' for none),
   * and 1 when deprecated (left out otherwise, so older files read the same)]
   */
  records: [number, string, number, string[], string, string, 1?][];
}

/** `out/search/config.json`: what the modal needs, fetched when it first opens. */
export interface SearchClientConfig {
  provider: 'embedded' | 'algolia';
  indexName: string;
  /** Facet value used where a page has no `docsearch:version` (SPEC §9: v11.0.0). */
  defaultVersion: string;
  /** Embedded provider: docs version → index file URL. */
  indexes: Record<string, string>;
  /** Routed aliases: a hit under `from` is shown under `to` when the reader is under `to`. */
  aliases: { from: string; to: string }[];
  /**
   * Docs version → the other sections' newest versions, whose guides its search also shows, after
   * its own (search/companions.ts). Absent in config written before them: none.
   */
  companions?: Record<string, string[]>;
  algolia?: { appId: string; apiKey: string; hosts?: string[]; insights: boolean };
  /** "Let us know" link of the no-results screen; `{query}` is replaced by the encoded query. */
  missingResultsUrl?: string;
}
