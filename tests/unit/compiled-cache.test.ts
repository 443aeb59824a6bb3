// The compiled-page cache file: one record per page, an index, read one page at a time.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CacheReader, CacheWriter, decodeRecord } from '../../src/pipeline/cache.ts';
import type { CompiledPage } from '../../src/pipeline/types.ts';

const page = (id: string, html: string): CompiledPage => ({
  id,
  title: id,
  hasH1: true,
  headings: [{ depth: 1, text: id, id }],
  links: [],
  anchors: [id],
  html,
  islands: [],
  sections: [{ heading: null, text: `text of ${id}` }],
  markdown: `# ${id}`,
  preludes: [],
  codes: [],
  messages: [],
});

describe('compiled-page cache', () => {
  it('reads back each page written, only for the key and content hash it was written under', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docsgen-cache-'));
    const w = new CacheWriter(dir, 'key-1');
    const a = page('a.mdx', '<p>a → b — “quoted”</p>');
    const placeA = w.add('a.mdx', 'hash-a', a);
    w.add('b.mdx', 'hash-b', page('b.mdx', '<p>b</p>'));
    expect(w.read(placeA)).toEqual(a); // readable before the commit: the build's light pages read from it
    await w.commit();
    expect(w.read(placeA)).toEqual(a); // and after it
    await w.close(true);
    expect(readdirSync(dir)).toEqual(['compiled.v8']);

    const r = CacheReader.open(dir, 'key-1');
    if (!(r instanceof CacheReader)) throw new Error(r.reason);
    expect(r.size).toBe(2);
    expect(decodeRecord(r.record('a.mdx', 'hash-a')!)).toEqual(a);
    expect(r.record('a.mdx', 'changed')).toBeUndefined();
    expect(r.record('c.mdx', 'hash-c')).toBeUndefined();
    r.close();
    expect(CacheReader.open(dir, 'key-2')).toEqual({ reason: 'docsgen, config or the set of pages changed' });
  });

  it('says why a missing, truncated or foreign file is not used', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docsgen-cache-'));
    expect(CacheReader.open(dir, 'k')).toEqual({ reason: 'no cache yet' });
    const w = new CacheWriter(dir, 'k');
    w.add('a.mdx', 'h', page('a.mdx', '<p>a</p>'));
    await w.commit();
    await w.close(true);
    const file = path.join(dir, 'compiled.v8');
    const bytes = readFileSync(file);
    writeFileSync(file, bytes.subarray(0, bytes.length - 3));
    expect(CacheReader.open(dir, 'k')).toEqual({ reason: 'cache file is corrupt' });
    writeFileSync(file, 'not a cache');
    expect(CacheReader.open(dir, 'k')).toEqual({ reason: 'cache file is corrupt' });
  });

  it('leaves no file behind when a build does not commit', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docsgen-cache-'));
    const w = new CacheWriter(dir, 'k');
    w.add('a.mdx', 'h', page('a.mdx', '<p>a</p>'));
    await w.close(false);
    expect(existsSync(path.join(dir, 'compiled.v8'))).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });
});
