// The site's own pages beyond content: the landing page, the blog index, archive and feed, the
// packages page, the llms page of each docs version, the sitemap and robots.txt, the folder
// redirects, and the community resources <CommunityContent/> shows. run.ts calls the four functions below in order.
import { checkData, type CheckedData } from './data.ts';
import { LANDING_ID, landingBody, landingLinks, landingSource, type LandingConfig } from './landing.tsx';
import { blogFeed, blogIndexPages, blogNeighbours, blogPostBody, blogPosts } from './blog.tsx';
import type { BlogPostNeighbours } from '../../components/pages/Blog.tsx';
import { packagesPage, type PackagesConfig } from './packages.tsx';
import { llmsSources } from './llms.ts';
import { robots, sitemap } from './site-files.ts';
import { folderRedirects } from './redirects.ts';
import type { CompiledPage, LoadedConfig, Message, Page, RouteEntry, SiteIndex, SourceFile } from '../types.ts';
import { canonicalRoute, type ResolvedSiteConfig } from '../site-config.ts';

/** config/community.json: curated resources, grouped. */
export interface CommunityConfig {
  categories: { name: string; items: { name: string; href: string; description?: string }[] }[];
}

/** The pages' config files, checked against their schemas. */
export interface PagesData {
  landing: CheckedData<LandingConfig> | undefined;
  packages: CheckedData<PackagesConfig> | undefined;
  community: CheckedData<CommunityConfig> | undefined;
  messages: Message[];
}

export function readPagesData(config: LoadedConfig): PagesData {
  const messages: Message[] = [];
  return {
    landing: checkData<LandingConfig>(config, config.landing, 'landing', messages),
    packages: checkData<PackagesConfig>(config, config.packages, 'packages', messages),
    community: checkData<CommunityConfig>(config, config.community, 'community-data', messages),
    messages,
  };
}

/** Curated community resources for <CommunityContent/>, flattened with their category. */
export function communityResources(config: LoadedConfig): { name: string; href: string; description?: string; category: string }[] | undefined {
  const data = config.community?.data as CommunityConfig | undefined;
  if (!data || !Array.isArray(data.categories)) return undefined;
  return data.categories.flatMap((c) => (Array.isArray(c.items) ? c.items.map((i) => ({ ...i, category: c.name })) : []));
}

/**
 * Sources the build generates before validation, so they are compiled, indexed and link-checked
 * like content: the landing page (unless content has a page at `/`) and missing llms pages.
 */
export function pageSources(sources: SourceFile[], data: PagesData, config: LoadedConfig, site: ResolvedSiteConfig): SourceFile[] {
  const out: SourceFile[] = [];
  if (data.landing?.data && !sources.some((s) => s.route === '/')) out.push(landingSource(data.landing, site.site.description));
  out.push(...llmsSources(sources, config, site));
  return out;
}

/**
 * A compiled page as its route shows it: the landing page's sections, a blog post's header and its
 * footer (`around`: `blogAround` of the build's pages).
 */
export function decoratePage(page: Page, compiled: CompiledPage, data: PagesData, around?: ReadonlyMap<string, BlogPostNeighbours>): CompiledPage {
  if (page.source.id === LANDING_ID && data.landing?.data) return landingBody(compiled, data.landing.data);
  if (page.source.kind === 'blog') {
    const post = blogPosts([page])[0];
    if (post) return blogPostBody(compiled, post, around?.get(post.summary.route));
  }
  return compiled;
}

/** Each blog post's neighbours (route → newer, older, its list), worked out once per build. */
export function blogAround(pages: Page[]): Map<string, BlogPostNeighbours> {
  return blogNeighbours(blogPosts(pages));
}

export interface SitePagesOptions {
  pages: Page[];
  compiled: Map<string, CompiledPage>;
  site: ResolvedSiteConfig;
  index: SiteIndex;
  data: PagesData;
}

/**
 * After every page compiled: the blog index pages and feed, the packages page, the landing page's
 * links (for the link check), then the sitemap and robots.txt, which need every route.
 */
export function buildSitePages({ pages, compiled, site, index, data }: SitePagesOptions): void {
  const add = (g: { page: Page; compiled: CompiledPage }, layout: RouteEntry['layout']) => {
    const route = g.page.source.route!;
    if (index.routes.has(route)) return; // content wins
    index.generated.push(g);
    compiled.set(g.page.source.id, g.compiled);
    index.routes.set(route, { route, pageId: g.page.source.id, breadcrumbs: [], layout, banners: [] });
  };
  const posts = blogPosts(pages);
  if (posts.length > 0) {
    for (const g of blogIndexPages(posts, site.site)) add(g, 'bare'); // SPEC §2: /blog renders bare
    index.files.push(blogFeed(posts, site.site));
  }
  if (data.packages?.data) add(packagesPage(data.packages, site.site.title), 'bare');

  const landing = compiled.get(LANDING_ID);
  if (landing && data.landing?.data) compiled.set(LANDING_ID, { ...landing, links: [...landing.links, ...landingLinks(data.landing)] });

  const byId = new Map(pages.map((p) => [p.source.id, p]));
  const canonicalOf = (e: RouteEntry) => canonicalRoute(e, byId.get(e.pageId)?.meta.canonical, site.sections);
  index.files.push(sitemap(index.routes, site.site.url, canonicalOf), robots(site.site.url));
  index.redirects = folderRedirects(index.routes, index.sidebars.values(), site.sections);
}
