import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { copyFixture, docsgen } from '../helpers/cli.ts';
import { $, $$, attr, parse, text } from '../helpers/html.ts';

let root: string;
let out: string;
let stderr: string;
const page = (route: string) => parse(readFileSync(path.join(out, `${route.slice(1)}.html`), 'utf8'));

beforeAll(() => {
  root = copyFixture('dialect');
  out = path.join(root, 'out');
  const r = docsgen(['build', '--root', root]);
  stderr = r.stderr;
  expect(r.code, r.stderr).toBe(0);
});

describe('the dialect fixture site', () => {
  it('builds every page, the latest alias copies and one summary line', () => {
    for (const route of ['/docs/manual/v1.0.0/intro', '/docs/manual/v1.0.0/dialect', '/docs/manual/v2.0.0/intro', '/docs/manual/latest/dialect']) {
      expect(existsSync(path.join(out, `${route.slice(1)}.html`)), route).toBe(true);
    }
    expect(stderr).toMatch(/✓ 19 pages in [\d.]+m?s, 1 warning/);
  });

  it('renders the title, description and canonical from front matter', () => {
    const tree = page('/docs/manual/v1.0.0/dialect');
    expect(text($(tree, 'title'))).toBe('Dialect Tour | Fixture Language Manual');
    expect(attr($(tree, 'meta[name="description"]'), 'content')).toBe('Every construct of the docsgen Markdown dialect.');
    expect(attr($(tree, 'link[rel="canonical"]'), 'href')).toBe('https://example.org/docs/manual/latest/dialect');
  });

  it('renders components, raw HTML and GFM', () => {
    const tree = page('/docs/manual/v1.0.0/dialect');
    expect($(tree, '[role=note][aria-label=Note].callout-info strong')).toBeDefined();
    expect($(tree, '[role=note][aria-label=Warning].callout-warn')).toBeDefined();
    // Notes, not landmarks: the sidebar is the page's one complementary landmark.
    expect($$(tree, 'aside').map((a) => attr(a, 'id'))).toEqual(['docs-sidebar']);
    expect(text($(tree, '.cite figcaption'))).toBe('A. Author');
    expect(attr($(tree, 'figure.image-small img'), 'className')).toBe('shadow');
    expect(attr($(tree, 'figure.video video'), 'src')).toBe('/media/demo.mp4');
    expect(attr($(tree, '.url-box a'), 'href')).toBe('/docs/manual/v1.0.0/intro');
    expect($$(tree, 'table.warning-table tbody tr').length).toBeGreaterThan(50);
    expect(text($(tree, 'div.hidden'))).toBe('This is hidden.');
    expect($(tree, 'table td .code-block pre.shiki')).toBeDefined();
    expect($(tree, 'del')).toBeDefined();
    expect($(tree, 'input[type="checkbox"][checked]')).toBeDefined();
    expect($(tree, 'section.footnotes, section[data-footnotes]')).toBeDefined();
    expect(text($(tree, 'article'))).not.toContain('HTML comment');
  });

  it('keeps prelude code out of the page and highlights with every spec syntax', () => {
    const tree = page('/docs/manual/v1.0.0/dialect');
    expect(text($(tree, 'article'))).not.toContain('let greeting = "hello"');
    const blocks = $$(tree, 'article .code-block');
    const marked = (i: number) => $$(blocks[i]!, '.line').map((l) => String(l.properties['className']).includes('highlighted'));
    expect(marked(0)).toEqual([true, false, true, true]); // {1,3-4}
    expect(marked(1)).toEqual([true, true]); // {1..2}
    expect(marked(2)).toEqual([false, true, true]); // {2...3}
    expect(text($(tree, '.code-title'))).toBe('output.js');
  });

  it('gives headings unique ids with anchor links and lists them under the active sidebar item', () => {
    const tree = page('/docs/manual/v1.0.0/dialect');
    expect($$(tree, 'article h2').map((h) => attr(h, 'id'))).toEqual(['tables-and-gfm', 'components', 'code-fences', 'raw-html', 'raw-html-1', 'the---operator', 'footnote-label']);
    const active = $(tree, '.sidebar a.active');
    expect(attr(active, 'href')).toBe('/docs/manual/v1.0.0/dialect');
    expect(attr(active, 'ariaCurrent')).toBe('page');
    expect($$(tree, '.sidebar .toc a').map((a) => attr(a, 'href'))).toContain('#the---operator');
  });

  it('follows the sidebar order for previous/next and builds breadcrumbs', () => {
    const tree = page('/docs/manual/v1.0.0/dialect');
    expect(attr($(tree, '.prev-next a[rel="prev"]'), 'href')).toBe('/docs/manual/v1.0.0/intro');
    expect(attr($(tree, '.prev-next a[rel="next"]'), 'href')).toBe('/docs/manual/v1.0.0/links');
    expect($$(tree, '.breadcrumbs li').map((li) => text(li))).toEqual(['Docs', 'Language Manual', 'Dialect Tour']);
  });

  it('resolves relative links, aliases and anchors to absolute routes', () => {
    const hrefs = $$(page('/docs/manual/v1.0.0/links'), 'article li a').map((a) => attr(a, 'href'));
    expect(hrefs).toEqual([
      '/docs/manual/v1.0.0/dialect',
      '/docs/manual/v1.0.0/dialect#code-fences',
      '/docs/manual/v1.0.0/dialect#tables-and-gfm',
      '/docs/manual/latest/dialect#raw-html',
      '/docs/manual/v2.0.0/intro',
      '/docs/manual/v1.0.0/links#links',
      'https://rescript-lang.org',
      '/docs/manual/v1.0.0/intro',
    ]);
  });

  it('copies public/ into the site, and checks links and images against its files', () => {
    expect(readFileSync(path.join(out, 'img', 'logo.svg'), 'utf8')).toContain('<svg');
    expect(existsSync(path.join(out, 'media', 'demo.mp4'))).toBe(true);
    expect(attr($(page('/docs/manual/v1.0.0/links'), 'article p a[href="/img/logo.svg"]'), 'href')).toBe('/img/logo.svg');
    expect(stderr).not.toMatch(/file-missing|link-broken/); // <Image>, <img>, <Video> and this link all find their file
  });

  it('serves latest pages with links kept inside latest', () => {
    const hrefs = $$(page('/docs/manual/latest/links'), 'article li a').map((a) => attr(a, 'href'));
    expect(hrefs[0]).toBe('/docs/manual/latest/dialect');
    expect(attr($(page('/docs/manual/latest/links'), '.sidebar a.active'), 'href')).toBe('/docs/manual/latest/links');
  });

  it('shows the version banner linking to the same page in latest', () => {
    const banner = $(page('/docs/manual/v2.0.0/intro'), '.banner-warn');
    expect(text(banner)).toContain('v2 is a work in progress.');
    expect(attr($(banner!, 'a'), 'href')).toBe('/docs/manual/latest/intro');
  });

  it('references hashed assets; every page loads the one client entry (the shell needs it)', () => {
    const dialect = page('/docs/manual/v1.0.0/dialect');
    const entry = attr($(dialect, 'script[type="module"]'), 'src')!;
    expect(entry).toMatch(/^\/assets\/islands-[A-Z0-9]+\.js$/);
    expect(existsSync(path.join(out, entry))).toBe(true);
    // A page without islands loads the same entry and nothing else; React comes only with islands
    // (tests/browser/shell.test.ts measures what each loads).
    const about = $$(parse(readFileSync(path.join(out, 'about.html'), 'utf8')), 'script[src]');
    expect(about.map((s) => attr(s, 'src'))).toEqual([entry]);
    expect(readdirSync(path.join(out, 'assets')).some((f) => /^style-[A-Z0-9]+\.css$/.test(f))).toBe(true);
  });

  it('writes llms.txt, llms-full.txt and llms-small.txt per version', () => {
    const dir = path.join(out, 'docs/manual/v1.0.0');
    expect(readFileSync(path.join(dir, 'llms.txt'), 'utf8')).toContain('- [Dialect Tour](https://example.org/docs/manual/v1.0.0/dialect): Every construct');
    const full = readFileSync(path.join(dir, 'llms-full.txt'), 'utf8');
    const small = readFileSync(path.join(dir, 'llms-small.txt'), 'utf8');
    expect(full).toContain('let sum = 3;');
    expect(small).not.toContain('let sum = 3;');
    expect(small).toContain('let sum = 1 + 2');
  });
});

describe('API reference from config/api JSON', () => {
  it('renders one page per module with item anchors, highlighted signatures and deprecations', () => {
    const tree = page('/docs/manual/v1.0.0/api/core/array');
    expect(text($(tree, 'article h1'))).toContain('Array');
    expect($$(tree, 'article h3').map((h) => attr(h, 'id'))).toEqual(['type-t', 'value-map', 'value-mapi']);
    expect($(tree, '#value-map ~ .code-sig pre.shiki span[style*="--hl-keyword"]')).toBeDefined();
    expect(text($(tree, 'article blockquote'))).toBe('Deprecated: Use mapWithIndex instead');
    // Docstrings are plain Markdown: `array<int>` in text is not a tag.
    expect(text($(tree, 'article'))).toContain('e.g. array<int> to array<string>');
    expect(attr($(tree, 'article p a'), 'href')).toBe('/docs/manual/v1.0.0/intro');
  });

  it('builds the API sidebar: overview, additional libraries, then modules with their items', () => {
    const tree = page('/docs/manual/v1.0.0/api/core/array');
    const categories = $$(tree, '.sidebar-category').map((c) => [text($(c, 'h2')), $$(c, ':scope > ul > li > a').map((a) => text(a))]);
    expect(categories).toEqual([
      ['Overview', ['Introduction', 'Core']],
      ['Additional Libraries', ['Belt']],
      ['Core Modules', ['Array']],
      ['Belt Modules', ['List']],
    ]);
    expect($$(tree, '.sidebar .toc a').map((a) => attr(a, 'href'))).toEqual(['#type-t', '#value-map', '#value-mapi']);
    expect($(page('/docs/manual/v1.0.0/api'), '.sidebar a.active')).toBeDefined();
  });
});

describe('syntax lookup', () => {
  it('renders every entry on the single /syntax-lookup page, grouped by category, anchored by id', () => {
    const tree = parse(readFileSync(path.join(out, 'syntax-lookup.html'), 'utf8'));
    expect(text($(tree, 'title'))).toBe('Syntax Lookup | Fixture');
    // Category keys as the team writes them (`decorators`) get their headings, in the page's order.
    expect($$(tree, '.syntax-category h2').map((h) => text(h))).toEqual(['Decorators', 'Operators']);
    const pipe = $(tree, 'details.syntax-entry#pipe-first');
    expect(text($(pipe!, 'summary .syntax-name'))).toBe('->');
    expect(text($(pipe!, '.syntax-summary code'))).toBe('pipe');
    expect(JSON.parse(attr(pipe, 'dataKeywords')!)).toEqual(['pipe', '->', 'first']);
    expect($(pipe!, '.code-block pre.shiki')).toBeDefined();
    expect(attr($(pipe!, '.syntax-body p a'), 'href')).toBe('/docs/manual/v1.0.0/links');
  });
});

describe('the compiled-page cache', () => {
  it('serves an unchanged site from the cache; --no-cache neither reads nor writes it', () => {
    const site = copyFixture('dialect');
    const cacheFile = path.join(site, 'node_modules', '.cache', 'docsgen', 'compiled.v8');
    const first = docsgen(['build', '--root', site, '--verbose']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain('cache not used: no cache yet');
    expect(existsSync(cacheFile)).toBe(true);

    // Without the site manifest (a warm build would reuse the whole site), the pages are rendered again.
    rmSync(path.join(site, 'node_modules', '.cache', 'docsgen', 'site.json'));
    const second = docsgen(['build', '--root', site, '--verbose']);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toMatch(/compile\s+\d+ pages from cache/);

    rmSync(cacheFile);
    const uncached = docsgen(['build', '--root', site, '--verbose', '--no-cache']);
    expect(uncached.code, uncached.stderr).toBe(0);
    expect(uncached.stderr).not.toMatch(/from cache|cache not used/);
    expect(uncached.stderr).toMatch(/✓ 19 pages in/);
    expect(existsSync(cacheFile)).toBe(false);
  });
});
