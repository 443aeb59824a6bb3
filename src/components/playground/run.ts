// Running the compiled JavaScript for the playground's Output tab. Browser code: no React, no Node.
//
// The code runs as a module in a Web Worker of its own, made for one run and terminated after it:
// it reaches no page, no DOM and no storage of the page, and code that never ends (a loop, an
// interval) is stopped after RUN_LIMIT_MS without freezing the page, which an iframe on the page's
// thread would. It runs only when the reader asks (the Run button): code from a shared link is
// never run on opening it. `console` in the worker posts each call to the page as text.
//
// Compiled code imports the ReScript runtime (`@rescript/runtime/lib/es6/Stdlib_Array.js`);
// `docsgen serve` serves those modules (RUNTIME_PATH), and the imports are pointed there. Any other
// import (`react/jsx-runtime`, another module of a project) cannot be run here, and is said so.
import { RUNTIME_IMPORT } from './protocol.ts';

export type OutputLevel = 'log' | 'info' | 'warn' | 'error' | 'debug' | 'exception';

export interface OutputLine {
  level: OutputLevel;
  text: string;
}

export interface RunOutcome {
  lines: OutputLine[];
  /** Milliseconds from start to the last timer's end. */
  ms: number;
  /** Stopped at the time limit: a loop, or a timer or interval still pending. */
  stopped?: boolean;
  /** More lines were printed than are kept. */
  truncated?: boolean;
}

/** The longest a run may take. */
export const RUN_LIMIT_MS = 5000;
/** Lines kept of a run's output, and characters of each. */
export const MAX_LINES = 500;
export const MAX_LINE_CHARS = 2000;

/** `import … from "X"` and `export … from "X"` of compiled code (bsc writes one per line). */
const IMPORT = /^(\s*(?:import|export)\b[^'"\n]*?\bfrom\s*|\s*import\s*)(["'])([^"'\n]+)\2/gm;

/**
 * The compiled module with its runtime imports pointed at `runtimeUrl` (an absolute URL ending in
 * `/`), or the imports that cannot be run here: any other, and the runtime's when no URL serves it.
 */
export function prepareRun(js: string, runtimeUrl: string | undefined): { module: string } | { missing: string[] } {
  const missing = new Set<string>();
  const module = js.replace(IMPORT, (whole, head: string, quote: string, specifier: string) => {
    if (runtimeUrl !== undefined && specifier.startsWith(RUNTIME_IMPORT) && /^[\w$.-]+\.js$/.test(specifier.slice(RUNTIME_IMPORT.length))) {
      return `${head}${quote}${runtimeUrl}${specifier.slice(RUNTIME_IMPORT.length)}${quote}`;
    }
    missing.add(specifier);
    return whole;
  });
  return missing.size > 0 ? { missing: [...missing] } : { module };
}

/**
 * The worker's own code, run before the reader's module: console to messages, timers counted, the
 * module imported, then `done` once no timer is left. Self-contained: it is sent as source.
 */
function workerMain(limits: { maxLines: number; maxChars: number }): void {
  const post = (message: unknown) => (self as unknown as Worker).postMessage(message);
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
      if (value instanceof Error) return value.stack && value.stack.includes(value.message) ? value.stack : `${value.name}: ${value.message}`;
      if (Array.isArray(value)) return `[${value.map((v) => show(v, depth + 1)).join(', ')}]`;
      if (value instanceof Map) return `Map(${value.size}) {${[...value].map(([k, v]) => `${show(k, depth + 1)} => ${show(v, depth + 1)}`).join(', ')}}`;
      if (value instanceof Set) return `Set(${value.size}) {${[...value].map((v) => show(v, depth + 1)).join(', ')}}`;
      if (value instanceof Date) return value.toISOString();
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
  self.addEventListener('message', (e: MessageEvent<{ url: string }>) => {
    const start = performance.now();
    const settle = () =>
      setT(() => {
        if (pending.size > 0) settle();
        else post({ type: 'done', ms: Math.round(performance.now() - start) });
      }, 10);
    import(e.data.url).then(settle, (err: unknown) => {
      emit('exception', [`Uncaught ${show(err, 0)}`]);
      post({ type: 'done', ms: Math.round(performance.now() - start) });
    });
  });
}

export interface RunHandle {
  /** Settles when the run ends, by itself or stopped. */
  done: Promise<RunOutcome>;
  /** Ends the run now (a newer run starts, the page leaves). */
  stop(): void;
}

/** Runs a prepared module (`prepareRun`) in a worker of its own; `onLine` sees each line as it comes. */
export function runModule(module: string, onLine?: (line: OutputLine) => void, limitMs = RUN_LIMIT_MS): RunHandle {
  const moduleUrl = URL.createObjectURL(new Blob([module], { type: 'text/javascript' }));
  const bootUrl = URL.createObjectURL(
    new Blob([`(${workerMain.toString()})(${JSON.stringify({ maxLines: MAX_LINES, maxChars: MAX_LINE_CHARS })});`], { type: 'text/javascript' }),
  );
  const worker = new Worker(bootUrl, { type: 'module', name: 'playground-run' });
  const lines: OutputLine[] = [];
  const started = performance.now();
  let truncated = false;
  let finish!: (outcome: RunOutcome) => void;
  const done = new Promise<RunOutcome>((resolve) => (finish = resolve));
  let over = false;
  const end = (extra: Partial<RunOutcome> & { ms: number }) => {
    if (over) return;
    over = true;
    clearTimeout(timer);
    worker.terminate();
    URL.revokeObjectURL(moduleUrl);
    URL.revokeObjectURL(bootUrl);
    finish({ lines, ...(truncated ? { truncated } : {}), ...extra });
  };
  const timer = setTimeout(() => end({ ms: limitMs, stopped: true }), limitMs);
  worker.addEventListener('message', (e: MessageEvent<{ type: 'line'; level: OutputLevel; text: string } | { type: 'truncated' } | { type: 'done'; ms: number }>) => {
    const m = e.data;
    if (m.type === 'line') {
      const line = { level: m.level, text: m.text };
      lines.push(line);
      onLine?.(line);
    } else if (m.type === 'truncated') truncated = true;
    else end({ ms: m.ms });
  });
  // The worker's own script failing (a browser without module workers) ends the run with a word.
  worker.addEventListener('error', (e) => {
    e.preventDefault();
    lines.push({ level: 'exception', text: e.message || 'The code could not be started.' });
    end({ ms: Math.round(performance.now() - started) });
  });
  worker.postMessage({ url: moduleUrl });
  return { done, stop: () => end({ ms: Math.round(performance.now() - started), stopped: true }) };
}
