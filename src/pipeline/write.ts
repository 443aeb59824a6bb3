import path from 'node:path';
import { copyFile, link, mkdir, readdir, rename, rm, cp } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { MessageChannel, Worker } from 'node:worker_threads';
import { DocsgenError } from './errors.ts';
import { isRunning } from '../util/process.ts';
import { removeTree } from '../util/files.ts';
import type { OutputFile } from './types.ts';
import { WRITER_THREAD, type HostWrites, type WriteMessage, type WriteReply } from '../util/write-files.ts';

/** The writes' channel to the thread that does them (`OutputWriter.startSink`). */
interface Sink {
  post(message: WriteMessage, transfer?: ArrayBuffer[]): void;
  /** Resolves when the thread has answered the end of the writes, or has failed. */
  finished: Promise<void>;
  /** Closes the channel; a thread of the writer's own is stopped, a lent one handed back. */
  stop(): Promise<void>;
}

/** Bytes handed to the writer thread and not yet on disk, at most (the compile waits beyond it). */
const MAX_PENDING_BYTES = 32 * 1024 * 1024;
/** Files are handed to the thread in batches of about this many bytes (and at the end). */
const BATCH_BYTES = 256 * 1024;

/**
 * The only writer of `out/`. A full build writes into a sibling temp directory and swaps it in
 * at the end, so a failed build leaves the previous site untouched.
 *
 * Files are written by a thread of their own, one after another, while the pages compile. The
 * main thread compiles without yielding, so writes it queued on Node's thread pool (open, write,
 * close: three round trips through its event loop each) only ran once the last page was done; and
 * four pool threads creating files in the same directories spent much of their time spinning on
 * the directory lock. Measured with 1000 pages: the final wait for the writes 0.6–0.8 s → under
 * 0.1 s, the build 0.82 of the time; at 200 pages 0.97.
 */
export class OutputWriter {
  /** `out.tmp-PID-TIME` beside `out/` (the pattern `clearLeftovers` knows). */
  private readonly staging: string;
  private sink: Sink | undefined;
  /** A thread lent to host the writes (`hostOn`), and how it is handed back. */
  private host: Worker | undefined;
  private returnHost: (() => void) | undefined;
  /** Files written by the thread so far (it counts, this thread reads). */
  private readonly progress = new Int32Array(new SharedArrayBuffer(4));
  /** Sizes of the files sent, in order: the first `progress[0]` are on disk. */
  private readonly sizes: number[] = [];
  /** How many of `sizes` have been taken off `pendingBytes`. */
  private settled = 0;
  private pendingBytes = 0;
  private failure: Error | undefined;
  /** Files not handed to the thread yet, and their bytes. */
  private batch: { path: string; pieces: Uint8Array[]; bytes: number }[] = [];
  /** The buffers of the batch moved to the thread (not copied). */
  private transfer: ArrayBuffer[] = [];
  private batchBytes = 0;
  /** Files of the current out/ the new site keeps as they are (routes a build did not render again). */
  private readonly reused: string[] = [];

  constructor(
    private readonly outDir: string,
    private readonly maxPendingBytes = MAX_PENDING_BYTES,
  ) {
    this.staging = `${outDir}.tmp-${process.pid}-${Date.now().toString(36)}`;
  }

  async open(): Promise<void> {
    try {
      await clearLeftovers(this.outDir);
      await rm(this.staging, { recursive: true, force: true });
      await mkdir(this.staging, { recursive: true });
    } catch (err) {
      throw this.writeFailed(err instanceof Error ? err.message : String(err));
    }
  }

  /** Queues a file; it is written in the background (errors surface at commit). */
  write(file: OutputFile): void {
    const { pieces, bytes, transfer } = ownPieces(file.contents);
    this.batch.push({ path: path.join(this.staging, ...file.path.split('/')), pieces, bytes });
    for (const t of transfer) this.transfer.push(t);
    this.batchBytes += bytes;
    if (this.batchBytes >= BATCH_BYTES) this.send();
  }

  /**
   * Hands the queued files to the thread. In batches: each message wakes the thread, and on two
   * cores the woken thread preempted the compile for every page (~0.2 ms a message).
   */
  private send(): void {
    if (this.batch.length === 0) return;
    const sink = (this.sink ??= this.startSink());
    for (const { bytes } of this.batch) this.sizes.push(bytes);
    this.pendingBytes += this.batchBytes;
    sink.post(this.batch satisfies WriteMessage, this.transfer);
    this.batch = [];
    this.transfer = [];
    this.batchBytes = 0;
    if (this.pendingBytes > this.maxPendingBytes) this.waitForWrites(this.maxPendingBytes / 2);
  }

  /**
   * Blocks until at most `bytes` are still to be written (memory stays flat on huge sites). A
   * thread that makes no progress for 10 s is not waited for: if it died, the commit says so.
   */
  private waitForWrites(bytes: number): void {
    let done = Atomics.load(this.progress, 0);
    this.settle(done);
    let idle = 0;
    while (this.pendingBytes > bytes && idle < 10) {
      idle = Atomics.wait(this.progress, 0, done, 1000) === 'timed-out' ? idle + 1 : 0;
      done = Atomics.load(this.progress, 0);
      this.settle(done);
    }
  }

  private settle(done: number): void {
    for (; this.settled < done; this.settled++) this.pendingBytes -= this.sizes[this.settled]!;
  }

  /**
   * Lends the writer a thread docsgen already runs (the highlight thread, which hosts the writes:
   * util/write-files.ts), used instead of starting one of its own if the writes have not started
   * yet. Resolves once the writer is done with it (written, aborted, or the thread gone): only then
   * may it be stopped.
   */
  hostOn(thread: Worker): Promise<void> {
    if (this.sink || this.host) return Promise.resolve();
    this.host = thread;
    return new Promise((resolve) => (this.returnHost = resolve));
  }

  /** The port the writes go through, to the lent thread or to one of the writer's own. */
  private startSink(): Sink {
    const { port1, port2 } = new MessageChannel();
    // A small young generation for a thread of its own: it allocates almost nothing, so without
    // frequent scavenges the page buffers moved to it would be freed late.
    const thread = this.host ?? new Worker(WRITER_THREAD, { eval: true, resourceLimits: { maxYoungGenerationSizeMb: 2 } });
    thread.postMessage({ type: 'write', port: port2, progress: this.progress } satisfies HostWrites, [port2]);
    let done = false;
    let detach = () => {};
    const finished = new Promise<void>((resolve) => {
      const fail = (reason: string) => {
        if (!done) this.failure ??= this.writeFailed(reason);
        resolve();
      };
      port1.on('message', (m: WriteReply) => {
        if (m.type === 'error') this.failure ??= this.writeFailed(m.message);
        else {
          done = true;
          resolve();
        }
      });
      // Before `done`, the thread's end means files are missing: the site must not be swapped in.
      const exit = (code: number) => fail(`the writer thread stopped (exit code ${code})`);
      const error = (err: Error) => fail(err.message);
      thread.once('error', error).once('exit', exit);
      port1.once('close', () => fail('the writer thread stopped'));
      detach = () => thread.off('error', error).off('exit', exit);
    });
    port1.unref(); // after its listeners (which ref it): the thread keeps the process alive while it runs
    return {
      post: (message, transfer) => port1.postMessage(message, transfer),
      finished,
      stop: async () => {
        detach();
        port1.close();
        if (thread !== this.host) await thread.terminate();
      },
    };
  }

  /** Hands a lent thread back that the writes never used. */
  private releaseHost(): void {
    this.host = undefined;
    this.returnHost?.();
    this.returnHost = undefined;
  }

  /** The error for a failed write, naming the path the file was meant for (not the staging one). */
  private writeFailed(reason: string): DocsgenError {
    return new DocsgenError('WriteFailed', reason.replaceAll(this.staging, this.outDir));
  }

  /** Waits until every queued file is on disk. */
  private async drain(): Promise<void> {
    this.send();
    const sink = this.sink;
    this.sink = undefined;
    if (sink) {
      sink.post({ type: 'done' } satisfies WriteMessage);
      await sink.finished;
      await sink.stop();
    }
    this.releaseHost();
    if (this.failure) throw this.failure;
  }

  /**
   * Keeps a file of the current out/ in the new site, as it is: a build that renders only the
   * routes a change reaches (run.ts) keeps the others' pages. Hard-linked at commit (the old
   * site's file is removed with it, so nothing is shared after the swap), copied where links fail.
   */
  reuse(file: string): void {
    this.reused.push(file);
  }

  private async linkReused(): Promise<void> {
    const made = new Set<string>();
    for (const file of this.reused) {
      const from = path.join(this.outDir, ...file.split('/'));
      const to = path.join(this.staging, ...file.split('/'));
      const dir = path.dirname(to);
      if (!made.has(dir)) {
        await mkdir(dir, { recursive: true });
        made.add(dir);
      }
      try {
        await link(from, to);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EEXIST') continue; // written again after all
        await copyFile(from, to).catch((e: Error) => {
          throw this.writeFailed(`cannot keep ${file} from the last build: ${e.message}`);
        });
      }
    }
  }

  /** Copies a directory of static files (public/) into the output. */
  async copyDir(from: string): Promise<void> {
    if (existsSync(from)) await cp(from, this.staging, { recursive: true });
  }

  /** Swaps the finished site in place of the old one. */
  async commit(): Promise<void> {
    await this.drain();
    await this.linkReused();
    const old = `${this.outDir}.old-${process.pid}`; // the pattern `clearLeftovers` knows
    const hadOld = existsSync(this.outDir);
    if (hadOld) await rename(this.outDir, old);
    await rename(this.staging, this.outDir);
    if (hadOld) await removeTree(old);
  }

  /** Drops everything written so far (files still waiting for the thread are not written). */
  async abort(): Promise<void> {
    this.batch = [];
    this.transfer = [];
    const sink = this.sink;
    this.sink = undefined;
    await sink?.stop();
    this.releaseHost();
    await rm(this.staging, { recursive: true, force: true });
  }
}

/**
 * Clears up after builds that were killed (Ctrl-C, a crash, SIGKILL): they leave their staging
 * directory beside `out/`, and one killed within its commit may have left the previous site moved
 * aside with no `out/` at all. Staging directories of processes no longer running are removed; a
 * moved-aside site is put back when there is no `out/`, else removed. A process that still runs
 * (another build writing the same site) is left alone.
 */
async function clearLeftovers(outDir: string): Promise<void> {
  const dir = path.dirname(outDir);
  const base = path.basename(outDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    // `out.tmp-PID-TIME` (staging) or `out.old-PID` (moved aside).
    const m = name.startsWith(`${base}.`) ? /^\.(?:tmp-(\d+)-[0-9a-z]+|old-(\d+))$/.exec(name.slice(base.length)) : null;
    if (!m || isRunning(Number(m[1] ?? m[2]))) continue;
    const leftover = path.join(dir, name);
    if (m[2] !== undefined && !existsSync(outDir)) await rename(leftover, outDir);
    else await rm(leftover, { recursive: true, force: true });
  }
}

/**
 * A file's pieces as they go to the writer thread. Pieces in shared memory (a sidebar's bytes,
 * `SidebarBytes`, most of every docs page; a page body, `renderRoute`) are sent as they are: the
 * thread reads the same memory. The rest is copied, runs of pieces into one new buffer that is moved
 * to the thread: a caller's buffer is never moved (it may be used again: the client assets are
 * the same objects in every build of a `serve --watch` session). Concatenating every page into one
 * buffer copied ~80 MB on the bench corpus (0.2 s of a build).
 */
function ownPieces(contents: OutputFile['contents']): { pieces: Uint8Array[]; bytes: number; transfer: ArrayBuffer[] } {
  if (typeof contents === 'string') {
    const own = new TextEncoder().encode(contents);
    return { pieces: [own], bytes: own.byteLength, transfer: [own.buffer as ArrayBuffer] };
  }
  const pieces: Uint8Array[] = [];
  const transfer: ArrayBuffer[] = [];
  let bytes = 0;
  let run: Uint8Array[] = [];
  const flush = () => {
    if (run.length === 0) return;
    const piece = joined(run);
    pieces.push(piece);
    transfer.push(piece.buffer as ArrayBuffer);
    run = [];
  };
  for (const p of Array.isArray(contents) ? contents : [contents]) {
    bytes += p.byteLength;
    if (p.buffer instanceof SharedArrayBuffer) {
      flush();
      pieces.push(p);
    } else run.push(p);
  }
  flush();
  return { pieces, bytes, transfer };
}

/** The pieces one after the other, in a new ArrayBuffer of their own (never Node's pool). */
function joined(run: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(run.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of run) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}


/** Output path of a route: `/a/b` → `a/b.html` (serves `/a/b` on static hosts), `/a/` → `a/index.html`. */
export function outputPathOf(route: string): string {
  if (route === '/') return 'index.html';
  if (route.endsWith('/')) return `${route.slice(1)}index.html`;
  return `${route.slice(1)}.html`;
}
