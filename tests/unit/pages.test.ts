// The pure parts of the site's own pages: dates, the package filter, the feed and the sitemap.
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../src/components/pages/Blog.tsx';
import { matchesPackage, type PackageEntry } from '../../src/components/pages/islands/PackageFilter.tsx';
import { blogFeed, blogPosts } from '../../src/pipeline/pages/blog.tsx';
import { sitemap } from '../../src/pipeline/pages/site-files.ts';
import { llmsMarkdown } from '../../src/pipeline/pages/llms.ts';
import type { Page, RouteEntry } from '../../src/pipeline/types.ts';
import type { SiteSettings } from '../../src/pipeline/site-config.ts';

const site = { title: 'Demo', url: 'https://demo.example/' } as SiteSettings;

function post(file: string, meta: Page['meta']): Page {
  const slug = file.replace(/^.*\//, '').replace(/^\d{4}-\d{2}-\d{2}-/, '').replace(/\.mdx$/, '');
  return {
    source: { id: file, absPath: file, displayPath: `content/${file}`, kind: 'blog', route: `/blog/${slug}`, slug, raw: '', hash: '', frontMatter: undefined },
    meta,
  };
}

describe('formatDate', () => {
  it('writes a short month, the day and the year in US English, whatever the time zone', () => {
    expect(formatDate('2026-11-24')).toBe('Nov 24, 2026');
    expect(formatDate('2024-01-01')).toBe('Jan 1, 2024');
    expect(formatDate('2025-12-31T23:00:00+02:00')).toBe('Dec 31, 2025');
  });
  it("agrees with Intl's US English short date on every day from 1990 to 2040", () => {
    const intl = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    for (let t = Date.UTC(1990, 0, 1); t <= Date.UTC(2040, 11, 31); t += 86_400_000) {
      const iso = new Date(t).toISOString().slice(0, 10);
      if (formatDate(iso) !== intl.format(new Date(t))) expect(formatDate(iso)).toBe(intl.format(new Date(t)));
    }
  });
  it('shows a date it cannot read as written', () => {
    expect(formatDate('someday')).toBe('someday');
  });
});

describe('matchesPackage', () => {
  const pkg: PackageEntry = { name: '@demo/http-client', description: 'Typed bindings to fetch.', official: false, keywords: ['network'] };
  it('matches every word of the query against name, description and keywords, ignoring case', () => {
    expect(matchesPackage(pkg, 'HTTP fetch', 'all')).toBe(true);
    expect(matchesPackage(pkg, 'network', 'community')).toBe(true);
    expect(matchesPackage(pkg, 'http graphql', 'all')).toBe(false);
  });
  it('filters by official or community', () => {
    expect(matchesPackage(pkg, '', 'official')).toBe(false);
    expect(matchesPackage({ ...pkg, official: true }, '', 'official')).toBe(true);
    expect(matchesPackage({ ...pkg, official: true }, '', 'community')).toBe(false);
  });
});

describe('blogFeed', () => {
  it('escapes titles, orders newest first, leaves archived posts out and links absolutely', () => {
    const posts = blogPosts([
      post('blog/2026-01-02-a.mdx', { title: 'Types & <JSX>', author: 'Ada', date: '2026-01-02' }),
      post('blog/2026-03-04-b.mdx', { title: 'B', author: 'Ada', date: '2026-03-04', description: 'Say "hi"' }),
      post('blog/archive/2019-01-01-old.mdx', { title: 'Old', author: 'Ada', date: '2019-01-01' }),
      post('blog/2026-05-06-untitled.mdx', { author: 'Ada', date: '2026-05-06' }), // no title: not a post
    ]);
    expect(posts.map((p) => p.summary.route)).toEqual(['/blog/b', '/blog/a', '/blog/old']);
    const xml = String(blogFeed(posts, site).contents);
    expect(xml).toContain('<title>Types &#38; &#60;JSX&#62;</title>');
    expect(xml).toContain('<description>Say &#34;hi&#34;</description>');
    expect(xml).not.toContain('/blog/old');
    expect(xml.indexOf('https://demo.example/blog/b')).toBeLessThan(xml.indexOf('https://demo.example/blog/a'));
    expect(xml).toContain('<lastBuildDate>Wed, 04 Mar 2026 00:00:00 GMT</lastBuildDate>');
  });
});

describe('sitemap', () => {
  const entry = (route: string, extra: Partial<RouteEntry> = {}): RouteEntry => ({ route, pageId: route, breadcrumbs: [], layout: 'default', banners: [], ...extra });
  const routes = (...entries: RouteEntry[]) => new Map(entries.map((e) => [e.route, e]));
  const locsOf = (xml: string) => [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]);

  it('lists each canonical route once, not the pages canonical elsewhere, nor the not-found page', () => {
    const canonical: Record<string, string> = { '/docs/latest/a': '/docs/v1/a', '/old': '/new' };
    const xml = String(
      sitemap(
        routes(entry('/'), entry('/docs/v1/a'), entry('/docs/latest/a', { aliasOf: '/docs/v1/a' }), entry('/old'), entry('/404'), entry('/b?x&y')),
        site.url,
        (e) => canonical[e.route] ?? e.route,
      ).contents,
    );
    // '/old' names a canonical the site does not have: neither is listed.
    expect(locsOf(xml)).toEqual(['https://demo.example/', 'https://demo.example/b?x&#38;y', 'https://demo.example/docs/v1/a']);
  });

  it('lists the alias copy when it is the canonical one (a page of the version `latest` stands for)', () => {
    const xml = String(
      sitemap(routes(entry('/docs/v1/api/x'), entry('/docs/latest/api/x', { aliasOf: '/docs/v1/api/x' })), site.url, (e) => e.route.replace('/v1/', '/latest/')).contents,
    );
    expect(locsOf(xml)).toEqual(['https://demo.example/docs/latest/api/x']);
  });
});

describe('llmsMarkdown', () => {
  it("fills the version's name and its files' paths into the one template", () => {
    const md = llmsMarkdown({ name: 'Demo Manual v3', base: '/docs/manual/v3.0.0' });
    expect(md).toMatch(/^---\ntitle: "LLMs"\n/);
    expect(md).toContain('the Demo Manual v3 documentation');
    for (const f of ['llms.txt', 'llms-full.txt', 'llms-small.txt']) expect(md).toContain(`(/docs/manual/v3.0.0/${f})`);
  });
});
