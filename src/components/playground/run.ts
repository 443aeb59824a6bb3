// Running the compiled JavaScript for the playground's Output tab. Browser code: no React, no Node.
//
// Code that needs no DOM runs as a module in a Web Worker of its own, made for one run and
// terminated after it: it reaches no page, no DOM and no storage of the page, and code that never
// ends (a loop, an interval) is stopped after RUN_LIMIT_MS without freezing the page. Code that
// uses React, or defines a module `App` (a component to show, as on rescript-lang.org), runs in a
// sandboxed frame instead (render-run.ts): a document of an opaque origin of its own, with React
// and ReactDOM, where `App.make` is rendered. Either runs only when the reader asks (the Run
// button): code from a shared link is never run on opening it. `console` there posts each call to
// the page as text.
//
// Compiled code imports the ReScript runtime (`@rescript/runtime/lib/es6/Stdlib_Array.js`);
// `docsgen serve` serves those modules (RUNTIME_PATH). In a worker the imports are pointed there;
// the frame gets the modules' text from the page (its origin may fetch nothing of the site's).
// Any other import (another module of a project, a package) cannot be run here, and is said so.
import { RUNTIME_IMPORT } from './protocol.ts';

export type OutputLevel = 'log' | 'info' | 'warn' | 'error' | 'debug' | 'exception';
export const OUTPUT_LEVELS: ReadonlySet<string> = new Set<OutputLevel>(['log', 'info', 'warn', 'error', 'debug', 'exception']);

export interface OutputLine {
  level: OutputLevel;
  text: string;
}

export interface RunOutcome {
  lines: OutputLine[];
  /** Milliseconds from start to the last timer's end (to the first render, in a frame). */
  ms: number;
  /** Stopped at the time limit: a loop, or a timer or interval still pending. */
  stopped?: boolean;
  /** More lines were printed than are kept. */
  truncated?: boolean;
  /**
   * Ran in a frame: what it shows there. `app`: `App.make` (or the module's own `make`), rendered by the playground;
   * `own`: whatever the code rendered by itself (it imports react-dom/client); `nothing`: neither;
   * `failed`: the component threw as it rendered (the error is among the lines).
   */
  frame?: FrameShows;
}

export type FrameShows = 'app' | 'own' | 'nothing' | 'failed';

/** The longest a run may take (in a frame: to its first render). */
export const RUN_LIMIT_MS = 5000;
/** Lines kept of a run's output, and characters of each. */
export const MAX_LINES = 500;
export const MAX_LINE_CHARS = 2000;

/** The packages a run in a frame may import (render-libraries.ts bundles them). */
export const FRAME_PACKAGES: ReadonlySet<string> = new Set(['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client']);
/** `Symbol.for` key under which render-libraries.ts leaves the packages in the frame. */
export const LIBRARIES_KEY = 'docsgen.playground.libraries';

/** `import … from "X"` and `export … from "X"` of compiled code (bsc writes one per line). */
const IMPORT = /^(\s*(?:import|export)\b[^'"\n]*?\bfrom\s*|\s*import\s*)(["'])([^"'\n]+)\2/gm;
/** What may follow RUNTIME_IMPORT: one module of the runtime's folder. */
const RUNTIME_MODULE = /^[\w$.-]+\.js$/;
/** bsc's export list naming a module `App`. */
const EXPORTS_APP = /^export\s*\{[^}]*\bApp\b/m;

/** The specifiers a compiled module imports, in order, each once. */
export function importsOf(js: string): string[] {
  return [...new Set([...js.matchAll(IMPORT)].map((m) => m[3]!))];
}

/**
 * The runtime module an import names (`Stdlib_Array.js`), or undefined for any other import. With
 * `known` (a published runtime's modules: the browser compiler's output may reach them by another
 * path than the package's), an import whose file name is one of them names it too.
 */
export function runtimeModuleOf(specifier: string, known?: ReadonlySet<string>): string | undefined {
  const file = specifier.slice(specifier.lastIndexOf('/') + 1);
  const name = specifier.startsWith(RUNTIME_IMPORT) ? specifier.slice(RUNTIME_IMPORT.length) : known?.has(file) ? file : undefined;
  return name !== undefined && RUNTIME_MODULE.test(name) ? name : undefined;
}

/** `js` with each import specifier replaced by `to(specifier)` (unchanged where it gives undefined). */
export function replaceImports(js: string, to: (specifier: string) => string | undefined): string {
  return js.replace(IMPORT, (whole, head: string, quote: string, specifier: string) => {
    const target = to(specifier);
    return target === undefined ? whole : `${head}${quote}${target}${quote}`;
  });
}

export type PreparedRun =
  /** For a worker: the module with its runtime imports pointed at the runtime's URL. */
  | { module: string }
  /** For a frame (`canRender`): the module as compiled, and the runtime modules it imports. */
  | { render: { module: string; runtime: string[] } }
  /** What it imports that cannot be run here. */
  | { missing: string[] };

/**
 * How to run a compiled module: in a worker, in a frame (React, or a module `App`, when the page
 * can render: `canRender`), or not at all. `runtimeUrl` (an absolute URL ending in `/`) serves the
 * runtime's modules, if anything does.
 */
export function prepareRun(js: string, runtimeUrl: string | undefined, canRender = false, known?: ReadonlySet<string>): PreparedRun {
  const imports = importsOf(js);
  const runtime: string[] = [];
  const missing: string[] = [];
  let usesReact = false;
  for (const specifier of imports) {
    const name = runtimeModuleOf(specifier, known);
    if (name !== undefined && runtimeUrl !== undefined) runtime.push(name);
    else if (canRender && FRAME_PACKAGES.has(specifier)) usesReact = true;
    else missing.push(specifier);
  }
  if (missing.length > 0) return { missing };
  // The frame's import map knows the runtime's modules by the package's specifier.
  if (canRender && (usesReact || EXPORTS_APP.test(js))) return { render: { module: replaceImports(js, (specifier) => canonical(specifier, known)), runtime } };
  return {
    module: replaceImports(js, (specifier) => {
      const name = runtimeModuleOf(specifier, known);
      return name === undefined ? undefined : `${runtimeUrl}${name}`;
    }),
  };
}

/** The package's specifier for an import of a runtime module by another path, else undefined (left as it is). */
function canonical(specifier: string, known?: ReadonlySet<string>): string | undefined {
  const name = runtimeModuleOf(specifier, known);
  return name === undefined || specifier === `${RUNTIME_IMPORT}${name}` ? undefined : `${RUNTIME_IMPORT}${name}`;
}

/**
 * The runtime modules `names` import, and theirs, by the specifier code imports them with; their
 * own relative imports (`./Primitive_option.js`) rewritten to that specifier, which the frame's
 * import map resolves.
 */
export async function runtimeModules(names: string[], runtimeUrl: string, fetchText: (url: string) => Promise<string>): Promise<Record<string, string>> {
  const modules: Record<string, string> = {};
  const seen = new Set<string>();
  let wave = names;
  while (wave.length > 0) {
    for (const name of wave) seen.add(name);
    const sources = await Promise.all(wave.map((name) => fetchText(`${runtimeUrl}${name}`)));
    const next: string[] = [];
    wave.forEach((name, i) => {
      const source = replaceImports(sources[i]!, (specifier) => {
        const own = specifier.startsWith('./') ? runtimeModuleOf(`${RUNTIME_IMPORT}${specifier.slice(2)}`) : undefined;
        return own === undefined ? undefined : `${RUNTIME_IMPORT}${own}`;
      });
      modules[`${RUNTIME_IMPORT}${name}`] = source;
      for (const specifier of importsOf(source)) {
        const dep = runtimeModuleOf(specifier);
        if (dep !== undefined && !seen.has(dep) && !next.includes(dep)) next.push(dep);
      }
    });
    wave = next;
  }
  return modules;
}

/** What the frame is sent to run: the libraries' script, modules by specifier, and the code. */
export interface FrameJob {
  libraries: string;
  modules: Record<string, string>;
  entry: string;
}

/**
 * The sandbox's own code, run before the reader's module, in a worker (`frame` null) or in the
 * frame: console to messages, timers counted, then the module imported when the page sends it. A
 * worker posts `done` once no timer is left; a frame renders `App.make`, else the module's own
 * `make` (unless the code renders by itself, through react-dom/client) and posts `done` at once: a component lives on, and its
 * timers and events keep printing until the next run. Self-contained: it is sent as source.
 */
export function sandboxMain(limits: { maxLines: number; maxChars: number }, frame: { librariesKey: string } | null): void {
  const inFrame = frame !== null;
  const post = inFrame ? (message: unknown) => parent.postMessage(message, '*') : (message: unknown) => (self as unknown as Worker).postMessage(message);
  let lines = 0;
  const seen = new WeakSet<object>();
  const show = (value: unknown, depth: number): string => {
    if (typeof value === 'string') return depth === 0 ? value : JSON.stringify(value);
    if (typeof value === 'bigint') return `${value}n`;
    if (typeof value === 'function') return `[Function${value.name ? `: ${value.name}` : ''}]`;
    if (typeof value === 'symbol') return value.toString();
    if (value === null || typeof value !== 'object') return String(value);
    if (seen.has(value)) return '[Circular]';
    if (depth > 4) return Array.isArray(value) ? '[Array]' : '[Object]';
    seen.add(value);
    try {
      // A stack without the frames of the libraries' script (React's internals, `<anonymous>`).
      if (value instanceof Error) return value.stack && value.stack.includes(value.message) ? value.stack.replace(/\n\s*at [^\n]*\(<anonymous>:\d+:\d+\)(?=\n|$)/g, '') : `${value.name}: ${value.message}`;
      if (Array.isArray(value)) return `[${value.map((v) => show(v, depth + 1)).join(', ')}]`;
      if (value instanceof Map) return `Map(${value.size}) {${[...value].map(([k, v]) => `${show(k, depth + 1)} => ${show(v, depth + 1)}`).join(', ')}}`;
      if (value instanceof Set) return `Set(${value.size}) {${[...value].map((v) => show(v, depth + 1)).join(', ')}}`;
      if (value instanceof Date) return value.toISOString();
      if (typeof Node !== 'undefined' && value instanceof Node) return `<${value.nodeName.toLowerCase()}>`;
      const entries = Object.entries(value).map(([k, v]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}: ${show(v, depth + 1)}`);
      return entries.length === 0 ? '{}' : `{${entries.join(', ')}}`;
    } finally {
      seen.delete(value);
    }
  };
  const emit = (level: string, args: unknown[]) => {
    if (lines++ >= limits.maxLines) {
      if (lines === limits.maxLines + 1) post({ type: 'truncated' });
      return;
    }
    const text = args.map((a) => show(a, 0)).join(' ');
    post({ type: 'line', level, text: text.length > limits.maxChars ? `${text.slice(0, limits.maxChars)}…` : text });
  };
  const target = console as unknown as Record<string, unknown>;
  for (const level of ['log', 'info', 'warn', 'error', 'debug']) target[level] = (...args: unknown[]) => emit(level, args);

  const pending = new Set<unknown>();
  const g = self as unknown as Record<string, (...args: unknown[]) => unknown>;
  const [setT, clearT, setI, clearI] = [g['setTimeout']!, g['clearTimeout']!, g['setInterval']!, g['clearInterval']!];
  g['setTimeout'] = (fn: unknown, ms?: unknown, ...rest: unknown[]) => {
    const id = setT(
      (...a: unknown[]) => {
        pending.delete(id);
        if (typeof fn === 'function') fn(...a);
      },
      ms,
      ...rest,
    );
    pending.add(id);
    return id;
  };
  g['clearTimeout'] = (id: unknown) => (pending.delete(id), clearT(id));
  g['setInterval'] = (...args: unknown[]) => {
    const id = setI(...args);
    pending.add(id);
    return id;
  };
  g['clearInterval'] = (id: unknown) => (pending.delete(id), clearI(id));

  // Handled here, so the page sees the text and not a failed worker.
  self.addEventListener('error', (e) => {
    e.preventDefault();
    emit('exception', [`Uncaught ${show((e as ErrorEvent).error ?? (e as ErrorEvent).message, 0)}`]);
  });
  self.addEventListener('unhandledrejection', (e) => {
    e.preventDefault();
    emit('exception', [`Uncaught (in promise) ${show((e as PromiseRejectionEvent).reason, 0)}`]);
  });
  const fail = (start: number) => (err: unknown) => {
    emit('exception', [`Uncaught ${show(err, 0)}`]);
    post({ type: 'done', ms: Math.round(performance.now() - start) });
  };
  if (!inFrame) {
    self.addEventListener('message', (e: MessageEvent<{ url: string }>) => {
      const start = performance.now();
      const settle = () =>
        setT(() => {
          if (pending.size > 0) settle();
          else post({ type: 'done', ms: Math.round(performance.now() - start) });
        }, 10);
      import(e.data.url).then(settle, fail(start));
    });
    return;
  }
  const url = (source: string) => URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  let started = false;
  addEventListener('message', (e: MessageEvent<FrameJob>) => {
    // The page's job, once; the code's own messages (it may post to itself) are not jobs.
    if (e.source !== parent || started) return;
    started = true;
    const start = performance.now();
    const { libraries, modules, entry } = e.data;
    const script = document.createElement('script');
    script.textContent = libraries;
    document.head.append(script);
    const key = frame.librariesKey;
    const found = (globalThis as unknown as Record<symbol, Record<string, Record<string, unknown>>>)[Symbol.for(key)]!;
    // Each package as a module of its own: its names re-exported from the script's objects.
    const imports: Record<string, string> = {};
    for (const [name, lib] of Object.entries(found)) {
      const names = Object.keys(lib).filter((k) => k !== 'default' && /^[A-Za-z_$][\w$]*$/.test(k));
      imports[name] = url(`const m = globalThis[Symbol.for(${JSON.stringify(key)})][${JSON.stringify(name)}];\nexport default m.default ?? m;\nexport const { ${names.join(', ')} } = m;\n`);
    }
    for (const [specifier, source] of Object.entries(modules)) imports[specifier] = url(source);
    const map = document.createElement('script');
    map.type = 'importmap';
    map.textContent = JSON.stringify({ imports });
    document.head.append(map);
    const root = document.getElementById('root')!;
    new ResizeObserver(() => post({ type: 'height', px: document.documentElement.scrollHeight })).observe(document.body);
    import(url(entry)).then((ns: { App?: { make?: unknown }; make?: unknown }) => {
      // The module App's component, else the file's own (`@react.component let make` at the top).
      const make = typeof ns.App?.make === 'function' ? ns.App.make : ns.make;
      const rendersItself = /^\s*import\b[^'"\n]*?["']react-dom\/client["']/m.test(entry);
      let shows = rendersItself ? 'own' : 'nothing';
      if (typeof make === 'function' && !rendersItself) {
        const client = found['react-dom/client'] as unknown as { createRoot(el: Element, o: object): { render(n: unknown): void } };
        const dom = found['react-dom'] as unknown as { flushSync(fn: () => void): void };
        const react = found['react'] as unknown as { createElement(type: unknown, props: object): unknown };
        let failed = false;
        const onError = (err: unknown) => ((failed = true), emit('exception', [`Uncaught ${show(err, 0)}`]));
        const app = client.createRoot(root, { onUncaughtError: onError, onCaughtError: onError, onRecoverableError: onError });
        dom.flushSync(() => app.render(react.createElement(make, {})));
        shows = failed ? 'failed' : 'app';
      }
      post({ type: 'done', ms: Math.round(performance.now() - start), shows });
    }, fail(start));
  });
}

export interface RunHandle {
  /** Settles when the run ends, by itself or stopped. */
  done: Promise<RunOutcome>;
  /** Ends the run now (a newer run starts, the page leaves). */
  stop(): void;
}

/** A message of the sandbox (`sandboxMain`), as the page takes it: fields checked, not trusted. */
export type SandboxMessage =
  | { type: 'line'; line: OutputLine }
  | { type: 'truncated' }
  | { type: 'done'; ms: number; shows?: FrameShows }
  | { type: 'height'; px: number };

export function readSandboxMessage(data: unknown): SandboxMessage | undefined {
  const m = (data ?? {}) as { type?: unknown; level?: unknown; text?: unknown; ms?: unknown; px?: unknown; shows?: unknown };
  if (m.type === 'line' && typeof m.level === 'string' && OUTPUT_LEVELS.has(m.level) && typeof m.text === 'string') return { type: 'line', line: { level: m.level as OutputLevel, text: m.text } };
  if (m.type === 'truncated') return { type: 'truncated' };
  if (m.type === 'done' && typeof m.ms === 'number') return { type: 'done', ms: m.ms, ...(m.shows === 'app' || m.shows === 'own' || m.shows === 'nothing' || m.shows === 'failed' ? { shows: m.shows } : {}) };
  if (m.type === 'height' && typeof m.px === 'number' && Number.isFinite(m.px)) return { type: 'height', px: m.px };
  return undefined;
}

/**
 * What both runners keep of a run: its lines (each passed on to `onLine`), whether any were
 * dropped, and its outcome, settled once by `end` (which calls `cleanUp` first).
 */
export class RunRecord {
  readonly lines: OutputLine[] = [];
  readonly done: Promise<RunOutcome>;
  private readonly started = performance.now();
  private truncated = false;
  private over = false;
  private finish!: (outcome: RunOutcome) => void;

  constructor(
    private readonly cleanUp: () => void,
    private readonly onLine?: (line: OutputLine) => void,
  ) {
    this.done = new Promise((resolve) => (this.finish = resolve));
  }

  get ended(): boolean {
    return this.over;
  }

  /** Milliseconds since the run started. */
  elapsed(): number {
    return Math.round(performance.now() - this.started);
  }

  print(line: OutputLine): void {
    this.lines.push(line);
    this.onLine?.(line);
  }

  /** Takes a line or the truncation mark; returns the message when it is another kind. */
  take(message: SandboxMessage | undefined): SandboxMessage | undefined {
    if (message?.type === 'line') this.print(message.line);
    else if (message?.type === 'truncated') this.truncated = true;
    else return message;
    return undefined;
  }

  end(extra: Partial<RunOutcome> & { ms: number }): void {
    if (this.over) return;
    this.over = true;
    this.cleanUp();
    this.finish({ lines: this.lines, ...(this.truncated ? { truncated: true } : {}), ...extra });
  }
}

/** Runs a prepared module (`prepareRun`) in a worker of its own; `onLine` sees each line as it comes. */
export function runModule(module: string, onLine?: (line: OutputLine) => void, limitMs = RUN_LIMIT_MS): RunHandle {
  const moduleUrl = URL.createObjectURL(new Blob([module], { type: 'text/javascript' }));
  const bootUrl = URL.createObjectURL(
    new Blob([`(${sandboxMain.toString()})(${JSON.stringify({ maxLines: MAX_LINES, maxChars: MAX_LINE_CHARS })}, null);`], { type: 'text/javascript' }),
  );
  const worker = new Worker(bootUrl, { type: 'module', name: 'playground-run' });
  const run = new RunRecord(() => {
    clearTimeout(timer);
    worker.terminate();
    URL.revokeObjectURL(moduleUrl);
    URL.revokeObjectURL(bootUrl);
  }, onLine);
  const timer = setTimeout(() => run.end({ ms: limitMs, stopped: true }), limitMs);
  worker.addEventListener('message', (e: MessageEvent) => {
    const m = run.take(readSandboxMessage(e.data));
    if (m?.type === 'done') run.end({ ms: m.ms });
  });
  // The worker's own script failing (a browser without module workers) ends the run with a word.
  worker.addEventListener('error', (e) => {
    e.preventDefault();
    run.print({ level: 'exception', text: e.message || 'The code could not be started.' });
    run.end({ ms: run.elapsed() });
  });
  worker.postMessage({ url: moduleUrl });
  return { done: run.done, stop: () => run.end({ ms: run.elapsed(), stopped: true }) };
}

/**
 * A run whose runner is still loading (the frame runner is a chunk of its own): stopping it before
 * it starts stops it as it starts. A runner that cannot load ends the run with a word.
 */
export function deferredRun(start: Promise<RunHandle>): RunHandle {
  let stopped = false;
  let handle: RunHandle | undefined;
  const done = start.then(
    (h) => {
      handle = h;
      if (stopped) h.stop();
      return h.done;
    },
    (err: unknown): RunOutcome => ({ lines: [{ level: 'exception', text: `The playground could not load what runs this code: ${err instanceof Error ? err.message : String(err)}` }], ms: 0 }),
  );
  return {
    done,
    stop: () => {
      stopped = true;
      handle?.stop();
    },
  };
}
