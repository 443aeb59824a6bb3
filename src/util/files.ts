import path from 'node:path';
import { atLeast } from './bytes.ts';
import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, rmdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';

/**
 * Removes a directory tree: one listing, then an unlink per file and a rmdir per directory, deepest
 * first. Node's recursive `rm` stats every entry and goes through a promise per entry: 48 ms for a
 * 1,024-file site against 22 ms this way (the old site a build swaps out). Anything unexpected
 * (a file busy or changing meanwhile) is left to Node's `rm`, which retries.
 */
export async function removeTree(dir: string): Promise<void> {
  try {
    const dirs: string[] = [];
    for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      const p = path.join(e.parentPath, e.name);
      if (e.isDirectory()) dirs.push(p);
      else unlinkSync(p);
    }
    dirs.sort((a, b) => b.length - a.length);
    for (const d of dirs) rmdirSync(d);
    rmdirSync(dir);
  } catch {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Reads `file`'s text when called, so that a large file's text need not stay in memory while
 * something may still ask for it (its places, for a message). A function of its own: made where the
 * text is in scope, the closure would share that scope and keep the text alive.
 */
export function readAgain(file: string): () => string {
  return () => readUtf8(file);
}

/** The buffer `readScratch` reads into, grown as files need. */
let scratch = Buffer.allocUnsafeSlow(256 * 1024);

/**
 * A whole file's bytes, read into one buffer reused from read to read: valid until the next call
 * (hash or decode it at once). A build reads thousands of files and drops each at once; a new
 * buffer per file (`readFileSync`) left the C heap fragmented, and at ×4 of the bench corpus ~30 MB
 * of the peak RSS was freed memory the process kept (10 MB at ×1).
 */
export function readScratch(file: string): Buffer {
  const fd = openSync(file, 'r');
  try {
    // As readFileSync: the size the file has now (an empty size: a special file, read to its end).
    const size = fstatSync(fd).size;
    if (size === 0) return readFileSync(fd);
    scratch = atLeast(scratch, size);
    let done = 0;
    while (done < size) {
      const n = readSync(fd, scratch, done, size - done, null);
      if (n === 0) break; // shorter than it was: what there is
      done += n;
    }
    return scratch.subarray(0, done);
  } finally {
    closeSync(fd);
  }
}

/** A whole file as UTF-8 text (read through `readScratch`). */
export function readUtf8(file: string): string {
  return readScratch(file).toString('utf8');
}

/** A file found under a directory: its path relative to it (`/` separators) and its absolute path. */
export interface FoundFile {
  rel: string;
  abs: string;
}

/**
 * Every file under `dir` (none if it does not exist), in no particular order; with `links`, the
 * symbolic links too, to files or not (stat them to know). One recursive listing, and paths made
 * by concatenation: `path.join` and a split/join per entry were half the time of listing and
 * stating out/'s 1,354 files (21–33 → 13–21 ms, in a fresh process).
 */
export function filesUnder(dir: string, links = false): FoundFile[] {
  const root = path.resolve(dir);
  let entries;
  try {
    entries = readdirSync(root, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  const out: FoundFile[] = [];
  const prefix = root.length + 1;
  const posix = path.sep === '/';
  for (const e of entries) {
    if (!e.isFile() && !(links && e.isSymbolicLink())) continue;
    const abs = `${e.parentPath}${path.sep}${e.name}`;
    const rel = abs.slice(prefix);
    out.push({ rel: posix ? rel : rel.split(path.sep).join('/'), abs });
  }
  return out;
}

/** A file under a directory: its path relative to it (`/` separators), size and modification time. */
export interface TreeFile {
  path: string;
  size: number;
  mtimeMs: number;
}

/**
 * Every file under `dir` (none if it does not exist; a link to a file counts as the file), sorted
 * by path. Synchronous: for the small trees a build lists (public/), a promise per entry costs more
 * than the listing, and an awaited listing waits behind whatever else the thread pool is doing
 * (public/'s 26 files took 20–35 ms of a one-edit build through fast-glob's promises, ~1 ms this way).
 */
export function listTree(dir: string): TreeFile[] {
  const out: TreeFile[] = [];
  for (const f of filesUnder(dir, true)) {
    const st = statSync(f.abs, { throwIfNoEntry: false });
    if (!st?.isFile()) continue;
    out.push({ path: f.rel, size: st.size, mtimeMs: st.mtimeMs });
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * Writes `file` whole or not at all, making its folder first: into a temporary file beside it, then
 * renamed over it. When the write fails (a full disk, a read-only folder) the temporary file is
 * removed and the error thrown: a reader never sees half a file, and a failed write leaves nothing
 * behind.
 */
export async function writeFileWhole(file: string, data: string | Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    await writeFile(tmp, data);
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true }).catch(() => undefined);
    throw err;
  }
}

/** `writeFileWhole`, synchronously. */
export function writeFileWholeSync(file: string, data: string | Uint8Array): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, file);
  } catch (err) {
    try {
      rmSync(tmp, { force: true });
    } catch {
      // nothing more to do: the error below says what failed
    }
    throw err;
  }
}
