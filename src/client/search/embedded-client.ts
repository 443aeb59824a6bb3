// The default search client: answers DocSearch from the embedded index of the requested docs
// version (out/search/{version}-{hash}.json), fetched once on first use, in Algolia's shape.
import { EmbeddedSearch, requestedVersions, type AlgoliaSearchResult, type SearchRequest } from './engine.ts';
import { RetryError } from './algolia-client.ts';
import type { EmbeddedIndexFile, SearchClientConfig } from './types.ts';

export interface EmbeddedClient {
  /** Starts fetching and indexing a version's records (the modal calls it as it opens). */
  preload(version: string): void;
  search(params: { requests: SearchRequest[] }): Promise<{ results: AlgoliaSearchResult[] }>;
}

export function createEmbeddedClient(config: Pick<SearchClientConfig, 'indexes' | 'defaultVersion'>, doFetch: typeof fetch = fetch): EmbeddedClient {
  const engines = new Map<string, Promise<EmbeddedSearch>>();
  const engineFor = (url: string): Promise<EmbeddedSearch> => {
    let engine = engines.get(url);
    if (!engine) {
      engine = doFetch(url)
        .then(async (res) => {
          if (!res.ok) throw new Error(`HTTP ${res.status}`);
          return new EmbeddedSearch((await res.json()) as EmbeddedIndexFile);
        })
        .catch((err: unknown) => {
          engines.delete(url); // a later keystroke tries again
          throw new RetryError([{ host: url, reason: err instanceof Error ? err.message : String(err) }]);
        });
      engines.set(url, engine);
    }
    return engine;
  };
  return {
    preload(version) {
      const url = config.indexes[version];
      if (url) engineFor(url).catch(() => undefined); // a search asks again and reports it
    },
    async search({ requests }) {
      const results = await Promise.all(
        requests.map(async (req) => {
          const version = requestedVersions(req.facetFilters)[0] ?? config.defaultVersion;
          const url = config.indexes[version];
          const engine = url ? await engineFor(url) : undefined;
          return engine ? engine.search(req) : emptyResult(req);
        }),
      );
      return { results };
    },
  };
}

function emptyResult(req: SearchRequest): AlgoliaSearchResult {
  const hitsPerPage = req.hitsPerPage ?? 20;
  return { hits: [], nbHits: 0, page: 0, nbPages: 0, hitsPerPage, processingTimeMS: 0, exhaustiveNbHits: true, query: req.query ?? '', params: '', index: req.indexName ?? '', queryID: '' };
}
