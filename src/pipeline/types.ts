// Records that pass between pipeline stages. Stages share types only through this file.
import type { LazyDocument, Point } from '../util/yaml-positions.ts';

/** How serious a message is; `--strict` turns warnings into errors. */
export type Severity = 'error' | 'warning' | 'info';

/** A user-chosen severity for a class of checks (links). */
export type CheckLevel = 'error' | 'warn' | 'off';

/** 1-based place in a source file (defined beside the code that finds places in YAML and JSON). */
export type { Point };

/** A problem in content or config, reported as `file:line:col  severity  reason  rule`. */
export interface Message {
  /** Path relative to the project root (what the user types). */
  file: string;
  line: number;
  column: number;
  severity: Severity;
  reason: string;
  /** Permanent rule id, e.g. `frontmatter-type`, `unknown-component`, `link-broken`. */
  ruleId: string;
  /** Optional hint printed under the message. */
  note?: string;
}

/** Which schema and layout a content file gets; derived from its path. */
export type ContentKind = 'docs' | 'api' | 'api-legacy' | 'blog' | 'community' | 'syntax' | 'page';

/** The content file as read from disk (the load stage is the only reader of content). */
export interface SourceFile {
  /** Stable id: path relative to the content dir, with `/` separators. */
  id: string;
  /** Absolute path. */
  absPath: string;
  /** Path relative to the project root, for messages. */
  displayPath: string;
  kind: ContentKind;
  /** Route the file renders at (`/docs/manual/v11.0.0/pipe`), or null for non-page kinds. */
  route: string | null;
  /** For docs: `manual` | `react`; for api-legacy: `manual`. */
  section?: string;
  /** For docs and api-legacy: the version directory (`v11.0.0`, `latest`). */
  version?: string;
  /** Slug inside its section/version, or the file name for other kinds. */
  slug: string;
  /** The whole file. */
  raw: string;
  /** sha1 of raw, for caches. */
  hash: string;
  /** Parsed front matter, or undefined when the file has none. */
  frontMatter: FrontMatterBlock | undefined;
  /** Made by docsgen (API modules, generated llms pages, the landing page): no file of its own to edit. */
  generated?: true;
  /** `md`: plain Markdown (no tags; `{#id}` after a heading sets its id). Default `mdx`, the dialect. */
  format?: 'mdx' | 'md';
  /** Where the file's bytes stop being UTF-8 (read as U+FFFD from there): reported by validation. */
  notUtf8?: Point;
}

/** A YAML front matter block with what is needed to point messages into it. */
export interface FrontMatterBlock {
  /** The parsed value (anything YAML can hold). */
  data: unknown;
  /** Body offset: number of lines the block occupies (so Markdown line numbers can be shifted). */
  lineCount: number;
  /** JSON pointer (`/title`) → 1-based place of that node's value in the file. */
  positions: Record<string, Point>;
  /** YAML syntax errors. */
  errors: Message[];
}

/** Front matter fields docsgen understands (after validation; SPEC §3). */
export interface PageMeta {
  title?: string;
  metaTitle?: string;
  description?: string | null;
  canonical?: string;
  author?: string;
  date?: string;
  previewImg?: string;
  articleImg?: string;
  badge?: string;
  /** Syntax lookup entries. */
  id?: string;
  /** Syntax lookup entries: other ids that open the entry (old ids, ids other tools link to). */
  aliases?: string[];
  keywords?: string[];
  name?: string;
  summary?: string;
  category?: string;
  status?: string;
}

/** A page after validation: its usable front matter; Markdown is compiled later. */
export interface Page {
  source: SourceFile;
  meta: PageMeta;
}

/** Heading of a compiled page. */
export interface Heading {
  depth: number;
  /** Plain text, inline code text kept. */
  text: string;
  id: string;
}

/** A link found in content, resolved to an absolute href, with where it was written. */
export interface LinkRef {
  /** Resolved href (`/docs/manual/v11.0.0/record#fields`); external links are not recorded. */
  href: string;
  /** What the author wrote. */
  raw: string;
  line: number;
  column: number;
  /** An image, video or other file (`![](…)`, `src`): it must be one of the site's files. */
  asset?: true;
}

/** What compiling one page's Markdown yields (in a worker): everything the index and layout need. */
export interface CompiledPage {
  id: string;
  /** Title from front matter, else first h1, else file name. */
  title: string;
  /** Whether the body carries its own h1 (then the layout does not add one). */
  hasH1: boolean;
  headings: Heading[];
  links: LinkRef[];
  /** Ids present in the body (headings and explicit ids). */
  anchors: string[];
  /** Body HTML (server-rendered React). */
  html: string;
  /** Islands used by the body, e.g. `CodeTabs`. */
  islands: string[];
  /** Plain text per heading section, for search and llms-full. */
  sections: { heading: Heading | null; text: string }[];
  /** Body as Markdown-ish plain text (for llms-full.txt). */
  markdown: string;
  preludes: string[];
  /**
   * Each highlighted code block's key (render/block-key.ts) and where its HTML is in `html`: the
   * next compile of the page takes unchanged blocks from here instead of highlighting them again.
   * Absent when the page was compiled without the highlight thread.
   */
  blocks?: [key: string, start: number, end: number][];
  messages: Message[];
  /**
   * The file → route lookups its relative links made (`docs/manual/v12.0.0/pipe` → its route, or
   * null when no such file was there). The compile depends on these and on nothing else of the
   * site's set of files: a page stays compiled while they all resolve alike (cache.ts).
   */
  fileRoutes?: [string, string | null][];
  /**
   * The page's search records as the embedded index writes them (search/build-search.ts), and the
   * key of what they were made from besides this page (its route, version, area, the content
   * limit). Made once, when the page is compiled, and kept in its cache record: a build that
   * reuses the page (an edit elsewhere in its version) takes them as they are.
   */
  searchLines?: [key: string, lines: string];
}

/** Sidebar as shown: categories of items, in order. */
export interface SidebarCategory {
  name: string;
  items: SidebarItem[];
}
export interface SidebarItem {
  name: string;
  href: string;
}

/** A resolved sidebar and the routes it applies to. */
export interface Sidebar {
  id: string;
  /** Route prefix the sidebar applies to (`/docs/manual/v11.0.0/`). */
  base: string;
  categories: SidebarCategory[];
  /** A heading above the categories (the legacy API layout's 'Belt Module'). */
  title?: string;
  /** Flattened hrefs in order, each once (`readingOrder`), for prev/next. */
  order: string[];
}

export interface Breadcrumb {
  name: string;
  href: string;
}

/** Per output route: which source renders it and with what chrome. */
export interface RouteEntry {
  route: string;
  /** Source file id, or a generated page key (`api:v11.0.0:belt/array`). */
  pageId: string;
  /** When the route is an alias copy (`latest`), the canonical route. */
  aliasOf?: string;
  sidebarId?: string;
  breadcrumbs: Breadcrumb[];
  prev?: SidebarItem;
  next?: SidebarItem;
  /** The docs version shown (`v11.0.0`), if any. */
  version?: string;
  section?: string;
  /** Layout name chosen by version and path (SPEC: layout is chosen by version and path). */
  layout: LayoutName;
  /** Notices shown above the content (old version, work in progress). */
  banners: Banner[];
}

export type LayoutName = 'docs' | 'api' | 'api-legacy' | 'blog' | 'blog-index' | 'community' | 'bare' | 'default';

export interface Banner {
  kind: 'info' | 'warn';
  text: string;
  link?: { text: string; href: string };
}

/** A file the build writes besides page HTML (feeds, llms.txt, search index, assets). */
export interface OutputFile {
  /** Path relative to out/, `/` separators. */
  path: string;
  /**
   * Pieces are written one after the other (a page shares most of its bytes with others): text as
   * UTF-8, bytes as they are. Bytes in shared memory (`SharedArrayBuffer`) are written where they
   * are; the rest is copied. Nothing given is modified or moved.
   */
  contents: string | Uint8Array | (string | Uint8Array)[];
  /**
   * The group of generated files it belongs to (`search:v12.0.0`; incremental/generated.ts): an
   * incremental build keeps a group's files when the pages it is made from are unchanged.
   */
  group?: string;
}

/** Everything the index stage derives for the whole site. */
/** A folder address with no page of its own and the page it leads to (pages/redirects.ts). */
export interface Redirect {
  /** The folder's address, with its trailing slash (`/docs/manual/latest/`). */
  from: string;
  /** The route it leads to. */
  to: string;
}

export interface SiteIndex {
  routes: Map<string, RouteEntry>;
  /** Folder addresses that lead to a page (written as redirect pages at `folder/index.html`). */
  redirects: Redirect[];
  /** Pages the index made from others (the syntax lookup page); rendered like content pages. */
  generated: { page: Page; compiled: CompiledPage }[];
  sidebars: Map<string, Sidebar>;
  /** Extra files (llms.txt, search records, feed). */
  files: OutputFile[];
  /** Extra files handed to the writer as they were made (the llms files): their paths and groups. */
  written: { path: string; group?: string }[];
  messages: Message[];
}

/** Hashed client assets and what each page must reference. */
export interface BundleResult {
  files: OutputFile[];
  /** `/assets/style-abc123.css` */
  css: string;
  /** Island client entry, `/assets/islands-abc123.js`. */
  entry: string;
  /** Total gzipped JS bytes of the entry + chunks, for the summary. */
  jsBytes: number;
}

/** Writes the site: into a staging directory swapped in at the end (write.ts), or in place (write-in-place.ts). */
export interface SiteWriter {
  open(): Promise<void>;
  write(file: OutputFile): void;
  copyDir(from: string): Promise<void>;
  commit(): Promise<void>;
  abort(): Promise<void>;
  /** Keeps a file of the current out/ as it is (a route not rendered again). */
  reuse?(file: string): void;
}

/** A JSON config file with positions, so problems in it can be reported at file:line:col. */
export interface ConfigFile<T = unknown> {
  displayPath: string;
  data: T;
  doc: LazyDocument;
  /** One of docsgen's own files (or a project file with the same content): checked by docsgen's tests. */
  builtin?: boolean;
  /** The file is not JSON or broke its JSON Schema (reported at load): consumers other than site-config.ts do not see it. */
  invalid?: boolean;
  /** Hash of the file's bytes, when known (what is made from the file can be keyed by it). */
  hash?: string;
  /**
   * The file's data parsed again from disk (a large file: see REREAD_FROM), so a consumer done
   * with `data` can let it go and still read a part later (the API pages, src/api/pages.ts).
   */
  readData?: () => unknown;
}

/** Everything under config/, read once. */
export interface LoadedConfig {
  site: ConfigFile | undefined;
  versions: ConfigFile | undefined;
  landing: ConfigFile | undefined;
  /** config/packages.json and config/community.json: data of the /packages and community pages. */
  packages: ConfigFile | undefined;
  community: ConfigFile | undefined;
  /** Compiler warning list for <WarningTable> (config/warnings.json). */
  warnings: ConfigFile | undefined;
  /** Playground compilers (config/playground.json). */
  playground: ConfigFile | undefined;
  /** Site search settings (config/search.json). */
  search: ConfigFile | undefined;
  /** `manual-v11.0.0` → file. */
  sidebars: Map<string, ConfigFile>;
  /** Schema name (`docs`, `blog`, `syntax`, `page`) → JSON Schema. */
  schemas: Map<string, ConfigFile>;
  /** version → library (`belt`, `core`, `toc_tree`) → file. */
  api: Map<string, Map<string, ConfigFile>>;
  /**
   * Every JSON file under config/ but the schemas, by its path there (`site.json`,
   * `sidebars/manual-v11.0.0.json`, `community.json`), each validated against its schema at load
   * (config-schema.ts). A file that broke its schema is here with `invalid` set.
   */
  files: Map<string, ConfigFile>;
  /** Hash of every config byte: a config change invalidates every cached page. */
  hash: string;
}
