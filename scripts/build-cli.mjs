// Bundles the CLI and the render worker into dist/ (run by `npm ci` through `prepare`), prebuilds
// the client assets, and warms the code caches.
// One bundled file per entry starts far faster than resolving hundreds of ESM modules. They are
// CommonJS because bin/load.cjs runs them through a V8 code cache, which Node 20 offers for scripts
// only (vm.Script), not for ES modules.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });

/**
 * Edits to dependencies' code as it is bundled, each for a measured reason. An edit whose text is
 * no longer found fails the build: a dependency update must be looked at, not silently unpatched.
 */
const PATCHES = [
  {
    // unist-util-visit-parents renames its visitor closure after every node it visits (for
    // readable stack traces): an Object.defineProperty on a function per node, ~4 % of the main
    // thread's time in a 200-page build (mdast-util-to-hast visits every tree once to collect
    // definitions).
    file: /[\\/]unist-util-visit-parents[\\/]lib[\\/]index\.js$/,
    from: /\n {4}if \(typeof value\.type === 'string'\) \{\n[^]*?Object\.defineProperty\(visit, 'name', \{[^]*?\n {4}\}\n/,
    to: '\n',
  },
  {
    // commander loads node:child_process for subcommands run as separate executables, which
    // docsgen has none of: loading it cost every start ~10 ms.
    file: /[\\/]commander[\\/]lib[\\/]command\.js$/,
    from: "const childProcess = require('node:child_process');",
    to: "const childProcess = { spawn: (...args) => require('node:child_process').spawn(...args) };",
  },
];

const patchDependencies = {
  name: 'patch-dependencies',
  setup(b) {
    for (const { file, from, to } of PATCHES) {
      b.onLoad({ filter: file }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        const patched = source.replace(from, to);
        if (patched === source) throw new Error(`${args.path}: the text to patch is gone (scripts/build-cli.mjs PATCHES)`);
        return { contents: patched, loader: 'js' };
      });
    }
  },
};

const common = {
  plugins: [patchDependencies],
  bundle: true,
  platform: 'node',
  target: 'node20',
  // esbuild ships a native binary; chokidar has optional native deps.
  external: ['esbuild', 'chokidar', 'fsevents'],
  jsx: 'automatic',
  logLevel: 'warning',
  sourcemap: 'linked',
  // No comments or indentation: a quarter less source for every thread to read and hash.
  minifyWhitespace: true,
  define: { 'process.env.NODE_ENV': '"production"' },
};
await build({
  ...common,
  entryPoints: { cli: 'src/cli/index.ts', worker: 'src/render/worker.ts', 'highlight-worker': 'src/render/highlight-worker.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  define: { ...common.define, 'import.meta.url': 'importMetaUrl' },
  banner: { js: "var importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
});
await build({ ...common, entryPoints: { prebuild: 'src/pipeline/prebuild.ts' }, outdir: 'dist', format: 'esm' });

// The bundles as pure ASCII (esbuild leaves the odd non-ASCII character in a regex literal): V8
// then keeps the source as a one-byte string, which bin/load.cjs reads without decoding UTF-8
// (measured: reading cli.cjs 16 → 5 ms, and less to deserialise). `\uXXXX` means the same
// character in a string, a regex (with or without the u flag: surrogate pairs combine) and an
// identifier; esbuild already escapes template literals.
const BUNDLES = ['dist/cli.cjs', 'dist/worker.cjs', 'dist/highlight-worker.cjs'];
for (const file of BUNDLES) {
  const source = readFileSync(file, 'utf8');
  const ascii = source.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (ascii !== source) writeFileSync(file, ascii);
}

// The build id names the code caches and keys the compiled-page cache.
const hash = createHash('sha1');
for (const file of BUNDLES) hash.update(readFileSync(file));
writeFileSync('dist/build.json', `${JSON.stringify({ id: hash.digest('hex').slice(0, 16) })}\n`);

// Client islands and CSS are tool code, not content: bundle them once here, so a cold site build
// (no cache) does not pay for esbuild. The build still bundles itself when the sources changed.
const r = spawnSync(process.execPath, ['dist/prebuild.js'], { stdio: 'inherit' });
if (r.status !== 0) process.exit(r.status ?? 1);

// Code caches (bin/load.cjs): build the dialect fixture plus pages with a block in every
// highlighted language (so every grammar module is compiled; enough pages for the highlight
// thread), once on the main thread alone, once with the highlight thread and once with a page
// compiler thread, so every bundle's cache holds the functions a build compiles. `--no-cache`: a
// page served from the compiled-page cache would compile nothing. A failure here only means the
// first real build writes the caches instead.
const site = mkdtempSync(path.join(tmpdir(), 'docsgen-warm-'));
const root = path.join(site, 'site');
const fixture = path.resolve('tests/fixtures/dialect');
// Not a compiled-page cache a local test run may have left in the fixture.
cpSync(fixture, root, { recursive: true, filter: (f) => !path.relative(fixture, f).split(path.sep).includes('node_modules') });
for (let i = 1; i <= 50; i++) cpSync('dist/warm-up.md', path.join(root, 'content', 'warm-up', `page-${i}.md`));
for (const threads of [['--workers', '0'], [], ['--workers', '1']]) {
  const warm = spawnSync(
    process.execPath,
    ['bin/docsgen.js', 'build', '--root', root, '--out', path.join(site, 'out'), '--quiet', '--links', 'off', '--no-cache', ...threads],
    { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
  );
  if (warm.status !== 0 && warm.status !== 1) process.stderr.write(`code cache warm-up failed (not fatal):\n${warm.stderr}`);
}
rmSync(site, { recursive: true, force: true });
