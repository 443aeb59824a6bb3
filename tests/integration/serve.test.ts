import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { bin, copyFixture } from '../helpers/cli.ts';

let root: string;
let child: ChildProcess;
let port: number;
let output = '';

function get(p: string): Promise<{ status: number; body: string; location?: string | undefined }> {
  return new Promise((resolve, reject) => {
    // A raw path, so `..` segments reach the server unnormalised.
    const req = http.request({ host: '127.0.0.1', port, path: p, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, location: res.headers.location }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function waitFor(check: () => boolean, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out; output so far:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  root = copyFixture('dialect');
  port = 4300 + Math.floor(Math.random() * 500);
  child = spawn(process.execPath, [bin, 'serve', '--watch', '--root', root, '--port', String(port)], { env: { ...process.env, NO_COLOR: '1' } });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  await waitFor(() => output.includes(`http://127.0.0.1:${port}/`));
});

afterAll(() => {
  child?.kill();
});

describe('docsgen serve --watch', () => {
  it('serves extensionless routes from out/ on 127.0.0.1 with the live-reload client', async () => {
    const page = await get('/docs/manual/v1.0.0/intro');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<h1 id="introduction">');
    expect(page.body).toContain("new EventSource('/__docsgen/events?route='");
    // The terminal says which compiler /try gets (docsgen's pinned toolchain here).
    expect(output).toMatch(/serve {4}playground: ReScript 12\.\d+\.\d+ compiles, formats and runs \/try code/);
    expect((await get('/docs/manual/v1.0.0/missing')).status).toBe(404);
  });

  it('answers a page address with a trailing slash by a redirect to the address without it, query kept', async () => {
    expect(await get('/docs/manual/v1.0.0/intro/?x=1')).toMatchObject({ status: 308, location: '/docs/manual/v1.0.0/intro?x=1' });
    expect((await get('/docs/manual/v1.0.0/missing/')).status).toBe(404);
  });

  it('never serves files outside out/', async () => {
    for (const p of ['/../config/site.json', '/%2e%2e/config/site.json', '/..%2fconfig%2fsite.json']) {
      const r = await get(p);
      expect(r.body).not.toContain('"editBase"');
    }
  });

  it('rebuilds on a change, reports a content error and keeps running, then recovers', async () => {
    const file = path.join(root, 'content/docs/manual/v1.0.0/intro.mdx');
    const original = readFileSync(file, 'utf8');
    const before = output.length;
    writeFileSync(file, original.replace('Welcome to the fixture manual.', 'Welcome <Nope />.'));
    await waitFor(() => output.slice(before).includes('unknown-component'));
    expect(output.slice(before)).toContain('content/docs/manual/v1.0.0/intro.mdx:10:9  error  Unknown component <Nope>');
    expect(child.exitCode).toBeNull();
    expect((await get('/docs/manual/v1.0.0/intro')).body).toContain('Welcome to the fixture manual.'); // the last good site

    const mid = output.length;
    writeFileSync(file, original.replace('Welcome to the fixture manual.', 'Welcome back.'));
    await waitFor(() => /✓ \d+ pages/.test(output.slice(mid)));
    const page = (await get('/docs/manual/v1.0.0/intro')).body;
    expect(page).toContain('Welcome back.');
    // The rebuilt site has its client assets too (the same objects in every build of the session).
    const assets = [...page.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) expect((await get(asset)).body.length, asset).toBeGreaterThan(100);
  });

  it('rebuilds when a file in public/ changes: a removed image is reported, a restored one served', async () => {
    const logo = path.join(root, 'public/img/logo.svg');
    const svg = readFileSync(logo, 'utf8');
    const before = output.length;
    rmSync(logo);
    await waitFor(() => output.slice(before).includes('file-missing'));
    expect(output.slice(before)).toContain('Missing file: nothing at /img/logo.svg');
    expect(child.exitCode).toBeNull();

    const mid = output.length;
    writeFileSync(logo, svg);
    await waitFor(() => /✓ \d+ pages/.test(output.slice(mid)));
    expect((await get('/img/logo.svg')).body).toContain('<svg');
  });
});
