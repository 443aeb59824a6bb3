// The search modal (DocSearch 3.9), loaded on first open. Its client answers from the embedded
// index, or from a hosted Algolia index through algolia-client.ts, as config/search.json says.
import { createRoot, type Root } from 'react-dom/client';
import { DocSearchModal, type DocSearchHit, type DocSearchTransformClient } from '@docsearch/react';
import docsearchCss from '@docsearch/css/dist/style.css' with { type: 'text' };
import { createAlgoliaClient } from './algolia-client.ts';
import { createEmbeddedClient } from './embedded-client.ts';
import { NO_VERSION, type SearchClientConfig } from './types.ts';

let configPromise: Promise<SearchClientConfig> | undefined;
let root: Root | undefined;
let open = false;
let returnFocus: HTMLElement | null = null;

function loadConfig(): Promise<SearchClientConfig> {
  configPromise ??= fetch('/search/config.json').then((res) => {
    if (!res.ok) throw new Error(`search settings: HTTP ${res.status}`);
    return res.json() as Promise<SearchClientConfig>;
  });
  configPromise.catch(() => (configPromise = undefined));
  return configPromise;
}

/** The page's docs version (`<meta name="docsearch:version">`), else the configured default. */
function currentVersion(config: SearchClientConfig): string {
  return document.querySelector<HTMLMetaElement>('meta[name="docsearch:version"]')?.content || config.defaultVersion;
}

/**
 * Hit URLs as links on this site: the site's own absolute URLs become paths, a hit under a
 * version shown at an alias (`/docs/manual/v11.0.0/` read as `/docs/manual/latest/`) stays in the
 * alias, and a URL that cannot be parsed is dropped and logged (SPEC §8).
 */
export function transformHits(items: DocSearchHit[], config: Pick<SearchClientConfig, 'aliases'>, location: Pick<Location, 'origin' | 'pathname'>): DocSearchHit[] {
  const alias = config.aliases.find((a) => location.pathname.startsWith(a.to));
  const out: DocSearchHit[] = [];
  for (const item of items) {
    let url: URL;
    try {
      url = new URL(item.url, location.origin);
    } catch (err) {
      console.error(`docsgen search: dropped a hit whose URL cannot be parsed: ${item.url}`, err);
      continue;
    }
    let path = url.pathname;
    if (alias && path.startsWith(alias.from)) path = alias.to + path.slice(alias.from.length);
    const sameSite = url.origin === location.origin || /^\/(docs|blog|community)(\/|$)/.test(url.pathname);
    out.push({ ...item, url: sameSite ? `${path}${url.search}${url.hash}` : url.href });
  }
  return out;
}

let ownClient: { search: unknown } | undefined;

/** One client per page, so hosts marked down and fetched indexes are remembered between opens. */
function ownClientFor(config: SearchClientConfig, version: string): { search: unknown } {
  if (!ownClient) {
    if (config.provider === 'algolia' && config.algolia) {
      ownClient = createAlgoliaClient({ appId: config.algolia.appId, apiKey: config.algolia.apiKey, ...(config.algolia.hosts ? { hosts: config.algolia.hosts } : {}) });
    } else {
      const embedded = createEmbeddedClient(config);
      embedded.preload(version);
      ownClient = embedded;
    }
  }
  return ownClient;
}

function searchClientFor(own: { search: unknown }): (client: DocSearchTransformClient) => DocSearchTransformClient {
  return (client) => {
    return {
      search: own.search as unknown as DocSearchTransformClient['search'],
      addAlgoliaAgent: client.addAlgoliaAgent,
      transporter: client.transporter,
    };
  };
}

function injectStyles(): void {
  if (document.getElementById('docsearch-css')) return;
  const style = document.createElement('style');
  style.id = 'docsearch-css';
  style.textContent = docsearchCss;
  document.head.append(style);
}

export function isOpen(): boolean {
  return open;
}

export function closeSearch(): void {
  if (!open) return;
  open = false;
  root?.render(null);
  returnFocus?.focus();
  returnFocus = null;
}

/** Opens the modal; DocSearch takes the page's selected text (cut to 64 characters) as the query. */
export async function openSearch(): Promise<void> {
  if (open) return;
  open = true;
  const config = await loadConfig().catch((err: unknown) => {
    open = false;
    throw err;
  });
  if (!open) return;
  injectStyles();
  if (!root) {
    const host = document.createElement('div');
    host.id = 'search-modal';
    document.body.append(host);
    root = createRoot(host);
  }
  returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const version = currentVersion(config);
  const own = ownClientFor(config, version);
  document.body.dataset['searchProvider'] = config.provider;
  const algolia = config.provider === 'algolia' && config.algolia;
  root.render(
    <DocSearchModal
      appId={algolia ? algolia.appId : 'embedded'}
      apiKey={algolia ? algolia.apiKey : 'embedded'}
      indexName={config.indexName}
      initialScrollY={window.scrollY}
      onClose={closeSearch}
      searchParameters={{ facetFilters: [[`version:${version}`, `version:${NO_VERSION}`]] }}
      transformSearchClient={searchClientFor(own)}
      transformItems={(items) => transformHits(items, config, window.location)}
      insights={Boolean(algolia && algolia.insights)}
      {...(config.missingResultsUrl
        ? { getMissingResultsUrl: ({ query }: { query: string }) => config.missingResultsUrl!.replace('{query}', encodeURIComponent(query)) }
        : {})}
    />,
  );
}
