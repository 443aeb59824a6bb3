#!/usr/bin/env node
// npm run bench [-- N...]: builds the generated corpus (../shared/bench/peers/gen-corpus.mjs) with
// docsgen, cold (no cache) and warm (cache from the previous build), RUNS times each, and prints
// median wall time, pages/s and peak RSS. Default N: 1000 and 200.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const gen = path.resolve(repo, '../shared/bench/peers/gen-corpus.mjs');
const work = process.env.BENCH_DIR ?? path.join(os.tmpdir(), 'docsgen-bench');
const runs = Number(process.env.RUNS ?? 3);
const sizes = process.argv.slice(2).map(Number).filter(Boolean);
if (sizes.length === 0) sizes.push(1000, 200);
if (!fs.existsSync(gen)) {
  console.error(`bench: ${gen} not found (the shared benchmark harness must sit beside this repo)`);
  process.exit(1);
}
if (!fs.existsSync(path.join(repo, 'dist', 'cli.cjs'))) spawnSync('node', ['scripts/build-cli.mjs'], { cwd: repo, stdio: 'inherit' });

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

function prepare(n) {
  const site = path.join(work, `site-${n}`);
  const content = path.join(site, 'content');
  if (!fs.existsSync(path.join(content, '.corpus.json'))) {
    fs.rmSync(site, { recursive: true, force: true });
    const r = spawnSync('node', [gen, String(n), content], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0) throw new Error('corpus generation failed');
    spawnSync('node', [path.join(here, 'corpus-config.mjs'), content, path.join(site, 'config')], { stdio: 'inherit' });
  }
  return site;
}

function build(site, cold) {
  const cache = path.join(site, 'node_modules', '.cache', 'docsgen');
  if (cold) fs.rmSync(cache, { recursive: true, force: true });
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [path.join(repo, 'bin', 'docsgen.js'), 'build', '--root', site, '--links', 'warn', '--quiet'], {
    encoding: 'utf8',
    env: { ...process.env, DOCSGEN_STATS: '1', NO_COLOR: '1' },
  });
  const wall = Number(process.hrtime.bigint() - start) / 1e9;
  if (r.status !== 0) throw new Error(`build failed:\n${r.stderr}`);
  const stats = JSON.parse(/DOCSGEN_STATS (\{.*\})/.exec(r.stderr)?.[1] ?? '{}');
  const pages = Number(/✓ (\d+) pages/.exec(r.stderr)?.[1] ?? 0);
  return { wall, rssMb: (stats.maxRssKb ?? 0) / 1024, pages };
}

console.log(`docsgen bench: ${os.cpus().length} CPUs, node ${process.version}, ${runs} runs per figure (median)`);
console.log('| N | pages | cold s (min-max) | warm s (min-max) | cold pages/s | warm pages/s | peak RSS MB cold | peak RSS MB warm |');
console.log('|---:|---:|---|---|---:|---:|---:|---:|');
for (const n of sizes) {
  const site = prepare(n);
  const cold = [];
  const warm = [];
  for (let i = 0; i < runs; i++) {
    cold.push(build(site, true));
    warm.push(build(site, false));
  }
  const fmt = (xs) => `${median(xs.map((x) => x.wall)).toFixed(2)} (${Math.min(...xs.map((x) => x.wall)).toFixed(2)}-${Math.max(...xs.map((x) => x.wall)).toFixed(2)})`;
  const pages = cold[0].pages;
  console.log(
    `| ${n} | ${pages} | ${fmt(cold)} | ${fmt(warm)} | ${(pages / median(cold.map((x) => x.wall))).toFixed(0)} | ${(pages / median(warm.map((x) => x.wall))).toFixed(0)} | ${median(cold.map((x) => x.rssMb)).toFixed(0)} | ${median(warm.map((x) => x.rssMb)).toFixed(0)} |`,
  );
}
console.log('\nSide by side with the peers (Hugo, VitePress, ...): bench/peers.sh N (see bench/README.md).');
