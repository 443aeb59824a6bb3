import path from 'node:path';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { compilePage, type CompileContext, type CompileInput, type Highlight } from '../render/compile.ts';
import { ensureLanguages, getHighlighter, languagesIn } from '../render/highlight.ts';
import { toolDir, type ResolvedConfig } from './config.ts';
import { DocsgenError } from './errors.ts';
import { CacheReader, CacheWriter, contextKey, HEAVY_FIELDS, readBack, routesHold, type ReadBackField, type RecordPlace } from './cache.ts';
import { firstHeadingText } from '../util/text.ts';
import { HighlightThread } from './highlight-thread.ts';
import { releaseText } from './load.ts';
import type { CompiledPage, Page } from './types.ts';
import { addStageTime, timeStage } from './stage-times.ts';


export interface CompileOptions {
  pages: Page[];
  ctx: CompileContext;
  config: ResolvedConfig;
  /** Called after each page, for progress output. */
  onProgress?: (done: number, total: number) => void;
  /** Told how many pages came from the on-disk cache, or why none did. */
  onCache?: (reused: number, reason: string | undefined) => void;
  /** The compiled-page cache could not be written (a full disk): the next build compiles every page. */
  onCacheUnwritten?: (reason: string) => void;
  /** Workers started early by the caller (CompilerPool.start); else started here when worth it. */
  pool?: CompilerPool | undefined;
  /** Told which threads compile, once, when there are pages to compile. */
  onPlan?: (description: string) => void;
  /** Called on the main thread as each page is ready (from the cache or compiled), to stream rendering. */
  onPage?: (page: CompiledPage) => void;
  /**
   * What the build makes of a freshly compiled page and keeps with it, in its cache record (its
   * search lines): called before `onPage`, and not for a page from the cache, which has them.
   */
  derive?: ((page: CompiledPage) => Pick<CompiledPage, 'searchLines'>) | undefined;
  /** Compiled pages kept in memory between builds (serve --watch): used instead of the on-disk cache. */
  memory?: CompileMemory | undefined;
  /**
   * Offered the highlight thread when there is one, for other work while the pages compile (the
   * file writes: OutputWriter.hostOn); what it returns takes the thread back at the compile's end
   * (its heap, ~130 MB at ×4 of the bench corpus, is not held through the rest of the build).
   */
  lendThread?: ((thread: Worker) => () => Promise<void>) | undefined;
}

/** Compiled pages a long-lived process keeps between builds, valid for one compile context key. */
export interface CompileMemory {
  key: string;
  pages: Map<string, { hash: string; page: CompiledPage }>;
}

/**
 * How a build spreads its work (`--workers N` overrides it):
 * - from 50 pages, the main thread compiles and one thread highlights: the work splits without
 *   either thread warming up the other's code. On two cores this beats page compiler threads at
 *   every size measured (alternated cold builds: 0.75 of their time at 300 pages, 0.94 at 1000,
 *   with 20 % less peak RSS);
 * - with more cores and from 300 pages, page compiler threads, one per core: the split above
 *   keeps two threads busy at most, while page compilers scale with the cores (each pays its own
 *   warm-up, which is why they need the pages). Not measurable on the 2-core machines here.
 */
const MIN_PAGES_FOR_HIGHLIGHT_THREAD = 50;
const MIN_PAGES_FOR_WORKERS = 300;
const MIN_CORES_FOR_WORKERS = 3;
const BATCH = 16;
/** Pages whose fences tell the highlight thread which grammars to warm up first. */
const WARM_AHEAD = 32;

/** Front matter title, else (syntax entries) the name, else the first h1, else the file name. */
export function pageTitle(page: Page): string {
  const s = page.source;
  return (
    page.meta.title ??
    (s.kind === 'syntax' ? page.meta.name : undefined) ??
    firstHeadingText(s.raw.split('\n').slice(s.frontMatter?.lineCount ?? 0).join('\n')) ??
    s.id.split('/').pop()!.replace(/\.mdx?$/, '')
  );
}

export function compileInput(page: Page): CompileInput {
  const s = page.source;
  return {
    id: s.id,
    displayPath: s.displayPath,
    raw: s.raw,
    route: s.route,
    frontMatterLines: s.frontMatter?.lineCount ?? 0,
    title: pageTitle(page),
    ...(s.format ? { format: s.format } : {}),
  };
}

function workerCount(config: ResolvedConfig, pages: number): number {
  if (config.workers !== undefined) return config.workers;
  const cores = availableParallelism();
  if (pages < MIN_PAGES_FOR_WORKERS || cores < MIN_CORES_FOR_WORKERS) return 0;
  return Math.max(1, Math.min(cores, 8, Math.ceil(pages / BATCH)));
}

export interface Compiled {
  /**
   * Every page. With the on-disk cache, a light copy: its HTML, headings, text and Markdown are read back
   * from the cache file when something asks for them, so memory does not grow with the site.
   */
  pages: Map<string, CompiledPage>;
  /**
   * What finishes after the pages are ready and is no reason to hold them back: writing the
   * compiled-page cache, the highlight thread's exit. The build awaits it before it returns.
   */
  settled: Promise<void>;
  /** Closes the cache file the light pages read from: call it once nothing reads them any more. */
  release(): Promise<void>;
}

/** Compiles every page's Markdown (the expensive part of a build), on threads when worth it. */
export async function compilePages(opts: CompileOptions): Promise<Compiled> {
  const { pages, ctx, config } = opts;
  if (opts.memory) return compileWithMemory(opts, opts.memory, contextKey(ctx, config.toolVersion));
  if (config.cacheDir === false) return compileAll(opts, pages);
  return compileWithCache(opts, config.cacheDir, contextKey(ctx, config.toolVersion));
}

/**
 * With the on-disk cache: each page, from the last file or compiled now, is appended to the next
 * file as soon as it is ready and kept in memory only as a light copy (STYLE: stream, do not hold
 * every page's HTML). An unchanged page's record is copied as bytes, not encoded again.
 */
async function compileWithCache(opts: CompileOptions, dir: string, key: string): Promise<Compiled> {
  const { pages, onCache, onPage } = opts;
  const opened = timeStage('cache', () => CacheReader.open(dir, key));
  const reader = opened instanceof CacheReader ? opened : undefined;
  let writer: CacheWriter | undefined;
  try {
    writer = CacheWriter.create(dir, key, reader);
  } catch {
    writer = undefined; // a cache is an optimisation: no writable cache directory, no cache
  }
  const hashOf = new Map(pages.map((p) => [p.source.id, p.source.hash]));
  const keep = (page: CompiledPage): CompiledPage => {
    if (!writer) return page;
    const w = writer;
    const place = timeStage('cache', () => w.add(page.id, hashOf.get(page.id) ?? '', page));
    return place ? lightPage(page, w, place) : page;
  };
  const out = new Map<string, CompiledPage>();
  const stale: Page[] = [];
  for (const page of pages) {
    const place = reader?.place(page.source.id, page.source.hash);
    // An unchanged page: its light fields are read, the rest only if asked for (an incremental
    // build renders few pages, and reads few search lines). One object per page: its light copy,
    // reading back from the next cache file, where its record is kept (or copied) first.
    const light = place && timeStage('cache', () => readOrUndefined(() => reader!.readLight(place)));
    if (!place || !light || !routesHold(light, opts.ctx.routeByFile)) {
      stale.push(page);
      continue;
    }
    const w = writer;
    const kept = w && timeStage('cache', () => w.keep(light.id, page.source.hash, place, reader!));
    const compiled = w && kept ? lightPage(light, w, kept) : reader!.lazily(light, place);
    onPage?.(compiled);
    out.set(compiled.id, compiled);
  }
  onCache?.(out.size, out.size === 0 ? (reader ? 'no page unchanged' : (opened as { reason: string }).reason) : undefined);
  const fresh = stale.length > 0 ? await compileAll(opts, stale, keep, reader && ((id) => blocksFromRecord(reader, id))) : undefined;
  for (const [id, page] of fresh?.pages ?? []) out.set(id, page);
  const written = writer
    ? timedAsync('cache', () => writer.commit()).then(
        () => true,
        (err: unknown) => {
          opts.onCacheUnwritten?.((err as Error).message);
          return false;
        },
      )
    : Promise.resolve(false);
  return {
    pages: out,
    settled: Promise.all([fresh?.settled, written]).then(() => undefined),
    release: async () => {
      const committed = await written;
      await writer?.close(committed);
      reader?.close();
    },
  };
}

/** Highlighted blocks of a page's last compiled record (key → HTML), to reuse when it compiles again. */
type PreviousBlocks = (id: string) => ReadonlyMap<string, string> | undefined;

function blocksFromRecord(reader: CacheReader, id: string): ReadonlyMap<string, string> | undefined {
  const place = reader.lastPlace(id);
  try {
    const blocks = place && reader.readHeavy(place, 'blocks');
    return blocks?.length ? blocksOf(blocks, reader.readHtml(place!)) : undefined;
  } catch {
    return undefined; // an unreadable record: the blocks are highlighted again
  }
}

function blocksOf(blocks: NonNullable<CompiledPage['blocks']>, html: string): Map<string, string> {
  return new Map(blocks.map(([key, start, end]) => [key, html.slice(start, end)]));
}

function readOrUndefined(read: () => CompiledPage): CompiledPage | undefined {
  try {
    return read();
  } catch {
    return undefined; // a record that cannot be read: the page is compiled again
  }
}

/**
 * The fields of a page the light copy reads back from the cache file when asked for, and does not
 * keep: the heavy ones and the HTML, and the headings, file → route lookups and anchors (after the
 * compile, the build reads of every page only its title, links, islands and messages; headings:
 * the syntax lookup's intro page alone; anchors: the pages an anchor link of another page points
 * to, and the syntax lookup's). Kept as one string per page, the anchors were 3.6 MB at ×4 of the
 * bench corpus (5.5 MB as arrays of strings), most of them an API page's ids nobody links to.
 */
const READ_BACK: readonly ReadBackField[] = ['html', ...HEAVY_FIELDS, 'headings', 'fileRoutes', 'anchors'];
const READ_BACK_SET = new Set<string>(READ_BACK);

/**
 * What the build keeps of a compiled page: its light fields, the others read back from its record
 * at `place` when asked for (and not kept; those of the page given are not read here: a page from
 * the cache reads them from the file lazily). Each field is defined once, data fields first: a data
 * field turned into a getter afterwards made every copy a dictionary-mode object (their property
 * tables were 3.9 MB at ×4).
 */
function lightPage(page: CompiledPage, file: CacheWriter, place: RecordPlace): CompiledPage {
  const light: Record<string, unknown> = {};
  for (const k of Object.keys(page)) if (!READ_BACK_SET.has(k)) light[k] = page[k as keyof CompiledPage];
  return readBack(light, file, place, READ_BACK) as unknown as CompiledPage;
}

/** A long-lived process (serve --watch) keeps its compiled pages in memory between builds. */
async function compileWithMemory(opts: CompileOptions, memory: CompileMemory, key: string): Promise<Compiled> {
  const { pages, config, onCache, onPage } = opts;
  // A session's memory is read from disk once, then kept: a rebuild reads and writes no cache file.
  let cached = memory.key === key && memory.pages.size > 0 ? memory.pages : undefined;
  let reason: string | undefined;
  const fromMemory = cached !== undefined;
  if (!cached && config.cacheDir !== false) {
    const opened = CacheReader.open(config.cacheDir, key);
    cached = new Map();
    if (opened instanceof CacheReader) {
      for (const p of pages) {
        const page = opened.record(p.source.id, p.source.hash);
        if (page) cached.set(p.source.id, { hash: p.source.hash, page });
      }
      opened.close();
    } else reason = opened.reason;
  }
  cached ??= new Map();
  if (config.cacheDir === false && !fromMemory) reason = 'cache disabled';
  const out = new Map<string, CompiledPage>();
  const stale: Page[] = [];
  for (const page of pages) {
    const hit = cached.get(page.source.id);
    if (hit && hit.hash === page.source.hash && routesHold(hit.page, opts.ctx.routeByFile)) out.set(page.source.id, hit.page);
    else stale.push(page);
  }
  onCache?.(out.size, out.size === 0 ? (reason ?? 'no page unchanged') : undefined);
  if (onPage) for (const page of out.values()) onPage(page);
  const previous = (id: string) => {
    const last = cached.get(id)?.page;
    return last?.blocks?.length ? blocksOf(last.blocks, last.html) : undefined;
  };
  const fresh = stale.length > 0 ? await compileAll(opts, stale, keepAll, previous) : undefined;
  for (const [id, page] of fresh?.pages ?? []) out.set(id, page);
  memory.key = key;
  memory.pages = new Map(pages.map((p) => [p.source.id, { hash: p.source.hash, page: out.get(p.source.id)! }]));
  // The session's first build leaves a cache file for the next process.
  let written: Promise<unknown> = Promise.resolve();
  if (!fromMemory && stale.length > 0 && config.cacheDir !== false) {
    const dir = config.cacheDir;
    written = (async () => {
      const w = CacheWriter.create(dir, key);
      let ok = false;
      try {
        for (const [id, { hash, page }] of memory.pages) w.add(id, hash, page);
        await w.commit();
        ok = true;
      } finally {
        await w.close(ok);
      }
    })().catch(() => undefined);
  }
  return { pages: out, settled: Promise.all([fresh?.settled, written]).then(() => undefined), release: () => Promise.resolve() };
}

/** What the build keeps of a page once it has been handed on (a light copy, or the page itself). */
type Keep = (page: CompiledPage) => CompiledPage;
const keepAll: Keep = (page) => page;

async function compileAll(
  { ctx, config, onProgress, pool, onPage: handOn, derive, onPlan, lendThread }: CompileOptions,
  pages: Page[],
  keep: Keep = keepAll,
  previous?: PreviousBlocks,
): Promise<Compiled> {
  const release = () => Promise.resolve();
  const onPage = derive
    ? (page: CompiledPage) => {
        Object.assign(page, derive(page));
        handOn?.(page);
      }
    : handOn;
  const workers = pool ?? CompilerPool.start(config, pages.length);
  if (workers) {
    onPlan?.(workers.description);
    try {
      const compiled = await workers.compile(pages.map(compileInput), ctx, onProgress, onPage, keep);
      for (const page of pages) releaseText(page.source);
      return { pages: compiled, settled: Promise.resolve(), release };
    } finally {
      // Also a pool the caller started: its threads' memory is freed before the cache is
      // serialised (peak RSS is what counts). close() is idempotent.
      await workers.close();
    }
  }
  // Started only now that the pages to compile are known (a rebuild with a warm cache compiles a
  // few): it has until the main thread's last page to catch up, so starting late costs nothing.
  // A thread `docsgen build` started at launch is used whatever the count: it is warm by now, and
  // this thread then never loads shiki (a one-edit build waited ~50 ms for it here).
  const worker =
    config.workers === undefined &&
    built('highlight-worker.cjs') &&
    (pages.length >= MIN_PAGES_FOR_HIGHLIGHT_THREAD || loader().startedEarly('highlight-worker.cjs'))
      ? startWorker('highlight-worker.cjs')
      : undefined;
  const thread = worker && new HighlightThread(worker);
  const takeBack = worker && lendThread?.(worker);
  onPlan?.(thread ? 'pages compiled on the main thread, code highlighted on a thread of its own' : 'pages compiled on the main thread');
  const stop = () => {
    thread?.close();
    return worker ? stopWorker(worker) : Promise.resolve();
  };
  let compiled: Map<string, CompiledPage>;
  try {
    compiled = await compileHere(pages, ctx, thread, onPage, onProgress, keep, previous);
  } catch (err) {
    await takeBack?.();
    await stop();
    throw err;
  }
  await takeBack?.();
  // The thread's exit (it tears down a whole Node environment, ~20 ms) overlaps the rest of the
  // build instead of holding it up.
  return { pages: compiled, settled: stop(), release };
}

/**
 * Compiles pages on this thread. With a highlight thread, each page waits for its code blocks'
 * HTML; the answers are taken in between pages, so pages still stream out as they are done.
 */
async function compileHere(
  pages: Page[],
  ctx: CompileContext,
  thread: HighlightThread | undefined,
  onPage: ((page: CompiledPage) => void) | undefined,
  onProgress: ((done: number, total: number) => void) | undefined,
  keep: Keep,
  previous: PreviousBlocks | undefined,
): Promise<Map<string, CompiledPage>> {
  const out = new Map<string, CompiledPage>();
  const finish = (page: CompiledPage) => {
    if (thread) page = { ...page, ...thread.fill(page.html) };
    onPage?.(page);
    out.set(page.id, keep(page));
    onProgress?.(out.size, pages.length);
  };
  // An input is made as its page compiles and dropped after: it holds the page's source text, and
  // a generated API page makes its Markdown when asked (all of them made first grew with the site).
  // Without a highlight thread the languages of every page are loaded first (a small site, or
  // `--workers 0`), so the inputs are made first.
  let inputs: (CompileInput | undefined)[] | undefined;
  let highlight: Highlight;
  if (thread) {
    highlight = thread.highlight;
    // The grammars of the first pages, so the thread warms them up while this one parses (their
    // inputs are made now, and used as they come).
    inputs = pages.slice(0, WARM_AHEAD).map(compileInput);
    thread.prepare(inputs.flatMap((input) => [...languagesIn(input!.raw)]));
  } else {
    inputs = pages.map(compileInput);
    highlight = await getHighlighter();
    await ensureLanguages(highlight, new Set(inputs.flatMap((i) => [...languagesIn(i!.raw)])));
  }
  const waiting: { page: CompiledPage; jobs: number }[] = [];
  /** Finishes the waiting pages whose every job is answered, in order. */
  const finishAnswered = () => {
    while (waiting.length > 0 && waiting[0]!.jobs <= thread!.answered) finish(waiting.shift()!.page);
  };
  for (let i = 0; i < pages.length; i++) {
    const input = inputs?.[i] ?? compileInput(pages[i]!);
    if (inputs && i < inputs.length) inputs[i] = undefined;
    // An edited page's unchanged code blocks come from its last compile, not the highlighter.
    thread?.reuseFor(previous && timeStage('cache', () => previous(input.id)));
    const page = timeStage('compile', () => compilePage(input, ctx, highlight));
    releaseText(pages[i]!.source);
    if (!thread) {
      finish(page);
      continue;
    }
    thread.poll();
    thread.flush();
    waiting.push({ page, jobs: thread.queued });
    finishAnswered();
  }
  if (thread) {
    // The main thread's wait for the highlight thread's last answers: the pages they complete are
    // finished as they come, not all after the last one (at 200 pages the highlight thread still
    // had a third of the pages to answer when this thread was done compiling).
    let finishing = 0;
    const start = performance.now();
    await thread.settle(() => {
      const t = performance.now();
      finishAnswered();
      finishing += performance.now() - t;
    });
    addStageTime('highlight', performance.now() - start - finishing);
    for (const { page } of waiting) finish(page);
  }
  return out;
}

async function timedAsync<T>(stage: 'cache', fn: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await fn();
  } finally {
    addStageTime(stage, performance.now() - start);
  }
}

/**
 * Render worker threads. Started as early as possible (before content is loaded) so that loading
 * the compiler bundle and creating the highlighter overlap with the main thread's reading.
 */
export class CompilerPool {
  private constructor(private readonly workers: Worker[]) {}

  /** What the threads do, for `--verbose`. */
  get description(): string {
    return `pages compiled on ${this.workers.length} worker thread${this.workers.length === 1 ? '' : 's'}`;
  }

  /** A pool sized for `pages`, or undefined when the main thread alone is faster. */
  static start(config: ResolvedConfig, pages: number): CompilerPool | undefined {
    const n = built('worker.cjs') ? workerCount(config, pages) : 0;
    if (n === 0) return undefined;
    return new CompilerPool(Array.from({ length: n }, () => startWorker('worker.cjs')));
  }

  async compile(
    inputs: CompileInput[],
    ctx: CompileContext,
    onProgress?: (done: number, total: number) => void,
    onPage?: (page: CompiledPage) => void,
    keep: Keep = keepAll,
  ): Promise<Map<string, CompiledPage>> {
    const out = new Map<string, CompiledPage>();
    // Big pages first, so no worker is left with a long tail.
    const queue = [...inputs].sort((a, b) => b.raw.length - a.raw.length);
    const batches: CompileInput[][] = [];
    for (let i = 0; i < queue.length; i += BATCH) batches.push(queue.slice(i, i + BATCH));
    let next = 0;
    await Promise.all(
      this.workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const send = () => {
              if (next >= batches.length) return resolve();
              const batch = next++;
              worker.postMessage({ type: 'compile', batch, inputs: batches[batch] });
            };
            const onMessage = (msg: { type: 'ready' } | { type: 'done'; results: CompiledPage[] }) => {
              // The worker gets its next batch first: rendering these results on this thread
              // takes a while, and it would otherwise wait for that.
              const finished = next >= batches.length;
              if (!finished) send();
              if (msg.type === 'done') {
                for (const r of msg.results) {
                  onPage?.(r);
                  out.set(r.id, keep(r));
                }
                onProgress?.(out.size, inputs.length);
              }
              if (finished) {
                worker.off('message', onMessage);
                worker.off('error', onError);
                resolve();
              }
            };
            const onError = (err: Error) => reject(new DocsgenError('WorkerCrashed', err.message));
            worker.on('message', onMessage);
            worker.on('error', onError);
            worker.once('exit', (code) => {
              if (code !== 0) reject(new DocsgenError('WorkerCrashed', `exit code ${code}`));
            });
            worker.postMessage({ type: 'init', ctx });
          }),
      ),
    );
    return out;
  }

  private closed: Promise<void> | undefined;

  /**
   * Stops the workers (once; later calls wait for the same). Each is asked to exit first, so it can
   * write the code cache it may owe; one that does not exit within a second is terminated.
   */
  close(): Promise<void> {
    this.closed ??= Promise.all(this.workers.map(stopWorker)).then(() => undefined);
    return this.closed;
  }
}

/** Whether this bundle of dist/ exists (not when docsgen runs from its sources, as in unit tests). */
function built(bundle: string): boolean {
  return existsSync(path.join(toolDir(), 'dist', bundle));
}

/** bin/load.cjs: starts docsgen's bundles on threads, and hands out the ones started at launch. */
function loader(): { startThread(bundle: string): Worker; startedEarly(bundle: string): boolean } {
  return createRequire(import.meta.url)(path.join(toolDir(), 'bin', 'load.cjs')) as ReturnType<typeof loader>;
}

/**
 * A thread running one of docsgen's bundles (`worker.cjs`: page compiler, `highlight-worker.cjs`:
 * highlighter), started by the same loader as the CLI (V8 code cache, heap sizes), which may have
 * started it before the CLI was even loaded (bin/docsgen.js).
 */
function startWorker(bundle: string): Worker {
  return loader().startThread(bundle);
}

/**
 * Stops a compiler thread. It is asked to exit first, so it can write the code cache it may owe;
 * one that does not exit within a second is terminated.
 */
async function stopWorker(worker: Worker): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.postMessage({ type: 'exit' });
  await Promise.race([exited, new Promise<void>((resolve) => (timer = setTimeout(resolve, 1000)))]);
  clearTimeout(timer);
  await worker.terminate(); // a no-op once it has exited
}
