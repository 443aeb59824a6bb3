// The <head> of every page: title, description, canonical, OpenGraph, assets.
import { escapeHtml } from '../../util/text.ts';
import { apiModuleName } from '../../api/names.ts';
import { canonicalRoute } from '../../pipeline/site-config.ts';
import type { Page, RouteEntry } from '../../pipeline/types.ts';
import type { RenderContext } from './types.ts';

/** What a page's head is made of; `renderNotFound` fills it without a content page. */
export interface HeadData {
  title: string;
  description: string;
  /** Route (or absolute URL) the page's canonical link points at; none for the 404 page. */
  canonical: string | undefined;
  /** Route of the page (og:url when there is no canonical). */
  route: string;
  ogType: 'website' | 'article';
  /** The docs version the page is in (`v11.0.0`), for search. */
  version: string | undefined;
  /** Blog pages announce the feed. */
  feed: boolean;
  /** The link preview picture (og:image): a route or an absolute URL. */
  image?: string | undefined;
  noindex?: boolean;
}

/** What the head needs of the render context: the site's config. */
type SiteContext = Pick<RenderContext, 'site'>;

/** `Pipe | ReScript Language Manual`, `Post | ReScript Blog`, else `Title | ReScript`. */
function titleSuffix(entry: RouteEntry, ctx: SiteContext): string {
  const site = ctx.site.site.title;
  if (entry.section) return `${site} ${ctx.site.sections[entry.section]?.name ?? 'Documentation'}`;
  if (entry.layout === 'blog' || entry.layout === 'blog-index') return `${site} Blog`;
  return site;
}

export function headData(entry: RouteEntry, page: Page, title: string, ctx: SiteContext): HeadData {
  const { site } = ctx.site;
  const sv = entry.section ? ctx.site.sections[entry.section] : undefined;
  return {
    // `metaTitle` is the document title as written; otherwise the page title plus the section's name.
    // An API module is named in full: eleven v11 pages were all "Int" (Belt.Int, Belt.Map.Int, …).
    title: page.meta.metaTitle ?? (entry.route === '/' ? site.title : `${page.source.kind === 'api' ? apiModuleName(entry.route, title) : title} | ${titleSuffix(entry, ctx)}`),
    description: page.meta.description ?? site.description,
    canonical: canonicalRoute(entry, page.meta.canonical, ctx.site.sections),
    route: entry.route,
    ogType: page.source.kind === 'blog' ? 'article' : 'website',
    version: sv && entry.version ? (sv.aliases[entry.version] ?? entry.version) : undefined,
    feed: entry.route === '/blog' || entry.route.startsWith('/blog/'),
    image: previewImage(page) ?? site.image,
  };
}

/** Formats link previews show (not SVG, which social networks do not render). */
const RASTER = /\.(png|jpe?g|gif|webp)$/i;

/** A blog post's own preview picture, when it is one link previews can show. */
function previewImage(page: Page): string | undefined {
  if (page.source.kind !== 'blog') return undefined;
  return [page.meta.previewImg, page.meta.articleImg].find((img): img is string => typeof img === 'string' && RASTER.test(img.split(/[?#]/)[0]!));
}

const absolute = (base: string, href: string) => (/^https?:\/\//.test(href) ? href : base + href);

const ICON_TYPES: Record<string, string> = { svg: 'image/svg+xml', png: 'image/png', ico: 'image/x-icon' };
/** The icon's media type, so a browser skips an icon format it cannot show without fetching it. */
function iconType(href: string): string {
  const type = ICON_TYPES[href.slice(href.lastIndexOf('.') + 1).toLowerCase()];
  return type ? ` type="${type}"` : '';
}

export function renderHead(data: HeadData, ctx: RenderContext): string {
  return [
    headMeta(data, ctx),
    `<link rel="stylesheet" href="${ctx.bundle.css}">`,
    data.feed ? `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(ctx.site.site.title)} Blog" href="/blog/feed.xml">` : '',
    // Marks that scripts run, so the stylesheet can offer the menu, drawer and selector behaviours.
    '<script>document.documentElement.classList.add("js")</script>',
    `<script type="module" src="${ctx.bundle.entry}"></script>`,
  ]
    .filter(Boolean)
    .join('');
}

/** The head without the site's assets: title, description, canonical, robots, link preview, icon. */
export function headMeta(data: HeadData, ctx: SiteContext): string {
  const { site } = ctx.site;
  const url = absolute(site.url, data.canonical ?? data.route);
  const meta = (property: string, content: string) => `<meta property="${property}" content="${escapeHtml(content)}">`;
  return [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(data.title)}</title>`,
    `<meta name="description" content="${escapeHtml(data.description)}">`,
    data.canonical !== undefined ? `<link rel="canonical" href="${escapeHtml(url)}">` : '',
    data.noindex ? '<meta name="robots" content="noindex">' : '',
    meta('og:title', data.title),
    meta('og:description', data.description),
    data.canonical !== undefined ? meta('og:url', url) : '',
    meta('og:type', data.ogType),
    meta('og:site_name', site.title),
    data.image ? meta('og:image', absolute(site.url, data.image)) : '',
    data.image ? '<meta name="twitter:card" content="summary_large_image">' : '',
    data.version ? `<meta name="docsearch:version" content="${escapeHtml(data.version)}">` : '',
    site.icon ? `<link rel="icon" href="${escapeHtml(site.icon)}"${iconType(site.icon)}>` : '',
  ]
    .filter(Boolean)
    .join('');
}
