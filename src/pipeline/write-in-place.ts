// The writer of an incremental build (`serve --watch`, and a `docsgen build` that renders only the
// routes an edit reaches): files go into out/ in place, and only those whose bytes changed are
// written, so unchanged files keep their mtime and the session knows exactly which outputs changed
// (those pages reload). Nothing is written before commit: a build with errors is aborted and the
// last good site stays. Each file is written under a temporary name and renamed over the old one,
// so a reader (the dev server, a browser reloading) never sees half a file.
import path from 'node:path';
import { readdir, rm } from 'node:fs/promises';
import { mkdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { sha1 } from '../util/text.ts';
import { filesUnder } from '../util/files.ts';
import type { OutputFile, SiteWriter } from './types.ts';

function bytesOf(contents: OutputFile['contents']): Uint8Array {
  if (typeof contents === 'string') return Buffer.from(contents);
  return Array.isArray(contents) ? Buffer.concat(contents.map((p) => (typeof p === 'string' ? Buffer.from(p) : p))) : contents;
}

/** Files under `dir` (`/` separators). Synchronous, like the commit: an awaited listing waited behind the thread pool. */
function listFiles(dir: string): string[] {
  return filesUnder(dir).map((f) => f.rel);
}

/** What a commit changed, as paths relative to out/ (`/` separators). */
export interface CommitResult {
  written: string[];
  removed: string[];
}

/** What a writer may take as known about out/ instead of listing and reading it. */
export interface InPlaceWriterOptions {
  /**
   * Every file of out/ and its size, as the last build left it (the site manifest, checked against
   * out/ just before): out/ is not listed, and a file whose size differs is written without reading
   * the old one. public/ is also taken as copied already (the manifest's key covers it).
   */
  known?: Readonly<Record<string, number>>;
}

export class InPlaceWriter implements SiteWriter {
  /** out/ path → sha1 of what is on disk, for every file this writer knows to be there. */
  private readonly onDisk = new Map<string, string>();
  private listed = false;
  /** This build's files: path → bytes, and which of them differ from the disk. */
  private pending = new Map<string, Uint8Array>();
  /** Paths the build produces without rendering them again (unchanged routes): kept, not removed. */
  private keep = new Set<string>();
  private publicDirs: string[] = [];
  /** Text files as last written, by path. */
  private readonly lastText = new Map<string, string>();
  private pendingText = new Map<string, string>();
  /** Static files copied so far: size and mtime when read. */
  private readonly copied = new Map<string, { size: number; mtimeMs: number }>();
  /** Sizes of files on disk, where known (a changed size needs no read to tell). */
  private readonly sizes = new Map<string, number>();
  /** Told what each commit changed. */
  onCommit: ((result: CommitResult) => void) | undefined;

  constructor(
    private readonly outDir: string,
    private readonly options: InPlaceWriterOptions = {},
  ) {}

  async open(): Promise<void> {
    this.pending = new Map();
    this.pendingText = new Map();
    this.keep = new Set();
    this.publicDirs = [];
    if (!this.listed) {
      // Once per session: what a previous build left in out/ (a file of a page deleted since is removed).
      const { known } = this.options;
      if (known) {
        for (const [f, size] of Object.entries(known)) {
          this.onDisk.set(f, '');
          this.sizes.set(f, size);
        }
      } else for (const f of listFiles(this.outDir)) this.onDisk.set(f, '');
      this.listed = true;
    }
  }

  write(file: OutputFile): void {
    // The very contents of the last build (a generated file made from unchanged pages): unchanged.
    if (typeof file.contents === 'string' && this.lastText.get(file.path) === file.contents && this.onDisk.has(file.path)) {
      this.keep.add(file.path);
      return;
    }
    if (typeof file.contents === 'string') this.pendingText.set(file.path, file.contents);
    this.pending.set(file.path, bytesOf(file.contents));
  }

  /** Marks outputs of this build that were not rendered again (their route did not change). */
  retain(paths: Iterable<string>): void {
    for (const p of paths) this.keep.add(p);
  }

  reuse(file: string): void {
    this.keep.add(file);
  }

  async copyDir(from: string): Promise<void> {
    if (this.options.known) {
      // Unchanged since the last build, which copied it: its files stay as they are.
      for (const f of listFiles(from)) this.keep.add(f);
      return;
    }
    this.publicDirs.push(from);
  }

  /** Every file of out/ and its size, as of the last commit (known sizes only: the build's own case). */
  outputs(): Record<string, number> {
    return Object.fromEntries([...this.onDisk.keys()].sort().map((f) => [f, this.sizes.get(f) ?? -1]));
  }

  /**
   * Writes the files whose bytes changed, each under a temporary name renamed over the old one, and
   * removes what the build no longer makes. Synchronous file calls: nothing else runs meanwhile, and
   * a promise per read, write and rename of the ~60 files an edit's build compares (its pages,
   * generated files, client assets) cost ~30 ms of the repo site's one-edit build, ~5 ms this way.
   */
  async commit(): Promise<void> {
    for (const dir of this.publicDirs) {
      for (const f of listFiles(dir)) {
        if (this.pending.has(f)) continue;
        // A static file is read again only when its size or mtime changed since it was copied.
        const abs = path.join(dir, f);
        const st = statSync(abs);
        const seen = this.copied.get(abs);
        if (seen && seen.size === st.size && seen.mtimeMs === st.mtimeMs && this.onDisk.has(f)) {
          this.keep.add(f);
          continue;
        }
        this.pending.set(f, readFileSync(abs));
        this.copied.set(abs, { size: st.size, mtimeMs: st.mtimeMs });
      }
    }
    const written: string[] = [];
    for (const [rel, bytes] of this.pending) {
      const hash = sha1(bytes);
      let known = this.onDisk.get(rel);
      const size = this.sizes.get(rel);
      // Known to be another size: changed, without reading the old file.
      if (known === '' && size !== undefined && size !== bytes.byteLength) known = undefined;
      else if (known === '') {
        // Listed at open but never compared: compare with the file itself once.
        try {
          known = sha1(readFileSync(path.join(this.outDir, rel)));
        } catch {
          known = undefined;
        }
      }
      if (known === hash) {
        this.onDisk.set(rel, hash);
        continue;
      }
      const target = path.join(this.outDir, ...rel.split('/'));
      mkdirSync(path.dirname(target), { recursive: true });
      const tmp = `${target}.tmp-${process.pid}`;
      writeFileSync(tmp, bytes);
      renameSync(tmp, target);
      this.onDisk.set(rel, hash);
      this.sizes.set(rel, bytes.byteLength);
      written.push(rel);
    }
    // What is on disk now: the text files of this build (a later build may give the very same).
    for (const rel of this.pending.keys()) {
      const text = this.pendingText.get(rel);
      if (text === undefined) this.lastText.delete(rel);
      else this.lastText.set(rel, text);
    }
    this.pendingText = new Map();
    const removed: string[] = [];
    for (const rel of [...this.onDisk.keys()]) {
      if (this.pending.has(rel) || this.keep.has(rel)) continue;
      try {
        unlinkSync(path.join(this.outDir, ...rel.split('/')));
      } catch {
        // already gone
      }
      this.onDisk.delete(rel);
      this.sizes.delete(rel);
      this.lastText.delete(rel);
      removed.push(rel);
    }
    if (removed.length > 0) await removeEmptyDirs(this.outDir);
    this.pending = new Map();
    this.onCommit?.({ written: written.sort(), removed: removed.sort() });
  }

  async abort(): Promise<void> {
    this.pending = new Map();
    this.pendingText = new Map();
  }
}

/** Directories a removed page leaves empty. */
async function removeEmptyDirs(dir: string): Promise<boolean> {
  let empty = true;
  for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    if (e.isDirectory() && (await removeEmptyDirs(path.join(dir, e.name)))) await rm(path.join(dir, e.name), { recursive: true });
    else empty = false;
  }
  return empty;
}
