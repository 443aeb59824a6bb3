// The compiled-page cache file: one record per page, an index, read one page at a time.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync, existsSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CacheReader, CacheWriter } from '../../src/pipeline/cache.ts';
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
  messages: [],
});

describe('compiled-page cache', () => {
  it('keeps each record whole when records of very different sizes follow one another', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docsgen-cache-'));
    const w = CacheWriter.create(dir, 'key-1');
    // Records are encoded into one buffer reused from record to record: a big one (beyond its first
    // size, with characters of two and three UTF-8 bytes), then a small one, then a big one again.
    const big = page('big.mdx', `<p>${'é → “x” '.repeat(300_000)}</p>`);
    const small = page('small.mdx', '<p>s</p>');
    const bigger = page('bigger.mdx', `<p>${'a'.repeat(3_000_000)}</p>`);
    const places = [w.add('big.mdx', 'h1', big)!, w.add('small.mdx', 'h2', small)!, w.add('bigger.mdx', 'h3', bigger)!];
    await w.commit();
    await w.close(true);
    const r = CacheReader.open(dir, 'key-1');
    if (!(r instanceof CacheReader)) throw new Error(r.reason);
    expect(r.record('big.mdx', 'h1')).toEqual(big);
    expect(r.record('small.mdx', 'h2')).toEqual(small);
    expect(r.record('bigger.mdx', 'h3')).toEqual(bigger);
    expect(places.map((p) => p.length - p.head)).toEqual([Buffer.byteLength(big.html), Buffer.byteLength(small.html), Buffer.byteLength(bigger.html)]);
    r.close();
  });

  it('reads back each page written, only for the key and content hash it was written under', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docsgen-cache-'));
    const w = CacheWriter.create(dir, 'key-1');
    const a = page('a.mdx', '<p>a → b — “quoted”</p>');
    const placeA = w.add('a.mdx', 'hash-a', a)!;
    w.add('b.mdx', 'hash-b', page('b.mdx', '<p>b</p>'));
    expect(w.read(placeA)).toEqual(a); // readable before the commit: the build's light pages read from it
    await w.commit();
    expect(w.read(placeA)).toEqual(a); // and after it
    await w.close(true);
    expect(readdirSync(dir)).toEqual(['compiled.v8']);

    const r = CacheReader.open(dir, 'key-1');
    if (!(r instanceof CacheReader)) throw new Error(r.reason);
    expect(r.size).toBe(2);
    expect(r.record('a.mdx', 'hash-a')).toEqual(a);
    expect(r.readLazily(r.place('a.mdx', 'hash-a')!)).toEqual(a);
    expect(r.record('a.mdx', 'changed')).toBeUndefined();
    expect(r.record('c.mdx', 'hash-c')).toBeUndefined();
    r.close();
    expect(CacheReader.open(dir, 'key-2')).toEqual({ reason: 'docsgen, config or the set of pages changed' });
  });

  it('reads a page\'s light fields alone, its text, Markdown and HTML only when asked for', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docsgen-cache-'));
    const w = CacheWriter.create(dir, 'key-1');
    const a = page('a.mdx', '<p>a</p>');
    const place = w.add('a.mdx', 'hash-a', a)!;
    await w.commit();
    await w.close(true);
    // The heavy part spoiled on disk: a build that never asks for it does not notice.
    const file = path.join(dir, 'compiled.v8');
    const good = readFileSync(file);
    const spoiled = (from: number, to: number) => {
      const bytes = Buffer.from(good);
      bytes.fill(0xff, place.offset + from, place.offset + to);
      writeFileSync(file, bytes);
      const r = CacheReader.open(dir, 'key-1');
      if (!(r instanceof CacheReader)) throw new Error(r.reason);
      return { r, lazy: r.readLazily(r.place('a.mdx', 'hash-a')!) };
    };
    const heavy = spoiled(place.headings, place.head);
    expect({ title: heavy.lazy.title, anchors: heavy.lazy.anchors, headings: heavy.lazy.headings }).toEqual({ title: a.title, anchors: a.anchors, headings: a.headings });
    expect(heavy.lazy.html).toBe('<p>a</p>');
    expect(() => heavy.lazy.markdown).toThrow();
    heavy.r.close();
    // The headings are a part of their own: reading every page's light fields does not decode them.
    const headings = spoiled(place.anchors, place.headings);
    expect({ title: headings.lazy.title, anchors: headings.lazy.anchors, sections: headings.lazy.sections }).toEqual({ title: a.title, anchors: a.anchors, sections: a.sections });
    expect(() => headings.lazy.headings).toThrow();
    headings.r.close();
    // So are the anchors (read for the pages an anchor link points to).
    const anchors = spoiled(place.light, place.anchors);
    expect({ title: anchors.lazy.title, headings: anchors.lazy.headings }).toEqual({ title: a.title, headings: a.headings });
    expect(() => anchors.lazy.anchors).toThrow();
    anchors.r.close();
  });

  it('says why a missing, truncated or foreign file is not used', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docsgen-cache-'));
    expect(CacheReader.open(dir, 'k')).toEqual({ reason: 'no cache yet' });
    const w = CacheWriter.create(dir, 'k');
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
    const w = CacheWriter.create(dir, 'k');
    w.add('a.mdx', 'h', page('a.mdx', '<p>a</p>'));
    await w.close(false);
    expect(existsSync(path.join(dir, 'compiled.v8'))).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  /** A cache of pages a and b (with HTML of `size` bytes each), committed. */
  async function twoPages(dir: string, size = 1000): Promise<void> {
    const w = CacheWriter.create(dir, 'k');
    w.add('a.mdx', 'ha', page('a.mdx', 'a'.repeat(size)));
    w.add('b.mdx', 'hb', page('b.mdx', 'b'.repeat(size)));
    await w.commit();
    await w.close(true);
  }
  const open = (dir: string): CacheReader => {
    const r = CacheReader.open(dir, 'k');
    if (!(r instanceof CacheReader)) throw new Error(r.reason);
    return r;
  };

  it('appends an edit to the file: unchanged records stay where they are, and are not written again', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docsgen-cache-'));
    await twoPages(dir, 100_000);
    const file = path.join(dir, 'compiled.v8');
    const before = statSync(file).size;
    const r = open(dir);
    const placeA = r.place('a.mdx', 'ha')!;
    const w = CacheWriter.create(dir, 'k', r);
    expect(w.appending).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(['compiled.v8', 'compiled.v8.lock']);
    expect(w.keep('a.mdx', 'ha', placeA, r)).toEqual(placeA);
    const edited = page('b.mdx', 'edited');
    w.add('b.mdx', 'hb2', edited);
    await w.commit();
    await w.close(true);
    r.close();
    expect(readdirSync(dir)).toEqual(['compiled.v8']);
    // The file grew by the edited record and an index, not by a copy of the unchanged 100 KB one.
    expect(statSync(file).size - before).toBeLessThan(20_000);
    const again = open(dir);
    expect(again.place('a.mdx', 'ha')).toEqual(placeA);
    expect(again.record('a.mdx', 'ha')!.html).toBe('a'.repeat(100_000));
    expect(again.record('b.mdx', 'hb2')).toEqual(edited);
    expect(again.record('b.mdx', 'hb')).toBeUndefined();
    again.close();
  });

  it('cuts an appended file back when the build does not commit: the last cache stays as it was', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docsgen-cache-'));
    await twoPages(dir);
    const file = path.join(dir, 'compiled.v8');
    const bytes = readFileSync(file);
    const r = open(dir);
    const w = CacheWriter.create(dir, 'k', r);
    expect(w.appending).toBe(true);
    w.add('b.mdx', 'hb2', page('b.mdx', 'never committed'));
    await w.close(false);
    r.close();
    expect(readFileSync(file)).toEqual(bytes);
    expect(readdirSync(dir)).toEqual(['compiled.v8']);
    expect(open(dir).record('b.mdx', 'hb')!.html).toBe('b'.repeat(1000));
  });

  it('writes a new file when another running build holds the lock, or when most of the file is dead', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docsgen-cache-'));
    await twoPages(dir);
    writeFileSync(path.join(dir, 'compiled.v8.lock'), String(process.ppid)); // a process that runs
    const r = open(dir);
    const w = CacheWriter.create(dir, 'k', r);
    expect(w.appending).toBe(false);
    w.keep('a.mdx', 'ha', r.place('a.mdx', 'ha')!, r);
    await w.commit();
    await w.close(true);
    r.close();
    expect(open(dir).record('a.mdx', 'ha')!.html).toBe('a'.repeat(1000));
    writeFileSync(path.join(dir, 'compiled.v8.lock'), '999999999'); // left by a process long gone
    expect(CacheWriter.create(dir, 'k', open(dir)).appending).toBe(true);

    // 9 MB of HTML replaced: appended while the dead records weigh less than the live ones (18 MB), then written anew.
    const big = mkdtempSync(path.join(tmpdir(), 'docsgen-cache-'));
    await twoPages(big, 9_000_000);
    for (const [round, appending] of [[1, true], [2, true], [3, false]] as const) {
      const br = open(big);
      const bw = CacheWriter.create(big, 'k', br);
      expect(bw.appending, `round ${round}`).toBe(appending);
      bw.keep('b.mdx', 'hb', br.place('b.mdx', 'hb')!, br);
      bw.add('a.mdx', 'ha', page('a.mdx', String(round).repeat(9_000_000)));
      await bw.commit();
      await bw.close(true);
      br.close();
    }
    expect(statSync(path.join(big, 'compiled.v8')).size).toBeLessThan(18_100_000);
    expect(open(big).record('a.mdx', 'ha')!.html).toBe('3'.repeat(9_000_000));
  });
});
