#!/usr/bin/env node
// npm run bench [-- [real] [--scales 1,2,4] [--runs N]]: builds the real-shaped corpus
// (bench/real-corpus.mjs: the repo's own site, ×SCALE manual versions) RUNS times (default 3) in
// alternation: cold (no compiled-page cache, no site manifest, no out/; the extracted API data
// kept, as after a package download), warm with nothing changed, and one edit (a sentence appended
// to one manual page, then the file restored). Prints medians (min–max) of wall time and peak RSS,
// the per-stage breakdown (DOCSGEN_STATS) of cold and one-edit builds and the stage bounding each,
// and, for several scales, how peak RSS grows with the site.
//
// npm run bench -- peers [N...]: the synthetic corpus of ../shared/bench/peers/gen-corpus.mjs
// (default N = 1000 and 200), cold and warm, as the peers are measured.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inputsKey, makeCorpus, printShape } from './real-corpus.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const work = process.env.BENCH_DIR ?? path.join(os.tmpdir(), 'docsgen-bench');
const CACHE = path.join('node_modules', '.cache', 'docsgen');
const STAGES = ['load', 'api', 'validate', 'index', 'bundle', 'cache', 'parse', 'compile', 'highlight', 'render', 'search', 'links', 'write'];

const args = process.argv.slice(2);
const mode = args[0] === 'peers' || args[0] === 'real' ? args.shift() : 'real';
let runs = Number(process.env.RUNS ?? 3);
let scales = [1];
const rest = [];
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '--runs') runs = Number(args[++i]);
  else if (a.startsWith('--runs=')) runs = Number(a.slice(7));
  else if (a === '--scales') scales = parseList(args[++i]);
  else if (a.startsWith('--scales=')) scales = parseList(a.slice(9));
  else rest.push(a);
}
function parseList(s) {
  const xs = String(s ?? '').split(',').map(Number);
  if (xs.length === 0 || xs.some((x) => !Number.isInteger(x) || x < 1)) throw new Error(`--scales takes whole numbers ≥ 1, comma-separated (1,2,4), not ${s}`);
  return xs;
}
if (!Number.isInteger(runs) || runs < 1) throw new Error(`RUNS must be a whole number ≥ 1, not ${runs}`);

if (!fs.existsSync(path.join(repo, 'dist', 'cli.cjs'))) spawnSync(process.execPath, ['scripts/build-cli.mjs'], { cwd: repo, stdio: 'inherit' });

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const range = (xs, digits) => `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;

/** One `docsgen build` of a site root, timed from outside, with its DOCSGEN_STATS line. */
function build(site, extra = []) {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [path.join(repo, 'bin', 'docsgen.js'), 'build', '--root', site, '--quiet', ...extra], {
    encoding: 'utf8',
    env: { ...process.env, DOCSGEN_STATS: '1', NO_COLOR: '1' },
    maxBuffer: 64 * 1024 * 1024,
  });
  const wall = Number(process.hrtime.bigint() - start) / 1e9;
  if (r.status !== 0) throw new Error(`build of ${site} failed (exit ${r.status}):\n${r.stderr.slice(-4000)}`);
  const stats = JSON.parse(/DOCSGEN_STATS (\{.*\})/.exec(r.stderr)?.[1] ?? '{}');
  const summary = /✓ (\d+) pages in [^\n]*/.exec(r.stderr);
  if (!summary) throw new Error(`no summary line in the build's output:\n${r.stderr.slice(-4000)}`);
  return {
    wall,
    rssMb: (stats.maxRssKb ?? 0) / 1024,
    stages: stats.stagesMs ?? {},
    pages: Number(summary[1]),
    warnings: Number(/, (\d+) warnings?/.exec(summary[0])?.[1] ?? 0),
    unchanged: summary[0].includes('unchanged since the last build'),
  };
}

// ---------------------------------------------------------------------------------------------
// The real-shaped corpus.

/** The page a one-edit build changes: a mid-sized v12 manual page with code blocks. */
const EDIT_PAGE = process.env.EDIT_PAGE ?? 'content/docs/manual/v12.0.0/record.mdx';

function prepareReal(scale) {
  const site = path.join(work, `real-x${scale}`);
  let shape;
  try {
    shape = JSON.parse(fs.readFileSync(path.join(site, '.corpus.json'), 'utf8'));
  } catch {
    shape = undefined;
  }
  if (!shape || shape.inputs !== inputsKey(scale)) {
    console.error(`bench: making the real-shaped corpus ×${scale} in ${site}`);
    shape = makeCorpus(scale, site);
  }
  return { site, shape };
}

/** Cold: only the extracted API data stays in the cache (compiled pages, site manifest and out/ go). */
function makeCold(site) {
  const cache = path.join(site, CACHE);
  for (const f of fs.existsSync(cache) ? fs.readdirSync(cache) : []) if (!/^api-.+\.json$/.test(f)) fs.rmSync(path.join(cache, f), { recursive: true, force: true });
  fs.rmSync(path.join(site, 'out'), { recursive: true, force: true });
}

/**
 * The API data files in the cache, by name (a name is its data's key): a build that adds one
 * extracted again instead of reading them (a leftover api-work/ directory, which a build may clear,
 * says nothing).
 */
function apiFiles(site) {
  const cache = path.join(site, CACHE);
  if (!fs.existsSync(cache)) return '';
  // Not their times: a build that reads a file sets its modification time (src/api/cache-files.ts).
  return fs.readdirSync(cache).filter((f) => /^api-.+\.json$/.test(f)).sort().join(' ');
}

function benchReal(scale) {
  const { site, shape } = prepareReal(scale);
  const api = apiFiles(site);
  const page = path.join(site, EDIT_PAGE);
  if (!fs.existsSync(page)) throw new Error(`EDIT_PAGE ${EDIT_PAGE} is not in ${site}`);
  const results = { cold: [], warm: [], edit: [] };
  const check = (kind, r) => {
    if (apiFiles(site) !== api) throw new Error(`the ${kind} build of ×${scale} extracted the API data again (cache now: ${apiFiles(site)}; was: ${api}): its cache key does not match the copied files (a change to the extractors or the packages since the repo's cache was written?): run \`node bin/docsgen.js build\` in ${repo} to refresh it, then rerun`);
    if (kind === 'warm' && !r.unchanged) console.error(`bench: warning: the warm build of ×${scale} did not report "unchanged since the last build"`);
    if (kind !== 'warm' && r.unchanged) throw new Error(`the ${kind} build of ×${scale} reported "unchanged": it measured nothing`);
    results[kind].push(r);
    process.stderr.write(`bench: ×${scale} run ${results[kind].length}/${runs} ${kind}: ${r.pages} pages, ${r.wall.toFixed(2)} s, ${r.rssMb.toFixed(0)} MB${r.warnings ? `, ${r.warnings} warnings` : ''} (load average ${os.loadavg()[0].toFixed(2)})\n`);
  };
  for (let i = 0; i < runs; i++) {
    makeCold(site);
    check('cold', build(site));
    check('warm', build(site));
    const original = fs.readFileSync(page);
    const st = fs.statSync(page);
    try {
      fs.writeFileSync(page, `${original.toString('utf8').replace(/\s*$/, '')}\n\nThis sentence was added by npm run bench (run ${i + 1}).\n`);
      check('edit', build(site));
    } finally {
      fs.writeFileSync(page, original);
      fs.utimesSync(page, st.atime, st.mtime);
    }
  }
  return { scale, site, shape, ...results };
}

function printReal(all) {
  const walls = (xs) => xs.map((x) => x.wall);
  const rss = (xs) => xs.map((x) => x.rssMb);
  for (const r of all) {
    const pages = r.cold[0].pages;
    const warnings = Math.max(...[...r.cold, ...r.edit].map((x) => x.warnings));
    console.log(`\n### Real-shaped corpus ×${r.scale}: ${pages} pages (${r.shape.manualVersions} manual versions, ${r.shape.apiModules} API pages, ${r.shape.totalBlocks} code blocks)${warnings ? `, ${warnings} warnings` : ', no warnings'}\n`);
    console.log('| build | wall s, median (min–max) | pages/s | peak RSS MB, median (min–max) |');
    console.log('|---|---|---:|---|');
    for (const [kind, label] of [['cold', 'cold'], ['warm', 'warm, nothing changed'], ['edit', 'one edit']]) {
      const xs = r[kind];
      console.log(`| ${label} | ${range(walls(xs), 2)} | ${(pages / median(walls(xs))).toFixed(0)} | ${range(rss(xs), 0)} |`);
    }
    console.log('\nSelf time per stage on the main thread, ms, median (compile, render and write interleave per page; cache may overlap; highlight is time highlighting or waiting for the highlight thread):\n');
    console.log('| stage | cold | one edit |');
    console.log('|---|---:|---:|');
    const med = (xs, s) => median(xs.map((x) => x.stages[s] ?? 0));
    for (const s of STAGES) console.log(`| ${s} | ${med(r.cold, s).toFixed(0)} | ${med(r.edit, s).toFixed(0)} |`);
    const sum = (xs) => median(xs.map((x) => STAGES.reduce((n, s) => n + (x.stages[s] ?? 0), 0)));
    console.log(`| sum of stages | ${sum(r.cold).toFixed(0)} | ${sum(r.edit).toFixed(0)} |`);
    console.log(`| wall (whole process) | ${(median(walls(r.cold)) * 1000).toFixed(0)} | ${(median(walls(r.edit)) * 1000).toFixed(0)} |`);
    for (const [kind, label] of [['cold', 'Cold'], ['edit', 'One edit']]) {
      const ranked = STAGES.map((s) => [s, med(r[kind], s)]).sort((a, b) => b[1] - a[1]);
      const wall = median(walls(r[kind])) * 1000;
      console.log(`\n${label}: bounded by **${ranked[0][0]}** (${ranked[0][1].toFixed(0)} ms, ${((100 * ranked[0][1]) / wall).toFixed(0)}% of the wall time), then ${ranked[1][0]} (${ranked[1][1].toFixed(0)} ms) and ${ranked[2][0]} (${ranked[2][1].toFixed(0)} ms).`);
    }
  }
  if (all.length > 1) {
    const base = all[0];
    const b = (xs) => median(xs.map((x) => x.rssMb));
    console.log(`\n### Memory flatness: peak RSS against site size (ratio to ×${base.scale})\n`);
    console.log(`| scale | pages | cold wall s | cold peak RSS MB | ratio | one-edit peak RSS MB | ratio | warm peak RSS MB | ratio |`);
    console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of all) {
      const cells = ['cold', 'edit', 'warm'].map((k) => `${b(r[k]).toFixed(0)} | ${(b(r[k]) / b(base[k])).toFixed(2)}×`);
      console.log(`| ×${r.scale} | ${r.cold[0].pages} (${(r.cold[0].pages / base.cold[0].pages).toFixed(2)}×) | ${median(r.cold.map((x) => x.wall)).toFixed(2)} | ${cells.join(' | ')} |`);
    }
  }
}

function runReal() {
  const rev = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repo, encoding: 'utf8' }).stdout.trim();
  const dirty = spawnSync('git', ['status', '--porcelain', '--', 'src', 'bin', 'scripts'], { cwd: repo, encoding: 'utf8' }).stdout.trim() ? ' (src changed since)' : '';
  console.log(
    `## docsgen bench, real-shaped corpus: docsgen ${rev}${dirty}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), node ${process.version}, load average at start ${os.loadavg()[0].toFixed(2)}; ${runs} run${runs === 1 ? '' : 's'} per figure, median (min–max)`,
  );
  console.log(
    '\nEach run: cold (no compiled-page cache, no site manifest, no out/; the API data extracted from the ReScript packages is kept, as after a package download: extracting it takes ~60 s), then warm with nothing changed, then one edit (a sentence appended to ' +
      `${EDIT_PAGE}, built, then the file restored with its modification time). Peak RSS is the whole process's (all threads).`,
  );
  const all = scales.map(benchReal);
  console.log(`\n### Corpus shape (bench/real-corpus.mjs, from its sources)\n`);
  printShape(all.map((r) => r.shape));
  printReal(all);
  const cmd = `RUNS=${runs} node bench/run.mjs${scales.length > 1 || scales[0] !== 1 ? ` --scales ${scales.join(',')}` : ''}`;
  console.log('\n### Reproduce\n');
  console.log('```sh');
  console.log(`cd ${repo} && npm ci                 # installs tools/api (the ReScript packages) and builds dist/`);
  console.log(`${process.env.BENCH_DIR ? `BENCH_DIR=${work} ` : ''}${cmd}   # corpus in ${work}/real-x{SCALE}; extracts the API data once if the repo has none`);
  console.log('# by hand, one cold build of ×1:');
  console.log(`node bench/real-corpus.mjs 1 ${path.join(work, 'real-x1')}`);
  console.log(`cd ${path.join(work, 'real-x1')} && find ${CACHE} -mindepth 1 -maxdepth 1 ! -name 'api-*.json' -exec rm -rf {} + && rm -rf out`);
  console.log(`DOCSGEN_STATS=1 node ${path.join(repo, 'bin', 'docsgen.js')} build --root . --quiet`);
  console.log('```');
}

// ---------------------------------------------------------------------------------------------
// The synthetic corpus of the peers' harness.

function runPeers() {
  const gen = path.resolve(repo, '../shared/bench/peers/gen-corpus.mjs');
  const sizes = rest.map(Number).filter(Boolean);
  if (sizes.length === 0) sizes.push(1000, 200);
  if (!fs.existsSync(gen)) {
    console.error(`bench: ${gen} not found (the shared benchmark harness must sit beside this repo)`);
    process.exit(1);
  }
  const prepare = (n) => {
    const site = path.join(work, `site-${n}`);
    const content = path.join(site, 'content');
    if (!fs.existsSync(path.join(content, '.corpus.json'))) {
      fs.rmSync(site, { recursive: true, force: true });
      const r = spawnSync('node', [gen, String(n), content], { stdio: ['ignore', 'ignore', 'inherit'] });
      if (r.status !== 0) throw new Error('corpus generation failed');
      spawnSync('node', [path.join(here, 'corpus-config.mjs'), content, path.join(site, 'config')], { stdio: 'inherit' });
    }
    return site;
  };
  console.log(`docsgen bench (peers corpus): ${os.cpus().length} CPUs, node ${process.version}, ${runs} runs per figure (median)`);
  console.log('| N | pages | cold s (min-max) | warm s (min-max) | cold pages/s | warm pages/s | peak RSS MB cold | peak RSS MB warm |');
  console.log('|---:|---:|---|---|---:|---:|---:|---:|');
  for (const n of sizes) {
    const site = prepare(n);
    const cold = [];
    const warm = [];
    for (let i = 0; i < runs; i++) {
      fs.rmSync(path.join(site, CACHE), { recursive: true, force: true });
      cold.push(build(site, ['--links', 'warn']));
      warm.push(build(site, ['--links', 'warn']));
    }
    const fmt = (xs) => `${median(xs.map((x) => x.wall)).toFixed(2)} (${Math.min(...xs.map((x) => x.wall)).toFixed(2)}-${Math.max(...xs.map((x) => x.wall)).toFixed(2)})`;
    const pages = cold[0].pages;
    console.log(
      `| ${n} | ${pages} | ${fmt(cold)} | ${fmt(warm)} | ${(pages / median(cold.map((x) => x.wall))).toFixed(0)} | ${(pages / median(warm.map((x) => x.wall))).toFixed(0)} | ${median(cold.map((x) => x.rssMb)).toFixed(0)} | ${median(warm.map((x) => x.rssMb)).toFixed(0)} |`,
    );
  }
  console.log('\nSide by side with the peers (Hugo, VitePress, ...): bench/peers.sh N (see bench/README.md).');
}

if (mode === 'peers') runPeers();
else runReal();
