'use strict';
// Starts one of docsgen's bundles (dist/cli.cjs on the main thread, dist/worker.cjs in each compiler
// thread) through a V8 code cache.
//
// Every docsgen run, and every compiler thread in it, would otherwise parse and compile ~4 MB of
// bundled JavaScript (React, shiki and its grammars, the Markdown stack) before doing any work. V8
// can serialise the bytecode of a script after it ran, including the functions compiled lazily
// during the run, and accept it back on the next start. The cache sits beside the bundle, named by
// the bundle's build id and the run's Node options (V8 itself only checks a cache against the
// source's length, the V8 version and the flags), and is written once: by `npm ci`'s warm-up
// builds, else by the first run. A
// rejected or unreadable cache only costs the compile it was meant to save; an unwritable dist/
// just means no cache.
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const v8 = require('node:v8');
const { createRequire } = require('node:module');
const { isMainThread, workerData, Worker } = require('node:worker_threads');
const { isAscii } = require('node:buffer');

// V8's tier-up budget (how much a function runs before it is optimised), by V8 version: the
// default, and the longer one a run starts under. A short build is over before most optimised code
// would pay for its compile, and TurboFan's background compiles take the second core the highlight
// thread needs; src/pipeline/jit.ts ends the long budget once the build is known to be long.
// Measured on V8 11.3 (Node 20) only: elsewhere, and when the run sets the budget itself, V8's own.
const BUDGETS = { '11.3': { default: 67584, warmUp: 1056000 } };
const budget = /--interrupt-budget/.test([...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' '))
  ? undefined
  : BUDGETS[process.versions.v8.split('.').slice(0, 2).join('.')];
// V8 flags before any code is compiled: a code cache is only accepted under the flags it was made
// with. A larger young generation: compiling allocates many short-lived objects (the workers get
// theirs through resourceLimits; the main thread's heap is set up before this runs, and V8 only
// partly follows: its scavenges in a 200-page build are 29 with this flag and 30 without, and a
// launch flag, `--min-semi-space-size`, is what would make the difference, see ARCHITECTURE.md).
// Regexes compiled straight to machine code: highlighting runs
// ~500 grammar regexes per language, and the default (bytecode first, machine code on the second
// run) compiles each of them twice.
// Less inlining in TurboFan (cumulative budget 920 → 300 bytes of bytecode): a build is over in
// about a second, and V8 was spending as much CPU optimising the Markdown parser's big functions
// on background threads as the main thread spent running them; that CPU is the second core, which
// the highlight or compiler thread needs (measured: 0.94 of the time at 200 pages, 0.98 at 1000).
// In a long build the old generation grows by 30 % between full collections (V8 picks 10–300 %
// by its own heuristics, and mostly picked large factors here: a build allocates fast and its live
// set only grows, so the garbage allowed to pile up grew with the site). Peak RSS of a cold build
// of the bench corpus ×4: 742 → 680 MB (×1: 387 → 384 MB); wall time 1.01 of before at ×4, 0.96 at
// ×1, alternated; ~10 % more CPU at ×4, in GC (its marking mostly concurrent, off the main
// thread). A short build keeps V8's own growth, as it keeps the long tier-up budget: its heap stays
// small, and a full collection every 30 % of a small heap cost it time (peers corpus, 200 pages:
// wall 0.97, CPU 0.96, peak RSS 178 against 181 MB). endWarmUp switches both.
const GROWTH = { warmUp: 0, long: 30 }; // 0: V8's own heuristics (the flag's default)
v8.setFlagsFromString('--max-semi-space-size=32');
// The threads' old generation starts at 64 MB (worker isolates are set up after this line; the
// main thread's before it). Under V8's own first limit the highlight thread ran a full collection
// at ~20 MB that freed almost nothing (19.5 → 17.7 MB, 8 ms plus its concurrent marking, in the
// middle of the build; `--trace-gc`). Peers corpus, 200 pages: wall 0.951 and 0.974, CPU 0.958
// and 0.979 (two runs of 20 pairs); the repo site ×1 0.983 and ×4 0.987, peak RSS unchanged (330 /
// 328 and 378 / 379 MB): a long build's threads pass 64 MB early and grow as before.
v8.setFlagsFromString('--initial-old-space-size=64');
v8.setFlagsFromString(`--heap-growing-percent=${budget ? GROWTH.warmUp : GROWTH.long}`);
v8.setFlagsFromString('--no-regexp-tier-up');
v8.setFlagsFromString('--max-inlined-bytecode-size-cumulative=300');
if (budget) v8.setFlagsFromString(`--interrupt-budget=${budget.warmUp}`);

const dist = path.join(__dirname, '..', 'dist');
let warmedUp = false;

/**
 * The work is long enough for early optimised code to pay, and for its heap to grow large: V8's own
 * tier-up budget and the long build's old-generation growth, every thread.
 */
function endWarmUp() {
  if (warmedUp || !budget) return;
  warmedUp = true;
  setWarmUp(false);
}

/** The flags a run starts under (`true`), or those of a long build. */
function setWarmUp(on) {
  v8.setFlagsFromString(`--interrupt-budget=${on ? budget.warmUp : budget.default}`);
  v8.setFlagsFromString(`--heap-growing-percent=${on ? GROWTH.warmUp : GROWTH.long}`);
}
const pending = [];

function buildId() {
  try {
    return JSON.parse(fs.readFileSync(path.join(dist, 'build.json'), 'utf8')).id;
  } catch {
    return undefined;
  }
}

/**
 * A run started with options of its own (`node --some-v8-flag`, NODE_OPTIONS) keeps a cache of its
 * own: V8 rejects a cache made under other flags, and a rejected cache is written again by the run
 * that rejected it, with only the functions that run compiled. One profiling run, or a CI job with
 * `--max-old-space-size` once, would otherwise leave every later build a partial cache.
 */
function optionsTag() {
  const options = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' ').trim();
  if (!options) return '';
  return `.${require('node:crypto').createHash('sha1').update(options).digest('hex').slice(0, 8)}`;
}

/** Runs dist/NAME as a CommonJS module and returns its exports. */
function load(name) {
  const file = path.join(dist, name);
  // The bundles are ASCII (scripts/build-cli.mjs): read as latin1, no UTF-8 decoding.
  const bytes = fs.readFileSync(file);
  const source = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  const id = buildId();
  const cacheFile = id && path.join(dist, `${name}.${id}.${process.version}${optionsTag()}.v8cache`);
  let cachedData;
  try {
    if (cacheFile) cachedData = fs.readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  // The bundles load their few external packages with require(): Node 20 loses a vm script's
  // import() callback when the script comes from a code cache.
  const script = new vm.Script(wrapped, { filename: file, cachedData });
  const mod = { exports: {} };
  script.runInThisContext()(mod.exports, createRequire(file), mod, file, dist);
  if (cacheFile && (!cachedData || script.cachedDataRejected)) pending.push({ script, cacheFile });
  return mod.exports;
}

/**
 * Writes the caches this thread still owes (once the work is done, so they hold every function the
 * work compiled). Written to a temporary name and renamed: a reader never sees half a cache.
 */
function saveCodeCaches() {
  if (pending.length === 0) return;
  // A cache carries the hash of the flags it was made under; the next run starts under the start's
  // (the main thread may have ended the warm-up budget for every thread: set it back, and end it
  // again after if this thread had).
  if (budget) setWarmUp(true);
  for (const { script, cacheFile } of pending.splice(0)) {
    const tmp = `${cacheFile}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    try {
      fs.writeFileSync(tmp, script.createCachedData());
      fs.renameSync(tmp, cacheFile);
    } catch {
      fs.rmSync(tmp, { force: true });
    }
  }
  if (warmedUp) setWarmUp(false);
}

/**
 * Starts a thread running dist/BUNDLE. A larger young generation: compiling allocates many
 * short-lived objects, and the default semi-space makes the scavenger run constantly (measured:
 * ~20 % less CPU with this).
 */
function startThread(bundle) {
  const early = started.get(bundle);
  started.delete(bundle);
  if (early && !early.failed) {
    early.thread.off('error', early.fail).off('exit', early.fail).ref();
    return early.thread;
  }
  return new Worker(__filename, { workerData: { docsgenBundle: bundle }, resourceLimits: { maxYoungGenerationSizeMb: 96 } });
}

/** Threads started early and not taken yet, by bundle. */
const started = new Map();

/**
 * Starts a thread the command will probably want, before the CLI bundle is even loaded: booting a
 * Node environment and loading a bundle takes the thread ~50 ms on a free core, and ~100–150 ms
 * once the main thread competes with it. `startThread` hands it out, unless it failed meanwhile
 * (then it starts a new one, whose failure its taker sees); one nobody takes is unreferenced, so
 * it never holds the process open.
 */
function startEarly(bundle) {
  if (!started.has(bundle)) {
    const early = { thread: startThread(bundle), failed: false, fail: () => (early.failed = true) };
    early.thread.on('error', early.fail).once('exit', early.fail).unref();
    started.set(bundle, early);
  }
  return started.get(bundle).thread;
}

/** Whether a thread of this bundle was started early and not taken yet (it costs nothing to use). */
function startedEarly(bundle) {
  const early = started.get(bundle);
  return Boolean(early && !early.failed);
}

module.exports = { load, saveCodeCaches, endWarmUp, startThread, startEarly, startedEarly };
globalThis[Symbol.for('docsgen.saveCodeCaches')] = saveCodeCaches;
globalThis[Symbol.for('docsgen.endWarmUp')] = endWarmUp;

if (!isMainThread && workerData && workerData.docsgenBundle) load(workerData.docsgenBundle);
