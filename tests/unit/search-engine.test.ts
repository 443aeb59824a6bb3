import { describe, expect, it } from 'vitest';
import { EmbeddedSearch, facetTest, tokenize, type SearchRequest } from '../../src/client/search/engine.ts';
import { createEmbeddedClient } from '../../src/client/search/embedded-client.ts';
import { embeddedIndex } from '../../src/search/build-search.ts';
import type { SearchRecord } from '../../src/client/search/types.ts';

function record(url: string, title: string, content: string, extra: Partial<SearchRecord> = {}): SearchRecord {
  const [route, anchor] = url.split('#') as [string, string | undefined];
  const heading = anchor ? title : null;
  return {
    objectID: url,
    url,
    url_without_anchor: route,
    anchor: anchor ?? null,
    type: anchor ? 'lvl2' : 'lvl1',
    hierarchy: { lvl0: 'Language Manual', lvl1: anchor ? 'Page' : title, lvl2: heading, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
    content,
    version: 'v11.0.0',
    ...extra,
  };
}

const v11 = [
  record('/docs/manual/v11.0.0/async-await', 'Async / Await', 'An async function returns a promise; await waits for a promise, and another promise after that promise.'),
  record('/docs/manual/v11.0.0/promise', 'Promise', 'A value available later.'),
  record('/docs/manual/v11.0.0/pipe', 'Pipe', 'The pipe operator -> passes the value on: items->Array.map(f) reads left to right.'),
  record('/docs/manual/v11.0.0/api/stdlib/array#value-map', 'map', 'Creates a new array with f applied to each item.', {
    type: 'lvl3',
    hierarchy: { lvl0: 'API', lvl1: 'Array', lvl2: 'Values', lvl3: 'map', lvl4: null, lvl5: null, lvl6: null },
    api: 'Array.map',
  }),
  record('/docs/manual/v11.0.0/import-from-export-to-js', 'Import from JS', 'Use @module("path") on an external to import a value.'),
  record('/docs/manual/v11.0.0/pattern-matching', 'Pattern Matching', 'switch x { | Some(v) => v | None => 0 } compares x against each case.'),
  record('/docs/manual/v11.0.0/control-flow', 'Control Flow', 'A <b>tag</b> & an ampersand.'),
];
const blog = record('/blog/promises', 'All about promise chains', 'Blog post.', { version: 'none', hierarchy: { lvl0: 'Blog', lvl1: 'All about promise chains', lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null } });
const v12 = record('/docs/manual/v12.0.0/promise', 'Promise', 'The v12 promise page.', { version: 'v12.0.0' });

const engine = new EmbeddedSearch(embeddedIndex('v11.0.0', [...v11, blog]));
const base: SearchRequest = {
  hitsPerPage: 20,
  attributesToSnippet: ['hierarchy.lvl1:10', 'content:10'],
  highlightPreTag: '<mark>',
  highlightPostTag: '</mark>',
  snippetEllipsisText: '…',
  facetFilters: [['version:v11.0.0', 'version:none']],
};
const urls = (query: string, extra: Partial<SearchRequest> = {}) => engine.search({ ...base, query, ...extra }).hits.map((h) => h.url);

describe('embedded search engine', () => {
  it('answers in Algolia’s shape: hits with highlight and snippet results, nbHits and a queryID', () => {
    const result = engine.search({ ...base, query: 'promise' });
    expect(result.nbHits).toBe(3);
    expect(result.queryID).toMatch(/^[0-9a-f]{32}$/);
    const hit = result.hits.find((h) => h.url === '/docs/manual/v11.0.0/promise')!;
    expect(hit).toMatchObject({ objectID: '/docs/manual/v11.0.0/promise', url_without_anchor: '/docs/manual/v11.0.0/promise', anchor: null, type: 'lvl1' });
    expect(hit._highlightResult['hierarchy']).toMatchObject({ lvl1: { value: '<mark>Promise</mark>', matchLevel: 'full', matchedWords: ['promise'] } });
    const text = result.hits.find((h) => h.url.endsWith('async-await'))!;
    expect(text.type).toBe('content'); // found by its text: DocSearch shows the snippet
    expect((text._snippetResult['content'] as { value: string }).value).toBe('… function returns a <mark>promise</mark>; await waits for a <mark>promise</mark>, and …'); // 10 words
  });

  it('ranks titles and API names above body text', () => {
    expect(urls('promise')[0]).toBe('/docs/manual/v11.0.0/promise');
    expect(urls('Array.map')[0]).toBe('/docs/manual/v11.0.0/api/stdlib/array#value-map');
    expect(urls('map')[0]).toBe('/docs/manual/v11.0.0/api/stdlib/array#value-map');
  });

  it('forgives a typo and matches the last word as a prefix', () => {
    expect(urls('promse')[0]).toBe('/docs/manual/v11.0.0/promise');
    expect(urls('prom')).toContain('/docs/manual/v11.0.0/promise');
    expect(urls('Array.ma')[0]).toBe('/docs/manual/v11.0.0/api/stdlib/array#value-map');
    expect(urls('async prom')).toEqual(['/docs/manual/v11.0.0/async-await']);
  });

  it('finds ReScript names and operators', () => {
    expect(urls('->')).toEqual(['/docs/manual/v11.0.0/pipe']);
    expect(urls('@module')).toEqual(['/docs/manual/v11.0.0/import-from-export-to-js']);
    expect(urls('switch')).toEqual(['/docs/manual/v11.0.0/pattern-matching']);
    expect(tokenize('items->Array.map(f)')).toEqual(['items', '->', 'array.map', 'array', 'map', 'f']);
  });

  it('keeps to the requested version facet (unversioned pages only when asked for)', () => {
    expect(urls('promise chains')).toEqual(['/blog/promises']);
    expect(urls('promise chains', { facetFilters: ['version:v11.0.0'] })).toEqual([]);
    expect(facetTest([['version:v11.0.0', 'version:none']])('v12.0.0')).toBe(false);
  });

  it('escapes the text it highlights (DocSearch inserts it as HTML)', () => {
    const hit = engine.search({ ...base, query: 'ampersand' }).hits[0]!;
    expect((hit._highlightResult['content'] as { value: string }).value).toBe('A &lt;b&gt;tag&lt;/b&gt; &amp; an <mark>ampersand</mark>.');
  });

  it('limits hits per page and the query to 64 characters', () => {
    const result = engine.search({ ...base, query: `promise ${'x'.repeat(100)}`, hitsPerPage: 1 });
    expect(result.query.length).toBe(64);
    expect(engine.search({ ...base, query: 'a', hitsPerPage: 1 }).hits.length).toBeLessThanOrEqual(1);
  });
});

describe('ranking', () => {
  const apiPage = (url: string, name: string, extra: Partial<SearchRecord> = {}) =>
    record(url, name, `The ${name} module.`, { hierarchy: { lvl0: 'API', lvl1: name, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null }, ...extra });
  const apiItem = (url: string, module: string, item: string, content: string, extra: Partial<SearchRecord> = {}) =>
    record(url, item, content, { type: 'lvl3', hierarchy: { lvl0: 'API', lvl1: module, lvl2: 'Values', lvl3: item, lvl4: null, lvl5: null, lvl6: null }, api: `${module}.${item}`, ...extra });
  const site = [
    record('/docs/manual/v11.0.0/null-undefined-option', 'Null, Undefined and Option', 'ReScript has no null; an option holds a value or None, and option replaces both.'),
    record('/docs/manual/v11.0.0/optional-labels', 'Optional Labeled Arguments', 'Labels that may be left out.'),
    apiPage('/docs/manual/v11.0.0/api/js/option', 'Js.Option', { deprecated: true }),
    apiPage('/docs/manual/v11.0.0/api/stdlib/option', 'Stdlib.Option'),
    ...['map', 'flatMap', 'getOr', 'isSome'].map((i) => apiItem(`/docs/manual/v11.0.0/api/stdlib/option#value-${i}`, 'Stdlib.Option', i, 'option option option')),
    apiItem('/docs/manual/v11.0.0/api/js/option#value-map', 'Js.Option', 'map', 'Deprecated: use Option.map. option', { deprecated: true }),
    record('/docs/manual/v11.0.0/build-external-stdlib', 'External Stdlib', 'external'),
    record('/docs/manual/v11.0.0/external', 'External (Bind to Any JS Library)', 'The external keyword binds a JavaScript value, and external is used everywhere, external after external.'),
    record('/docs/manual/v11.0.0/warning-numbers', 'Warning Numbers', 'The compiler reports these.'),
    record('/docs/manual/v11.0.0/faq#warnings', 'Warnings', 'The compiler warnings explained.'),
  ];
  const ranked = new EmbeddedSearch(embeddedIndex('v11.0.0', site));
  const order = (query: string) => ranked.search({ ...base, query }).hits.map((h) => h.url.replace('/docs/manual/v11.0.0/', ''));

  it('puts a guide page whose title holds the word above API modules and items that hold it too', () => {
    expect(order('option')[0]).toBe('null-undefined-option');
  });

  it('puts a title that holds the word above one that starts with it, of the same kind', () => {
    const hits = order('option');
    expect(hits.indexOf('optional-labels')).toBeGreaterThan(hits.indexOf('null-undefined-option'));
    // The word being typed may be the start of a title word: a page so titled still comes before
    // API items and sections that hold the whole word (`install`: the Installation page first).
    expect(hits.indexOf('optional-labels')).toBeLessThan(hits.indexOf('api/stdlib/option#value-isSome'));
  });

  it('puts a page above the API items of the same title words, and a deprecated entry below its peers', () => {
    const hits = order('option');
    expect(hits.slice(1, 4)).toEqual(['api/stdlib/option', 'optional-labels', 'api/js/option']);
    const items = hits.filter((h) => h.includes('#value-'));
    expect(items.at(-1)).toBe('api/js/option#value-map');
  });

  it('puts the page whose URL is the query above one whose title starts with it, however short', () => {
    expect(order('external').slice(0, 2)).toEqual(['external', 'build-external-stdlib']);
  });

  it('puts a page that names the query among the things it is about above a section named only that', () => {
    const pages = [
      record('/docs/manual/v11.0.0/extensible-variant#pattern-matching', 'Pattern Matching', 'Match an extensible variant with a catch-all case.'),
      record('/docs/manual/v11.0.0/pattern-matching-destructuring', 'Pattern Matching / Destructuring', 'A pattern describes the shape of a value.'),
      record('/docs/manual/v11.0.0/tuple#pattern-matching-on-tuples', 'Pattern Matching on Tuples', 'Take a tuple apart.'),
      record('/docs/manual/v11.0.0/record#destructuring', 'Destructuring', 'Take a record apart.'),
      record('/docs/manual/v11.0.0/null-undefined-option', 'Null, Undefined and Option', 'Values that may be missing.'),
      record('/docs/manual/v11.0.0/faq#undefined', 'Undefined', 'When undefined shows up.'),
    ];
    const search = new EmbeddedSearch(embeddedIndex('v11.0.0', pages));
    const first = (query: string) => search.search({ ...base, query }).hits[0]!.url.replace('/docs/manual/v11.0.0/', '');
    expect(first('pattern matching')).toBe('pattern-matching-destructuring');
    expect(first('destructuring')).toBe('pattern-matching-destructuring');
    expect(first('undefined')).toBe('null-undefined-option');
    // Only whole names: a page about one thing with more words is still below a section named so.
    expect(first('pattern matching on tuples')).toBe('tuple#pattern-matching-on-tuples');
  });

  it('counts a plural as its singular, and a page above a section at the same title match', () => {
    expect(order('compiler warnings')[0]).toBe('warning-numbers');
  });
});

describe('embedded client', () => {
  it('loads the index of the requested version once and answers every request from it', async () => {
    const files: Record<string, unknown> = {
      '/search/v11.json': embeddedIndex('v11.0.0', [...v11, blog]),
      '/search/v12.json': embeddedIndex('v12.0.0', [v12, blog]),
    };
    const fetched: string[] = [];
    const fakeFetch = (async (url: string) => {
      fetched.push(url);
      return new Response(JSON.stringify(files[url]), { status: files[url] ? 200 : 404 });
    }) as unknown as typeof fetch;
    const client = createEmbeddedClient({ indexes: { 'v11.0.0': '/search/v11.json', 'v12.0.0': '/search/v12.json' }, defaultVersion: 'v11.0.0' }, fakeFetch);
    const ask = async (version: string) =>
      (await client.search({ requests: [{ ...base, query: 'promise', facetFilters: [[`version:${version}`, 'version:none']] }] })).results[0]!.hits.map((h) => h.url);
    expect(await ask('v12.0.0')).toEqual(['/docs/manual/v12.0.0/promise', '/blog/promises']);
    expect(await ask('v12.0.0')).toHaveLength(2);
    expect(fetched).toEqual(['/search/v12.json']);
    expect(await ask('v9.9.9')).toEqual([]);
  });

  it('fails with a RetryError when the index cannot be fetched, and tries again next time', async () => {
    let up = false;
    const fakeFetch = (async () => {
      if (!up) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(embeddedIndex('v11.0.0', v11)));
    }) as unknown as typeof fetch;
    const client = createEmbeddedClient({ indexes: { 'v11.0.0': '/i.json' }, defaultVersion: 'v11.0.0' }, fakeFetch);
    await expect(client.search({ requests: [{ ...base, query: 'pipe' }] })).rejects.toMatchObject({ name: 'RetryError' });
    up = true;
    expect((await client.search({ requests: [{ ...base, query: 'pipe' }] })).results[0]!.nbHits).toBeGreaterThan(0);
  });

  it('puts the docs before blog and community sections of the same title match, when searching the docs', () => {
    const release = record('/blog/release-11-0-0#rescriptjson', 'rescript.json', 'The configuration file is now named rescript.json.', {
      version: 'none',
      hierarchy: { lvl0: 'Blog', lvl1: 'ReScript 11.0', lvl2: 'rescript.json', lvl3: null, lvl4: null, lvl5: null, lvl6: null },
    });
    const overview = record('/docs/manual/v11.0.0/build-overview#rescriptjson-and-bsconfigjson', 'rescript.json and bsconfig.json', 'The build reads rescript.json.');
    const search = new EmbeddedSearch(embeddedIndex('v11.0.0', [release, overview]));
    const found = (request: SearchRequest) => search.search({ ...request, query: 'rescript.json' }).hits.map((h) => h.url);
    expect(found(base)).toEqual([overview.url, release.url]);
    // Searching without a docs version there is no reader's section to prefer: the blog's section,
    // titled the query itself, comes first.
    const { facetFilters: _, ...unfiltered } = base;
    expect(found(unfiltered)).toEqual([release.url, overview.url]);
  });

  it('puts the guide page whose URL is the query above API modules that hold the word whole', () => {
    const api = (path: string, name: string) =>
      record(`/docs/manual/v11.0.0/api/${path}`, name, `The ${name} module.`, { hierarchy: { lvl0: 'API', lvl1: name, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null }, api: name });
    const pages = [api('belt/map-dict', 'Belt.Map.Dict'), api('belt/set-dict', 'Belt.Set.Dict'), record('/docs/manual/v11.0.0/dict', 'Dictionary', 'A dict maps string keys to values.')];
    const search = new EmbeddedSearch(embeddedIndex('v11.0.0', pages));
    expect(search.search({ ...base, query: 'dict' }).hits[0]!.url).toBe('/docs/manual/v11.0.0/dict');
  });
});
