import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { toolDir } from './config.ts';
import { DocsgenError } from './errors.ts';
import type { BundleResult, OutputFile } from './types.ts';

let cached: Promise<BundleResult> | undefined;

/**
 * Bundles the island client entry (code-split: one chunk per island, React shared) and the
 * stylesheet, with content hashes in the names. Client code does not depend on content, so the
 * result is reused for every build in the same process (watch mode).
 */
export function bundleAssets(): Promise<BundleResult> {
  cached ??= bundleOnce().catch((err: unknown) => {
    cached = undefined;
    throw err;
  });
  return cached;
}

async function bundleOnce(): Promise<BundleResult> {
  const root = toolDir();
  const outdir = path.join(root, '.bundle-out');
  let result;
  try {
    result = await build({
      absWorkingDir: root,
      entryPoints: { islands: 'src/client/entry.ts', style: 'src/client/style.css' },
      outdir,
      bundle: true,
      splitting: true,
      format: 'esm',
      minify: true,
      target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
      entryNames: '[name]-[hash]',
      chunkNames: 'chunk-[hash]',
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      write: false,
      metafile: true,
      logLevel: 'silent',
      legalComments: 'none',
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
