import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { requestPath, resolveFile } from '../../src/serve/server.ts';

describe('static server path mapping', () => {
  const out = '/srv/out';
  it('maps extensionless routes to .html and directories to index.html', () => {
    expect(resolveFile(out, '/docs/pipe')).toEqual([
      path.join(out, 'docs/pipe'),
      path.join(out, 'docs/pipe.html'),
      path.join(out, 'docs/pipe/index.html'),
    ]);
    expect(resolveFile(out, '/guides/')).toEqual([path.join(out, 'guides/index.html')]);
  });

  it('never resolves outside out/', () => {
    for (const p of ['/../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/a/../../secret', '/..%2fsecret']) {
      const files = resolveFile(out, p);
      for (const f of files ?? []) expect(f.startsWith(out + path.sep) || f === out).toBe(true);
    }
    expect(resolveFile(out, '/%E0%A4%A')).toBeNull();
    expect(resolveFile(out, '/a%00b')).toBeNull();
  });
});

describe('request targets', () => {
  it('takes only origin-form paths, without query or fragment', () => {
    expect(requestPath('/docs/pipe?x=1#y')).toBe('/docs/pipe');
    expect(requestPath('//etc/passwd')).toBeNull();
    expect(requestPath('http://127.0.0.1/../etc/passwd')).toBeNull();
    expect(requestPath(undefined)).toBeNull();
  });

  it('refuses `..` segments, decoded or not, and backslashes', () => {
    for (const p of ['/../x', '/a/../b', '/%2e%2e/x', '/%2E%2E%2Fx', '/..%5cx', '/a%5c..%5cb']) expect(resolveFile('/srv/out', p), p).toBeNull();
    expect(resolveFile('/srv/out', '/a..b/c')).not.toBeNull(); // dots inside a name are fine
  });
});
