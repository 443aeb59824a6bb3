// On-disk cache of compiled pages: a versioned manifest. Anything that affects a compiled page is in
// its key; a mismatch or a corrupt file means a full compile and a logged reason (STYLE rule 8).
import path from 'node:path';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import { sha1 } from '../util/text.ts';
import { toolDir } from './config.ts';
import { RESCRIPT_GRAMMAR } from '../render/precompiled-grammar.ts';
import type { CompiledPage } from './types.ts';

/** Bump when the manifest layout changes. */
const FORMAT = 1;

interface Manifest {
  format: number;
  /**
   * Hash of the compiler code (dist/build.json), the grammar, and the compile context (file → route
   * map, aliases, warning list): any change may alter every page, so it invalidates them all.
   */
  contextKey: string;
  /** Content id → hash of the file it was compiled from, and the result. */
  pages: Record<string, { hash: string; page: CompiledPage }>;
}

let codeHash: string | undefined;
function compilerCodeHash(): string {
  if (codeHash === undefined) {
    const root = toolDir();
    // dist/build.json: the id of the bundled compiler (a hash of its code, written by build-cli).
    const parts = [path.join(root, 'dist', 'build.json'), path.join(root, RESCRIPT_GRAMMAR)];
    codeHash = sha1(parts.map((p) => (existsSync(p) ? sha1(readFileSync(p)) : 'none')).join(':'));
  }
  return codeHash;
}

export function contextKey(ctx: unknown, toolVersion: string): string {
  return sha1(`${FORMAT}:${toolVersion}:${compilerCodeHash()}:${JSON.stringify(ctx)}`);
}

export interface CacheReadResult {
  pages: Map<string, { hash: string; page: CompiledPage }>;
  /** Why nothing was reused, when nothing was. */
  reason?: string;
}

export async function readCache(dir: string, key: string): Promise<CacheReadResult> {
  const file = path.join(dir, 'compiled.v8');
  if (!existsSync(file)) return { pages: new Map(), reason: 'no cache yet' };
  try {
    const manifest = deserialize(await readFile(file)) as Manifest;
    if (manifest.format !== FORMAT) return { pages: new Map(), reason: 'cache format changed' };
    if (manifest.contextKey !== key) return { pages: new Map(), reason: 'docsgen, config or the set of pages changed' };
    return { pages: new Map(Object.entries(manifest.pages)) };
  } catch {
    return { pages: new Map(), reason: 'cache file is corrupt' };
  }
}

export async function writeCache(dir: string, key: string, pages: Map<string, { hash: string; page: CompiledPage }>): Promise<void> {
  await mkdir(dir, { recursive: true });
  const manifest: Manifest = { format: FORMAT, contextKey: key, pages: Object.fromEntries(pages) };
  const tmp = path.join(dir, `compiled.v8.${process.pid}.tmp`);
  await writeFile(tmp, serialize(manifest));
  await rename(tmp, path.join(dir, 'compiled.v8'));
}
