// The site shell in the generated HTML (SPEC §2): head tags, the layout each route gets, the 404.
import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Root } from 'hast';
import { copyFixture, docsgen } from '../helpers/cli.ts';
import { $, $$, attr, parse, text } from '../helpers/html.ts';

let out: string;
let build: { code: number; stderr: string };

beforeAll(() => {
  const root = copyFixture('shell');
  out = path.join(root, 'out');
  build = docsgen(['build', '--root', root, '--out', out]);
});

function page(file: string): Root {
  return parse(readFileSync(path.join(out, file), 'utf8'));
}
const meta = (tree: Root, property: string) => attr($(tree, `meta[property="${property}"]`), 'content');

describe('head', () => {
  it('builds the fixture cleanly', () => {
    expect(build.code, build.stderr).toBe(0);
    expect(build.stderr).not.toMatch(/warning/);
  });

  it('has the title with the section suffix, the description, canonical and OpenGraph tags', () => {
    const tree = page('docs/manual/v12.0.0/pipe.html');
    expect(text($(tree, 'title'))).toBe('Pipe | ReScript Language Manual');
    expect(attr($(tree, 'meta[name="description"]'), 'content')).toBe('The pipe operator (v12.0.0).');
    expect(attr($(tree, 'link[rel="canonical"]'), 'href')).toBe('https://example.org/docs/manual/v12.0.0/pipe');
    expect(meta(tree, 'og:title')).toBe('Pipe | ReScript Language Manual');
    expect(meta(tree, 'og:description')).toBe('The pipe operator (v12.0.0).');
    expect(meta(tree, 'og:url')).toBe('https://example.org/docs/manual/v12.0.0/pipe');
    expect(meta(tree, 'og:type')).toBe('website');
    expect(meta(tree, 'og:site_name')).toBe('ReScript');
    expect($(tree, 'link[hreflang]')).toBeUndefined();
  });

  it('links the site icon from every page, with its media type, and serves it', () => {
    for (const file of ['about.html', 'docs/manual/v12.0.0/pipe.html', '404.html']) {
      const icon = $(page(file), 'link[rel="icon"]');
      expect(attr(icon, 'href'), file).toBe('/favicon.svg');
      expect(attr(icon, 'type'), file).toBe('image/svg+xml');
    }
    expect(existsSync(path.join(out, 'favicon.svg'))).toBe(true);
  });

  it('gives link previews the site image, or a blog post\'s own raster preview, as an absolute URL', () => {
    for (const file of ['about.html', 'docs/manual/v12.0.0/pipe.html', 'blog.html']) {
      expect(meta(page(file), 'og:image'), file).toBe('https://example.org/img/card.png');
      expect(attr($(page(file), 'meta[name="twitter:card"]'), 'content'), file).toBe('summary_large_image');
    }
    expect(meta(page('blog/hello.html'), 'og:image')).toBe('https://example.org/img/hello.png');
    expect(existsSync(path.join(out, 'img', 'card.png'))).toBe(true);
  });

  it('points the canonical link of the version `latest` stands for at the latest copy', () => {
    for (const file of ['docs/manual/latest/pipe.html', 'docs/manual/v11.0.0/pipe.html']) {
      const tree = page(file);
      expect(attr($(tree, 'link[rel="canonical"]'), 'href'), file).toBe('https://example.org/docs/manual/latest/pipe');
      expect(meta(tree, 'og:url'), file).toBe('https://example.org/docs/manual/latest/pipe');
    }
  });

  it('uses metaTitle as written: /docs is "Overview | ReScript Documentation"', () => {
    expect(text($(page('docs/index.html'), 'title'))).toBe('Overview | ReScript Documentation');
  });

  it('announces the blog feed on blog pages only', () => {
    for (const file of ['blog.html', 'blog/hello.html']) {
      expect(attr($(page(file), 'link[rel="alternate"][type="application/rss+xml"]'), 'href'), file).toBe('/blog/feed.xml');
    }
    expect($(page('docs/manual/v11.0.0/pipe.html'), 'link[rel="alternate"]')).toBeUndefined();
    expect(meta(page('blog/hello.html'), 'og:type')).toBe('article');
    expect(text($(page('blog/hello.html'), 'title'))).toBe('Hello | ReScript Blog');
  });

  it('loads the client entry on every page, pages without islands included', () => {
    for (const file of ['about.html', 'try.html', 'community/overview.html', '404.html', 'docs/manual/v11.0.0/record.html']) {
      const scripts = $$(page(file), 'script[type="module"]');
      expect(scripts.map((s) => attr(s, 'src')), file).toEqual([expect.stringMatching(/^\/assets\/islands-\w+\.js$/)]);
    }
  });
});

describe('layouts', () => {
  it('docs: breadcrumbs Docs / Language Manual, version selector, sidebar, in-page list, edit link', () => {
    const tree = page('docs/manual/v11.0.0/pipe.html');
    expect(attr($(tree, '.page'), 'dataLayout')).toBe('docs');
    expect($$(tree, '.breadcrumbs li').map((li) => text(li))).toEqual(['Docs', 'Language Manual', 'Pipe']);
    expect($(tree, '.breadcrumbs li:last-child a')).toBeUndefined();
    expect(text($(tree, '.version-selector summary'))).toContain('v11 (Latest)');
    expect($$(tree, '.page-toc a').map((a) => attr(a, 'href'))).toEqual(['#basic-use', '#placeholders']);
    expect(text($(tree, '.page-toc h2'))).toBe('On this page');
    expect($$(tree, '.sidebar a[aria-current="page"] + .toc a').map((a) => text(a))).toEqual(['Basic use', 'Placeholders']);
    const edit = $(tree, '.edit-link a');
    expect(attr(edit, 'href')).toBe('https://github.com/example/site/blob/main/content/docs/manual/v11.0.0/pipe.mdx');
    expect(attr(edit, 'target')).toBe('_blank');
    expect(attr(edit, 'rel')).toContain('noopener');
    expect(text($(tree, '.docsnav'))).toContain('Language Manual');
  });

  it('default: the title from front matter, no sidebar, no docs bar', () => {
    const tree = page('about.html');
    expect(attr($(tree, '.page'), 'dataLayout')).toBe('default');
    expect(text($(tree, 'h1'))).toBe('About');
    expect($(tree, '.sidebar-wrap')).toBeUndefined();
    expect($(tree, '.docsnav')).toBeUndefined();
    expect(attr($(tree, 'meta[name="description"]'), 'content')).toBe('What this site is.');
  });

  it.each(['blog.html', 'packages.html', 'try.html'])('bare: %s has the shell and no docs layout', (file) => {
    const tree = page(file);
    expect(attr($(tree, 'main'), 'dataLayout')).toBe('bare');
    expect($(tree, '.site-header .topbar')).toBeDefined();
    expect($(tree, 'footer.footer')).toBeDefined();
    expect($(tree, '.sidebar-wrap, .breadcrumbs, .prev-next, .page-toc')).toBeUndefined();
  });

  it('community: its own sidebar from config/sidebars/community.json, active item, prev/next', () => {
    const tree = page('community/overview.html');
    expect(attr($(tree, '.page'), 'dataLayout')).toBe('community');
    expect($$(tree, '.sidebar li > a').map((a) => attr(a, 'href')).filter((h) => !h?.startsWith('#'))).toEqual(['/community/overview', '/community/content']);
    expect(attr($(tree, '.sidebar a[aria-current="page"]'), 'href')).toBe('/community/overview');
    expect(attr($(tree, '.prev-next a[rel="next"]'), 'href')).toBe('/community/content');
    expect($(tree, '.version-selector')).toBeUndefined();
  });

  it("links an old version's banner to the newest version's page when the newest folder is itself `latest` (the React docs)", () => {
    const banner = $(page('docs/react/v0.11.0/introduction.html'), '.banner');
    expect(text(banner)).toContain('older version of the React bindings');
    expect(attr($(banner!, 'a'), 'href')).toBe('/docs/react/latest/introduction');
    expect($(page('docs/react/latest/introduction.html'), '.banner')).toBeUndefined();
  });

  it('renders an API page of a version the site does not know without a layout', () => {
    const tree = page('docs/manual/v7.0.0/api/js.html');
    expect(attr($(tree, 'main'), 'dataLayout')).toBe('bare');
    expect($(tree, '.sidebar-wrap, .breadcrumbs, .version-selector')).toBeUndefined();
  });

  it("gives the 404 page the version aliases that have no pages of their own, to send their addresses on", () => {
    const aliases = JSON.parse(attr($(page('404.html'), '[data-not-found]'), 'dataAliases') ?? '{}') as Record<string, string>;
    // `latest` is rendered (routed); `next` is not; React's `next` names its `latest` folder.
    expect(aliases).toEqual({ '/docs/manual/next/': '/docs/manual/v12.0.0/', '/docs/react/next/': '/docs/react/latest/' });
  });

  it('writes a 404 page with the site shell', () => {
    const tree = page('404.html');
    expect(text($(tree, 'h1'))).toBe('Page not found');
    expect(text($(tree, 'title'))).toBe('Page not found | ReScript');
    expect(attr($(tree, 'meta[name="robots"]'), 'content')).toBe('noindex');
    expect($(tree, '.site-header .topbar')).toBeDefined();
    expect($(tree, 'footer.footer')).toBeDefined();
  });
});

describe('shell', () => {
  it('has the top navigation and a closed menu with the social links', () => {
    const html = readFileSync(path.join(out, 'about.html'), 'utf8');
    const tree = parse(html);
    expect($$(tree, '.topnav a').map((a) => [text(a), attr(a, 'href')])).toEqual([
      ['Docs', '/docs/manual/latest/introduction'],
      ['Playground', '/try'],
      ['Blog', '/blog'],
      ['Community', '/community/overview'],
    ]);
    const button = $(tree, '[data-menu-button]');
    expect(attr(button, 'ariaLabel')).toMatch(/menu/i);
    expect(attr(button, 'ariaExpanded')).toBe('false');
    const menu = $(tree, '#mobile-menu');
    expect(attr(menu, 'hidden')).toBeDefined();
    expect($$(menu!, 'a').map((a) => text(a))).toEqual(['Playground', 'Blog', 'Community', 'X', 'Bluesky', 'GitHub', 'Forum']);
  });

  it('has a footer with the community and association links, the social links and the year', () => {
    const tree = page('about.html');
    const footer = $(tree, 'footer.footer')!;
    const links = $$(footer, 'a').map((a) => text(a));
    expect(links).toEqual(['Community', 'Example Association', 'X', 'Bluesky', 'GitHub', 'Forum']);
    expect(text($(footer, '[data-year]'))).toBe(String(new Date().getFullYear()));
  });

  it('marks Docs as the current section in every docs area, the syntax lookup included, and nothing elsewhere', () => {
    const current = (file: string) => $$(page(file), '.topnav a[aria-current="page"]').map((a) => text(a));
    expect(current('docs/manual/v12.0.0/pipe.html')).toEqual(['Docs']);
    expect(current('syntax-lookup.html')).toEqual(['Docs']);
    expect(attr($(page('syntax-lookup.html'), '.docsnav a[aria-current="page"]'), 'href')).toBe('/syntax-lookup');
    expect(current('about.html')).toEqual([]);
  });

  it('shows the docs bar in docs areas with the version being read', () => {
    const tree = page('docs/manual/v12.0.0/pipe.html');
    expect(attr($(tree, '.docsnav a'), 'href')).toBe('/docs/manual/v12.0.0/introduction');
    expect(attr($(page('docs/manual/latest/pipe.html'), '.docsnav a'), 'href')).toBe('/docs/manual/latest/introduction');
  });
});
