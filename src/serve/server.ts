import http from 'node:http';
import path from 'node:path';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { compileEndpoint } from './compile-endpoint.ts';
import { searchQueryHandler } from '../search/serve-queries.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

export interface ServeOptions {
  outDir: string;
  host: string;
  port: number;
  /** Injected before </body> of HTML responses (live reload client). */
  inject?: string;
  /** Extra routes (the live-reload event stream). */
  handle?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
}

/**
 * Maps a URL path to a file inside outDir, or null. Never resolves outside outDir:
 * the decoded path is normalised and must stay under the root.
 */
export function resolveFile(outDir: string, urlPath: string): string[] | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const root = path.resolve(outDir);
  const target = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  if (target !== root && !target.startsWith(root + path.sep)) return null;
  if (decoded.endsWith('/')) return [path.join(target, 'index.html')];
  return [target, `${target}.html`, path.join(target, 'index.html')];
}

async function firstFile(candidates: string[]): Promise<string | null> {
  for (const c of candidates) {
    try {
      if ((await stat(c)).isFile()) return c;
    } catch {
      // try the next candidate
    }
  }
  return null;
}

/** A static file server for out/ (127.0.0.1 by default). */
export function startServer(opts: ServeOptions): Promise<http.Server> {
  const searchQueries = searchQueryHandler(opts.outDir);
  const server = http.createServer(async (req, res) => {
    if (opts.handle?.(req, res) || searchQueries(req, res)) return;
    if (await compileEndpoint(req, res)) return; // POST /api/compile: the playground's compiler
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const candidates = resolveFile(opts.outDir, url.pathname);
    const file = candidates ? await firstFile(candidates) : null;
    const notFound = file ?? (await firstFile([path.join(opts.outDir, '404.html')]));
    if (!notFound) {
      res.writeHead(candidates ? 404 : 400, { 'Content-Type': 'text/plain; charset=utf-8' }).end(candidates ? 'Not found' : 'Bad request');
      return;
    }
    const type = TYPES[path.extname(notFound)] ?? 'application/octet-stream';
    const headers = { 'Content-Type': type, 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' };
    res.writeHead(file ? 200 : 404, headers);
    if (req.method === 'HEAD') return void res.end();
    if (opts.inject && type.startsWith('text/html')) {
      const html = await readFile(notFound, 'utf8');
      res.end(html.replace('</body>', `${opts.inject}</body>`));
      return;
    }
    createReadStream(notFound).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve(server));
  });
}
