// The two ways the playground compiles: the official browser compiler bundle (when
// config/playground.json names a base URL) and `docsgen serve`'s POST /api/compile. Both sit
// behind one interface, so the page does not care which one answers.

import { COMPILE_PATH, FORMAT_PATH, type CompileProblem, type ModuleFormat } from './protocol.ts';
import type { PublishedRuntime } from './config.ts';

/** A compiler message at its place in the code (the endpoint's, or made from the bundle's). */
export type Problem = CompileProblem;

export interface CompileOutcome {
  /** The JavaScript, when the code compiled. */
  js?: string;
  errors: Problem[];
  warnings: Problem[];
  /** A failure that is not about a place in the code (too large, timed out, compiler crashed). */
  failure?: string;
  /** Milliseconds the compile took, as the page saw it. */
  ms?: number;
  /** The path (ending in `/`) where the runtime modules the JavaScript imports are served: this server's, or the runtime the site published. */
  runtime?: string;
}

/** The formatter's answer: the formatted code, the syntax errors that stop it, or why it failed. */
export type FormatOutcome = { code: string } | { errors: Problem[] } | { failure: string };

export interface PlaygroundCompiler {
  /** Shown in the status line: `ReScript 12.3.1`. */
  label: string;
  /** Formats code as `rescript format` does, when this compiler can. */
  format?(code: string): Promise<FormatOutcome>;
  /** The compiler's version (`12.3.1`), once known: the server says it with its first answer. */
  version?: string;
  compile(code: string, format?: ModuleFormat): Promise<CompileOutcome>;
}

/**
 * No compiler answered (a static host without the endpoint, the server down, a bundle that did not
 * load). The message is for the site's operator (the console), not for readers.
 */
export class CompilerUnavailable extends Error {
  override readonly name = 'CompilerUnavailable';
}

/** What readers see for an error of the server itself: its text (`internal`, a stack) is not theirs. */
export const SERVER_FAILURE = 'Compiling failed on the server. Edit the code or press Ctrl+Enter to try again.';
const FORMAT_FAILURE = 'Formatting failed on the server.';

// ------------------------------------------------------------------------------ docsgen serve

function isProblem(p: unknown): p is Problem {
  if (!p || typeof p !== 'object') return false;
  const o = p as Record<string, unknown>;
  return ['line', 'col', 'endLine', 'endCol'].every((k) => typeof o[k] === 'number') && typeof o['message'] === 'string';
}

function problems(list: unknown, severity: Problem['severity']): Problem[] {
  return Array.isArray(list) ? list.filter(isProblem).map((p) => ({ ...p, kind: typeof p.kind === 'string' ? p.kind : severity, severity })) : [];
}

/**
 * Compiles through `docsgen serve` (src/serve/compile-endpoint.ts). A response that is not the
 * endpoint's JSON (a static host's 404 or 405 page) or no response means there is no endpoint.
 */
export function serverCompiler(fetchImpl: typeof fetch = fetch): PlaygroundCompiler {
  return {
    label: 'ReScript',
    async format(code) {
      let body: Record<string, unknown>;
      try {
        const res = await fetchImpl(FORMAT_PATH, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ code }), credentials: 'same-origin' });
        if (!/json/.test(res.headers.get('content-type') ?? '')) throw new Error('not JSON');
        body = (await res.json()) as Record<string, unknown>;
        if (res.status >= 500 && res.status !== 503 && res.status !== 504) return { failure: FORMAT_FAILURE };
      } catch {
        return { failure: 'The formatter cannot be reached right now.' };
      }
      if (typeof body['code'] === 'string') return { code: body['code'] };
      if (Array.isArray(body['errors'])) return { errors: problems(body['errors'], 'error') };
      return { failure: typeof body['error'] === 'string' ? body['error'] : FORMAT_FAILURE };
    },
    async compile(code, format = 'esmodule') {
      let res: Response;
      try {
        res = await fetchImpl(COMPILE_PATH, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(format === 'esmodule' ? { code } : { code, module: format }),
          credentials: 'same-origin',
        });
      } catch (err) {
        throw new CompilerUnavailable(`No compile endpoint: ${err instanceof Error ? err.message : String(err)}`);
      }
      let body: Record<string, unknown>;
      try {
        if (!/json/.test(res.headers.get('content-type') ?? '')) throw new Error('not JSON');
        body = (await res.json()) as Record<string, unknown>;
      } catch {
        throw new CompilerUnavailable(`No compile endpoint (HTTP ${res.status})`);
      }
      if (res.status === 503 && /No ReScript compiler/.test(String(body['error']))) throw new CompilerUnavailable(String(body['error']));
      if (typeof body['version'] === 'string') {
        this.version = body['version'];
        this.label = `ReScript ${body['version']}`;
      }
      if (typeof body['error'] === 'string') {
        // 4xx, 503 (busy) and 504 (too slow) say what the reader can do; a 500 is the server's own trouble.
        if (res.status >= 500 && res.status !== 503 && res.status !== 504) {
          console.error(`docsgen: ${COMPILE_PATH} answered ${res.status}: ${body['error']}`);
          return { errors: [], warnings: [], failure: SERVER_FAILURE };
        }
        return { errors: [], warnings: [], failure: body['error'] };
      }
      const outcome: CompileOutcome = { errors: problems(body['errors'], 'error'), warnings: problems(body['warnings'], 'warning') };
      if (typeof body['js'] === 'string') outcome.js = body['js'];
      // Only a path of this server: the page runs what it imports from there.
      if (typeof body['runtime'] === 'string' && /^\/[\w/-]*\/$/.test(body['runtime'])) outcome.runtime = body['runtime'];
      return outcome;
    },
  };
}

// ------------------------------------------------------------------------------ browser bundle

/**
 * The official playground bundle's API, as rescript-lang.org's playground uses it
 * (`src/bindings/RescriptCompilerApi.res` there): `compiler.js` defines `rescript_compiler`, whose
 * `make()` returns an instance; `instance.rescript.compile(code)` returns a result object.
 */
interface LocMsg {
  fullMsg: string;
  shortMsg: string;
  /** 1-based line. */
  row: number;
  /** 0-based column. */
  column: number;
  endRow: number;
  /** 0-based, exclusive. */
  endColumn: number;
}
interface BundleWarning extends LocMsg {
  warnNumber: number;
  isError: boolean;
}
type BundleResult =
  | { type: 'success'; js_code: string; warnings: BundleWarning[] }
  | { type: 'syntax_error' | 'type_error' | 'other_error'; errors: LocMsg[] }
  | { type: 'warning_error'; errors: BundleWarning[] }
  | { type: 'warning_flag_error'; msg: string }
  | { type: 'unexpected_error'; msg: string };
/** What `rescript.format(code)` answers (rescript-lang.org's playground: its `ConversionResult`). */
type BundleFormatResult = { type: 'success'; code: string } | { type: 'syntax_error'; errors: LocMsg[] } | { type: 'unexpected_error'; msg: string };
interface BundleInstance {
  version?: string;
  rescript: { compile(code: string): BundleResult; format?(code: string): BundleFormatResult; version?: string };
  setModuleSystem?(system: 'es6' | 'nodejs'): boolean;
  setOpenModules?(modules: string[]): boolean;
  setFilename?(name: string): boolean;
}
interface BundleGlobal {
  make(): BundleInstance;
}

/** Loads a classic script; resolves when it ran. */
export type ScriptLoader = (src: string) => Promise<void>;

export const loadScript: ScriptLoader = (src) =>
  new Promise((resolve, reject) => {
    const el = document.createElement('script');
    el.src = src;
    el.async = false;
    el.dataset['playgroundBundle'] = '';
    el.onload = () => resolve();
    el.onerror = () => reject(new Error(`Could not load ${src}`));
    document.head.append(el);
  });

/** `v12.0.0` → 12 (NaN when unreadable). */
function major(version: string): number {
  return Number(/^v?(\d+)/.exec(version)?.[1]);
}

/**
 * The library files the official playground loads beside `compiler.js` for a version: the
 * compiler's builtins from v11 on, ReScript Core for v11 (built into the standard library from v12),
 * and the React bindings from v9 on.
 */
export function bundleLibraries(version: string): string[] {
  const m = major(version);
  const libs: string[] = [];
  if (m >= 9) libs.push('@rescript/react');
  if (m >= 11) libs.push('compiler-builtins');
  if (m === 11) libs.push('@rescript/core');
  return libs;
}

/** `{base}/{version}/compiler.js` and `{base}/{version}/{library}/cmij.js`, in loading order. */
export function bundleUrls(base: string, version: string): { compiler: string; libraries: string[] } {
  const root = `${base.replace(/\/+$/, '')}/${version}`;
  return { compiler: `${root}/compiler.js`, libraries: bundleLibraries(version).map((lib) => `${root}/${lib}/cmij.js`) };
}

function fromLocMsg(m: LocMsg, severity: Problem['severity'], kind: string): Problem {
  return {
    line: m.row,
    col: m.column + 1,
    endLine: m.endRow,
    endCol: m.endColumn,
    message: (m.shortMsg || m.fullMsg || '').trim(),
    kind,
    severity,
  };
}

/** The bundle's result in the playground's terms. */
export function fromBundleResult(r: BundleResult): CompileOutcome {
  switch (r.type) {
    case 'success':
      return {
        js: r.js_code,
        errors: r.warnings.filter((w) => w.isError).map((w) => fromLocMsg(w, 'error', `Warning ${w.warnNumber}`)),
        warnings: r.warnings.filter((w) => !w.isError).map((w) => fromLocMsg(w, 'warning', `Warning ${w.warnNumber}`)),
      };
    case 'syntax_error':
    case 'type_error':
    case 'other_error': {
      const kind = r.type === 'syntax_error' ? 'Syntax error' : r.type === 'type_error' ? 'Type error' : 'Error';
      // The bundle can report one syntax error more than once.
      const seen = new Set<string>();
      const errors = r.errors.map((e) => fromLocMsg(e, 'error', kind)).filter((p) => {
        const key = `${p.line}:${p.col}:${p.endLine}:${p.endCol}:${p.message}`;
        return !seen.has(key) && Boolean(seen.add(key));
      });
      return { errors, warnings: [] };
    }
    case 'warning_error':
      return { errors: r.errors.map((w) => fromLocMsg(w, 'error', `Warning ${w.warnNumber}`)), warnings: [] };
    case 'warning_flag_error':
    case 'unexpected_error':
      return { errors: [], warnings: [], failure: r.msg };
    default:
      return { errors: [], warnings: [], failure: 'The compiler answered in a way this page does not understand' };
  }
}

/** The bundle formatter's answer in the playground's terms. */
export function fromBundleFormat(run: () => BundleFormatResult): FormatOutcome {
  try {
    const r = run();
    if (r.type === 'success' && typeof r.code === 'string') return { code: r.code };
    if (r.type === 'syntax_error' && Array.isArray(r.errors)) return { errors: r.errors.map((e) => fromLocMsg(e, 'error', 'Syntax error')) };
    return { failure: r.type === 'unexpected_error' && r.msg ? r.msg : 'The formatter answered in a way this page does not understand' };
  } catch (err) {
    return { failure: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * Loads the official compiler bundle of `version` from `base` and compiles with it. The compiler
 * script must run before its library files (they register into the compiler's file system), so
 * they are loaded after it, as the official playground does. The live bundle is out of reach
 * offline: the unit tests cover the URLs and result mapping, tests/browser/playground-bundle.test.ts
 * a stand-in with the same API.
 */
export async function bundleCompiler(base: string, version: string, load: ScriptLoader = loadScript, runtime?: PublishedRuntime): Promise<PlaygroundCompiler> {
  const urls = bundleUrls(base, version);
  try {
    await load(urls.compiler);
    await Promise.all(urls.libraries.map((u) => load(u)));
  } catch (err) {
    throw new CompilerUnavailable(err instanceof Error ? err.message : String(err));
  }
  const global = (globalThis as { rescript_compiler?: BundleGlobal }).rescript_compiler;
  if (!global) throw new CompilerUnavailable(`${urls.compiler} did not define rescript_compiler`);
  const instance = global.make();
  instance.setModuleSystem?.('es6');
  if (major(version) === 11) instance.setOpenModules?.(['RescriptCore']);
  const v = instance.rescript.version ?? instance.version ?? version.replace(/^v/, '');
  const formatter = instance.rescript.format?.bind(instance.rescript);
  return {
    label: `ReScript ${v}`,
    version: v,
    ...(formatter ? { format: async (code: string) => fromBundleFormat(() => formatter(code)) } : {}),
    async compile(code, format = 'esmodule') {
      try {
        instance.setModuleSystem?.(format === 'commonjs' ? 'nodejs' : 'es6');
        const outcome = fromBundleResult(instance.rescript.compile(code));
        // The runtime the site published for this version runs what it compiled.
        if (outcome.js !== undefined && format === 'esmodule' && runtime?.version === v) outcome.runtime = runtime.path;
        return outcome;
      } catch (err) {
        return { errors: [], warnings: [], failure: err instanceof Error ? err.message : String(err) };
      }
    },
  };
}
