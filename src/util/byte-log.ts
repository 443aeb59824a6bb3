// An append-only log of strings outside the JS heap (see ByteLog).
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where a string is in its log. */
export interface LogPlace {
  start: number;
  end: number;
}

const CHUNK = 1 << 20;

/** Closes a spill file once its log is gone (a long-lived process makes one per build). */
const spills = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    // already closed
  }
});

/** A file for bytes nobody else needs to see: unlinked at once, so it goes when its descriptor does. */
function spillFile(): number | undefined {
  const file = join(tmpdir(), `docsgen-${process.pid}-${randomBytes(6).toString('hex')}`);
  let fd: number | undefined;
  try {
    fd = openSync(file, 'wx+', 0o600);
    unlinkSync(file); // where an open file cannot be unlinked (Windows), the log stays in memory
    return fd;
  } catch {
    if (fd !== undefined) {
      closeSync(fd);
      rmSync(file, { force: true });
    }
    return undefined;
  }
}

/**
 * Strings kept as UTF-8 bytes, read back by place: in a temporary file, written 1 MB at a time
 * (else in 1 MB chunks in memory). For what a build gathers page by page and reads once at the end
 * (search records, the Markdown of docs pages for llms-full.txt): kept in the heap, it grew with
 * the site; the file takes it out of the process's memory.
 */
export class ByteLog {
  private readonly fd = spillFile();
  /** In memory: every chunk. With a file: the chunk being filled, chunks before it are in the file. */
  private readonly chunks: Buffer[] = [];
  /** Bytes before the chunk being filled. */
  private flushed = 0;
  private used = CHUNK;

  constructor() {
    if (this.fd !== undefined) spills.register(this, this.fd);
  }

  append(text: string): LogPlace {
    const length = Buffer.byteLength(text);
    if (this.used + length > CHUNK) this.next(length);
    const start = this.flushed + this.used;
    this.chunks[this.chunks.length - 1]!.write(text, this.used, 'utf8');
    this.used += length;
    return { start, end: start + length };
  }

  read({ start, end }: LogPlace): string {
    if (this.fd === undefined) {
      // Chunks in memory: a record never spans two (a longer one gets a chunk of its own size).
      let at = 0;
      for (const chunk of this.chunks) {
        if (start < at + chunk.length) return chunk.toString('utf8', start - at, end - at);
        at += chunk.length;
      }
      throw new Error('ByteLog: no such place');
    }
    if (start >= this.flushed) return this.chunks[0]!.toString('utf8', start - this.flushed, end - this.flushed);
    const bytes = Buffer.allocUnsafe(end - start);
    for (let done = 0; done < bytes.length; ) {
      const n = readSync(this.fd, bytes, done, bytes.length - done, start + done);
      if (n === 0) throw new Error('ByteLog: spill file cut short');
      done += n;
    }
    return bytes.toString('utf8');
  }

  /** Starts a chunk with room for `length` bytes; with a file, the full one is written out first. */
  private next(length: number): void {
    const size = Math.max(CHUNK, length);
    if (this.fd === undefined) {
      if (this.chunks.length > 0) this.flushed += this.chunks[this.chunks.length - 1]!.length;
      this.chunks.push(Buffer.allocUnsafeSlow(size));
    } else {
      const full = this.chunks.pop();
      if (full) {
        for (let done = 0; done < this.used; ) done += writeSync(this.fd, full, done, this.used - done, this.flushed + done);
        this.flushed += this.used;
      }
      this.chunks.push(full && full.length >= size ? full : Buffer.allocUnsafeSlow(size));
    }
    this.used = 0;
  }
}
