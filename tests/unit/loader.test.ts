// bin/load.cjs: threads started before the CLI is loaded (npm test builds dist/ first).
import { afterEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { repo } from '../helpers/cli.ts';

const loaderPath = path.join(repo, 'bin', 'load.cjs');
const loader = createRequire(import.meta.url)(loaderPath) as { startEarly(bundle: string): Worker; startThread(bundle: string): Worker };
const { startThread } = loader;

const started: Worker[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((w) => w.terminate()));
});

describe('bin/load.cjs threads', () => {
  it('hands out a thread started early once, then starts new ones', async () => {
    const early = loader.startEarly('highlight-worker.cjs');
    expect(loader.startEarly('highlight-worker.cjs'), 'started once').toBe(early);
    const first = startThread('highlight-worker.cjs');
    const second = startThread('highlight-worker.cjs');
    started.push(first, second);
    expect(first).toBe(early);
    expect(second).not.toBe(first);
    // The early thread is a working bundle thread: it answers the exit request it understands.
    const exited = new Promise<number>((resolve) => first.once('exit', resolve));
    first.postMessage({ type: 'exit' });
    expect(await exited).toBe(0);
  });

  it('starts a new thread in place of an early one that failed', async () => {
    const early = loader.startEarly('no-such-bundle.cjs');
    await new Promise((resolve) => early.once('exit', resolve));
    const thread = startThread('no-such-bundle.cjs');
    started.push(thread);
    expect(thread).not.toBe(early);
    // Its failure reaches whoever took it.
    await expect(new Promise((_, reject) => thread.once('error', reject))).rejects.toThrow(/no-such-bundle/);
  });

  it('does not keep the process alive with an early thread nobody took', () => {
    const script = `require(${JSON.stringify(loaderPath)}).startEarly('highlight-worker.cjs'); console.log('done');`;
    const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 20_000 });
    expect(run.signal, 'the process had to be killed').toBeNull();
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe('done');
  });

  it('keeps a code cache of its own for a run under other Node options, and leaves the default one as it was', () => {
    const dist = path.join(repo, 'dist');
    const { id } = JSON.parse(readFileSync(path.join(dist, 'build.json'), 'utf8')) as { id: string };
    const prefix = `cli.cjs.${id}.${process.version}`;
    const caches = () => readdirSync(dist).filter((f) => f.startsWith(prefix) && f.endsWith('.v8cache'));
    const defaultCache = `${prefix}.v8cache`;
    const before = caches().includes(defaultCache) ? readFileSync(path.join(dist, defaultCache)) : undefined;
    const others = new Set(caches());
    // A V8 flag on the command line (V8 would reject a cache made without it), and a run that ends
    // normally (`--version` exits from inside commander, before the caches are written).
    const missing = path.join(repo, 'node_modules', '.cache', 'no-such-site');
    const run = spawnSync(process.execPath, ['--max-semi-space-size=8', path.join(repo, 'bin', 'docsgen.js'), 'build', '--root', missing], { encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toContain('Content directory not found');
    const made = caches().filter((f) => !others.has(f));
    try {
      expect(made).toHaveLength(1);
      expect(made[0]).toMatch(new RegExp(`^${prefix.replace(/\./g, '\\.')}\\.[0-9a-f]{8}\\.v8cache$`));
      if (before) expect(readFileSync(path.join(dist, defaultCache)).equals(before)).toBe(true);
    } finally {
      for (const f of made) rmSync(path.join(dist, f), { force: true });
    }
  });

  it('writes a code cache the next run accepts after a long build ended the warm-up tier-up budget', () => {
    // A long build sets V8's own budget for the rest of the run (src/pipeline/jit.ts); V8 rejects a
    // cache made under other flags than a run starts with, and a rejected cache is written again by
    // every run. A flag of its own keeps this test's cache apart from the real one.
    const dist = path.join(repo, 'dist');
    const { id } = JSON.parse(readFileSync(path.join(dist, 'build.json'), 'utf8')) as { id: string };
    const prefix = `cli.cjs.${id}.${process.version}`;
    const caches = () => readdirSync(dist).filter((f) => f.startsWith(prefix) && f.endsWith('.v8cache'));
    const others = new Set(caches());
    // One script file for both runs: Node's options, which name the cache, include an `-e` script.
    const script = path.join(mkdtempSync(path.join(tmpdir(), 'docsgen-loader-')), 'run.cjs');
    writeFileSync(script, `const l = require(${JSON.stringify(loaderPath)}); l.load('cli.cjs'); if (process.argv[2] === 'long') l.endWarmUp(); l.saveCodeCaches();`);
    const run = (build: 'long' | 'short') => {
      const child = spawnSync(process.execPath, ['--max-semi-space-size=4', script, build], { encoding: 'utf8', timeout: 60_000 });
      expect(child.stderr).toBe('');
      expect(child.status).toBe(0);
    };
    run('long');
    const made = caches().filter((f) => !others.has(f));
    try {
      expect(made).toHaveLength(1);
      const file = path.join(dist, made[0]!);
      const written = statSync(file).ino;
      run('short');
      expect(statSync(file).ino, 'the next run rejected the cache and wrote it again').toBe(written);
    } finally {
      for (const f of made) rmSync(path.join(dist, f), { force: true });
      rmSync(path.dirname(script), { recursive: true, force: true });
    }
  });
});
