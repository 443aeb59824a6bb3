import { readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';

/**
 * Extracted API data files kept per docs version (`api-<version>-<key>.json` in the site's cache):
 * the one in use and the one used before it. Each new key (a docsgen upgrade that changes the data's
 * format, a new compiler package) wrote a file of 0.7–1.7 MB that no build read again; keeping the
 * last two means switching between two docsgen checkouts on one site never extracts again (~60 s),
 * while a third key retires the oldest.
 */
export const API_DATA_KEPT = 2;

/** Marks a data file as just used (its modification time is when a build last read it). */
export function markApiDataUsed(file: string): void {
  try {
    const now = new Date();
    utimesSync(file, now, now);
  } catch {
    // A read-only cache keeps its old times: pruning then only goes by when files were written.
  }
}

/** Removes this version's data files (and their outlines, in `outlines/`) but the API_DATA_KEPT last used. */
export function pruneApiData(cacheRoot: string, version: string): string[] {
  const pattern = new RegExp(`^api-${version.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-[0-9a-f]{16}\\.json$`);
  let names: string[];
  try {
    names = readdirSync(cacheRoot).filter((name) => pattern.test(name));
  } catch {
    return [];
  }
  const used = names
    .map((name) => {
      try {
        return { name, time: statSync(path.join(cacheRoot, name)).mtimeMs };
      } catch {
        return { name, time: -1 };
      }
    })
    .sort((a, b) => b.time - a.time || a.name.localeCompare(b.name));
  const removed = used.slice(API_DATA_KEPT).map(({ name }) => name);
  for (const name of removed) {
    rmSync(path.join(cacheRoot, name), { force: true });
    rmSync(path.join(cacheRoot, 'outlines', name), { force: true });
  }
  return removed;
}
