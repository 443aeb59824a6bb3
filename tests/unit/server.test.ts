import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { resolveFile } from '../../src/serve/server.ts';

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
