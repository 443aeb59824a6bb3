// POST /api/compile through docsgen's own server, compiling with the real ReScript compiler
// (docsgen's pinned v12 toolchain: `node scripts/check-examples.mjs --install`, run by `npm test`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chmodSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '../../src/serve/server.ts';
import { compileRescript } from '../../src/serve/compile-endpoint.ts';
import { defaultSearchDirs, resolveCompiler } from '../../src/pipeline/rescript-toolchain.ts';

let server: http.Server;
let port: number;

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

function request(method: string, body: string | Buffer | undefined, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: '/api/compile', method, headers: { 'Content-Type': 'application/json', Origin: `http://127.0.0.1:${port}`, ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const compile = (code: string, headers?: Record<string, string>) => request('POST', JSON.stringify({ code }), headers);

const ourTempDirs = () => readdirSync(tmpdir()).filter((f) => f.startsWith('docsgen-compile-'));

beforeAll(async () => {
  const compiler = resolveCompiler(defaultSearchDirs());
  // The example check builds @rescript/react in the toolchain, where the endpoint finds its interfaces.
  if (!compiler || compiler.includes.length === 0) {
    throw new Error('No ReScript 12 compiler with @rescript/react built: run `node scripts/check-examples.mjs --install --versions v12.0.0` (npm test does)');
  }
  const outDir = mkdtempSync(path.join(tmpdir(), 'docsgen-endpoint-out-'));
  server = await startServer({ outDir, host: '127.0.0.1', port: 0 });
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

describe('POST /api/compile', () => {
  it('compiles valid ReScript to JavaScript', async () => {
    const before = ourTempDirs().length;
    const r = await compile('let double = x => x * 2\nlet four = double(2)\n');
    expect(r.status).toBe(200);
    expect(r.body['js']).toMatch(/function double\(x\) \{\s*return \(?x << 1\)?;\s*\}/);
    expect(r.body['js']).toMatch(/export \{/); // ES modules, as the docs show
    expect(r.body['version']).toMatch(/^12\./);
    expect(r.body['errors']).toBeUndefined();
    // The temp project is gone once the answer is sent.
    expect(ourTempDirs().length).toBe(before);
  });

  it('compiles to CommonJS when asked, and refuses a module format it does not know', async () => {
    const r = await request('POST', JSON.stringify({ code: 'let sum = [1, 2]->Array.reduce(0, (a, b) => a + b)\n', module: 'commonjs' }));
    expect(r.status).toBe(200);
    expect(r.body['js']).toMatch(/require\("@rescript\/runtime\/lib\/js\/Stdlib_Array\.js"\)/);
    expect(r.body['js']).toMatch(/exports\.sum = sum;/);
    expect(r.body['runtime']).toBeUndefined(); // the Output tab runs ES modules only
    const bad = await request('POST', JSON.stringify({ code: 'let x = 1', module: 'amd' }));
    expect([bad.status, bad.body['error']]).toEqual([400, '"module" must be one of "esmodule", "commonjs"']);
  });

  it('reports a type error at its line and column', async () => {
    const r = await compile('let x = 1\nlet y: string = x + 1\n');
    expect(r.status).toBe(200);
    expect(r.body['js']).toBeUndefined();
    expect(r.body['errors']).toEqual([
      expect.objectContaining({ line: 2, col: 17, endLine: 2, endCol: 21, kind: 'Type error', message: expect.stringContaining("But it's expected to have type: string") }),
    ]);
  });

  it('reports a syntax error, and warnings beside the JavaScript', async () => {
    const syntax = await compile('let f = (a =>\nlet z = 3\n');
    expect(syntax.body['errors']).toEqual([expect.objectContaining({ line: 1, kind: 'Syntax error' })]);
    const warned = await compile('let f = a => {\n  let unused = 2\n  a\n}\n');
    expect(warned.body['js']).toContain('function f(a)');
    expect(warned.body['warnings']).toEqual([expect.objectContaining({ line: 2, col: 7, kind: 'Warning 26', severity: 'warning' })]);
  });

  it('compiles JSX v4 with the React bindings, as the React docs\' examples need', async () => {
    const code = [
      'module Counter = {',
      '  @react.component',
      '  let make = (~label: string) => {',
      '    let (count, setCount) = React.useState(() => 0)',
      '    <>',
      '      <button onClick={_ => setCount(n => n + 1)}> {React.string(label)} </button>',
      '      <span> {React.int(count)} </span>',
      '    </>',
      '  }',
      '}',
      'let app = <Counter label="More" />',
      '',
    ].join('\n');
    const r = await compile(code);
    expect(r.body['errors']).toBeUndefined();
    expect(r.body['js']).toContain('from "react/jsx-runtime"');
    expect(r.body['js']).toMatch(/React\.useState\(/);
  });

  it('treats the code as data: shell syntax and odd file names do nothing', async () => {
    const r = await compile('let s = "$(touch /tmp/docsgen-pwned) `id`; rm -rf /"\n');
    expect(r.status).toBe(200);
    expect(r.body['js']).toContain('$(touch /tmp/docsgen-pwned)');
  });

  it('refuses code over 100 KB with 413', async () => {
    const r = await compile(`let s = "${'x'.repeat(101 * 1024)}"\n`);
    expect(r.status).toBe(413);
    expect(r.body['error']).toMatch(/larger than 100 KB/);
  });

  it('answers anything but POST with 405', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const r = await request(method, undefined);
      expect(r.status, method).toBe(405);
      expect(r.headers['allow']).toBe('POST');
    }
  });

  it('refuses other origins, other host names, and bodies that are not JSON', async () => {
    expect((await compile('let x = 1', { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await compile('let x = 1', { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    // A DNS-rebinding page would be same-origin with itself, under its own host name.
    expect((await compile('let x = 1', { Host: `evil.example:${port}`, Origin: `http://evil.example:${port}` })).status).toBe(403);
    expect((await request('POST', 'code=let x = 1', { 'Content-Type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    expect((await request('POST', '{"code": 1}')).status).toBe(400);
  });

  it('stops a compiler that runs too long, and removes its temp dir', async () => {
    // A stand-in for a compiler that never finishes.
    const dir = mkdtempSync(path.join(tmpdir(), 'docsgen-hang-'));
    const hang = path.join(dir, 'bsc.exe');
    writeFileSync(hang, '#!/bin/sh\nsleep 60\n');
    chmodSync(hang, 0o755);
    const before = ourTempDirs().length;
    const result = await compileRescript({ bsc: hang, runtime: dir, includes: [], version: 'test' }, 'let x = 1', 300);
    expect(result).toEqual({ problems: [], timedOut: true });
    expect(ourTempDirs().length).toBe(before);
  });
});

describe('GET /api/runtime/', () => {
  function get(file: string, headers: Record<string, string> = {}): Promise<{ status: number; type: string | undefined; body: string }> {
    return new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path: `/api/runtime/${file}`, method: 'GET', headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('serves the runtime modules compiled code imports, and the compile answer says where', async () => {
    const compiled = await compile('let sum = [1, 2]->Array.reduce(0, (a, b) => a + b)\n');
    expect(compiled.body['runtime']).toBe('/api/runtime/');
    const imported = /from "@rescript\/runtime\/lib\/es6\/([\w.]+)"/.exec(String(compiled.body['js']))![1]!;
    const r = await get(imported);
    expect([r.status, r.type]).toEqual([200, 'text/javascript; charset=utf-8']);
    expect(r.body).toMatch(/export \{/);
  });

  it('serves nothing but files of the runtime folder, and only to this server\'s host names', async () => {
    for (const file of ['..%2Fpackage.json', '../package.json', '%2e%2e/package.json', 'Nope.js', 'package.json', '.js']) {
      expect((await get(file)).status, file).toBe(404);
    }
    expect((await get('Stdlib_Array.js', { Host: `evil.example:${port}` })).status).toBe(403);
  });
});

describe('POST /api/format', () => {
  const format = (code: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, path: '/api/format', method: 'POST', headers: { 'Content-Type': 'application/json', Origin: `http://127.0.0.1:${port}`, ...headers } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> }));
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ code }));
    });

  it('formats code as `rescript format` does, and says where a syntax error stops it', async () => {
    expect(await format('let   x=1\nlet f=(a,b)=>{a+b}\n')).toEqual({ status: 200, body: { code: 'let x = 1\nlet f = (a, b) => {a + b}\n' } });
    const broken = await format('let x = \n');
    expect(broken.status).toBe(200);
    expect(broken.body['errors']).toEqual([expect.objectContaining({ line: 1, col: 8, kind: 'Syntax error', message: 'This let-binding misses an expression' })]);
  });

  it('refuses other origins, as compiling does', async () => {
    expect((await format('let x = 1', { Origin: 'https://evil.example' })).status).toBe(403);
  });
});
