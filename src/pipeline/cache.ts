// On-disk cache of compiled pages: a versioned manifest. Anything that affects a compiled page is in
// its key; a mismatch or a corrupt file means a full compile and a logged reason (STYLE rule 8).
import path from 'node:path';
import { mkdir, readFile, readdir, rename, stat, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import { sha1 } from '../util/text.ts';
import { toolDir } from './config.ts';
import { RESCRIPT_GRAMMAR } from '../render/precompiled-grammar.ts';
import type { CompiledPage, Message } from './types.ts';

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

/** Bump when the site manifest's layout changes. */
const SITE_FORMAT = 1;

/**
 * What the last written site was built from, and what it wrote: a build whose inputs all match,
 * with out/ as it was left, has nothing to do (a warm `docsgen build`). Each part of the key is
 * kept apart, so a mismatch can say what changed.
 */
interface SiteManifest {
  format: number;
  /**
   * `tool`: docsgen's version and compiler code (any output may change); `config`: every config
   * byte; `assets`: the hashed client asset names; `public`: the files copied as they are (name,
   * size, mtime); `options`: flags and settings that change what is written or reported.
   */
  parts: Record<string, string>;
  /** Content id → hash of the source (generated API pages included). */
  sources: Record<string, string>;
  /** out/ file → size, as the build left it: a file changed or removed since means a rebuild. */
  outputs: Record<string, number>;
  /** The build's messages (warnings), reported again by a build that reuses it. */
  messages: Message[];
  pages: number;
}

export interface SiteKey {
  parts: Record<string, string>;
  sources: Record<string, string>;
}

/** The key parts of a site build; `extra` holds what only the caller knows (config hash, assets…). */
export function siteKey(toolVersion: string, extra: Record<string, string>, sources: Record<string, string>): SiteKey {
  return { parts: { tool: `${toolVersion}:${compilerCodeHash()}`, ...extra }, sources };
}

async function listOutputs(outDir: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
  await Promise.all(
    entries
      .filter((e) => e.isFile())
      .map(async (e) => {
        const abs = path.join(e.parentPath, e.name);
        out[path.relative(outDir, abs).split(path.sep).join('/')] = (await stat(abs)).size;
      }),
  );
  return out;
}

/** Why the last site cannot be reused, or the manifest when it can. */
export async function checkSiteManifest(
  dir: string,
  key: SiteKey,
  outDir: string,
): Promise<{ manifest: { messages: Message[]; pages: number } } | { reason: string }> {
  const file = path.join(dir, 'site.json');
  if (!existsSync(file)) return { reason: 'no earlier build recorded' };
  let m: SiteManifest;
  try {
    m = JSON.parse(await readFile(file, 'utf8')) as SiteManifest;
  } catch {
    return { reason: 'the build manifest is corrupt' };
  }
  if (m.format !== SITE_FORMAT) return { reason: 'the build manifest format changed' };
  const parts = Object.keys({ ...m.parts, ...key.parts }).filter((k) => m.parts[k] !== key.parts[k]);
  if (parts.length > 0) return { reason: `${parts.join(', ')} changed` };
  const ids = new Set([...Object.keys(m.sources), ...Object.keys(key.sources)]);
  const changed = [...ids].filter((id) => m.sources[id] !== key.sources[id]);
  if (changed.length > 0) {
    return { reason: `${changed.length} content file${changed.length === 1 ? '' : 's'} changed (${changed.slice(0, 3).join(', ')}${changed.length > 3 ? ', …' : ''})` };
  }
  const outputs = existsSync(outDir) ? await listOutputs(outDir) : {};
  const names = new Set([...Object.keys(m.outputs), ...Object.keys(outputs)]);
  const touched = [...names].filter((f) => m.outputs[f] !== outputs[f]);
  if (touched.length > 0) return { reason: `out/ changed since the last build (${touched.slice(0, 3).join(', ')}${touched.length > 3 ? ', …' : ''})` };
  return { manifest: { messages: m.messages, pages: m.pages } };
}

/** Records a written site (after its output directory was swapped in). */
export async function writeSiteManifest(dir: string, key: SiteKey, outDir: string, result: { messages: Message[]; pages: number }): Promise<void> {
  const manifest: SiteManifest = { format: SITE_FORMAT, ...key, outputs: await listOutputs(outDir), messages: result.messages, pages: result.pages };
  await mkdir(dir, { recursive: true });
  const tmp = path.join(dir, `site.json.${process.pid}.tmp`);
  await writeFile(tmp, JSON.stringify(manifest));
  await rename(tmp, path.join(dir, 'site.json'));
}
