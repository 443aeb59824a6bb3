// `docsgen serve --watch` on tests/fixtures/watch: each kind of edit rewrites exactly the outputs it
// affects (files compared by mtime and bytes), open pages reload only when their own output changed,
// and the incremental site ends byte for byte equal to a full build of the same sources.
// docsgen runs from a copy of itself, so the test can edit a client component as an author would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import http from 'node:http';
import path from 'node:path';
import { copyFixture, docsgen, repo } from '../helpers/cli.ts';

let root: string;
let tool: string;
let child: ChildProcess;
let port: number;
let output = '';

interface FileState {
  mtimeMs: number;
  hash: string;
}

function snapshot(dir: string): Map<string, FileState> {
  const files = new Map<string, FileState>();
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const abs = path.join(e.parentPath, e.name);
    files.set(path.relative(dir, abs).split(path.sep).join('/'), {
      mtimeMs: statSync(abs).mtimeMs,
      hash: createHash('sha1').update(readFileSync(abs)).digest('hex'),
    });
  }
  return files;
}

/** What an edit did to out/: files rewritten (all of them with new bytes), added, removed. */
function diff(before: Map<string, FileState>, after: Map<string, FileState>) {
  const written: string[] = [];
  const added: string[] = [];
  const removed: string[] = [];
  const rewrittenSameBytes: string[] = [];
  for (const [f, s] of after) {
    const b = before.get(f);
    if (!b) added.push(f);
    else if (b.mtimeMs !== s.mtimeMs || b.hash !== s.hash) {
      written.push(f);
      if (b.hash === s.hash) rewrittenSameBytes.push(f);
    }
  }
  for (const f of before.keys()) if (!after.has(f)) removed.push(f);
  return { written: written.sort(), added: added.sort(), removed: removed.sort(), rewrittenSameBytes };
}

async function waitFor(check: () => boolean, ms = 120_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out; output so far:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const summaries = () => output.match(/^[✓✗] .*$/gm)?.length ?? 0;

/** Applies an edit, waits for the build it starts (and any that follows it), returns what changed in out/. */
async function edit(change: () => void) {
  const before = snapshot(path.join(root, 'out'));
  const seen = summaries();
  await new Promise((r) => setTimeout(r, 50)); // mtimes of the rewritten files differ from the snapshot's
  change();
  await waitFor(() => summaries() > seen);
  // A save may be more than one event: let the watcher settle (builds batch what came in during them).
  let settled = output.length;
  for (;;) {
    await new Promise((r) => setTimeout(r, 400));
    if (output.length === settled) break;
    settled = output.length;
  }
  return diff(before, snapshot(path.join(root, 'out')));
}

function rewrite(rel: string, from: string | RegExp, to: string): void {
  const file = path.join(root, rel);
  const text = readFileSync(file, 'utf8');
  const next = text.replace(from, to);
  if (next === text) throw new Error(`${rel}: nothing to replace`);
  writeFileSync(file, next);
}

/** An open page: the live-reload stream it listens on, and the reloads it was told. */
function openPage(route: string): { reloads: () => number; problems: () => (string | null)[]; close: () => void } {
  let reloads = 0;
  const problems: (string | null)[] = [];
  const req = http.get({ host: '127.0.0.1', port, agent: false, path: `/__docsgen/events?route=${encodeURIComponent(route)}` }, (res) => {
    res.setEncoding('utf8');
    let buf = '';
    res.on('data', (chunk: string) => {
      buf += chunk;
      let end;
      while ((end = buf.indexOf('\n\n')) >= 0) {
        const ev = buf.slice(0, end);
        buf = buf.slice(end + 2);
        const name = /^event: (.*)$/m.exec(ev)?.[1];
        const data = /^data: (.*)$/m.exec(ev)?.[1] ?? 'null';
        if (name === 'reload') reloads++;
        if (name === 'problems') problems.push(JSON.parse(data) as string | null);
      }
    });
  });
  return { reloads: () => reloads, problems: () => problems, close: () => req.destroy() };
}

function get(p: string): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    // A raw path, so `..` segments and odd forms reach the server unnormalised.
    const req = http.request({ host: '127.0.0.1', port, path: p, method: 'GET', agent: false }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

const docs = (v: string, ...slugs: string[]) => slugs.map((s) => `docs/manual/${v}/${s}`);
const html = (v: string, ...slugs: string[]) => docs(v, ...slugs.map((s) => `${s}.html`));
/** The files of a list other than the search index (asserted on its own: its file names carry a hash). */
const pagesOnly = (files: string[]) => files.filter((f) => !f.startsWith('search/'));

beforeAll(async () => {
  root = copyFixture('watch');
  // docsgen itself, copied: its client sources are edited below.
  tool = mkdtempSync(path.join(tmpdir(), 'docsgen-tool-'));
  for (const p of ['package.json', 'package-lock.json', 'bin', 'dist', 'config', 'src/client', 'src/components', 'src/render/grammars']) {
    cpSync(path.join(repo, p), path.join(tool, p), { recursive: true });
  }
  symlinkSync(path.join(repo, 'node_modules'), path.join(tool, 'node_modules'));
  port = 4600 + Math.floor(Math.random() * 300);
  child = spawn(process.execPath, [path.join(tool, 'bin', 'docsgen.js'), 'serve', '--watch', '--root', root, '--port', String(port)], {
    env: { ...process.env, NO_COLOR: '1' },
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  await waitFor(() => output.includes(`http://127.0.0.1:${port}/`));
  await new Promise((r) => setTimeout(r, 500)); // the watcher is ready
}, 180_000);

afterAll(() => {
  child?.kill();
  if (tool) rmSync(tool, { recursive: true, force: true });
});

describe('docsgen serve --watch, incrementally', () => {
  it('rewrites only the edited page, its alias copy and the llms files holding its text; only that page reloads', async () => {
    const pipe = openPage('/docs/manual/v1.0.0/pipe');
    const about = openPage('/about');
    await waitFor(() => pipe.problems().length > 0 && about.problems().length > 0); // connected
    const d = await edit(() => rewrite('content/docs/manual/v1.0.0/pipe.mdx', 'passes the value', 'hands the value'));
    // The page's search records changed: its version's index is a new file, named in search/config.json.
    expect(d.written).toContain('search/config.json');
    expect(d.added.filter((f) => f.startsWith('search/'))).toEqual([expect.stringMatching(/^search\/v1\.0\.0-[0-9a-f]+\.json$/)]);
    expect(d.removed.filter((f) => f.startsWith('search/'))).toEqual([expect.stringMatching(/^search\/v1\.0\.0-[0-9a-f]+\.json$/)]);
    expect(pagesOnly(d.written)).toEqual([
      ...docs('latest', 'llms-full.txt', 'llms-small.txt', 'pipe.html'),
      ...docs('v1.0.0', 'llms-full.txt', 'llms-small.txt', 'pipe.html'),
    ]);
    expect(pagesOnly(d.added)).toEqual([]);
    expect(pagesOnly(d.removed)).toEqual([]);
    expect(d.rewrittenSameBytes).toEqual([]);
    expect((await get('/docs/manual/latest/pipe')).body).toContain('hands the value');
    await waitFor(() => pipe.reloads() === 1);
    expect(about.reloads()).toBe(0);
    pipe.close();
    about.close();
  });

  it('on a title change, also rewrites the pages whose sidebar or prev/next show it', async () => {
    const d = await edit(() => rewrite('content/docs/manual/v1.0.0/record.mdx', 'title: "Record"', 'title: "Records"'));
    expect(pagesOnly(d.written)).toEqual([
      ...html('latest', 'intro', 'pipe', 'record'),
      ...docs('latest', 'llms.txt'),
      ...html('v1.0.0', 'intro', 'pipe', 'record'),
      ...docs('v1.0.0', 'llms.txt'),
    ].sort());
    expect(d.rewrittenSameBytes).toEqual([]);
    expect((await get('/docs/manual/v1.0.0/pipe')).body).toMatch(/Records/);
  });

  it('on a sidebar change, rewrites that sidebar’s pages and the llms files in its order, not other versions', async () => {
    const d = await edit(() =>
      writeFileSync(path.join(root, 'config/sidebars/manual-v1.0.0.json'), '{\n  "Overview": ["intro", "record"],\n  "Operators": ["pipe"]\n}\n'),
    );
    expect(pagesOnly(d.written)).toEqual([
      ...docs('latest', 'intro.html', 'llms-full.txt', 'llms-small.txt', 'llms.txt', 'pipe.html', 'record.html'),
      ...docs('v1.0.0', 'intro.html', 'llms-full.txt', 'llms-small.txt', 'llms.txt', 'pipe.html', 'record.html'),
    ]);
    expect(d.rewrittenSameBytes).toEqual([]);
  });

  it('on a client component change, rebundles the islands and rewrites the pages that load them', async () => {
    const d = await edit(() => rewrite(path.relative(root, path.join(tool, 'src/components/code/copy-state.ts')), "'Copying failed'", "'Copy failed'"));
    // Every page loads the client entry (the shell's top bar and menu), so every page names the new one.
    expect(d.written).toEqual(['404.html', 'about.html', ...html('latest', 'intro', 'pipe', 'record'), ...html('v1.0.0', 'intro', 'pipe', 'record'), ...html('v2.0.0', 'intro')]);
    expect(d.added.length).toBeGreaterThan(0);
    expect(d.added.every((f) => f.startsWith('assets/'))).toBe(true);
    expect(d.removed.every((f) => f.startsWith('assets/'))).toBe(true);
    const page = (await get('/docs/manual/v1.0.0/pipe')).body;
    const entry = /src="(\/assets\/islands-[^"]+)"/.exec(page)![1]!;
    expect(d.added).toContain(entry.slice(1));
    const asset = await get(entry);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
  }, 60_000);

  it('on a config change, rewrites every page', async () => {
    const about = openPage('/about');
    await waitFor(() => about.problems().length > 0);
    const d = await edit(() => rewrite('config/site.json', '"title": "Watch Fixture"', '"title": "Watch Fixture Site"'));
    const pages = [...snapshot(path.join(root, 'out')).keys()].filter((f) => f.endsWith('.html') || f.endsWith('llms.txt') || f.includes('llms-'));
    expect(d.written).toEqual(pages.sort());
    await waitFor(() => about.reloads() === 1);
    about.close();
  });

  it('writes a new page and the indexes that list it; removes a deleted page’s output', async () => {
    const file = path.join(root, 'content/docs/manual/v1.0.0/tuple.mdx');
    const added = await edit(() => writeFileSync(file, '---\ntitle: "Tuple"\ndescription: "Fixed-size groups of values."\n---\n\nA tuple holds a fixed number of values.\n'));
    expect(pagesOnly(added.added)).toEqual([...html('latest', 'tuple'), ...html('v1.0.0', 'tuple')]);
    // The indexes that list pages: the llms files and the sitemap.
    expect(pagesOnly(added.written)).toEqual([...docs('latest', 'llms-full.txt', 'llms-small.txt', 'llms.txt'), ...docs('v1.0.0', 'llms-full.txt', 'llms-small.txt', 'llms.txt'), 'sitemap.xml']);
    const removed = await edit(() => rmSync(file));
    expect(pagesOnly(removed.removed)).toEqual([...html('latest', 'tuple'), ...html('v1.0.0', 'tuple')]);
    expect(pagesOnly(removed.written)).toEqual(pagesOnly(added.written));
    expect((await get('/docs/manual/v1.0.0/tuple')).status).toBe(404);
  });

  it('reports a broken edit once with its place, keeps the last good page, and recovers on the fix', async () => {
    const pipe = openPage('/docs/manual/v1.0.0/pipe');
    await waitFor(() => pipe.problems().length > 0);
    const start = output.length;
    const broken = await edit(() => rewrite('content/docs/manual/v1.0.0/pipe.mdx', 'The pipe operator hands', 'The <Nope /> pipe operator hands'));
    expect(broken.written).toEqual([]);
    const line = 'content/docs/manual/v1.0.0/pipe.mdx:6:5  error  Unknown component <Nope>';
    expect(output.slice(start)).toContain(line);
    await waitFor(() => pipe.problems().some((p) => p?.includes(line) ?? false));
    // Another save elsewhere: the same problem is not printed again.
    const mid = output.length;
    await edit(() => rewrite('content/about.md', 'without a sidebar', 'with no sidebar'));
    expect(output.slice(mid)).not.toContain('Unknown component');
    expect(child.exitCode).toBeNull();
    expect((await get('/docs/manual/v1.0.0/pipe')).body).toContain('The pipe operator hands');

    const fixed = await edit(() => rewrite('content/docs/manual/v1.0.0/pipe.mdx', 'The <Nope /> pipe', 'The pipe'));
    // The fix writes what the failed build held back (about) and nothing for pipe, whose output never changed.
    expect(fixed.written).toEqual(['about.html']);
    await waitFor(() => pipe.problems().at(-1) === null);
    pipe.close();
  });

  it('leaves out/ byte for byte equal to a full build of the same sources', () => {
    const full = docsgen(['build', '--root', root, '--out', path.join(root, 'full-out')], repo);
    expect(full.code, full.stderr).toBe(0);
    const a = snapshot(path.join(root, 'out'));
    const b = snapshot(path.join(root, 'full-out'));
    const assets = (m: Map<string, FileState>) => [...m.keys()].filter((f) => !f.startsWith('assets/'));
    // Assets differ only because the full build runs the unedited docsgen.
    expect(assets(a).sort()).toEqual(assets(b).sort());
    for (const f of assets(a)) {
      if (f.endsWith('.html')) continue; // pages name the (different) asset files
      expect(a.get(f)!.hash, f).toBe(b.get(f)!.hash);
    }
    const strip = (s: string) => s.replace(/\/assets\/[^"]+/g, '');
    for (const f of assets(a).filter((x) => x.endsWith('.html'))) {
      expect(strip(readFileSync(path.join(root, 'out', f), 'utf8')), f).toBe(strip(readFileSync(path.join(root, 'full-out', f), 'utf8')));
    }
  }, 60_000);
});

describe('the server', () => {
  it('serves clean URLs, the 404 page with status 404, and content types', async () => {
    const page = await get('/docs/manual/v1.0.0/intro');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    const missing = await get('/docs/manual/v1.0.0/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('Nothing lives at this address.');
    expect((await get('/img/dot.svg')).headers['content-type']).toBe('image/svg+xml');
    expect((await get('/docs/manual/v1.0.0/llms.txt')).headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('never serves a file outside out/: traversal, encoded traversal, absolute paths, symlinks', async () => {
    mkdirSync(path.join(root, 'out', 'probe'), { recursive: true });
    symlinkSync(path.join(root, 'config', 'site.json'), path.join(root, 'out', 'probe', 'leak.json'));
    const secret = readFileSync(path.join(root, 'config', 'site.json'), 'utf8');
    const probes = [
      '/../config/site.json',
      '/docs/../../config/site.json',
      '/%2e%2e/config/site.json',
      '/%2E%2E%2Fconfig%2Fsite.json',
      '/..%2fconfig%2fsite.json',
      '/..%5cconfig%5csite.json',
      `/${encodeURIComponent(path.join(root, 'config', 'site.json'))}`,
      `//${path.join(root, 'config', 'site.json').slice(1)}`,
      `http://127.0.0.1:${port}/../config/site.json`,
      '/probe/leak.json',
      '/probe/leak',
    ];
    for (const p of probes) {
      const r = await get(p);
      expect([400, 403, 404], p).toContain(r.status);
      expect(r.body, p).not.toContain('"title": "Watch Fixture');
      expect(r.body.includes(secret), p).toBe(false);
    }
    expect((await get('/probe/leak.json')).status).toBe(403);
    rmSync(path.join(root, 'out', 'probe'), { recursive: true });
  });
});
