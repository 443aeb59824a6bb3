// Bundles the CLI and the render worker into dist/ (run by `npm ci` through `prepare`), then the
// client assets.
// One bundled file per entry starts far faster than resolving hundreds of ESM modules.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: { cli: 'src/cli/index.ts', worker: 'src/render/worker.ts', prebuild: 'src/pipeline/prebuild.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  // esbuild ships a native binary; chokidar has optional native deps.
  external: ['esbuild', 'chokidar', 'fsevents'],
  jsx: 'automatic',
  logLevel: 'warning',
  sourcemap: 'linked',
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  define: { 'process.env.NODE_ENV': '"production"' },
});

// Client islands and CSS are tool code, not content: bundle them once here, so a cold site build
// (no cache) does not pay for esbuild. The build still bundles itself when the sources changed.
const r = spawnSync(process.execPath, ['dist/prebuild.js'], { stdio: 'inherit' });
if (r.status !== 0) process.exit(r.status ?? 1);
