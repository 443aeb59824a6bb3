// The API data shape: what `rescript-tools doc` produces, keyed by lowercase module path (DESIGN.md).

export interface ApiItem {
  id?: string;
  kind: string;
  name: string;
  docstrings?: string[];
  signature?: string;
  deprecated?: string;
}

export interface ApiModule {
  id?: string;
  name: string;
  docstrings?: string[];
  items?: ApiItem[];
  /** Page slug under the version (`api/belt/hash-map-int`); derived from `id` when absent. */
  slug?: string;
}

export interface TocNode {
  name: string;
  path: string[];
  children?: TocNode[];
}

/** One version's generated API data: libraries (`stdlib`, `belt`, …) of modules, and the toc tree. */
export interface GeneratedApi {
  version: string;
  layout: 'new' | 'legacy';
  /** The package (and tool) the data came from, e.g. `rescript@12.3.1`. */
  source: string;
  libs: Record<string, Record<string, ApiModule>>;
  toc: Record<string, TocNode>;
}
