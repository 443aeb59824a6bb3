// removeTree (src/util/files.ts): how a build removes the site it swapped out.
import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { removeTree } from '../../src/util/files.ts';

describe('removeTree', () => {
  it('removes nested files and directories, and a link without touching what it points to', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'docsgen-rm-'));
    const site = path.join(root, 'out.old-1');
    mkdirSync(path.join(site, 'docs/manual/v12.0.0'), { recursive: true });
    writeFileSync(path.join(site, 'index.html'), 'home');
    writeFileSync(path.join(site, 'docs/manual/v12.0.0/pipe.html'), 'pipe');
    const outside = path.join(root, 'keep');
    mkdirSync(outside);
    writeFileSync(path.join(outside, 'file.txt'), 'kept');
    symlinkSync(outside, path.join(site, 'docs/link'));
    await removeTree(site);
    expect(existsSync(site)).toBe(false);
    expect(readFileSync(path.join(outside, 'file.txt'), 'utf8')).toBe('kept');
  });

  it('is done at once with a directory that is not there', async () => {
    await expect(removeTree(path.join(tmpdir(), 'docsgen-no-such-dir'))).resolves.toBeUndefined();
  });
});
