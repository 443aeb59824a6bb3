// The static server of `docsgen serve`: out/ only, on 127.0.0.1 unless told otherwise.
// A request goes through the endpoints first (live reload, added ones), then to the files of out/.
import http from 'node:http';
import path from 'node:path';
import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { compileEndpoint } from './compile-endpoint.ts';
import { searchQueryHandler } from '../search/serve-queries.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.pdf': 'application/pdf',
  '.wasm': 'application/wasm',
  '.map': 'application/json',
};

/** An endpoint answered before the static files: returns true when it took the request. */
export type RequestHandler = (req: http.IncomingMessage, res: http.ServerResponse) => boolean | Promise<boolean>;

export interface ServeOptions {
  outDir: string;
  host: string;
  port: number;
  /** Injected before </body> of HTML responses (live reload client). */
  inject?: string;
  /** Endpoints of the caller (the live-reload event stream), tried before the built-in ones. */
  handlers?: RequestHandler[];
}

/** Endpoints every `docsgen serve` has, tried in order before the files of out/ (one line each). */
const ENDPOINTS: RequestHandler[] = [
  compileEndpoint, // POST /api/compile: the playground's compiler
];

/**
 * The path part of a request target, or null for anything but an origin-form path (`/a/b?q`):
 * an absolute URL or `//host/…` is not a file of this site.
 */
export function requestPath(url: string | undefined): string | null {
  if (!url || !url.startsWith('/') || url.startsWith('//')) return null;
  return url.split(/[?#]/, 1)[0]!;
}

/**
 * Maps a URL path to the candidate files inside outDir, or null when the path is refused. Never
 * resolves outside outDir: the decoded path may hold no `..` segment, backslash or NUL, and the
 * normalised result must stay under the root.
 */
export function resolveFile(outDir: string, urlPath: string): string[] | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  if (decoded.split('/').some((s) => s === '..')) return null;
  const root = path.resolve(outDir);
  const target = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  if (target !== root && !target.startsWith(root + path.sep)) return null;
  if (decoded.endsWith('/')) return [path.join(target, 'index.html')];
  return [target, `${target}.html`, path.join(target, 'index.html')];
}

/** The first candidate that is a regular file whose real path is inside out/ (no symlink out). */
async function firstFile(root: string, candidates: string[]): Promise<{ file: string } | { refused: true } | null> {
  for (const c of candidates) {
    try {
      if (!(await stat(c)).isFile()) continue;
    } catch {
      continue; // try the next candidate
    }
    const real = await realpath(c).catch(() => null);
    if (real === null || !real.startsWith(root + path.sep)) return { refused: true };
    return { file: c };
  }
  return null;
}

/** Whether `urlPath` (no trailing slash) is a page written as `{path}.html`. */
async function isPage(root: string, urlPath: string): Promise<boolean> {
  const candidates = resolveFile(root, urlPath);
  const page = candidates && (await firstFile(root, candidates.filter((c) => c.endsWith('.html'))));
  return !!page && !('refused' in page);
}

/** Hashed names (`islands-AB12CD34.js`) never change content: cached for a year. */
function cacheControl(urlPath: string): string {
  return /^\/assets\/.+-[A-Za-z0-9]{8,}\.\w+$/.test(urlPath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

function plain(res: http.ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' }).end(text);
}

/** Answers a request from the files of out/: clean URLs, the 404 page with status 404. */
async function serveFile(opts: ServeOptions, root: string, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD' }).end();
    return;
  }
  const urlPath = requestPath(req.url);
  const candidates = urlPath === null ? null : resolveFile(root, urlPath);
  if (candidates === null) return plain(res, 400, 'Bad request');
  const found = await firstFile(root, candidates);
  if (found && 'refused' in found) return plain(res, 403, 'Forbidden');
  if (!found && urlPath !== '/' && urlPath!.endsWith('/') && (await isPage(root, urlPath!.slice(0, -1)))) {
    // `/blog/` when the page is blog.html: the address without the slash, as static hosts with
    // clean URLs answer (a relative link on the page would resolve against the wrong folder).
    const query = req.url!.slice(urlPath!.length).match(/^\?[^#]*/)?.[0] ?? '';
    res.writeHead(308, { Location: urlPath!.slice(0, -1) + query }).end();
    return;
  }
  const page = found ?? (await firstFile(root, [path.join(root, '404.html')]));
  if (!page || 'refused' in page) return plain(res, 404, 'Not found');
  const type = TYPES[path.extname(page.file)] ?? 'application/octet-stream';
  res.writeHead(found ? 200 : 404, {
    'Content-Type': type,
    'Cache-Control': found ? cacheControl(urlPath!) : 'no-cache',
    'X-Content-Type-Options': 'nosniff',
  });
  if (req.method === 'HEAD') return void res.end();
  if (opts.inject && type.startsWith('text/html')) {
    const html = await readFile(page.file, 'utf8');
    res.end(html.includes('</body>') ? html.replace('</body>', `${opts.inject}</body>`) : html + opts.inject);
    return;
  }
  createReadStream(page.file).pipe(res);
}

/** A static file server for out/ (127.0.0.1 by default). */
export async function startServer(opts: ServeOptions): Promise<http.Server> {
  // The real path, so a symlink inside out/ that points outside it is recognised as such.
  const root = await realpath(path.resolve(opts.outDir)).catch(() => path.resolve(opts.outDir));
  const handlers = [...(opts.handlers ?? []), searchQueryHandler(opts.outDir), ...ENDPOINTS];
  const server = http.createServer(async (req, res) => {
    try {
      for (const handle of handlers) if (await handle(req, res)) return;
      await serveFile(opts, root, req, res);
    } catch {
      // Never a crash on a strange request (a file removed mid-read, a client gone).
      if (!res.headersSent) plain(res, 500, 'Internal error');
      else res.destroy();
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve(server));
  });
}
