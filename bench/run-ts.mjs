#!/usr/bin/env node
// node bench/run-ts.mjs FILE.ts [ARGS...]: bundles a TypeScript benchmark with esbuild (as the CLI
// is bundled) into node_modules/.cache and runs it with ARGS.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node bench/run-ts.mjs FILE.ts [ARGS...]');
  process.exit(2);
}
const outfile = path.join(repo, 'node_modules', '.cache', 'bench', `${path.basename(entry, '.ts')}.mjs`);
await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
process.exit(spawnSync(process.execPath, [outfile, ...args], { stdio: 'inherit' }).status ?? 1);
