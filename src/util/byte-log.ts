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
 * (in memory where there is no such file, or once a write to it failed: a full disk is no reason
 * to fail a build). For what a build gathers page by page and reads once at the end (search
 * records, the Markdown of docs pages for llms-full.txt): kept in the heap, it grew with the site;
 * the file takes it out of the process's memory.
 */
export class ByteLog {
  private readonly fd: number | undefined;
  /** False once a write failed: later chunks stay in memory. */
  private writable: boolean;
  /** Chunks kept in memory, by the place of their first byte (what is not here is in the file). */
  private readonly kept: { at: number; bytes: Buffer }[] = [];
  /** The chunk being filled, its first byte's place, and the bytes used in it. */
  private current: Buffer | undefined;
  private at = 0;
  private used = 0;

  /** `inFile` false: in memory only (tests). */
  constructor(inFile = true) {
    this.fd = inFile ? spillFile() : undefined;
    this.writable = this.fd !== undefined;
    if (this.fd !== undefined) spills.register(this, this.fd);
  }

  append(text: string): LogPlace {
    // A UTF-16 unit is at most 3 bytes of UTF-8: with that much room the text is encoded once,
    // without measuring it first (measuring took as long as writing).
    if (!this.current || this.used + text.length * 3 > this.current.length) {
      const length = Buffer.byteLength(text);
      if (!this.current || this.used + length > this.current.length) this.next(length);
    }
    const start = this.at + this.used;
    this.used += this.current!.write(text, this.used, 'utf8');
    return { start, end: this.at + this.used };
  }

  read({ start, end }: LogPlace): string {
    if (this.current && start >= this.at) return this.current.toString('utf8', start - this.at, end - this.at);
    for (const { at, bytes } of this.kept) if (start >= at && end <= at + bytes.length) return bytes.toString('utf8', start - at, end - at);
    const bytes = Buffer.allocUnsafe(end - start);
    for (let done = 0; done < bytes.length; ) {
      const n = readSync(this.fd!, bytes, done, bytes.length - done, start + done);
      if (n === 0) throw new Error('ByteLog: spill file cut short');
      done += n;
    }
    return bytes.toString('utf8');
  }

  /** Starts a chunk with room for `length` bytes; the full one goes to the file, or is kept. */
  private next(length: number): void {
    const full = this.current;
    if (full) {
      const spilled = this.writable && this.spill(full, this.used, this.at);
      if (!spilled) this.kept.push({ at: this.at, bytes: full.subarray(0, this.used) });
      this.at += this.used;
      this.used = 0;
      if (spilled && full.length >= length) return; // written out: the chunk is filled again
    }
    this.current = Buffer.allocUnsafeSlow(Math.max(CHUNK, length));
    this.used = 0;
  }

  private spill(bytes: Buffer, length: number, position: number): boolean {
    try {
      for (let done = 0; done < length; ) done += writeSync(this.fd!, bytes, done, length - done, position + done);
      return true;
    } catch {
      this.writable = false;
      return false;
    }
  }
}
