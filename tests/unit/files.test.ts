// removeTree and listTree (src/util/files.ts): how a build removes the site it swapped out, and lists public/.
import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { filesUnder, listTree, readScratch, readUtf8, removeTree } from '../../src/util/files.ts';

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

describe('listTree', () => {
  it('lists every file under a directory, nested, dotted and linked, with sizes, sorted by path', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'docsgen-tree-'));
    const dir = path.join(root, 'public');
    mkdirSync(path.join(dir, 'static/img'), { recursive: true });
    writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *');
    writeFileSync(path.join(dir, '.well-known'), 'x');
    writeFileSync(path.join(dir, 'static/img/logo.svg'), '<svg/>');
    writeFileSync(path.join(root, 'outside.txt'), 'linked');
    symlinkSync(path.join(root, 'outside.txt'), path.join(dir, 'link.txt'));
    symlinkSync(path.join(root, 'missing'), path.join(dir, 'dangling'));
    const files = listTree(dir);
    expect(files.map((f) => f.path)).toEqual(['.well-known', 'link.txt', 'robots.txt', 'static/img/logo.svg']);
    expect(files.find((f) => f.path === 'link.txt')!.size).toBe(6);
    expect(files.find((f) => f.path === 'robots.txt')!.mtimeMs).toBeGreaterThan(0);
  });

  it('is empty for a directory that is not there', () => {
    expect(listTree(path.join(tmpdir(), 'docsgen-no-such-dir'))).toEqual([]);
  });
});

describe('filesUnder', () => {
  it('gives each file its path relative to the directory, however the directory is written', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'docsgen-under-'));
    mkdirSync(path.join(root, 'out/docs/v1'), { recursive: true });
    writeFileSync(path.join(root, 'out/index.html'), 'home');
    writeFileSync(path.join(root, 'out/docs/v1/a.html'), 'a');
    symlinkSync(path.join(root, 'out/index.html'), path.join(root, 'out/link.html'));
    const expected = ['docs/v1/a.html', 'index.html'];
    const rels = (dir: string, links?: boolean) => filesUnder(dir, links).map((f) => f.rel).sort();
    expect(rels(path.join(root, 'out'))).toEqual(expected);
    expect(rels(`${path.join(root, 'out')}/`)).toEqual(expected);
    expect(rels(path.join(root, 'out', 'docs', '..'))).toEqual(expected);
    expect(rels(path.join(root, 'out'), true)).toEqual(['docs/v1/a.html', 'index.html', 'link.html']);
    for (const f of filesUnder(path.join(root, 'out'))) expect(readFileSync(f.abs, 'utf8').length).toBeGreaterThan(0);
  });
});

describe('readScratch', () => {
  it('reads each file whole, whatever the sizes of the files read before it', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'docsgen-read-'));
    const sizes = [10, 300_000, 0, 5, 2_000_000, 17];
    const files = sizes.map((n, i) => {
      const file = path.join(root, `f${i}.txt`);
      writeFileSync(file, Buffer.alloc(n, 97 + i));
      return file;
    });
    for (const [i, file] of files.entries()) {
      const bytes = readScratch(file);
      expect(bytes.length).toBe(sizes[i]);
      expect(bytes.equals(readFileSync(file))).toBe(true);
    }
    writeFileSync(path.join(root, 'text.md'), '# Titre — « été »\n');
    expect(readUtf8(path.join(root, 'text.md'))).toBe('# Titre — « été »\n');
    expect(() => readScratch(path.join(root, 'missing.md'))).toThrow(/ENOENT/);
  });
});
