import path from 'node:path';
import { mkdir, rename, rm, writeFile, cp } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import type { OutputFile } from './types.ts';

/**
 * The only writer of `out/`. A full build writes into a sibling temp directory and swaps it in
 * at the end, so a failed build leaves the previous site untouched.
 */
export class OutputWriter {
  private readonly staging: string;
  private readonly dirs = new Map<string, Promise<unknown>>();
  private readonly queue: OutputFile[] = [];
  private inflight = 0;
  private failure: unknown;
  private idle: (() => void) | undefined;
  written = 0;

  /** Files written at once: enough to keep the disk busy, few enough to keep memory flat. */
  private static readonly CONCURRENCY = 32;

  constructor(private readonly outDir: string) {
    this.staging = `${outDir}.tmp-${process.pid}-${Date.now().toString(36)}`;
  }

  async open(): Promise<void> {
    await rm(this.staging, { recursive: true, force: true });
    await mkdir(this.staging, { recursive: true });
  }

  /** Queues a file; it is written in the background (errors surface at commit). */
  write(file: OutputFile): void {
    this.queue.push(file);
    this.pump();
  }

  private pump(): void {
    while (this.inflight < OutputWriter.CONCURRENCY && this.queue.length > 0) {
      const file = this.queue.shift()!;
      this.inflight++;
      this.writeOne(file)
        .catch((err: unknown) => {
          this.failure ??= err;
        })
        .finally(() => {
          this.inflight--;
          this.pump();
          if (this.inflight === 0 && this.queue.length === 0) this.idle?.();
        });
    }
  }

  private async writeOne(file: OutputFile): Promise<void> {
    const target = path.join(this.staging, ...file.path.split('/'));
    const dir = path.dirname(target);
    let made = this.dirs.get(dir);
    if (!made) {
      made = mkdir(dir, { recursive: true });
      this.dirs.set(dir, made);
    }
    await made;
    await writeFile(target, file.contents);
    this.written++;
  }

  /** Waits until every queued file is on disk. */
  private async drain(): Promise<void> {
    if (this.inflight > 0 || this.queue.length > 0) await new Promise<void>((resolve) => (this.idle = resolve));
    if (this.failure) throw this.failure;
  }

  /** Copies a directory of static files (public/) into the output. */
  async copyDir(from: string): Promise<void> {
    if (existsSync(from)) await cp(from, this.staging, { recursive: true });
  }

  /** Swaps the finished site in place of the old one. */
  async commit(): Promise<void> {
    await this.drain();
    const old = `${this.outDir}.old-${process.pid}`;
    const hadOld = existsSync(this.outDir);
    if (hadOld) await rename(this.outDir, old);
    await rename(this.staging, this.outDir);
    if (hadOld) await rm(old, { recursive: true, force: true });
  }

  /** Drops everything written so far. */
  async abort(): Promise<void> {
    this.queue.length = 0;
    await this.drain().catch(() => undefined);
    await rm(this.staging, { recursive: true, force: true });
  }
}

/** Output path of a route: `/a/b` → `a/b.html` (serves `/a/b` on static hosts), `/a/` → `a/index.html`. */
export function outputPathOf(route: string): string {
  if (route === '/') return 'index.html';
  if (route.endsWith('/')) return `${route.slice(1)}index.html`;
  return `${route.slice(1)}.html`;
}
