// Search ranking on the repository's own site: the queries of the user audit, asked of the index
// files a build writes, through the engine the modal and `docsgen serve` use, with the modal's
// request (its version facet, 20 hits a page).
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { docsgen } from '../helpers/cli.ts';
import { EmbeddedSearch, type AlgoliaHit } from '../../src/client/search/engine.ts';
import type { EmbeddedIndexFile, SearchClientConfig } from '../../src/client/search/types.ts';

let out: string;
const files = new Map<string, EmbeddedIndexFile>();
const engines = new Map<string, EmbeddedSearch>();

beforeAll(() => {
  out = path.join(mkdtempSync(path.join(tmpdir(), 'docsgen-ranking-')), 'out');
  const run = docsgen(['build', '--out', out]);
  if (run.code !== 0) throw new Error(run.stderr.split('\n').slice(-20).join('\n'));
}, 240_000);

function index(version: string): EmbeddedIndexFile {
  let file = files.get(version);
  if (!file) {
    const config = JSON.parse(readFileSync(path.join(out, 'search', 'config.json'), 'utf8')) as SearchClientConfig;
    file = JSON.parse(readFileSync(path.join(out, ...config.indexes[version]!.split('/')), 'utf8')) as EmbeddedIndexFile;
    files.set(version, file);
  }
  return file;
}

/** The hits the modal shows for `query` on a page of `version`. */
function hits(version: string, query: string): AlgoliaHit[] {
  let engine = engines.get(version);
  if (!engine) engines.set(version, (engine = new EmbeddedSearch(index(version))));
  const config = JSON.parse(readFileSync(path.join(out, 'search', 'config.json'), 'utf8')) as SearchClientConfig;
  const companions = (config.companions?.[version] ?? []).map((c) => `version:${c}`);
  return engine.search({ query, hitsPerPage: 20, facetFilters: [[`version:${version}`, 'version:none', ...companions]] }).hits;
}

/** 1-based place of the first hit whose URL is `url` (no anchor), 0 when not among the hits. */
function place(version: string, query: string, url: string): number {
  return hits(version, query).findIndex((h) => h.url === url) + 1;
}

const manual = (version: string, slug: string) => `/docs/manual/${version}/${slug}`;

describe('search across the manual and the React docs', () => {
  it('finds the React docs\' hooks from a manual page, and the manual\'s pages from a React page, after the reader\'s own section', () => {
    expect(hits('v12.0.0', 'useState')[0]?.url).toBe('/docs/react/latest/hooks-state');
    expect(hits('latest', 'record')[0]?.url).toBe('/docs/manual/latest/record'); // the alias, the manual's canonical address
    // The reader's own section first where both have a page of that title.
    const install = hits('latest', 'install').map((h) => h.url);
    expect(install.indexOf('/docs/react/latest/installation')).toBeLessThan(install.indexOf('/docs/manual/latest/installation'));
    // A section of the reader's own named by the query before the other section's pages that only
    // hold the word; an own section that merely holds it after the other's page about it.
    expect(hits('v11.0.0', 'ref')[0]?.url).toBe('/docs/manual/v11.0.0/mutation#refs');
    expect(hits('latest', 'option')[0]?.url).toBe('/docs/manual/latest/null-undefined-option');
  });

  it('finds the standard library\'s API from a React page, and not the other libraries\'', () => {
    // `latest` React docs: the manual's latest is v11, whose standard library is Core.
    expect(hits('latest', 'Array.map')[0]?.url).toBe('/docs/manual/latest/api/core/array#value-map');
    expect(hits('latest', 'Option.getOr')[0]?.url).toBe('/docs/manual/latest/api/core/option#value-getOr');
    // Belt, Js and Dom stay in the manual's own search.
    expect(hits('latest', 'Belt.Array.map').some((h) => h.url.includes('/api/belt'))).toBe(false);
    expect(hits('v11.0.0', 'Belt.Array.map')[0]?.url).toBe('/docs/manual/v11.0.0/api/belt/array#value-map');
  });
});

describe('search ranking on the ReScript site', () => {
  // `latest` is v11.0.0 read at another path: it has no index of its own.
  describe.each(['v11.0.0', 'v12.0.0'])('%s', (v) => {
    it('puts the manual’s Promise page among the first 3 hits for "promise", above the API items', () => {
      const at = place(v, 'promise', manual(v, 'promise'));
      expect(at).toBeGreaterThan(0);
      expect(at).toBeLessThanOrEqual(3);
    });

    it('puts a guide page whose title word starts with the query first ("install", "equal"), before the API’s `equal`s', () => {
      expect(hits(v, 'install')[0]?.url).toBe(manual(v, 'installation'));
      expect(hits(v, 'equal')[0]?.url).toBe(manual(v, 'equality-comparison'));
    });

    it('puts "Null, Undefined and Option" among the first 3 hits for "option"', () => {
      const at = place(v, 'option', manual(v, 'null-undefined-option'));
      expect(at).toBeGreaterThan(0);
      expect(at).toBeLessThanOrEqual(3);
    });

    it('finds Belt.Set’s own page first for "Belt.Set", before Belt.Set.Int', () => {
      expect(hits(v, 'Belt.Set')[0]?.url).toBe(manual(v, 'api/belt/set'));
    });

    it('lists the `map`s of "Array.map" first, told apart by their module’s full name', () => {
      const top = hits(v, 'Array.map').slice(0, 2);
      expect(top.map((h) => h.anchor)).toEqual(['value-map', 'value-map']);
      const names = top.map((h) => h.hierarchy.lvl1);
      expect(new Set(names).size).toBe(names.length);
      for (const name of names) expect(name).toMatch(/^[A-Z]\w*\.Array$/); // Belt.Array, not Array
    });
  });

  it('puts "Null, Undefined and Option" among the first 3 hits for "null" (v11)', () => {
    const at = place('v11.0.0', 'null', manual('v11.0.0', 'null-undefined-option'));
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThanOrEqual(3);
  });

  it('puts the page at /external first for "external", before "External Stdlib"', () => {
    expect(hits('v11.0.0', 'external')[0]?.url).toBe(manual('v11.0.0', 'external'));
  });

  it('puts "Warning Numbers" first for "compiler warnings" (a plural finds its singular)', () => {
    expect(hits('v11.0.0', 'compiler warnings')[0]?.url).toBe(manual('v11.0.0', 'warning-numbers'));
  });

  it('puts the page that opens with rescript.json, Build Configuration, among the first 5 for "rescript.json" (v12)', () => {
    // The sections titled "… rescript.json" come first, as DocSearch ranks a heading above text.
    const at = place('v12.0.0', 'rescript.json', manual('v12.0.0', 'build-configuration'));
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThanOrEqual(5);
  });

  it.each([
    ['v9.0.0', 'Js.Array', 'api/js/array'],
    ['v9.0.0', 'Js.Dict', 'api/js/dict'],
    ['v11.0.0', 'Js.Array', 'api/js/array'],
    ['v10.0.0', 'Belt.Array', 'api/belt/array'],
    ['v9.0.0', 'Belt.Set', 'api/belt/set'],
    ['v10.0.0', 'Belt.Set', 'api/belt/set'],
  ])('in %s, finds the module page first for its full name "%s"', (v, query, slug) => {
    expect(hits(v, query)[0]?.url).toBe(manual(v, slug));
  });

  it('ranks v12’s deprecated Js modules below the Stdlib and Belt modules of the same name', () => {
    const deprecated = new Set(index('v12.0.0').records.filter((r) => r[1] === '' && r[6] === 1).map((r) => index('v12.0.0').pages[r[0]]![0]));
    for (const query of ['option', 'promise', 'dict', 'null']) {
      const pages = hits('v12.0.0', query).filter((h) => h.anchor === null && h.hierarchy.lvl0 === 'API').map((h) => h.url);
      const firstDeprecated = pages.findIndex((u) => deprecated.has(u));
      expect(firstDeprecated, `"${query}": no deprecated module page among the hits`).toBeGreaterThanOrEqual(0);
      expect(pages.slice(firstDeprecated).every((u) => deprecated.has(u)), `"${query}": ${pages.join(', ')}`).toBe(true);
    }
  });

  it('indexes table cells and list items as separate words', () => {
    const texts = [...index('v11.0.0').records, ...index('v12.0.0').records, ...index('latest').records].map((r) => r[4]);
    for (const glued of ['rescript.jsononly', 'React.nullReact.element', 'LibraryWhere it comes from']) {
      expect(texts.some((t) => t.includes(glued)), glued).toBe(false);
    }
    expect(texts.some((t) => t.includes('React.null React.element rendering nothing'))).toBe(true);
    expect(texts.some((t) => t.includes('Library Where it comes from'))).toBe(true);
  });
});
