// API reference: extraction output → data → pages, sidebars and SPEC §8 errors.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { kebab, moduleSlug, primaryLibrary } from '../../src/api/names.ts';
import { outline } from '../../src/api/res-outline.ts';
import { normalizeSignature } from '../../src/api/extract-legacy.ts';
import { convertDoc } from '../../src/api/extract-tools.ts';
import { apiSources, resolveItemLinks, type GeneratedFile } from '../../src/api/pages.ts';
import { legacyModules } from '../../src/api/legacy-modules.ts';
import { parseJsonLazily } from '../../src/util/yaml-positions.ts';
import type { LoadedConfig } from '../../src/pipeline/types.ts';
import type { GeneratedApi } from '../../src/api/types.ts';

const sample = JSON.parse(readFileSync(path.join(__dirname, '../fixtures/api-sample/belt.doc.json'), 'utf8'));
const emptyConfig = (): LoadedConfig => ({ site: undefined, versions: undefined, landing: undefined, packages: undefined, community: undefined, playground: undefined, search: undefined, files: new Map(), warnings: undefined, sidebars: new Map(), schemas: new Map(), api: new Map(), hash: '' });

function generated(api: GeneratedApi): Map<string, GeneratedFile> {
  const text = JSON.stringify(api, null, 1);
  return new Map([[api.version, { api, file: { displayPath: `cache/api-${api.version}.json`, data: api, doc: parseJsonLazily(text) } }]]);
}

describe('module names and routes', () => {
  it('kebab-cases module names the way the routes spell them', () => {
    expect(['HashMapInt', 'Array2', 'Null_undefined', 'Float32Array', 'Uint8ClampedArray', 'JSON', 'BigInt'].map(kebab)).toEqual([
      'hash-map-int', 'array-2', 'null-undefined', 'float-32-array', 'uint-8-clamped-array', 'json', 'big-int',
    ]);
    expect(moduleSlug(['Belt', 'HashMap', 'Int'])).toBe('api/belt/hash-map-int');
    expect(moduleSlug(['Stdlib', 'Array'])).toBe('api/stdlib/array');
  });

  it('picks Stdlib from v12.0.0 on and Core before, comparing the version with v12.0.0', () => {
    expect(primaryLibrary('v12.0.0')).toBe('stdlib');
    expect(primaryLibrary('v11.0.0')).toBe('core');
    expect(primaryLibrary('latest')).toBe('core');
  });
});

describe('legacy extraction helpers', () => {
  it('outlines printed ReScript: items, doc attributes, nested modules', () => {
    const o = outline(
      [
        '@@ocaml.text(/* licence */ " Module docs ")',
        '@ocaml.doc(" Gets `i`.\n\n```res example\nget([1], 0)\n``` ")',
        "let get: (t<'a>, int) => option<'a>",
        '@deprecated("Use get") external old: int => int = "x"',
        'module Int8Array: {',
        '  type elt = int',
        '  @ocaml.doc(" length ") let length: t => int',
        '}',
      ].join('\n'),
    );
    expect(o.docs).toEqual(['Module docs']);
    expect(o.items.map((i) => [i.kind, i.name])).toEqual([['value', 'get'], ['value', 'old'], ['module', 'Int8Array']]);
    expect(o.items[0]!.docs[0]).toContain('```res example');
    expect(o.items[1]!.deprecated).toBe('Use get');
    expect(o.items[2]!.children!.map((i) => [i.kind, i.name, i.docs])).toEqual([['type', 'elt', []], ['value', 'length', ['length']]]);
  });

  it('shows externals as values and drops `rec` from printed types', () => {
    expect(normalizeSignature('external length: t<\'a> => int = "%array_length"')).toBe("let length: t<'a> => int");
    expect(normalizeSignature('external ceil: float => float = "ceil" "#rescript-external"')).toBe('let ceil: float => float');
    expect(normalizeSignature('type rec t<\'a> = array<\'a>')).toBe("type t<'a> = array<'a>");
  });

  it('lists every SPEC module of the legacy layout, with TypedArray2 submodules as pages', () => {
    const slugs = legacyModules('v9.0.0').map((m) => m.slug);
    expect(slugs).toContain('api/belt/hash-map-int');
    expect(slugs).toContain('api/js/typed-array-2_float-32-array');
    expect(slugs).toContain('api/js/typed-array-2_type-s');
    expect(slugs).not.toContain('api/dom/storage');
    expect(legacyModules('v8.0.0').map((m) => m.slug)).toContain('api/dom/storage2');
  });
});

describe('rescript-tools output → pages', () => {
  const { modules, toc } = convertDoc(sample, 'belt', 'Belt');
  const v12: GeneratedApi = { version: 'v12.0.0', layout: 'new', source: 'rescript@12.3.1', libs: { belt: modules }, toc: { belt: toc } };

  it('keys modules by lowercase path and keeps every item', () => {
    expect(Object.keys(modules).sort()).toEqual(['belt', 'belt/array', 'belt/hashmap', 'belt/hashmap/int']);
    expect(modules['belt/hashmap/int']!.id).toBe('Belt.HashMap.Int');
    expect(modules['belt/hashmap/int']!.items!.map((i) => i.name)).toEqual(['key', 't', 'make', 'clear']);
    expect(toc.children!.map((c) => c.name)).toEqual(['Array', 'HashMap']);
  });

  it('makes one page per module with value-/type- anchors and signatures', () => {
    const api = apiSources(emptyConfig(), 'manual', generated(v12));
    const page = api.sources.find((s) => s.route === '/docs/manual/v12.0.0/api/belt/hash-map-int')!;
    expect(page).toBeDefined();
    expect(page.raw).toContain('### make {#value-make}');
    expect(page.raw).toContain('### t {#type-t}');
    expect(page.raw).toContain('```res sig\nlet make: (~hintSize: int) => t<\'b>\n```');
    expect(api.sources.map((s) => s.route)).toContain('/docs/manual/v12.0.0/api/belt/array');
  });

  it('reports missing data and a missing index per SPEC §8, naming where they were expected', () => {
    const api = apiSources(emptyConfig(), 'manual', generated({ ...v12, toc: {} }));
    const reasons = api.messages.map((m) => m.reason);
    expect(reasons).toContain('Not found data for Stdlib version v12.0.0');
    expect(reasons).toContain('Not found data for Js version v12.0.0');
    expect(reasons).toContain('Not found index data for module: Belt');
    expect(api.messages.find((m) => m.reason.startsWith('Not found data for Js'))!.note).toContain('config/api/v12.0.0/js.json');
  });

  it('builds the index sidebar: Overview (Introduction, Stdlib|Core), Additional Libraries, then modules', () => {
    const api = apiSources(emptyConfig(), 'manual', generated(v12));
    const routes = new Set([...api.sources.map((s) => s.route!), '/docs/manual/v12.0.0/api']);
    const [sidebar] = api.sidebars(routes);
    expect(sidebar!.categories.map((c) => [c.name, c.items.map((i) => i.name)])).toEqual([
      ['Overview', ['Introduction']],
      ['Additional Libraries', ['Belt']],
      ['Belt Modules', ['Array', 'HashMap', 'HashMap.Int']],
    ]);
  });
});

describe('docstring links', () => {
  it('points links by item name at the item anchor and leaves true misses for the link check', () => {
    const items = [{ kind: 'value', name: 'forEach' }, { kind: 'value', name: 'setTime' }, { kind: 'type', name: 't' }];
    expect(resolveItemLinks('See [forEach](#forEach), [t](#t), [s](#settime), [x](##forEach).', items)).toBe(
      'See [forEach](#value-forEach), [t](#type-t), [s](#value-setTime), [x](#value-forEach).',
    );
    expect(resolveItemLinks('[m](#mapp)', items)).toBe('[m](#mapp)');
  });
});

describe('legacy layout', () => {
  const legacy = (libs: GeneratedApi['libs']): GeneratedApi => ({ version: 'v9.0.0', layout: 'legacy', source: 'rescript@9.1.4', libs, toc: {} });

  it('rejects a module the legacy layout does not know, naming it', () => {
    const api = apiSources(emptyConfig(), 'manual', generated(legacy({ belt: { 'belt/frob': { id: 'Belt.Frob', name: 'Frob', slug: 'api/belt/frob', items: [] } } })));
    expect(api.messages.map((m) => m.reason)).toContain('Unknown module "Frob" in the legacy API layout of v9.0.0 (/api/belt/frob)');
  });

  it('gives each library a sidebar: Introduction, Modules, then its categories', () => {
    const mods = Object.fromEntries(legacyModules('v9.0.0').map((m) => [m.slug.slice(4), { id: m.name, name: m.name, slug: m.slug, items: [] }]));
    const api = apiSources(emptyConfig(), 'manual', generated(legacy({ belt: mods })));
    const routes = new Set([...api.sources.map((s) => s.route!), '/docs/manual/v9.0.0/api']);
    const belt = api.sidebars(routes).find((s) => s.id === 'api-v9.0.0-belt')!;
    expect(belt.title).toBe('Belt Module');
    expect(belt.categories.map((c) => c.name)).toEqual(['Introduction', 'Modules', 'Overview', 'Basics', 'Set', 'Map', 'Mutable Collections', 'Sort Collections', 'Utilities']);
    expect(belt.categories[1]!.items.map((i) => i.name)).toEqual(['Js', 'Belt', 'Dom']);
  });
});

describe('ocamldoc comments (bs-platform 8, rescript 9)', () => {
  it('become Markdown: code, bold, italics, references, [code]; Markdown docs stay as they are', async () => {
    const { ocamldocToMarkdown } = await import('../../src/api/extract-legacy.ts');
    expect(ocamldocToMarkdown('{!Belt.Array} returns [Some value] {b Note} {i beta}\n{[\n  get [|1|] 0\n]}')).toBe(
      '`Belt.Array` returns `Some value` **Note** _beta_\n\n```ml\nget [|1|] 0\n```\n',
    );
    expect(ocamldocToMarkdown('See [get](#get) and `x`.')).toBe('See [get](#get) and `x`.');
  });
});

describe('docstring headings', () => {
  it('start one level under their container, their order kept, fenced code untouched', async () => {
    const { nestHeadings } = await import('../../src/api/pages.ts');
    const doc = ['### Note', 'Text.', '#### Detail', '```res', '# not a heading', '```', '## Top'].join('\n');
    // The top level is the `##`: it becomes h4, and the rest move with it.
    expect(nestHeadings(doc, 4).split('\n')).toEqual(['##### Note', 'Text.', '###### Detail', '```res', '# not a heading', '```', '#### Top']);
    expect(nestHeadings('# A\n## B', 2)).toBe('## A\n### B');
    expect(nestHeadings('#### Deep\n###### Deeper', 4)).toBe('#### Deep\n###### Deeper');
    expect(nestHeadings('# A\n###### F', 4)).toBe('#### A\n###### F');
    expect(nestHeadings('no headings, #hashtag', 2)).toBe('no headings, #hashtag');
  });
});
