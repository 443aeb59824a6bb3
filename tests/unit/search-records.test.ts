import { describe, expect, it } from 'vitest';
import { compile } from '../helpers/compile.ts';
import { apiModuleName } from '../../src/api/names.ts';
import { pageRecords } from '../../src/search/records.ts';
import { embeddedIndex, exportRecords, SearchRecords } from '../../src/search/build-search.ts';
import { DEFAULT_SEARCH } from '../../src/search/settings.ts';
import type { ResolvedSiteConfig } from '../../src/pipeline/site-config.ts';
import type { ContentKind, Page } from '../../src/pipeline/types.ts';

function page(kind: ContentKind, route: string, extra: Partial<Page['source']> = {}): Page {
  return {
    source: { id: `${route.slice(1)}.mdx`, absPath: '', displayPath: '', kind, route, slug: route.split('/').pop()!, raw: '', hash: '', frontMatter: undefined, ...extra },
    meta: {},
  };
}

const opts = { sectionNames: { manual: 'Language Manual', react: 'React' } };

describe('search records', () => {
  it('makes one record per heading section, with the headings above it as its hierarchy', async () => {
    const compiled = await compile(
      ['# Pipe', '', 'The pipe operator `->` passes a value on.', '', '## Placeholders', '', 'Use `_` where the value goes.', '', '### Labeled', '', 'With labels too.', '', '## Tips', '', 'Keep chains short.'].join('\n'),
    );
    const records = pageRecords(page('docs', '/docs/manual/v11.0.0/pipe', { section: 'manual', version: 'v11.0.0' }), compiled, opts);
    expect(records.map((r) => [r.type, r.url, r.hierarchy.lvl2, r.hierarchy.lvl3])).toEqual([
      ['lvl1', '/docs/manual/v11.0.0/pipe', null, null],
      ['lvl2', '/docs/manual/v11.0.0/pipe#placeholders', 'Placeholders', null],
      ['lvl3', '/docs/manual/v11.0.0/pipe#labeled', 'Placeholders', 'Labeled'],
      ['lvl2', '/docs/manual/v11.0.0/pipe#tips', 'Tips', null],
    ]);
    const [first, , third] = records;
    expect(first).toMatchObject({
      objectID: '/docs/manual/v11.0.0/pipe',
      url_without_anchor: '/docs/manual/v11.0.0/pipe',
      anchor: null,
      hierarchy: { lvl0: 'Language Manual', lvl1: 'Pipe' },
      content: 'The pipe operator -> passes a value on.',
      version: 'v11.0.0',
    });
    expect(third).toMatchObject({ anchor: 'labeled', content: 'With labels too.', url_without_anchor: '/docs/manual/v11.0.0/pipe' });
  });

  it('names API items by their module\'s full name > item, from headings with value-/type- ids', async () => {
    const compiled = await compile(['# Array', '', 'Arrays.', '', '## Values {#values}', '', '### map {#value-map}', '', 'Maps each item.', '', '### t {#type-t}', '', 'The type.'].join('\n'));
    const api = page('api', '/docs/manual/v11.0.0/api/stdlib/array', { section: 'manual', version: 'v11.0.0', format: 'md' });
    const records = pageRecords(api, compiled, opts);
    expect(records.map((r) => [r.hierarchy.lvl0, r.hierarchy.lvl1, r.anchor, r.api ?? null])).toEqual([
      ['API', 'Stdlib.Array', null, null],
      ['API', 'Stdlib.Array', 'values', null],
      ['API', 'Stdlib.Array', 'value-map', 'Stdlib.Array.map'],
      ['API', 'Stdlib.Array', 'type-t', 'Stdlib.Array.t'],
    ]);
  });

  it('names an API module from its route and title: library, parent module, own name', () => {
    expect(apiModuleName('/docs/manual/v11.0.0/api/belt/set', 'Set')).toBe('Belt.Set');
    expect(apiModuleName('/docs/manual/v11.0.0/api/belt/hash-map-int', 'Int')).toBe('Belt.HashMap.Int');
    expect(apiModuleName('/docs/manual/v9.0.0/api/belt/set-int', 'SetInt')).toBe('Belt.SetInt'); // legacy pages are flat
    expect(apiModuleName('/docs/manual/v9.0.0/api/js/null-undefined', 'Null_undefined')).toBe('Js.Null_undefined');
    expect(apiModuleName('/docs/manual/v11.0.0/api/belt', 'Belt')).toBe('Belt'); // a library's own page
    expect(apiModuleName('/docs/manual/v11.0.0/api', 'API Overview')).toBe('API Overview');
  });

  it('marks deprecated API items, and a module whose items are all deprecated', async () => {
    const api = page('api', '/docs/manual/v12.0.0/api/js/option', { section: 'manual', version: 'v12.0.0', format: 'md' });
    const item = (name: string, deprecated: boolean) => [`### ${name} {#value-${name}}`, '', ...(deprecated ? ['> **Deprecated:** Use Option instead.', ''] : []), 'Does it.', ''];
    const some = pageRecords(api, await compile(['# Option', '', 'Options.', '', '## Values {#values}', '', ...item('map', true), ...item('get', false)].join('\n')), opts);
    expect(some.map((r) => [r.anchor, r.deprecated ?? false])).toEqual([[null, false], ['values', false], ['value-map', true], ['value-get', false]]);
    const all = pageRecords(api, await compile(['# Option', '', 'Options.', '', '## Values {#values}', '', ...item('map', true), ...item('get', true)].join('\n')), opts);
    expect(all.every((r) => r.deprecated)).toBe(true);
  });

  it('gives blog and community pages the `none` version facet and leaves other pages out', async () => {
    const compiled = await compile('Some text.');
    expect(pageRecords(page('blog', '/blog/release-12'), compiled, opts)[0]).toMatchObject({ version: 'none', hierarchy: { lvl0: 'Blog' } });
    expect(pageRecords(page('community', '/community/overview'), compiled, opts)[0]).toMatchObject({ version: 'none', hierarchy: { lvl0: 'Community' } });
    expect(pageRecords(page('page', '/try'), compiled, opts)).toEqual([]);
  });

  describe('section text', () => {
    const textOf = async (markdown: string) => (await compile(`# T\n\n${markdown}`)).sections[0]!.text;

    it('keeps table cells apart, header and body', async () => {
      const text = await textOf(['| Library | Where it comes from |', '|---|---|', '| `rescript.json` | only JavaScript |'].join('\n'));
      expect(text.split(' ')).toEqual(['Library', 'Where', 'it', 'comes', 'from', 'rescript.json', 'only', 'JavaScript']);
    });

    it('keeps list items apart, even when an item is only code', async () => {
      expect(await textOf(['- `React.null`', '- `React.element` rendering nothing'].join('\n'))).toMatch(/^React\.null React\.element rendering nothing$/);
    });

    it('keeps block elements and components apart, but not inline ones', async () => {
      const text = await textOf(['<div>one</div><div>two</div>', '', 'in **bold**text and `code`s.'].join('\n'));
      expect(text).toMatch(/\bone two\b/);
      expect(text).toMatch(/\bboldtext\b/); // no space was written there: inline text stays as written
      expect(text).toMatch(/\bcodes\./);
    });
  });

  it('cuts long section text at a word', async () => {
    const compiled = await compile(`# T\n\n${'word '.repeat(100)}`);
    const [record] = pageRecords(page('docs', '/docs/manual/v11.0.0/t', { section: 'manual', version: 'v11.0.0' }), compiled, { ...opts, maxContent: 120 });
    expect(record!.content!.length).toBeLessThanOrEqual(122);
    expect(record!.content!.endsWith(' …')).toBe(true);
  });

  it('exports absolute URLs and packs records compactly for the embedded index', async () => {
    const compiled = await compile('# Pipe\n\nText.\n\n## Tips\n\nMore.');
    const records = pageRecords(page('docs', '/docs/manual/v11.0.0/pipe', { section: 'manual', version: 'v11.0.0' }), compiled, opts);
    expect(exportRecords(records, 'https://rescript-lang.org/')[1]).toMatchObject({
      url: 'https://rescript-lang.org/docs/manual/v11.0.0/pipe#tips',
      url_without_anchor: 'https://rescript-lang.org/docs/manual/v11.0.0/pipe',
      objectID: '/docs/manual/v11.0.0/pipe#tips',
    });
    expect(embeddedIndex('v11.0.0', records)).toEqual({
      format: 1,
      version: 'v11.0.0',
      pages: [['/docs/manual/v11.0.0/pipe', 'Language Manual', 'Pipe', 'v11.0.0']],
      records: [
        [0, '', 1, [], 'Text.', ''],
        [0, 'tips', 2, ['Tips'], 'More.', ''],
      ],
    });
  });

  describe('lines kept with a compiled page (an edit\'s build reuses the other pages\' lines)', () => {
    const site = { site: { url: 'https://rescript-lang.org' }, sections: { manual: { name: 'Language Manual' } } } as unknown as ResolvedSiteConfig;
    const pipe = page('docs', '/docs/manual/v11.0.0/pipe', { section: 'manual', version: 'v11.0.0' });

    it('joins the same index from kept lines as from the page\'s sections, without reading the sections', async () => {
      const compiled = await compile('# Pipe\n\nText.\n\n## Tips\n\nMore.');
      const fresh = new SearchRecords(site, DEFAULT_SEARCH, true);
      const derived = fresh.linesFor(pipe, compiled);
      fresh.add(pipe, { ...compiled, ...derived });
      // A page from the cache: its lines are in its record, its sections are never read.
      const cached = { ...compiled, ...derived };
      Object.defineProperty(cached, 'sections', { get: () => { throw new Error('sections read'); } });
      const reused = new SearchRecords(site, DEFAULT_SEARCH, true);
      reused.add(pipe, cached);
      const expected = JSON.stringify(embeddedIndex('v11.0.0', pageRecords(pipe, compiled, { sectionNames: { manual: 'Language Manual' } })));
      expect(fresh.indexJson('v11.0.0', [pipe.source.id])).toBe(expected);
      expect(reused.indexJson('v11.0.0', [pipe.source.id])).toBe(expected);
    });

    it('makes them again when what else they depend on changed: the content limit, the route', async () => {
      const compiled = await compile(`# Pipe\n\n${'word '.repeat(100)}`);
      const kept = { ...compiled, ...new SearchRecords(site, DEFAULT_SEARCH, true).linesFor(pipe, compiled) };
      const shorter = new SearchRecords(site, { ...DEFAULT_SEARCH, maxContent: 120 }, true);
      shorter.add(pipe, kept);
      expect(shorter.indexJson('v11.0.0', [pipe.source.id])).toContain(' …"');
      const moved = page('docs', '/docs/manual/v11.0.0/pipe-first', { section: 'manual', version: 'v11.0.0', id: pipe.source.id });
      const other = new SearchRecords(site, DEFAULT_SEARCH, true);
      other.add(moved, kept);
      expect(other.indexJson('v11.0.0', [pipe.source.id])).toContain('"/docs/manual/v11.0.0/pipe-first"');
    });
  });
});
