// The API reference generated at build time from the installed packages (rescript@12 through
// rescript-tools, rescript@9 through its bsc), on a fixture site: routes, anchors, layouts, cache.
import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { copyFixture, docsgen } from '../helpers/cli.ts';
import { $, $$, attr, parse, text } from '../helpers/html.ts';

let root: string;
let out: string;
let first: { code: number; stderr: string };
const page = (route: string) => parse(readFileSync(path.join(out, `${route.slice(1)}.html`), 'utf8'));

beforeAll(() => {
  root = copyFixture('api');
  out = path.join(root, 'out');
  first = docsgen(['build', '--root', root, '--verbose']);
}, 900_000);

describe('API reference generated from the installed packages', () => {
  it('builds with no errors and caches the extracted data', () => {
    expect(first.code, first.stderr.split('\n').slice(-30).join('\n')).toBe(0);
    const cache = path.join(root, 'node_modules', '.cache', 'docsgen');
    expect(readdirSync(cache).filter((f) => /^api-v(9|12)\.0\.0-\w+\.json$/.test(f))).toHaveLength(2);
  });

  it('a warm build reads the cache and runs no extractor', () => {
    const warm = docsgen(['build', '--root', root, '--verbose']);
    expect(warm.code).toBe(0);
    // The work projects of an extraction are only (re)made when an extractor runs.
    const work = path.join(root, 'node_modules', '.cache', 'docsgen', 'api-work');
    const before = readdirSync(work).map((d) => [d, readdirSync(path.join(work, d)).length]);
    expect(docsgen(['build', '--root', root]).code).toBe(0);
    expect(readdirSync(work).map((d) => [d, readdirSync(path.join(work, d)).length])).toEqual(before);
  }, 900_000);

  it('builds the same reference from the data\'s outline, and without a usable one', () => {
    const cache = path.join(root, 'node_modules', '.cache', 'docsgen');
    const outlines = path.join(cache, 'outlines');
    expect(readdirSync(outlines).filter((f) => /^api-v(9|12)\.0\.0-\w+\.json$/.test(f))).toHaveLength(2);
    const page = 'docs/manual/v12.0.0/api/belt/hash-map-int.html';
    const cold = () => {
      rmSync(path.join(cache, 'compiled.v8'), { force: true });
      rmSync(path.join(cache, 'site.json'), { force: true });
      const r = docsgen(['build', '--root', root]);
      expect(r.code, r.stderr).toBe(0);
      return readFileSync(path.join(out, page), 'utf8');
    };
    const fromOutline = cold();
    // A stale outline (its data file changed size) and a corrupt one are made again from the data.
    for (const f of readdirSync(outlines)) writeFileSync(path.join(outlines, f), f.includes('v12') ? '{"format":1,"size":1}' : 'not json');
    expect(cold()).toBe(fromOutline);
    expect(JSON.parse(readFileSync(path.join(outlines, readdirSync(outlines).find((f) => f.includes('v12'))!), 'utf8')).size).toBeGreaterThan(1);
    rmSync(outlines, { recursive: true });
    expect(cold()).toBe(fromOutline);
    expect(existsSync(outlines)).toBe(true);
  }, 900_000);

  it('new layout (v12): a page per module and submodule, items anchored, Stdlib in the index sidebar', () => {
    for (const r of ['api/stdlib', 'api/stdlib/array', 'api/belt', 'api/belt/hash-map-int', 'api/js', 'api/js/array-2', 'api/dom']) {
      expect(existsSync(path.join(out, `docs/manual/v12.0.0/${r}.html`)), r).toBe(true);
    }
    const tree = page('/docs/manual/v12.0.0/api/belt/hash-map-int');
    expect(text($(tree, 'article h1')).replace(/#$/, '')).toBe('Int');
    const ids = $$(tree, 'article h3').map((h) => attr(h, 'id'));
    expect(ids).toContain('type-t');
    expect(ids).toContain('value-make');
    expect($(tree, '#value-make ~ .code-sig pre.shiki')).toBeDefined();
    const cats = $$(tree, '.sidebar-category').map((c) => text($(c, 'h2')));
    expect(cats.slice(0, 2)).toEqual(['Overview', 'Additional Libraries']);
    const overview = $$(tree, '.sidebar-category')[0]!;
    expect($$(overview, 'a').map((a) => text(a))).toEqual(['Introduction', 'Stdlib']);
    expect($$(tree, '.sidebar .toc a').map((a) => attr(a, 'href'))).toContain('#value-make');
  });

  it('signatures name modules as code writes them (Js.Re.t), not by their compiled file (Js_re.t)', () => {
    for (const v of ['v9.0.0', 'v12.0.0']) {
      const signatures = $$(page(`/docs/manual/${v}/api/js/string-2`), '.code-sig pre').map((pre) => text(pre));
      const match = signatures.find((s) => s.startsWith('let match_:'));
      expect(match, v).toContain('Js.Re.t');
      expect(signatures.filter((s) => /\bJs_re\./.test(s)), v).toEqual([]);
    }
  });

  it('signatures link the types they name to their definitions, on the same page or another', () => {
    for (const v of ['v9.0.0', 'v12.0.0']) {
      const tree = page(`/docs/manual/${v}/api/js/string-2`);
      const re = $$(tree, '.code-sig pre a.code-ref').find((a) => text(a) === 'Js.Re.t');
      // Relative within the version: the same signature is one highlighted block in every version.
      expect(attr(re, 'href'), v).toBe('re#type-t');
      expect(new URL(attr(re, 'href')!, `http://x/docs/manual/${v}/api/js/string-2`).pathname).toBe(`/docs/manual/${v}/api/js/re`);
      expect($(page(`/docs/manual/${v}/api/js/re`), '#type-t'), v).toBeDefined();
    }
    // A module's own type, used in its values' signatures: the anchor on the page.
    const map = page('/docs/manual/v12.0.0/api/belt/map');
    const own = $$(map, '#value-get ~ .code-sig pre a.code-ref');
    expect(own.map((a) => [text(a), attr(a, 'href')])).toContainEqual(['t', '#type-t']);
    expect($(map, '#type-t')).toBeDefined();
  });

  it('legacy layout (v9): Belt/Js/Dom pages from rescript@9, breadcrumbs API / module, categorised sidebar', () => {
    for (const r of ['api/belt', 'api/belt/array', 'api/belt/hash-map-int', 'api/js', 'api/js/typed-array-2_float-32-array', 'api/js/array-2', 'api/dom']) {
      expect(existsSync(path.join(out, `docs/manual/v9.0.0/${r}.html`)), r).toBe(true);
    }
    expect(existsSync(path.join(out, 'docs/manual/v9.0.0/api/dom/storage.html'))).toBe(false);
    const tree = page('/docs/manual/v9.0.0/api/belt/array');
    expect($$(tree, '.breadcrumbs li').map((l) => text(l))).toEqual(['API', 'Belt', 'Array']);
    expect(text($(tree, '.api-sidebar-title'))).toBe('Belt Module');
    expect($$(tree, '.sidebar-category h2').map((h) => text(h))).toEqual(['Introduction', 'Modules', 'Overview', 'Basics', 'Set', 'Map', 'Mutable Collections', 'Sort Collections', 'Utilities']);
    // rescript@9's real interface: Belt.Array.get, its doc comment from the .mli.
    expect(text($(tree, '#value-get ~ .code-sig'))).toContain("let get: (array<'a>, int) => option<'a>");
    // rescript@9's doc comments are ocamldoc, shown as Markdown (`[Some value]` → code).
    expect(text($(tree, 'article'))).toContain('returns Some value where value is the item at index');
    expect($$(tree, '.sidebar .toc a').map((a) => attr(a, 'href'))).toContain('#value-get');
    expect(text($(page('/docs/manual/v9.0.0/api/js/typed-array-2_float-32-array'), 'article h1')).replace(/#$/, '')).toBe('TypedArray2.Float32Array');
  });

  it('legacy layout: previous/next go from a module overview into its own modules, never to the page itself', () => {
    const links = (route: string) => ({
      prev: attr($(page(route), '.prev-next a.prev'), 'href'),
      next: attr($(page(route), '.prev-next a.next'), 'href'),
    });
    const base = '/docs/manual/v9.0.0/api';
    expect(links(`${base}/belt`)).toEqual({ prev: `${base}/dom`, next: `${base}/belt/array` });
    expect(links(`${base}/belt/array`).prev).toBe(`${base}/belt`);
    expect(links(`${base}/js`).next).toMatch(new RegExp(`^${base}/js/`));
    // Dom is listed under Modules and again as its own Overview: one place in the order.
    expect(links(`${base}/dom`).next).not.toBe(`${base}/dom`);
  });
});
