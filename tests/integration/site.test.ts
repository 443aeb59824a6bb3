// The repository's own site: every route SPEC §2 lists renders a real page, with zero broken links.
import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { docsgen, repo } from '../helpers/cli.ts';
import YAML from 'yaml';
import { $, $$, attr, parse, text } from '../helpers/html.ts';
import { apiPages, manualPages, reactPages } from '../spec-pages.mjs';

let out: string;
let result: { code: number; stderr: string };

beforeAll(() => {
  out = path.join(mkdtempSync(path.join(tmpdir(), 'docsgen-site-')), 'out');
  // --links error is the default for build: a broken link or anchor fails this build.
  result = docsgen(['build', '--out', out]);
});

const routes = [
  ...Object.entries(manualPages).flatMap(([v, slugs]) => slugs.map((s) => `/docs/manual/${v}/${s}`)),
  ...manualPages['v11.0.0']!.map((s) => `/docs/manual/latest/${s}`),
  ...Object.entries(reactPages).flatMap(([v, slugs]) => slugs.map((s) => `/docs/react/${v}/${s}`)),
];

/** Every HTML file under `dir`, at any depth. */
function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? htmlFiles(path.join(dir, e.name)) : e.name.endsWith('.html') ? [path.join(dir, e.name)] : []));
}

describe('the ReScript site', () => {
  it('builds with no errors: every link and anchor resolves', () => {
    expect(result.code, result.stderr.split('\n').slice(-40).join('\n')).toBe(0);
  });

  it.each(routes)('%s has a title, a description and a body', (route) => {
    const file = path.join(out, `${route.slice(1)}.html`);
    expect(existsSync(file), `${route} was not built`).toBe(true);
    const tree = parse(readFileSync(file, 'utf8'));
    expect(text($(tree, 'title'))).toMatch(/^\S.* \| ReScript /);
    expect(attr($(tree, 'meta[name="description"]'), 'content')?.trim().length ?? 0).toBeGreaterThan(10);
    expect(text($(tree, 'article h1')).length).toBeGreaterThan(0);
    expect(text($(tree, 'article')).length).toBeGreaterThan(400);
  });
});

const apiRoutes = Object.entries(apiPages).flatMap(([v, slugs]) => slugs.map((s) => `/docs/manual/${v}/${s}`));

describe('edit links', () => {
  it('point a written page at its file, and are absent from pages docsgen generates (API modules)', () => {
    const read = (route: string) => parse(readFileSync(path.join(out, `${route.slice(1)}.html`), 'utf8'));
    expect(attr($(read('/docs/manual/v11.0.0/introduction'), '.edit-link a'), 'href')).toMatch(/\/content\/docs\/manual\/v11\.0\.0\/introduction\.mdx$/);
    expect(attr($(read('/docs/manual/v11.0.0/llms'), '.edit-link a'), 'href')).toMatch(/\/content\/docs\/manual\/v11\.0\.0\/llms\.mdx$/);
    expect($(read('/docs/manual/v9.0.0/api/belt/array'), '.edit-link')).toBeUndefined();
    expect($(read('/docs/manual/v12.0.0/api/stdlib/array'), '.edit-link')).toBeUndefined();
  });
});

describe('sitemap', () => {
  it('lists exactly the pages whose canonical link names themselves, each once', () => {
    const site = (JSON.parse(readFileSync(path.join(repo, 'config/site.json'), 'utf8')) as { url: string }).url;
    const locs = [...readFileSync(path.join(out, 'sitemap.xml'), 'utf8').matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]!);
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs.length).toBeGreaterThan(900);
    const wrong: string[] = [];
    for (const loc of locs) {
      const route = loc.slice(site.length);
      const file = route === '/' ? 'index.html' : `${route.slice(1)}.html`;
      const html = readFileSync(path.join(out, existsSync(path.join(out, file)) ? file : `${route.slice(1)}/index.html`), 'utf8');
      const canonical = /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
      if (canonical !== loc) wrong.push(`${loc} says ${canonical}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('titles', () => {
  it('name each API module in full, so no two pages of a version share a title (Belt.Int, Belt.Map.Int, Core.Int …)', () => {
    const dupes: string[] = [];
    for (const version of ['v8.0.0', 'v9.0.0', 'v10.0.0', 'latest', 'v12.0.0']) {
      const dir = path.join(out, 'docs/manual', version, 'api');
      const seen = new Map<string, string>();
      for (const file of htmlFiles(dir)) {
        const title = /<title>([^<]*)<\/title>/.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
        const other = seen.get(title);
        if (other) dupes.push(`${version}: "${title}" on ${path.relative(dir, other)} and ${path.relative(dir, file)}`);
        seen.set(title, file);
      }
    }
    expect(dupes).toEqual([]);
  });
});

describe('descriptions', () => {
  it('give every page a description that reads as a sentence: no Markdown, no heading, no bare name', () => {
    const bad: string[] = [];
    for (const file of htmlFiles(out)) {
      const description = /<meta name="description" content="([^"]*)"/.exec(readFileSync(file, 'utf8'))?.[1];
      if (description === undefined || description.length < 25 || /^#|`|\(\)$/.test(description)) bad.push(`${path.relative(out, file)}: ${JSON.stringify(description)}`);
    }
    expect(bad).toEqual([]);
  });
});

describe('element ids', () => {
  it('are unique on every page, so each #anchor reaches its own element', () => {
    const dupes: string[] = [];
    for (const file of htmlFiles(out)) {
      const seen = new Set<string>();
      for (const [, id] of readFileSync(file, 'utf8').matchAll(/\sid="([^"]+)"/g)) {
        if (seen.has(id!)) dupes.push(`${path.relative(out, file)}: #${id}`);
        seen.add(id!);
      }
    }
    expect(dupes).toEqual([]);
  });
});

describe('legacy API docs', () => {
  it('show no comment debris of the rescript 8–10 interfaces (a bare `/*`, `{12 nested modules}`)', () => {
    const debris = htmlFiles(path.join(out, 'docs/manual')).filter((f) => /<p>\/\*<\/p>|\{\d+ nested modules?\}/.test(readFileSync(f, 'utf8')));
    expect(debris.map((f) => path.relative(out, f))).toEqual([]);
  });
});

describe('links', () => {
  it('has no link without a target (a docstring mention written as `[name]()` is text)', () => {
    const empty = htmlFiles(out).filter((f) => readFileSync(f, 'utf8').includes('<a href="">'));
    expect(empty.map((f) => path.relative(out, f))).toEqual([]);
  });
});

describe('document outline', () => {
  it('never skips a heading level inside a page\'s article (API docstrings sit under their item)', () => {
    const skips: string[] = [];
    const files = htmlFiles(out);
    for (const file of files) {
      const levels = $$(parse(readFileSync(file, 'utf8')), 'article :is(h1, h2, h3, h4, h5, h6)').map((h) => Number(h.tagName.slice(1)));
      const at = levels.findIndex((l, i) => i > 0 && l > levels[i - 1]! + 1);
      if (at > 0) skips.push(`${path.relative(out, file)}: h${levels[at - 1]} → h${levels[at]}`);
    }
    expect(files.length).toBeGreaterThan(1000);
    expect(skips).toEqual([]);
  });
});

describe('breadcrumbs and banners of API pages', () => {
  const read = (route: string) => parse(readFileSync(path.join(out, `${route.slice(1)}.html`), 'utf8'));
  it('lead Docs to the manual of the version and API to the API overview', () => {
    const crumbs = $$(read('/docs/manual/v12.0.0/api/stdlib/array'), '.breadcrumbs a').map((a) => [text(a), attr(a, 'href')]);
    expect(crumbs.slice(0, 2)).toEqual([
      ['Docs', '/docs/manual/v12.0.0/introduction'],
      ['API', '/docs/manual/v12.0.0/api'],
    ]);
  });

  it("list a module's items alone under 'On this page', not each item's own sections (its Examples)", () => {
    const toc = $$(read('/docs/manual/latest/api/belt/array'), '.page-toc li').map((li) => text(li));
    expect(toc).toContain('get');
    expect(toc).not.toContain('Examples');
    expect($$(read('/docs/manual/latest/introduction'), '.page-toc li.page-toc-sub').length).toBeGreaterThan(0);
  });

  it("link the v12 banner of a Stdlib module to v11's Core module of the same name, and of a page v11 lacks to v11's start", () => {
    expect(attr($(read('/docs/manual/v12.0.0/api/stdlib/array'), '.banner a'), 'href')).toBe('/docs/manual/latest/api/core/array');
    expect(attr($(read('/docs/manual/v12.0.0/pipe'), '.banner a'), 'href')).toBe('/docs/manual/latest/pipe');
    expect(attr($(read('/docs/manual/v12.0.0/dict'), '.banner a'), 'href')).toBe('/docs/manual/latest/introduction');
  });

  it('offer in the version selector the same module where a version has it, else that version\'s API overview', () => {
    const choices = $$(read('/docs/manual/latest/api/core/array'), '.version-selector a').map((a) => attr(a, 'href'));
    expect(choices).toEqual([
      '/docs/manual/v12.0.0/api/stdlib/array',
      '/docs/manual/latest/api/core/array',
      '/docs/manual/v10.0.0/api',
      '/docs/manual/v9.0.0/api',
      '/docs/manual/v8.0.0/api',
    ]);
  });
});

describe('the API reference (generated from the installed packages)', () => {
  it.each(apiRoutes)('%s exists with a title and an h1', (route) => {
    const file = path.join(out, `${route.slice(1)}.html`);
    expect(existsSync(file), `${route} was not built`).toBe(true);
    const tree = parse(readFileSync(file, 'utf8'));
    expect(text($(tree, 'title'))).toMatch(/^\S.* \| ReScript /);
    expect(text($(tree, 'article h1')).length).toBeGreaterThan(0);
  });

  it('anchors every item of a module page (value-…, type-…), signatures highlighted; legacy sidebar titled', () => {
    const tree = parse(readFileSync(path.join(out, 'docs/manual/v12.0.0/api/stdlib/array.html'), 'utf8'));
    expect($(tree, 'h3#value-map')).toBeDefined();
    expect($(tree, 'h3#value-forEach')).toBeDefined();
    expect($(tree, 'h3#type-t')).toBeDefined();
    expect($(tree, '#value-map ~ .code-sig pre.shiki')).toBeDefined();
    const legacy = parse(readFileSync(path.join(out, 'docs/manual/v9.0.0/api/belt/array.html'), 'utf8'));
    expect($(legacy, 'h3#value-get')).toBeDefined();
    expect(text($(legacy, '.api-sidebar-title'))).toBe('Belt Module');
  });
});

export const siteRoot = repo;

describe('the syntax lookup page', () => {
  /** Front matter of every entry in content/syntax-lookup (one `key: value` per line). */
  const entries = readdirSync(path.join(repo, 'content', 'syntax-lookup'))
    .filter((f) => f.endsWith('.mdx'))
    .map((f) => {
      const front = /^---\n([\s\S]*?)\n---/.exec(readFileSync(path.join(repo, 'content', 'syntax-lookup', f), 'utf8'))![1]!;
      const field = (key: string) => YAML.parse(new RegExp(`^${key}: (.*)$`, 'm').exec(front)?.[1] ?? 'null') as unknown;
      return { file: f, id: String(field('id')), name: String(field('name')), category: String(field('category')) };
    });

  it('lists every entry once, in its category, the categories in the page order', () => {
    expect(entries.length).toBeGreaterThanOrEqual(60);
    const tree = parse(readFileSync(path.join(out, 'syntax-lookup.html'), 'utf8'));
    const sections = $$(tree, 'section.syntax-category');
    expect(sections.map((s) => text($(s, 'h2')))).toEqual([
      'Decorators',
      'Language Constructs',
      'Operators',
      'Special Values',
      'Extension Points',
      'Built-in Functions',
    ]);
    expect($$(tree, 'details.syntax-entry').length).toBe(entries.length);
    for (const e of entries) {
      const section = sections.find((s) => text($(s, 'h2')) === e.category);
      expect(section, `${e.file}: category ${e.category}`).toBeDefined();
      const entry = $(section!, `details.syntax-entry[id="${e.id}"]`);
      expect(entry, `${e.file} in ${e.category}`).toBeDefined();
      expect(text($(entry!, 'summary .syntax-name code'))).toBe(e.name);
      expect(text($(entry!, '.syntax-body')).length, e.file).toBeGreaterThan(80);
      expect($(entry!, '.syntax-body pre.shiki'), `${e.file} has an example`).toBeDefined();
    }
  });

  /**
   * The decorators the ReScript editor analysis documents on hover, and the /syntax-lookup hash its
   * "Read more" link opens (rescript compiler, analysis/src/CompletionDecorators.ml); `@jsx.component`
   * has no link there but rescript-lang.org's entry uses the same scheme.
   */
  const editorLinks: [decorator: string, hash: string][] = [
    ['@as', 'as-decorator'], ['@dead', 'dead-decorator'], ['@deriving', 'deriving-decorator'],
    ['@deprecated', 'expression-deprecated-decorator'], ['@genType', 'gentype-decorator'], ['@get', 'get-decorator'],
    ['@get_index', 'get-index-decorator'], ['@inline', 'inline-decorator'], ['@int', 'int-decorator'],
    ['@live', 'live-decorator'], ['@meth', 'meth-decorator'], ['@module', 'module-decorator'], ['@new', 'new-decorator'],
    ['@obj', 'obj-decorator'], ['@react.component', 'react-component-decorator'], ['@return', 'return-decorator'],
    ['@scope', 'scope-decorator'], ['@send', 'send-decorator'], ['@set', 'set-decorator'],
    ['@set_index', 'set-index-decorator'], ['@string', 'string-decorator'], ['@this', 'this-decorator'],
    ['@unboxed', 'unboxed-decorator'], ['@uncurry', 'uncurry-decorator'], ['@unwrap', 'unwrap-decorator'],
    ['@val', 'val-decorator'], ['@variadic', 'variadic-decorator'], ['@@deprecated', 'module-deprecated-decorator'],
    ['@@directive', 'directive-decorator'], ['@@warning', 'module-warning-decorator'],
    ['@jsx.component', 'jsx-component-decorator'],
  ];

  it('opens an entry about the decorator for every link the editor extension\'s hover docs make', () => {
    const tree = parse(readFileSync(path.join(out, 'syntax-lookup.html'), 'utf8'));
    const entriesById = new Map($$(tree, 'details.syntax-entry').map((d) => [attr(d, 'id'), d]));
    const aliasOwner = new Map(
      $$(tree, 'details.syntax-entry').flatMap((d) => $$(d, '.syntax-body > .syntax-alias').map((a) => [attr(a, 'id'), d] as const)),
    );
    const missing = editorLinks.filter(([decorator, hash]) => {
      const entry = entriesById.get(hash) ?? aliasOwner.get(hash);
      return !entry || !text(entry).includes(decorator);
    });
    expect(missing).toEqual([]);
  });
});
