import path from 'node:path';
import { copyFile, link, mkdir, readdir, rename, rm, cp } from 'node:fs/promises';
import { closeSync, existsSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { MessageChannel, Worker } from 'node:worker_threads';
import { DocsgenError } from './errors.ts';
import { isRunning } from '../util/process.ts';
import { removeTree } from '../util/files.ts';
import type { OutputFile } from './types.ts';
import { WRITER_THREAD, type HostWrites, type WriteJob, type WriteMessage, type WriteReply } from '../util/write-files.ts';

/** The writes' channel to the thread that does them (`OutputWriter.startSink`). */
interface Sink {
  post(message: WriteMessage): void;
  /** Resolves once the thread has answered the end of the writes, or has stopped first. */
  finished: Promise<void>;
  /** Closes the channel; a thread of the writer's own is stopped, a lent one handed back. */
  stop(): Promise<void>;
}

/** Bytes handed to the writer thread and not yet on disk, at most (the compile waits beyond it). */
const MAX_PENDING_BYTES = 32 * 1024 * 1024;
/** Files are handed to the thread in batches of about this many bytes (and at the end). */
const BATCH_BYTES = 256 * 1024;
/**
 * The ring the files' bytes are copied into for the thread. A run of pieces that could take more
 * than a quarter of it (a search index) gets shared memory of its own.
 */
const RING_BYTES = 8 * 1024 * 1024;

/** Seconds without progress after which the compile stops waiting for the writing thread (it may have stopped). */
const IDLE_LIMIT_S = 10;

/**
 * The only writer of `out/`. A full build writes into a sibling temp directory and swaps it in
 * at the end, so a failed build leaves the previous site untouched.
 *
 * Files are written on another thread, one after another, while the pages compile. The main
 * thread compiles without yielding, so writes it queued on Node's thread pool (open, write,
 * close: three round trips through its event loop each) only ran once the last page was done; and
 * four pool threads creating files in the same directories spent much of their time spinning on
 * the directory lock. Measured with 1000 pages: the final wait for the writes 0.6–0.8 s → under
 * 0.1 s, the build 0.82 of the time; at 200 pages 0.97. The thread is a lent one while the pages
 * compile (`hostOn`), else one of the writer's own.
 *
 * Every file stays queued here until the thread has written it: what a thread that stopped (a crash
 * of the highlight thread, which must not fail the build) did not write is written here at the end.
 */
export class OutputWriter {
  /** `out.tmp-PID-TIME` beside `out/` (the pattern `clearLeftovers` knows). */
  private readonly staging: string;
  /** The way to the thread that writes, once files are sent. */
  private sink: Sink | undefined;
  /** A thread lent to host the writes (`hostOn`) until it is taken back. */
  private host: Worker | undefined;
  /** Files are written on this thread, as they come: once a lent thread is taken back. */
  private direct = false;
  /**
   * The thread made no progress for `idleLimitS` while the compile waited on it: it may have
   * stopped. Nothing more is sent to it, and the ring is left as it is; the files are held here
   * until the end, where it has either answered or stopped.
   */
  private stalled = false;
  /** Directories made for files written on this thread. */
  private readonly made = new Set<string>();
  /** Files written by the thread so far (it counts, this thread reads). */
  private readonly progress = new Int32Array(new SharedArrayBuffer(4));
  /**
   * Every file queued, in order, until it is known to be on disk (the first `progress[0]` are),
   * with its bytes and the ring's head after it. The first `settled` are known written.
   */
  private readonly queued: (WriteJob | undefined)[] = [];
  private readonly sizes: number[] = [];
  private readonly ringEnds: number[] = [];
  private settled = 0;
  /**
   * Shared memory the files' bytes are copied into, round and round: the thread writes them from
   * there. Bytes moved to a thread in buffers of their own were freed only by that thread's garbage
   * collections: on the highlight thread, with its large young generation, they piled up (peak RSS
   * of ×4 of the bench corpus 427 → 592 MB). The ring holds what is in flight, at most its size.
   */
  private ring: Buffer | undefined;
  /** Bytes taken in the ring so far (a place in it is `head % ringBytes`). */
  private head = 0;
  private pendingBytes = 0;
  private failure: Error | undefined;
  /** Files not sent to the thread yet, and their bytes. */
  private batch: WriteJob[] = [];
  private batchBytes = 0;
  /** Files of the current out/ the new site keeps as they are (routes a build did not render again). */
  private readonly reused: string[] = [];

  constructor(
    private readonly outDir: string,
    private readonly maxPendingBytes = MAX_PENDING_BYTES,
    private readonly ringBytes = RING_BYTES,
    private readonly idleLimitS = IDLE_LIMIT_S,
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
    const target = path.join(this.staging, ...file.path.split('/'));
    const contents = Array.isArray(file.contents) ? file.contents : [file.contents];
    if (this.direct) return this.writeHere(target, contents);
    const job: WriteJob = { path: target, pieces: [], bytes: 0 };
    // Pieces in shared memory (a sidebar's bytes, most of every docs page) are written where they
    // are; runs of other pieces are copied into the ring, text encoded straight into it.
    let run: (string | Uint8Array)[] = [];
    let bound = 0;
    const flush = () => {
      if (run.length > 0) this.copy(run, bound, job);
      run = [];
      bound = 0;
    };
    for (const piece of contents) {
      if (typeof piece !== 'string' && piece.buffer instanceof SharedArrayBuffer) {
        flush();
        job.pieces.push(piece);
        job.bytes += piece.byteLength;
      } else {
        run.push(piece);
        bound += typeof piece === 'string' ? piece.length * 3 : piece.byteLength; // UTF-8: at most 3 bytes a UTF-16 unit
      }
    }
    flush();
    this.queued.push(job);
    this.sizes.push(job.bytes);
    this.ringEnds.push(this.head);
    this.batch.push(job);
    this.batchBytes += job.bytes;
    if (this.batchBytes >= BATCH_BYTES) this.send();
  }

  /**
   * Copies a run of pieces (at most `bound` bytes) into the ring as one piece of `job`; into shared
   * memory of its own when it could take more than a quarter of the ring, or the ring is not moving.
   */
  private copy(run: (string | Uint8Array)[], bound: number, job: WriteJob): void {
    const at = bound > this.ringBytes / 4 || this.stalled ? undefined : this.reserve(bound);
    if (at === undefined) {
      const own = sharedBytes(run);
      job.pieces.push(own);
      job.bytes += own.byteLength;
      return;
    }
    const ring = this.ring!;
    let length = 0;
    for (const p of run) {
      if (typeof p === 'string') length += ring.write(p, at + length);
      else {
        ring.set(p, at + length);
        length += p.byteLength;
      }
    }
    this.head += length; // what the bound took beyond the bytes is free again
    job.pieces.push([at, length]);
    job.bytes += length;
  }

  /**
   * A place in the ring for `bound` bytes in one piece (from its start when they would run past its
   * end), once the thread has written what was there: the compile waits for it, as for room below
   * the pending limit. Undefined if the thread stalls.
   */
  private reserve(bound: number): number | undefined {
    this.ringBuffer();
    let at = this.head % this.ringBytes;
    if (at + bound > this.ringBytes) {
      this.head += this.ringBytes - at;
      at = 0;
    }
    if (this.head + bound - this.ringTail() > this.ringBytes) {
      this.send(); // everything before the place must have gone to the thread
      if (!this.waitUntil(() => this.head + bound - this.ringTail() <= this.ringBytes)) return undefined;
    }
    return at;
  }

  /** The ring, made when first needed. */
  private ringBuffer(): Buffer {
    return (this.ring ??= Buffer.from(new SharedArrayBuffer(this.ringBytes)));
  }

  /** Where the ring's bytes still to be written begin (everything before is on disk). */
  private ringTail(): number {
    return this.settled === 0 ? 0 : this.ringEnds[this.settled - 1]!;
  }

  /**
   * Hands the queued files to the thread. In batches: each message wakes the thread, and on two
   * cores the woken thread preempted the compile for every page (~0.2 ms a message).
   */
  private send(): void {
    this.settle(Atomics.load(this.progress, 0));
    if (this.batch.length === 0 || this.stalled) return;
    const sink = (this.sink ??= this.startSink());
    this.pendingBytes += this.batchBytes;
    sink.post(this.batch satisfies WriteMessage);
    this.batch = [];
    this.batchBytes = 0;
    if (this.pendingBytes > this.maxPendingBytes) {
      const enough = this.maxPendingBytes / 2;
      this.waitUntil(() => this.pendingBytes <= enough);
    }
  }

  /**
   * Blocks until `ready()` (memory stays flat on huge sites); false, and the writer `stalled`, if
   * the thread makes no progress for `idleLimitS` seconds.
   */
  private waitUntil(ready: () => boolean): boolean {
    let done = Atomics.load(this.progress, 0);
    this.settle(done);
    let idle = 0;
    while (!ready()) {
      if (this.stalled || idle >= this.idleLimitS) {
        this.stalled = true;
        return false;
      }
      idle = Atomics.wait(this.progress, 0, done, 1000) === 'timed-out' ? idle + 1 : 0;
      done = Atomics.load(this.progress, 0);
      this.settle(done);
    }
    return true;
  }

  /** Takes the files the thread has written off the queue. */
  private settle(done: number): void {
    for (; this.settled < done; this.settled++) {
      this.pendingBytes -= this.sizes[this.settled]!;
      this.queued[this.settled] = undefined;
    }
  }

  /**
   * Lends the writer a thread docsgen already runs (the highlight thread, which hosts the writes:
   * util/write-files.ts), used instead of starting one of its own if the writes have not started
   * yet. Returns how to take it back: the files queued on it are written first, and the writer then
   * writes the rest on the calling thread (the files generated after the compile: few, and a
   * thread of their own would boot while the build waits for it). Only then may the thread stop.
   */
  hostOn(thread: Worker): () => Promise<void> {
    if (this.sink || this.host) return async () => {};
    this.host = thread;
    return async () => {
      if (this.host !== thread) return;
      await this.finishThread();
      this.host = undefined;
      this.direct = true;
    };
  }

  /** Writes a file on this thread, at once (a failure is kept for the commit, and later files are skipped). */
  private writeHere(file: string, pieces: readonly (string | Uint8Array)[]): void {
    if (this.failure) return;
    try {
      const dir = path.dirname(file);
      if (!this.made.has(dir)) {
        mkdirSync(dir, { recursive: true });
        this.made.add(dir);
      }
      const fd = openSync(file, 'w');
      try {
        for (const piece of pieces) {
          if (typeof piece === 'string') writeSync(fd, piece);
          else for (let done = 0; done < piece.byteLength; ) done += writeSync(fd, piece, done, piece.byteLength - done);
        }
      } finally {
        closeSync(fd);
      }
    } catch (err) {
      this.failure = this.writeFailed(err instanceof Error ? err.message : String(err));
    }
  }

  /** The way the writes go to the lent thread or to one of the writer's own. */
  private startSink(): Sink {
    const { port1, port2 } = new MessageChannel();
    // A small young generation for a thread of its own: it allocates almost nothing.
    const thread = this.host ?? new Worker(WRITER_THREAD, { eval: true, resourceLimits: { maxYoungGenerationSizeMb: 2 } });
    thread.postMessage({ type: 'write', port: port2, progress: this.progress, ring: this.ringBuffer().buffer as SharedArrayBuffer } satisfies HostWrites, [port2]);
    let detach = () => {};
    // What the thread did not write by then is written here (finishThread): stopping is no failure.
    const finished = new Promise<void>((resolve) => {
      port1.on('message', (m: WriteReply) => {
        if (m.type === 'error') this.failure ??= this.writeFailed(m.message);
        else resolve();
      });
      const stopped = () => resolve();
      thread.once('error', stopped).once('exit', stopped);
      port1.once('close', stopped);
      detach = () => thread.off('error', stopped).off('exit', stopped);
    });
    port1.unref(); // after its listeners (which ref it): the thread keeps the process alive while it runs
    return {
      post: (message) => port1.postMessage(message),
      finished,
      stop: async () => {
        detach();
        port1.close();
        if (thread !== this.host) await thread.terminate();
      },
    };
  }

  /** The error for a failed write, naming the path the file was meant for (not the staging one). */
  private writeFailed(reason: string): DocsgenError {
    return new DocsgenError('WriteFailed', reason.replaceAll(this.staging, this.outDir));
  }

  /** Waits until every queued file is on disk. */
  private async drain(): Promise<void> {
    await this.finishThread();
    this.host = undefined;
    if (this.failure) throw this.failure;
  }

  /**
   * Ends the writes on the thread: it writes what it was sent and answers, or is found stopped; the
   * way to it is closed; and the files not on disk by then (held back while it stalled, or left by
   * a thread that stopped) are written here.
   */
  private async finishThread(): Promise<void> {
    this.send();
    const sink = this.sink;
    this.sink = undefined;
    if (sink) {
      sink.post({ type: 'done' } satisfies WriteMessage);
      await sink.finished;
      await sink.stop();
    }
    this.settle(Atomics.load(this.progress, 0));
    for (let i = this.settled; i < this.queued.length; i++) {
      const job = this.queued[i]!;
      this.writeHere(
        job.path,
        job.pieces.map((p) => (Array.isArray(p) ? this.ring!.subarray(p[0], p[0] + p[1]) : p)),
      );
      this.queued[i] = undefined;
    }
    this.settled = this.queued.length;
    this.pendingBytes = 0;
    this.batch = [];
    this.batchBytes = 0;
    this.stalled = false;
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
    this.queued.length = 0;
    this.settled = 0;
    const sink = this.sink;
    this.sink = undefined;
    await sink?.stop();
    this.host = undefined;
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

/** The pieces one after the other (text as UTF-8), in shared memory of their own. */
function sharedBytes(run: readonly (string | Uint8Array)[]): Buffer {
  const bytes = run.map((p) => (typeof p === 'string' ? Buffer.from(p) : p));
  const out = Buffer.from(new SharedArrayBuffer(bytes.reduce((n, p) => n + p.byteLength, 0)));
  let at = 0;
  for (const p of bytes) {
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
