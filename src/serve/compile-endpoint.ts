// POST /api/compile: the playground's server-side compiler. Runs the ReScript compiler (`bsc` of
// the npm package `rescript`) on the posted code, one process per request, in a fresh temp dir.
import type http from 'node:http';
import { createReadStream } from 'node:fs';
import { mkdtemp, mkdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultSearchDirs, resolveCompiler, type ResolvedCompiler } from '../pipeline/rescript-toolchain.ts';
import { childProcess } from '../util/process.ts';
import { COMPILE_PATH, FORMAT_PATH, MODULE_FORMATS, RUNTIME_PATH, type CompileProblem, type CompileResponse, type FormatResponse, type ModuleFormat } from '../components/playground/protocol.ts';

export interface CompileEndpointOptions {
  /**
   * Directories to look for the `rescript` package from, first found wins. Default: the working
   * directory (a site that depends on `rescript` uses its own), then docsgen's pinned ReScript 12
   * toolchain (`tools/rescript/v12`, installed by `npm ci` through `scripts/install-playground.mjs`, and by `scripts/check-examples.mjs --install`).
   */
  searchFrom?: string[];
  /** Kill the compiler after this long. Default 10 s. */
  timeoutMs?: number;
  /** Largest accepted request body. Default 100 KB. */
  maxBytes?: number;
  /** Compiles running at once; more get 503. Default 4. */
  maxConcurrent?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BYTES = 100 * 1024;
const MODULE = 'Playground';
/** The JSX version the React docs and rescript-lang.org's playground use (`-bs-jsx 4`). */
const JSX_VERSION = '4';

// ------------------------------------------------------------------------------ output parsing

const ANSI = /\u001b\[[0-9;]*m/g;
/**
 * `  src/Playground.res:2:17-21`, `…:2:14-3:3`, `…:1:16`, or the file alone: bsc names only the file
 * for a node without a place of its own (a JSX fragment `<>…</>`).
 */
const LOCATION = /^\s*\S*\.res(?::(\d+):(\d+)(?:-(\d+)(?::(\d+))?)?)?\s*$/;
/** The line before a location that starts a problem. */
const HEADER = /^(?:We've found a bug for you!|Syntax error!|Warning number \d+.*)$/;
/**
 * A code frame line: `  2 │ let y = …` (`  4 │` at the end of the file), the part of a long line
 * bsc wraps onto the next (`    │ …`), lines it leaves out (`  . │ ...`), and lines beside a
 * multi-line range, where the rule is dotted (`  2 ┆ …`).
 */
const FRAME = /^\s*(?:\d+|\.+)?\s*[│┆]/;

/**
 * Reads bsc's error output (`We've found a bug for you!` / `Syntax error!` / `Warning number N`,
 * then `file[:line:col[-[endLine:]endCol]]`, a code frame, and the message) into problems. A
 * location without a header counts only when it has a place (bsc always prints the header; this
 * keeps an unknown one working). Output with no location at all (a crash, a missing file) becomes
 * one error at 1:1 with the whole text.
 */
export function parseCompilerOutput(output: string): CompileProblem[] {
  const lines = output.replace(ANSI, '').replace(/\r\n?/g, '\n').split('\n');
  const starts: { at: number; headerAt: number; header: string; place: RegExpExecArray }[] = [];
  lines.forEach((line, i) => {
    const place = LOCATION.exec(line);
    if (!place) return;
    let h = i - 1;
    while (h >= 0 && lines[h]!.trim() === '') h--;
    const header = h >= 0 ? lines[h]!.trim() : '';
    if (!HEADER.test(header) && place[1] === undefined) return;
    starts.push({ at: i, headerAt: Math.max(h, 0), header, place });
  });
  if (starts.length === 0) {
    const text = lines.join('\n').trim();
    return text ? [{ line: 1, col: 1, endLine: 1, endCol: 1, message: text, kind: 'Error', severity: 'error' }] : [];
  }
  return starts.map((s, k) => {
    // The message runs from after the code frame to the header of the next problem.
    const end = starts[k + 1]?.headerAt ?? lines.length;
    const body: string[] = [];
    let i = s.at + 1;
    while (i < end && (lines[i]!.trim() === '' || FRAME.test(lines[i]!))) i++;
    for (; i < end; i++) body.push(lines[i]!);
    const [, l, c, a, b] = s.place;
    const line = l !== undefined ? Number(l) : 1;
    const col = c !== undefined ? Number(c) : 1;
    const endLine = b !== undefined ? Number(a) : line;
    const endCol = b !== undefined ? Number(b) : a !== undefined ? Number(a) : col;
    const warning = /^Warning number (\d+)/.exec(s.header);
    const asError = /configured as error/i.test(s.header);
    return {
      line,
      col,
      endLine,
      endCol,
      message: dedent(body).trim() || s.header,
      kind: warning ? `Warning ${warning[1]}` : /^Syntax error/i.test(s.header) ? 'Syntax error' : 'Type error',
      severity: warning && !asError ? 'warning' : 'error',
    };
  });
}

function dedent(lines: string[]): string {
  const indents = lines.filter((l) => l.trim() !== '').map((l) => /^ */.exec(l)![0].length);
  const cut = indents.length > 0 ? Math.min(...indents) : 0;
  return lines.map((l) => l.slice(cut).trimEnd()).join('\n');
}

// ------------------------------------------------------------------------------ compiling

export interface CompileResult {
  js?: string;
  problems: CompileProblem[];
  timedOut?: boolean;
}

/**
 * Runs `work` on one module written in a fresh temp dir (a minimal project: bsc needs a
 * rescript.json above the source to name the package), removed afterwards. No shell; the code is a
 * file, never an argument.
 */
async function inTempProject<T>(code: string, work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'docsgen-compile-'));
  try {
    await mkdir(path.join(dir, 'src'));
    await writeFile(path.join(dir, 'rescript.json'), JSON.stringify({ name: 'playground', sources: ['src'] }));
    await writeFile(path.join(dir, 'src', `${MODULE}.res`), code);
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Compiles one module (`inTempProject`) to an ES module, or to CommonJS. */
export async function compileRescript(compiler: ResolvedCompiler, code: string, timeoutMs = DEFAULT_TIMEOUT_MS, format: ModuleFormat = 'esmodule'): Promise<CompileResult> {
  return inTempProject(code, async (dir) => {
    const args = [
      '-color', 'never',
      '-runtime-path', compiler.runtime,
      ...compiler.includes.flatMap((dir) => ['-I', dir]),
      // Always on, as in the official playground: without @rescript/react, JSX code then gets
      // "The module or file React can't be found" rather than a hint about rescript.json.
      '-bs-jsx', JSX_VERSION,
      '-bs-no-version-header',
      '-bs-package-name', 'playground',
      '-bs-package-output', `${format}:src:.res.js`,
      `src/${MODULE}.res`,
    ];
    const { code: exit, stderr, timedOut } = await run(compiler.bsc, args, dir, timeoutMs);
    if (timedOut) return { problems: [], timedOut: true };
    const problems = parseCompilerOutput(stderr);
    if (exit !== 0) return { problems: withCause(problems, stderr, exit) };
    const js = await readFile(path.join(dir, 'src', `${MODULE}.res.js`), 'utf8');
    return { js, problems };
  });
}

export interface FormatResult {
  /** The formatted code, when it parsed. */
  code?: string;
  problems: CompileProblem[];
  timedOut?: boolean;
}

/** Formats one module with the compiler's formatter (`bsc -format`, what `rescript format` runs). */
export async function formatRescript(compiler: ResolvedCompiler, code: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<FormatResult> {
  return inTempProject(code, async (dir) => {
    const { code: exit, stdout, stderr, timedOut } = await run(compiler.bsc, ['-color', 'never', '-format', `src/${MODULE}.res`], dir, timeoutMs, true);
    if (timedOut) return { problems: [], timedOut: true };
    if (exit !== 0) return { problems: withCause(parseCompilerOutput(stderr), stderr, exit) };
    return { code: stdout, problems: [] };
  });
}

/** A failed run's problems, with its whole output as one error when none of them is an error. */
function withCause(problems: CompileProblem[], stderr: string, exit: number | null): CompileProblem[] {
  return problems.some((p) => p.severity === 'error') ? problems : [...problems, generic(stderr || `The compiler exited with code ${exit}`)];
}

function generic(message: string): CompileProblem {
  return { line: 1, col: 1, endLine: 1, endCol: 1, message: message.trim(), kind: 'Error', severity: 'error' };
}

async function run(cmd: string, args: string[], cwd: string, timeoutMs: number, readStdout = false): Promise<{ code: number | null; stdout: string; stderr: string; timedOut: boolean }> {
  const { spawn } = childProcess();
  return new Promise((resolve) => {
    // A bare environment: the compiler needs none of the server's variables.
    // In a process group of its own, so that a timeout kills anything it started as well.
    const child = spawn(cmd, args, { cwd, shell: false, detached: true, stdio: ['ignore', readStdout ? 'pipe' : 'ignore', 'pipe'], env: { PATH: process.env['PATH'] ?? '' } });
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (d: string) => {
      if (stdout.length < 1_000_000) stdout += d;
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, timeoutMs);
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (d: string) => {
      if (stderr.length < 1_000_000) stderr += d;
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      resolve({ code: -1, stdout, stderr: String(err), timedOut });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, timedOut });
    });
  });
}

// ------------------------------------------------------------------------------ HTTP

/** Local host names the server answers the endpoint on (a rebinding attack's page would name its own). */
function isLocalHost(req: http.IncomingMessage): boolean {
  const host = req.headers.host;
  if (!host) return false;
  let name: string;
  try {
    name = new URL(`http://${host}`).hostname;
  } catch {
    return false;
  }
  const bound = req.socket.localAddress?.replace(/^::ffff:/, '');
  return name === 'localhost' || name === '127.0.0.1' || name === '[::1]' || name === bound || name === `[${bound}]`;
}

/** Same origin: a browser's POST names its page's origin; it must be this server's. */
function isSameOrigin(req: http.IncomingMessage): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return false;
  const origin = req.headers.origin;
  if (origin === undefined) return site === 'same-origin' || site === undefined;
  return origin === `http://${req.headers.host}`;
}

function send(res: http.ServerResponse, status: number, body: CompileResponse | FormatResponse, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', ...headers });
  res.end(JSON.stringify(body));
}

/** Reads at most `max` bytes; null when the body is larger. */
function readBody(req: http.IncomingMessage, max: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > max) over = true;
      else chunks.push(c);
    });
    req.on('end', () => resolve(over ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** A runtime module's file name (`Stdlib_Array.js`): one name of `lib/es6/`, no path. */
const RUNTIME_FILE = /^[\w$-]+(?:\.[\w$-]+)*\.js$/;

/**
 * GET /api/runtime/NAME.js: a module of the compiler's runtime (`@rescript/runtime/lib/es6/`), for
 * running compiled code in the playground (run.ts). Only files directly in that folder.
 */
async function serveRuntime(compiler: ResolvedCompiler | null, name: string, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const text = (status: number, body: string, headers: Record<string, string> = {}) =>
    void res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', ...headers }).end(body);
  if (req.method !== 'GET' && req.method !== 'HEAD') return text(405, 'Use GET', { Allow: 'GET, HEAD' });
  if (!isLocalHost(req)) return text(403, 'Only pages of this server may load the runtime');
  if (!compiler || !RUNTIME_FILE.test(name)) return text(404, 'Not found');
  const dir = await realpath(path.join(compiler.runtime, 'lib', 'es6')).catch(() => null);
  const file = dir && (await realpath(path.join(dir, name)).catch(() => null));
  if (!dir || !file || path.dirname(file) !== dir) return text(404, 'Not found');
  res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=3600', 'X-Content-Type-Options': 'nosniff' });
  if (req.method === 'HEAD') return void res.end();
  createReadStream(file).pipe(res);
}

/**
 * A request handler for POST /api/compile and /api/format (and GET /api/runtime/…, the modules the
 * compiled code imports); resolves true when it answered the request.
 */
export function createCompileEndpoint(options: CompileEndpointOptions = {}): (req: http.IncomingMessage, res: http.ServerResponse) => Promise<boolean> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxConcurrent = options.maxConcurrent ?? 4;
  let resolved: ResolvedCompiler | null | undefined;
  // Looked up at the first request that needs it, and again while none is found (one may be installed meanwhile).
  const findCompiler = () => (resolved ??= resolveCompiler(options.searchFrom ?? defaultSearchDirs()));
  let running = 0;
  return async (req, res) => {
    const urlPath = (req.url ?? '').split('?')[0]!;
    if (urlPath.startsWith(RUNTIME_PATH)) {
      await serveRuntime(findCompiler(), urlPath.slice(RUNTIME_PATH.length), req, res);
      return true;
    }
    if (urlPath !== COMPILE_PATH && urlPath !== FORMAT_PATH) return false;
    if (req.method !== 'POST') {
      send(res, 405, { error: 'Use POST with a JSON body {"code": "…"}' }, { Allow: 'POST' });
      return true;
    }
    if (!isLocalHost(req) || !isSameOrigin(req)) {
      send(res, 403, { error: 'Only pages of this server may compile' });
      return true;
    }
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
      send(res, 415, { error: 'Send JSON (Content-Type: application/json)' });
      return true;
    }
    const declared = Number(req.headers['content-length'] ?? 0);
    const body = declared > maxBytes ? null : await readBody(req, maxBytes);
    if (body === null) {
      send(res, 413, { error: `The code is larger than ${Math.round(maxBytes / 1024)} KB` }, { Connection: 'close' });
      req.resume();
      return true;
    }
    let code: unknown;
    let format: unknown;
    try {
      ({ code, module: format = 'esmodule' } = JSON.parse(body.toString('utf8')) as { code?: unknown; module?: unknown });
    } catch {
      code = undefined;
    }
    if (typeof code !== 'string') {
      send(res, 400, { error: 'Expected a JSON body {"code": "…"}' });
      return true;
    }
    if (!MODULE_FORMATS.includes(format as ModuleFormat)) {
      send(res, 400, { error: `"module" must be one of ${MODULE_FORMATS.map((f) => `"${f}"`).join(', ')}` });
      return true;
    }
    const compiler = findCompiler();
    if (!compiler) {
      send(res, 503, { error: 'No ReScript compiler found: install the npm package `rescript` (12 or later) in the site, or run `node scripts/check-examples.mjs --install` in docsgen.' });
      return true;
    }
    if (running >= maxConcurrent) {
      send(res, 503, { error: 'The compiler is busy; try again in a moment' }, { 'Retry-After': '1' });
      return true;
    }
    running++;
    try {
      if (urlPath === FORMAT_PATH) {
        const formatted = await formatRescript(compiler, code, timeoutMs);
        if (formatted.timedOut) send(res, 504, { error: `Formatting took longer than ${timeoutMs / 1000} s and was stopped` });
        else send(res, 200, formatted.code !== undefined ? { code: formatted.code } : { errors: formatted.problems.filter((p) => p.severity === 'error') });
        return true;
      }
      const result = await compileRescript(compiler, code, timeoutMs, format as ModuleFormat);
      if (result.timedOut) {
        send(res, 504, { error: `Compiling took longer than ${timeoutMs / 1000} s and was stopped` });
        return true;
      }
      const errors = result.problems.filter((p) => p.severity === 'error');
      const warnings = result.problems.filter((p) => p.severity === 'warning');
      const { version } = compiler;
      send(res, 200, result.js !== undefined && errors.length === 0 ? { js: result.js.replace(/^\s+/, ''), warnings, version, ...(format === 'esmodule' ? { runtime: RUNTIME_PATH } : {}) } : { errors, warnings, version });
    } catch (err) {
      send(res, 500, { error: `Compiling failed: ${err instanceof Error ? err.message : String(err)}` });
    } finally {
      running--;
    }
    return true;
  };
}

/** The endpoint `docsgen serve` uses: compiler looked up from the working directory, then docsgen's own. */
export const compileEndpoint = createCompileEndpoint();
