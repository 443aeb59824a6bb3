// Bundles the CLI and the render worker into dist/ (run by `npm ci` through `prepare`).
// One bundled file per entry starts far faster than resolving hundreds of ESM modules.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: { cli: 'src/cli/index.ts', worker: 'src/render/worker.ts' },
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
