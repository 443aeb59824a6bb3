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
 * The ring the files' bytes are copied into for the thread. A run of pieces that could take more
 * than a quarter of it (a search index) gets a buffer of its own, moved to the thread.
 */
const RING_BYTES = 8 * 1024 * 1024;

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
  /** A thread lent to host the writes (`hostOn`) until it is taken back. */
  private host: Worker | undefined;
  /** Files are written on this thread, as they come: once a lent thread is taken back. */
  private direct = false;
  /** Directories made for files written on this thread. */
  private readonly made = new Set<string>();
  /** Files written by the thread so far (it counts, this thread reads). */
  private readonly progress = new Int32Array(new SharedArrayBuffer(4));
  /** Sizes of the files queued, in order: the first `progress[0]` are on disk. */
  private readonly sizes: number[] = [];
  /**
   * Shared memory the files' bytes are copied into, round and round: the thread writes them from
   * there. Bytes moved to a thread in buffers of their own were freed only by that thread's garbage
   * collections: on the highlight thread, with its large young generation, they piled up (peak RSS
   * of ×4 of the bench corpus 427 → 592 MB). The ring holds what is in flight, at most its size.
   */
  private ring: Buffer | undefined;
  /** Bytes taken in the ring so far (a place in it is `head % ringBytes`), and the head after each file queued. */
  private head = 0;
  private readonly ringEnds: number[] = [];
  /** How many of `sizes` have been taken off `pendingBytes`. */
  private settled = 0;
  private pendingBytes = 0;
  private failure: Error | undefined;
  /** Files not handed to the thread yet, and their bytes. */
  private batch: WriteJob[] = [];
  /** The buffers of the batch moved to the thread (not copied). */
  private transfer: ArrayBuffer[] = [];
  private batchBytes = 0;
  /** Files of the current out/ the new site keeps as they are (routes a build did not render again). */
  private readonly reused: string[] = [];

  constructor(
    private readonly outDir: string,
    private readonly maxPendingBytes = MAX_PENDING_BYTES,
    private readonly ringBytes = RING_BYTES,
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
    if (this.direct) return this.writeHere(path.join(this.staging, ...file.path.split('/')), file.contents);
    const job: WriteJob = { path: path.join(this.staging, ...file.path.split('/')), pieces: [], bytes: 0 };
    const contents = typeof file.contents === 'string' || !Array.isArray(file.contents) ? [file.contents] : file.contents;
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
    this.batch.push(job);
    this.sizes.push(job.bytes);
    this.ringEnds.push(this.head);
    this.batchBytes += job.bytes;
    if (this.batchBytes >= BATCH_BYTES) this.send();
  }

  /** Copies a run of pieces (at most `bound` bytes) into the ring as one piece of `job`, or into a buffer moved to the thread. */
  private copy(run: (string | Uint8Array)[], bound: number, job: WriteJob): void {
    if (bound > this.ringBytes / 4) {
      const own = joined(run.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));
      job.pieces.push(own);
      job.bytes += own.byteLength;
      this.transfer.push(own.buffer as ArrayBuffer);
      return;
    }
    const ring = (this.ring ??= Buffer.from(new SharedArrayBuffer(this.ringBytes)));
    const at = this.reserve(bound);
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
   * the pending limit.
   */
  private reserve(bound: number): number {
    let at = this.head % this.ringBytes;
    if (at + bound > this.ringBytes) {
      this.head += this.ringBytes - at;
      at = 0;
    }
    if (this.head + bound - this.ringTail() > this.ringBytes) {
      this.send(); // everything before the place must have gone to the thread
      this.waitUntil(() => this.head + bound - this.ringTail() <= this.ringBytes);
    }
    return at;
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
    if (this.batch.length === 0) return;
    const sink = (this.sink ??= this.startSink());
    this.pendingBytes += this.batchBytes;
    sink.post(this.batch satisfies WriteMessage, this.transfer);
    this.batch = [];
    this.transfer = [];
    this.batchBytes = 0;
    if (this.pendingBytes > this.maxPendingBytes) {
      const enough = this.maxPendingBytes / 2;
      this.waitUntil(() => this.pendingBytes <= enough);
    }
  }

  /**
   * Blocks until `ready()` (memory stays flat on huge sites). A thread that makes no progress for
   * 10 s is not waited for: if it died, the commit says so.
   */
  private waitUntil(ready: () => boolean): void {
    let done = Atomics.load(this.progress, 0);
    this.settle(done);
    let idle = 0;
    while (!ready() && idle < 10) {
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
   * yet. Returns how to take it back: the files queued on it are written first, and the writer then
   * writes the rest on the calling thread (the files generated after the compile: few, and a
   * thread of their own would boot while the build waits for it). Only then may the thread stop.
   */
  hostOn(thread: Worker): () => Promise<void> {
    if (this.sink || this.host) return async () => {};
    this.host = thread;
    return async () => {
      if (this.host !== thread) return;
      this.send();
      await this.closeSink();
      this.host = undefined;
      this.direct = true;
    };
  }

  /** Writes a file on this thread, at once (a failure is kept for the commit, and later files are skipped). */
  private writeHere(file: string, contents: OutputFile['contents']): void {
    if (this.failure) return;
    try {
      const dir = path.dirname(file);
      if (!this.made.has(dir)) {
        mkdirSync(dir, { recursive: true });
        this.made.add(dir);
      }
      const fd = openSync(file, 'w');
      try {
        for (const piece of typeof contents === 'string' || !Array.isArray(contents) ? [contents] : contents) {
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

  /** The port the writes go through, to the lent thread or to one of the writer's own. */
  private startSink(): Sink {
    const { port1, port2 } = new MessageChannel();
    // A small young generation for a thread of its own: it allocates almost nothing, so without
    // frequent scavenges the page buffers moved to it would be freed late.
    const thread = this.host ?? new Worker(WRITER_THREAD, { eval: true, resourceLimits: { maxYoungGenerationSizeMb: 2 } });
    this.ring ??= Buffer.from(new SharedArrayBuffer(this.ringBytes));
    thread.postMessage({ type: 'write', port: port2, progress: this.progress, ring: this.ring.buffer as SharedArrayBuffer } satisfies HostWrites, [port2]);
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

  /** The error for a failed write, naming the path the file was meant for (not the staging one). */
  private writeFailed(reason: string): DocsgenError {
    return new DocsgenError('WriteFailed', reason.replaceAll(this.staging, this.outDir));
  }

  /** Waits until every queued file is on disk. */
  private async drain(): Promise<void> {
    this.send();
    await this.closeSink();
    this.host = undefined;
    if (this.failure) throw this.failure;
  }

  /** Waits until the thread has written every file sent to it, and closes the way to it. */
  private async closeSink(): Promise<void> {
    const sink = this.sink;
    this.sink = undefined;
    if (!sink) return;
    sink.post({ type: 'done' } satisfies WriteMessage);
    await sink.finished;
    await sink.stop();
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
