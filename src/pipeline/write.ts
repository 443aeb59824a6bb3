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
  private pending: Promise<void>[] = [];
  private readonly dirs = new Set<string>();
  written = 0;

  constructor(private readonly outDir: string) {
    this.staging = `${outDir}.tmp-${process.pid}-${Date.now().toString(36)}`;
  }

  async open(): Promise<void> {
    await rm(this.staging, { recursive: true, force: true });
    await mkdir(this.staging, { recursive: true });
  }

  /** Queues a file; writes overlap with rendering, bounded so memory stays flat. */
  async write(file: OutputFile): Promise<void> {
    const target = path.join(this.staging, ...file.path.split('/'));
    const dir = path.dirname(target);
    const job = (async () => {
      if (!this.dirs.has(dir)) {
        await mkdir(dir, { recursive: true });
        this.dirs.add(dir);
      }
      await writeFile(target, file.contents);
      this.written++;
    })();
    this.pending.push(job);
    if (this.pending.length >= 64) {
      const batch = this.pending;
      this.pending = [];
      await Promise.all(batch);
    }
  }

  /** Copies a directory of static files (public/) into the output. */
  async copyDir(from: string): Promise<void> {
    if (existsSync(from)) await cp(from, this.staging, { recursive: true });
  }

  /** Swaps the finished site in place of the old one. */
  async commit(): Promise<void> {
    await Promise.all(this.pending);
    this.pending = [];
    const old = `${this.outDir}.old-${process.pid}`;
    const hadOld = existsSync(this.outDir);
    if (hadOld) await rename(this.outDir, old);
    await rename(this.staging, this.outDir);
    if (hadOld) await rm(old, { recursive: true, force: true });
  }

  /** Drops everything written so far. */
  async abort(): Promise<void> {
    await Promise.allSettled(this.pending);
    await rm(this.staging, { recursive: true, force: true });
  }
}

/** Output path of a route: `/a/b` → `a/b.html` (serves `/a/b` on static hosts), `/a/` → `a/index.html`. */
export function outputPathOf(route: string): string {
  if (route === '/') return 'index.html';
  if (route.endsWith('/')) return `${route.slice(1)}index.html`;
  return `${route.slice(1)}.html`;
}
