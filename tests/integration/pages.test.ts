// The site's own pages on a fixture site: blog index, archive and feed, community layout and
// resources, packages, generated llms pages, sitemap and robots.txt; and bad page data.
import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { copyFixture, docsgen } from '../helpers/cli.ts';
import { $, $$, attr, parse, text } from '../helpers/html.ts';

let root: string;
let out: string;
let result: { code: number; stdout: string; stderr: string };
const read = (file: string) => readFileSync(path.join(out, file), 'utf8');
const page = (route: string) => parse(read(`${route.slice(1) || 'index'}.html`));

/** Twelve posts, one a month of 2026, the newest (December) first once listed. */
const POSTS = Array.from({ length: 12 }, (_, i) => ({ month: String(i + 1).padStart(2, '0'), slug: `post-${i + 1}` }));

beforeAll(() => {
  root = copyFixture('pages');
  for (const { month, slug } of POSTS) {
    writeFileSync(
      path.join(root, 'content', 'blog', `2026-${month}-15-${slug}.mdx`),
      `---\ntitle: "Post ${slug}"\nauthor: "Grace"\ndate: "2026-${month}-15"\nbadge: "Release"\ndescription: "About ${slug}."\n---\n\nBody of ${slug}.\n`,
    );
  }
  out = path.join(root, 'out');
  result = docsgen(['build', '--root', root, '--out', out]);
});

describe('the pages of a site', () => {
  it('builds without errors or warnings', () => {
    expect(result.stderr).not.toMatch(/error|warning/);
    expect(result.code, result.stderr).toBe(0);
  });

  it('lists current posts newest first on /blog and archived ones on /blog/archived', () => {
    const blog = page('/blog');
    const links = $$(blog, '.blog-list h2 a').map((a) => attr(a, 'href'));
    expect(links).toEqual([...POSTS].reverse().map((p) => `/blog/${p.slug}`));
    expect(text($(blog, '.blog-list time'))).toBe('Dec 15, 2026');
    expect(attr($(blog, 'a[href="/blog/archived"]'), 'href')).toBe('/blog/archived');
    expect($$(page('/blog/archived'), '.blog-list h2 a').map((a) => attr(a, 'href'))).toEqual(['/blog/old-news']);
    expect(attr($(blog, 'link[rel="alternate"]'), 'href')).toBe('/blog/feed.xml');
  });

  it('shows a post with its date, badge and author; the slug drops the date prefix', () => {
    const post = page('/blog/post-3');
    expect(text($(post, 'article .blog-post-head h1'))).toBe('Post post-3');
    expect(text($(post, '.blog-post-head time'))).toBe('Mar 15, 2026');
    expect(attr($(post, '.blog-post-head time'), 'dateTime')).toBe('2026-03-15');
    expect(text($(post, '.blog-post-head .badge'))).toBe('Release');
    expect(text($(post, '.blog-author'))).toBe('By Grace');
    expect(text($(post, '.blog-post-body'))).toBe('Body of post-3.');
    expect(attr($(post, 'link[rel="alternate"][type="application/rss+xml"]'), 'href')).toBe('/blog/feed.xml');
  });

  it('ends a post with its newer and older neighbours in its own list, and the way back to the list', () => {
    const nav = (route: string) =>
      $$(page(route), 'nav.blog-post-nav a').map((a) => [attr(a, 'href'), text(a)]);
    expect(nav('/blog/post-6')).toEqual([
      ['/blog/post-7', 'Newer post Post post-7'],
      ['/blog/post-5', 'Older post Post post-5'],
      ['/blog', 'All posts'],
    ]);
    expect(nav('/blog/post-12').map(([href]) => href)).toEqual(['/blog/post-11', '/blog']); // the newest: no newer
    expect(nav('/blog/post-1').map(([href]) => href)).toEqual(['/blog/post-2', '/blog']); // the oldest current post: archived ones are another list
    expect(nav('/blog/old-news')).toEqual([['/blog/archived', 'All archived posts']]);
    expect(attr($(page('/blog/post-6'), 'nav.blog-post-nav'), 'ariaLabel')).toBe('More posts');
  });

  it('writes an RSS 2.0 feed of the 10 newest current posts with absolute links', () => {
    const xml = read('blog/feed.xml');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
    const feed = parse(xml);
    const items = $$(feed, 'item');
    expect(items).toHaveLength(10);
    const guids = items.map((i) => text($(i, 'guid')));
    expect(guids).toEqual([...POSTS].reverse().slice(0, 10).map((p) => `https://demo.example/blog/${p.slug}`));
    expect(text($(items[0]!, 'pubdate'))).toBe('Tue, 15 Dec 2026 00:00:00 GMT');
    expect(text($(feed, 'channel > title'))).toBe('Demo Blog');
  });

  it('gives community pages their sidebar, and <CommunityContent/> the resources of config/community.json by category', () => {
    const overview = page('/community/overview');
    expect($$(overview, '#community-sidebar nav a').filter((a) => !String(attr(a, 'href')).includes('#')).map((a) => attr(a, 'href'))).toEqual(['/community/overview', '/community/roadmap']);
    expect(attr($(overview, '#community-sidebar a[aria-current="page"]'), 'href')).toBe('/community/overview');
    expect($$(overview, '.community-group h3').map((h) => text(h))).toEqual(['Talk', 'Read']);
    expect($$(overview, '.community-content a').map((a) => attr(a, 'href'))).toEqual(['https://forum.example', '/blog', '/docs/manual/latest/introduction']);
    expect(attr($(page('/community/roadmap'), '[data-layout]'), 'dataLayout')).toBe('community');
  });

  it('lists every package on /packages in the HTML, official first, then by name without the scope sign', () => {
    const packages = page('/packages');
    expect($$(packages, '.package-card h2').map((h) => text(h))).toEqual(['demo-core', 'demo-http', '@someone/demo-json']);
    expect(text($(packages, '.package-card .badge'))).toBe('Official');
  });

  it("generates a version's llms page from the template when content has none, and keeps one the site wrote", () => {
    const v1 = page('/docs/manual/v1.0.0/llms');
    expect(text($(v1, 'article h1'))).toMatch(/^LLMs/);
    expect($$(v1, 'article table a').map((a) => attr(a, 'href'))).toEqual([
      '/docs/manual/v1.0.0/llms.txt',
      '/docs/manual/v1.0.0/llms-full.txt',
      '/docs/manual/v1.0.0/llms-small.txt',
    ]);
    expect(text($(v1, 'article'))).toContain('Demo Manual v1 documentation');
    expect(existsSync(path.join(out, 'docs/manual/v1.0.0/llms-full.txt'))).toBe(true);
    // llms.txt names its companions, as absolute addresses of the version's own copies.
    const index = read('docs/manual/v1.0.0/llms.txt');
    expect(index).toContain('](https://demo.example/docs/manual/v1.0.0/llms-full.txt)');
    expect(index).toContain('](https://demo.example/docs/manual/v1.0.0/llms-small.txt)');
    expect(attr($(v1, '#docs-sidebar a[aria-current="page"]'), 'href')).toBe('/docs/manual/v1.0.0/llms');
    expect(text($(page('/docs/manual/v2.0.0/llms'), 'article'))).toContain('Written by hand for v2');
  });

  it('lists every canonical route once in sitemap.xml (for the version latest stands for, the latest copy its canonical link names), and names it in robots.txt', () => {
    const locs = $$(parse(read('sitemap.xml')), 'url > loc').map((l) => text(l));
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs.every((l) => l.startsWith('https://demo.example/'))).toBe(true);
    // v2.0.0 is what latest stands for: its pages name their latest copy as canonical.
    expect(locs.some((l) => l.includes('/v2.0.0/'))).toBe(false);
    expect(attr($(parse(read('docs/manual/v2.0.0/introduction.html')), 'link[rel="canonical"]'), 'href')).toBe('https://demo.example/docs/manual/latest/introduction');
    for (const route of ['/blog', '/blog/archived', '/blog/post-1', '/blog/old-news', '/community/overview', '/packages', '/docs/manual/latest/introduction', '/docs/manual/v1.0.0/llms']) {
      expect(locs).toContain(`https://demo.example${route}`);
    }
    expect(read('robots.txt')).toBe('User-agent: *\nAllow: /\n\nSitemap: https://demo.example/sitemap.xml\n');
  });

  it('sends a folder address with no page to the first page under it, and links to such a folder pass the link check', () => {
    const redirect = (folder: string) => {
      const tree = parse(read(`${folder}/index.html`));
      return [attr($(tree, 'meta[http-equiv="refresh"]'), 'content'), attr($(tree, 'link[rel="canonical"]'), 'href'), attr($(tree, 'meta[name="robots"]'), 'content')];
    };
    expect(redirect('community')).toEqual(['0; url=/community/overview', 'https://demo.example/community/overview', 'noindex']);
    // Its head is the target's, so a shared folder address previews as the page it opens.
    const head = parse(read('community/index.html'));
    expect([text($(head, 'title')), attr($(head, 'meta[property="og:title"]'), 'content')]).toEqual([text($(page('/community/overview'), 'title')), text($(page('/community/overview'), 'title'))]);
    expect(attr($(head, 'meta[name="description"]'), 'content')).toBe(attr($(page('/community/overview'), 'meta[name="description"]'), 'content'));
    // A section's folder goes to its newest version's first page, through the routed alias.
    expect(redirect('docs/manual')[0]).toBe('0; url=/docs/manual/latest/introduction');
    expect(redirect('docs/manual/latest')[0]).toBe('0; url=/docs/manual/latest/introduction');
    expect(redirect('docs/manual/v1.0.0')[0]).toBe('0; url=/docs/manual/v1.0.0/introduction');
    expect(read('community/index.html')).toContain('location.replace("/community/overview" + location.search + location.hash)');
    // A folder that has a page of its own keeps it, and redirects are no entries of the sitemap.
    expect(existsSync(path.join(out, 'blog/index.html'))).toBe(false);
    expect(read('sitemap.xml')).not.toMatch(/<loc>https:\/\/demo\.example\/(community|docs\/manual)\/?<\/loc>/);
  });
});

describe('bad page data', () => {
  it('reports a packages.json entry that breaks its schema at its place, and writes nothing', () => {
    const bad = copyFixture('pages');
    const file = path.join(bad, 'config', 'packages.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"official": true', '"official": "yes"'));
    const r = docsgen(['build', '--root', bad, '--out', path.join(bad, 'out')]);
    expect(r.code).toBe(1);
    const line = readFileSync(file, 'utf8').split('\n').findIndex((l) => l.includes('"yes"')) + 1;
    const column = readFileSync(file, 'utf8').split('\n')[line - 1]!.indexOf('"yes"') + 1;
    expect(r.stderr).toContain(`config/packages.json:${line}:${column}  error  "packages[0].official" must be a boolean (found string)  config-schema`);
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(existsSync(path.join(bad, 'out'))).toBe(false);
  });

  it('reports a landing page link to no page at its place in landing.json, with the closest route', () => {
    const bad = copyFixture('pages');
    const landing = {
      hero: { title: 'Demo', text: 'A demo.', cta: { text: 'Start', href: '/docs/manual/latest/introductio' } },
      example: { compiler: '12.3.1', res: 'let x = 1', js: 'let x = 1;' },
      statement: { title: 'Adopt it', text: 'One file at a time.' },
      install: [{ label: 'Install', command: 'npm install demo' }],
      features: [{ title: 'Fast', text: 'Fast.' }],
      community: { title: 'Talk', text: 'To us.', forum: { text: 'Forum', href: 'https://forum.example' }, carousel: { intervalMs: 3000, images: [{ src: '/img/a.svg', alt: 'A drawing' }] } },
      logos: { title: 'Users', items: [], add: { text: 'Add Your Logo', href: 'https://example.com' } },
      resources: { title: 'Read', items: [] },
    };
    const text = JSON.stringify(landing, null, 2);
    writeFileSync(path.join(bad, 'config', 'landing.json'), text);
    mkdirSync(path.join(bad, 'public', 'img'), { recursive: true });
    writeFileSync(path.join(bad, 'public', 'img', 'a.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const r = docsgen(['build', '--root', bad, '--out', path.join(bad, 'out')]);
    expect(r.code).toBe(1);
    const lines = text.split('\n');
    const line = lines.findIndex((l) => l.includes('/introductio"')) + 1;
    const column = lines[line - 1]!.indexOf('"/docs') + 1;
    expect(r.stderr).toContain(`config/landing.json:${line}:${column}  error  Broken link: no page at /docs/manual/latest/introductio  link-broken`);
    expect(r.stderr).toContain('Did you mean /docs/manual/latest/introduction?');
  });
});
