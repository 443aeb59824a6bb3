import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { readFileSync, statSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { deserialize, serialize } from 'node:v8';
import { createRequire } from 'node:module';
import { sha1 } from '../util/text.ts';
import { listTree, writeFileWhole, writeFileWholeSync } from '../util/files.ts';
import { toolDir } from './config.ts';
import { DocsgenError } from './errors.ts';
import type { BundleResult, OutputFile } from './types.ts';

/**
 * esbuild is loaded only when the client assets must be bundled (not on a build that uses the
 * prebuilt ones): required, not imported, so that its module does not load with every run.
 */
function loadEsbuild(): typeof import('esbuild') {
  return createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
}

let cached: Promise<BundleResult> | undefined;

/**
 * Bundles the island client entry (code-split: one chunk per island, React shared) and the
 * stylesheet, with content hashes in the names. Client code does not depend on content, so the
 * result is reused for every build in the same process (watch mode).
 */
export function bundleAssets(cacheDir: string | false = false): Promise<BundleResult> {
  cached ??= bundleCached(cacheDir).catch((err: unknown) => {
    cached = undefined;
    throw err;
  });
  return cached;
}

/** Forgets the bundle of this process: the next build bundles again if the client sources changed (watch). */
export function forgetBundle(): void {
  cached = undefined;
}

/**
 * Hash of every file the client bundle is made of (and the lockfile, for dependency versions).
 * Their contents are read and hashed only when a file's size or modification time differs from
 * what `dist/client/sources.json` says they were when last hashed (the site manifest's rule):
 * every build asks, and reading and hashing 57 files through the thread pool kept a one-edit
 * build waiting ~25 ms. Synchronous: ~60 stats, nothing left to overlap with.
 */
export function clientSourceHash(root: string): string {
  const lock = path.join(root, 'package-lock.json');
  const lockStat = statSync(lock, { throwIfNoEntry: false });
  const found = [{ abs: lock, stamp: lockStat ? `${lockStat.size}:${lockStat.mtimeMs}` : '-' }];
  for (const dir of ['src/client', 'src/components']) {
    for (const f of listTree(path.join(root, dir))) found.push({ abs: path.join(root, dir, f.path), stamp: `${f.size}:${f.mtimeMs}` });
  }
  found.sort((a, b) => (a.abs < b.abs ? -1 : a.abs > b.abs ? 1 : 0));
  const files = found.map((f) => f.abs);
  const stamps = found.map((f) => `${f.abs}:${f.stamp}`);
  const stampKey = sha1(stamps.join('\n'));
  const memoFile = path.join(root, 'dist', 'client', 'sources.json');
  try {
    const memo = JSON.parse(readFileSync(memoFile, 'utf8')) as { stamps?: string; hash?: string };
    if (memo.stamps === stampKey && typeof memo.hash === 'string') return memo.hash;
  } catch {
    // no memo yet, or unreadable: hash the contents
  }
  // Paths relative to the tool's folder: a checkout that moves keeps its prebuilt assets.
  const hash = sha1(files.map((f) => `${path.relative(root, f).split(path.sep).join('/')}:${sha1(readOrEmpty(f))}`).join('\n'));
  try {
    writeFileWholeSync(memoFile, JSON.stringify({ stamps: stampKey, hash }));
  } catch {
    // a read-only install: hashed again next time
  }
  return hash;
}

function readOrEmpty(file: string): Buffer | string {
  try {
    return readFileSync(file);
  } catch {
    return '';
  }
}

/** Where `npm ci` (scripts/build-cli.mjs) leaves the prebuilt client assets. */
function prebuiltFile(hash: string): string {
  return path.join(toolDir(), 'dist', 'client', `assets-${hash}.v8`);
}

/** Bundles the client and stores it in dist/ for every later build (run at install time). */
export async function prebuildAssets(): Promise<string> {
  const file = prebuiltFile(clientSourceHash(toolDir()));
  await storeAssets(file, await bundleOnce());
  return file;
}

const ASSETS_FILE = /^assets-[0-9a-f]{40}\.v8$/;

/**
 * Writes a bundle to `file` (through a temporary name: a reader never sees half of it) and removes
 * the other bundles beside it: each client source change (a docsgen upgrade, a client edit in a
 * checkout) left one more ~1 MB file that no build would read again.
 */
export async function storeAssets(file: string, result: BundleResult): Promise<void> {
  await writeFileWhole(file, serialize(result));
  await removeAssets(path.dirname(file), path.basename(file));
}

/** Removes the bundles in `dir` but `keep`; a folder that is not there has none. */
async function removeAssets(dir: string, keep?: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  // A file that cannot be removed is left: it costs disk space, never a build.
  await Promise.allSettled(names.filter((name) => ASSETS_FILE.test(name) && name !== keep).map((name) => rm(path.join(dir, name), { force: true })));
}

/**
 * The bundle prebuilt at install time or from the on-disk cache when the client sources are
 * unchanged, else a fresh one.
 */
async function bundleCached(cacheDir: string | false): Promise<BundleResult> {
  const hash = clientSourceHash(toolDir());
  try {
    // Read synchronously (~0.9 MB): through the thread pool, in chunks, a one-edit build waited for it.
    const prebuilt = deserialize(readFileSync(prebuiltFile(hash))) as BundleResult;
    // What the site's cache holds of earlier client sources (before an upgrade) is never read again.
    if (cacheDir !== false) await removeAssets(cacheDir);
    return prebuilt;
  } catch {
    // not prebuilt for these sources (a development checkout): fall through
  }
  if (cacheDir === false) return bundleOnce();
  const file = path.join(cacheDir, `assets-${hash}.v8`);
  try {
    return deserialize(await readFile(file)) as BundleResult;
  } catch {
    const result = await bundleOnce();
    // Kept for the next build when the cache folder can take it (not on a full disk).
    await storeAssets(file, result).catch(() => undefined);
    return result;
  }
}

/** What every client build shares: browsers, production React, minified. */
const CLIENT_OPTIONS = {
  bundle: true,
  minify: true,
  target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
  jsx: 'automatic' as const,
  define: { 'process.env.NODE_ENV': '"production"' },
  write: false as const,
  logLevel: 'silent' as const,
  legalComments: 'none' as const,
} satisfies import('esbuild').BuildOptions;

/** The module `docsgen:playground-render-libraries` imports as text (its .d.ts says why). */
const RENDER_LIBRARIES = 'docsgen:playground-render-libraries';

/**
 * Makes `docsgen:playground-render-libraries` a module whose default export is the text of
 * src/components/playground/render-libraries.ts bundled as a classic script (React and ReactDOM
 * for the playground's sandboxed frame). As a module of the client bundle, it is a lazy chunk
 * like any other, with a hashed name the playground finds without being told.
 */
function renderLibrariesPlugin(esbuild: typeof import('esbuild'), root: string): import('esbuild').Plugin {
  return {
    name: 'playground-render-libraries',
    setup(build) {
      build.onResolve({ filter: /^docsgen:playground-render-libraries$/ }, () => ({ path: RENDER_LIBRARIES, namespace: 'docsgen' }));
      build.onLoad({ filter: /.*/, namespace: 'docsgen' }, async () => {
        const script = await esbuild.build({ ...CLIENT_OPTIONS, absWorkingDir: root, entryPoints: ['src/components/playground/render-libraries.ts'], format: 'iife' });
        return { contents: `export default ${JSON.stringify(script.outputFiles[0]!.text)};`, loader: 'js' };
      });
    },
  };
}

async function bundleOnce(): Promise<BundleResult> {
  const root = toolDir();
  const outdir = path.join(root, '.bundle-out');
  const esbuild = loadEsbuild();
  let result;
  try {
    result = await esbuild.build({
      ...CLIENT_OPTIONS,
      absWorkingDir: root,
      entryPoints: { islands: 'src/client/entry.ts', style: 'src/client/style.css' },
      outdir,
      splitting: true,
      format: 'esm',
      entryNames: '[name]-[hash]',
      chunkNames: 'chunk-[hash]',
      metafile: true,
      plugins: [renderLibrariesPlugin(esbuild, root)],
    });
  } catch (err) {
    throw new DocsgenError('BundleFailed', err instanceof Error ? err.message : String(err));
  }
  const files: OutputFile[] = [];
  let css = '';
  let entry = '';
  let jsBytes = 0;
  for (const f of result.outputFiles) {
    const name = path.relative(outdir, f.path).split(path.sep).join('/');
    files.push({ path: `assets/${name}`, contents: f.contents });
    if (name.endsWith('.css')) css = `/assets/${name}`;
    if (name.startsWith('islands-') && name.endsWith('.js')) entry = `/assets/${name}`;
    if (name.endsWith('.js')) jsBytes += gzipSync(f.contents).length;
  }
  return { files, css, entry, jsBytes };
}
