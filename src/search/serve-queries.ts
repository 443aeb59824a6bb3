// `docsgen serve` speaks Algolia's search protocol too: POST /1/indexes/*/queries is answered from
// the embedded index in out/search, so the hosted-provider path (hosts, failover, error screen) can
// be run for real against local servers. Read-only; the API key is not checked.
import type http from 'node:http';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { EmbeddedSearch, requestedVersions, type SearchRequest } from '../client/search/engine.ts';
import type { EmbeddedIndexFile, SearchClientConfig } from '../client/search/types.ts';

const QUERIES = '/1/indexes/*/queries';
/** A request body larger than this is refused (a search request is a few hundred bytes). */
const MAX_BODY = 64 * 1024;

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers': 'content-type, x-algolia-api-key, x-algolia-application-id',
};

/** Algolia's older form: `params` as a query string whose array values are JSON. */
function requestOf(raw: Record<string, unknown>): SearchRequest {
  const out: Record<string, unknown> = { ...raw };
  if (typeof raw['params'] === 'string') {
    for (const [k, v] of new URLSearchParams(raw['params'])) {
      try {
        out[k] = /^[[{]/.test(v) ? JSON.parse(v) : /^\d+$/.test(v) ? Number(v) : v;
      } catch {
        out[k] = v;
      }
    }
  }
  return out as SearchRequest;
}

/** A `handle` for startServer: answers the queries endpoint, leaves every other request alone. */
export function searchQueryHandler(outDir: string): (req: http.IncomingMessage, res: http.ServerResponse) => boolean {
  const engines = new Map<string, Promise<EmbeddedSearch>>();
  const engineFor = (file: string) => {
    let engine = engines.get(file);
    if (!engine) {
      if (engines.size > 16) engines.clear(); // index names are content hashes: old builds' go stale
      engine = readFile(file, 'utf8').then((text) => new EmbeddedSearch(JSON.parse(text) as EmbeddedIndexFile));
      engine.catch(() => engines.delete(file));
      engines.set(file, engine);
    }
    return engine;
  };
  const answer = async (body: string) => {
    const config = JSON.parse(await readFile(path.join(outDir, 'search', 'config.json'), 'utf8')) as SearchClientConfig;
    const { requests } = JSON.parse(body) as { requests: Record<string, unknown>[] };
    return {
      results: await Promise.all(
        requests.map(async (raw) => {
          const req = requestOf(raw);
          const version = requestedVersions(req.facetFilters)[0] ?? config.defaultVersion;
          const url = config.indexes[version];
          if (!url) return { hits: [], nbHits: 0, page: 0, nbPages: 0, hitsPerPage: req.hitsPerPage ?? 20, query: req.query ?? '', params: '', index: req.indexName ?? '', queryID: '' };
          return (await engineFor(path.join(outDir, ...url.split('/').filter(Boolean)))).search(req);
        }),
      ),
    };
  };
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== QUERIES) return false;
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS).end();
      return true;
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { ...CORS, Allow: 'POST, OPTIONS' }).end();
      return true;
    }
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > MAX_BODY) req.destroy();
    });
    req.on('end', () => {
      answer(body).then(
        (result) => res.writeHead(200, { ...CORS, 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(result)),
        (err: unknown) =>
          res
            .writeHead(400, { ...CORS, 'Content-Type': 'application/json; charset=utf-8' })
            .end(JSON.stringify({ message: `Cannot answer this search: ${err instanceof Error ? err.message : String(err)}`, status: 400 })),
      );
    });
    return true;
  };
}
