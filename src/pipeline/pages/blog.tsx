// The blog: /blog (newest first), /blog/archived (posts under content/blog/archive/), the RSS 2.0
// feed of the 10 newest posts, and the header (date, author, badge, image) of each post.
// renderToString, not renderToStaticMarkup: the islands inside are hydrated, and React needs the
// markers it puts between adjacent text nodes.
import { renderToString } from 'react-dom/server';
import { BlogList, BlogPostFooter, BlogPostHeader, type BlogPostNeighbours, type BlogPostSummary } from '../../components/pages/Blog.tsx';
import { escapeHtml } from '../../util/text.ts';
import { generatedPage, type GeneratedPage } from './generated.ts';
import type { SiteSettings } from '../site-config.ts';
import type { CompiledPage, OutputFile, Page } from '../types.ts';

export const BLOG_ROUTE = '/blog';
export const ARCHIVED_ROUTE = '/blog/archived';
export const FEED_PATH = 'blog/feed.xml';
/** How many posts the feed carries. */
export const FEED_SIZE = 10;

export interface BlogPost {
  page: Page;
  summary: BlogPostSummary;
  archived: boolean;
}

/** Blog posts with usable front matter, newest first (ties: by route, for a stable order). */
export function blogPosts(pages: Page[]): BlogPost[] {
  const posts: BlogPost[] = [];
  for (const page of pages) {
    const { kind, route, id } = page.source;
    const { title, author, date } = page.meta;
    if (kind !== 'blog' || route === null || !title || !author || !date) continue;
    const summary: BlogPostSummary = { route, title, author, date };
    if (page.meta.description) summary.description = page.meta.description;
    if (page.meta.badge) summary.badge = page.meta.badge;
    if (page.meta.previewImg) summary.previewImg = page.meta.previewImg;
    posts.push({ page, summary, archived: id.startsWith('blog/archive/') });
  }
  return posts.sort((a, b) => b.summary.date.localeCompare(a.summary.date) || a.summary.route.localeCompare(b.summary.route));
}

/** /blog and /blog/archived. */
export function blogIndexPages(posts: BlogPost[], site: SiteSettings): GeneratedPage[] {
  const current = posts.filter((p) => !p.archived).map((p) => p.summary);
  const archived = posts.filter((p) => p.archived).map((p) => p.summary);
  const pages = [
    generatedPage({
      id: 'blog.generated',
      route: BLOG_ROUTE,
      displayPath: 'content/blog',
      title: 'Blog',
      metaTitle: `${site.title} Blog`,
      description: `Release notes, guides and news from the ${site.title} team.`,
      html: renderToString(
        <BlogList
          title="Blog"
          intro={`Release notes, guides and news from the ${site.title} team and community.`}
          posts={current}
          {...(archived.length > 0 ? { other: { text: 'Archived posts', href: ARCHIVED_ROUTE } } : {})}
        />,
      ),
    }),
  ];
  if (archived.length > 0) {
    pages.push(
      generatedPage({
        id: 'blog-archived.generated',
        route: ARCHIVED_ROUTE,
        displayPath: 'content/blog/archive',
        title: 'Archived posts',
        metaTitle: `Archived posts | ${site.title} Blog`,
        description: `Older posts of the ${site.title} blog, kept for reference: some describe tools and versions that have since changed.`,
        html: renderToString(
          <BlogList
            title="Archived posts"
            intro="Older posts, kept for reference. Some describe tools and versions that have since changed."
            posts={archived}
            other={{ text: 'Current posts', href: BLOG_ROUTE }}
          />,
        ),
      }),
    );
  }
  return pages;
}

/** RFC 822 date of a calendar day, as RSS 2.0 wants it. */
function rfc822(iso: string): string {
  const d = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? iso : d.toUTCString();
}

/** RSS 2.0 feed of the newest posts (archived ones left out), with absolute links. */
export function blogFeed(posts: BlogPost[], site: SiteSettings): OutputFile {
  const base = site.url.replace(/\/$/, '');
  const newest = posts.filter((p) => !p.archived).slice(0, FEED_SIZE);
  const x = (s: string) => escapeHtml(s);
  const items = newest.map(({ summary: p }) =>
    [
      '    <item>',
      `      <title>${x(p.title)}</title>`,
      `      <link>${x(base + p.route)}</link>`,
      `      <guid isPermaLink="true">${x(base + p.route)}</guid>`,
      p.description ? `      <description>${x(p.description)}</description>` : '',
      `      <dc:creator>${x(p.author)}</dc:creator>`,
      p.badge ? `      <category>${x(p.badge)}</category>` : '',
      `      <pubDate>${rfc822(p.date)}</pubDate>`,
      '    </item>',
    ]
      .filter(Boolean)
      .join('\n'),
  );
  const contents = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    <title>${x(site.title)} Blog</title>`,
    `    <link>${x(base + BLOG_ROUTE)}</link>`,
    `    <description>${x(`Release notes, guides and news from the ${site.title} team.`)}</description>`,
    '    <language>en-us</language>',
    `    <atom:link href="${x(`${base}/${FEED_PATH}`)}" rel="self" type="application/rss+xml"/>`,
    // The newest post's date, not the build time: the same content gives the same feed.
    newest[0] ? `    <lastBuildDate>${rfc822(newest[0].summary.date)}</lastBuildDate>` : '',
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ]
    .filter(Boolean)
    .join('\n');
  return { path: FEED_PATH, contents };
}

/**
 * Each post's neighbours in its list (the current posts or the archived ones, newest first), by
 * route: what its footer links to.
 */
export function blogNeighbours(posts: BlogPost[]): Map<string, BlogPostNeighbours> {
  const out = new Map<string, BlogPostNeighbours>();
  for (const archived of [false, true]) {
    const list = posts.filter((p) => p.archived === archived).map((p) => p.summary);
    const back = archived ? { text: 'All archived posts', href: ARCHIVED_ROUTE } : { text: 'All posts', href: BLOG_ROUTE };
    list.forEach((post, i) => {
      const around: BlogPostNeighbours = { list: back };
      if (i > 0) around.newer = list[i - 1]!;
      if (i < list.length - 1) around.older = list[i + 1]!;
      out.set(post.route, around);
    });
  }
  return out;
}

/**
 * A post's body with its header (date, badge, title, author, image) in front and, given its
 * neighbours, a footer that leads on to the newer and older posts and back to the list.
 */
export function blogPostBody(compiled: CompiledPage, post: BlogPost, around?: BlogPostNeighbours): CompiledPage {
  const image = post.page.meta.articleImg ?? post.page.meta.previewImg;
  const header = renderToString(<BlogPostHeader post={post.summary} showTitle={!compiled.hasH1} image={image} />);
  const footer = around ? renderToString(<BlogPostFooter around={around} />) : '';
  return { ...compiled, html: `${header}<div class="blog-post-body">${compiled.html}</div>${footer}`, hasH1: true };
}
