// Render stage: one route's full HTML from its compiled body and the site index.
// The sidebar is rendered and encoded once per sidebar; each page copies its bytes around its own
// active item and section list.
import { renderToStaticMarkup } from 'react-dom/server';
import { escapeHtml } from '../util/text.ts';
import {
  Banners,
  Breadcrumbs,
  DocsNav,
  Footer,
  Main,
  PrevNext,
  SidebarNav,
  Toc,
  TopNav,
  VersionSelector,
  type VersionChoice,
} from '../components/layout.tsx';
import { Island } from '../components/Island.tsx';
import type { ResolvedSiteConfig } from '../pipeline/site-config.ts';
import type { BundleResult, CompiledPage, Page, RouteEntry, Sidebar, SiteIndex } from '../pipeline/types.ts';

export interface RenderContext {
  index: SiteIndex;
  site: ResolvedSiteConfig;
  bundle: BundleResult;
  now: Date;
  /** sidebar id → pre-rendered, encoded HTML. */
  sidebars: Map<string, SidebarBytes>;
}

/** Sidebars rendered by earlier builds of this process, by id (serve --watch renders a changed one only). */
const renderedSidebars = new Map<string, { key: string; bytes: SidebarBytes }>();

export function createRenderContext(index: SiteIndex, site: ResolvedSiteConfig, bundle: BundleResult, now: Date): RenderContext {
  const sidebars = new Map<string, SidebarBytes>();
  for (const s of index.sidebars.values()) {
    const key = JSON.stringify(s);
    let done = renderedSidebars.get(s.id);
    if (done?.key !== key) renderedSidebars.set(s.id, (done = { key, bytes: new SidebarBytes(renderToStaticMarkup(<SidebarNav sidebar={s} />)) }));
    sidebars.set(s.id, done.bytes);
  }
  return { index, site, bundle, now, sidebars };
}

/**
 * A sidebar's HTML encoded once, with the byte range of each route's item. A docs page carries the
 * whole sidebar (on the bench corpus, 1,000 links: ~90 % of every page), so each page copies these
 * bytes around its own active item and section list instead of splicing and re-encoding the string.
 */
export class SidebarBytes {
  private readonly bytes: Buffer;
  private readonly items = new Map<string, { start: number; end: number; inner: string }>();

  /** `html` marks each item link with ` data-sb=""` (SidebarNav); the marks are dropped here. */
  constructor(html: string) {
    let clean = '';
    let bytes = 0;
    let last = 0;
    const add = (text: string) => {
      clean += text;
      bytes += Buffer.byteLength(text);
    };
    for (const m of html.matchAll(/<a href="([^"]*)" data-sb="">/g)) {
      const end = html.indexOf('</a>', m.index) + 4;
      add(html.slice(last, m.index));
      const start = bytes;
      const inner = html.slice(m.index + m[0].length, end);
      add(`<a href="${m[1]}">${inner}`);
      if (!this.items.has(m[1]!)) this.items.set(m[1]!, { start, end: bytes, inner });
      last = end;
    }
    add(html.slice(last));
    this.bytes = Buffer.from(clean);
  }

  /** The sidebar with `route`'s item marked current and the page's section list under it. */
  forRoute(route: string, tocHtml: string): Buffer[] {
    const item = this.items.get(escapeHtml(route).replace(/&#39;/g, "'"));
    if (!item) return [this.bytes];
    const active = Buffer.from(`<a href="${route}" class="active" aria-current="page">${item.inner}${tocHtml}`);
    return [this.bytes.subarray(0, item.start), active, this.bytes.subarray(item.end)];
  }
}

/** Stands for the sidebar in the rendered page until its bytes are put in. */
const SIDEBAR_SLOT = '<!--docsgen:sidebar-->';

function versionChoices(entry: RouteEntry, ctx: RenderContext): VersionChoice[] {
  const { section, version } = entry;
  if (!section || !version) return [];
  const sv = ctx.site.sections[section];
  if (!sv) return [];
  const prefix = `/docs/${section}/${version}/`;
  const rest = entry.route.slice(prefix.length);
  const current = sv.aliases[version] ?? version;
  return sv.versions.map((v) => {
    const same = `/docs/${section}/${v}/${rest}`;
    const home = ctx.index.sidebars.get(`${section}-${v}`)?.order[0] ?? `/docs/${section}/${v}/introduction`;
    return {
      label: sv.labels[v] ?? v,
      href: ctx.index.routes.has(same) ? same : home,
      current: v === current,
    };
  });
}

function titleSuffix(entry: RouteEntry, ctx: RenderContext): string {
  const site = ctx.site.site.title;
  if (entry.section) return `${site} ${ctx.site.sections[entry.section]?.name ?? 'Documentation'}`;
  if (entry.layout === 'blog' || entry.layout === 'blog-index') return `${site} Blog`;
  return site;
}

/** Moves an alias copy's links into the alias (`/docs/manual/v11.0.0/x` → `/docs/manual/latest/x`). */
function aliasBody(html: string, entry: RouteEntry): string {
  if (!entry.aliasOf || !entry.section || !entry.version) return html;
  const real = entry.aliasOf.split('/')[3];
  return html.replaceAll(`href="/docs/${entry.section}/${real}/`, `href="/docs/${entry.section}/${entry.version}/`);
}

/** The page's bytes, in pieces: most of a docs page is its sidebar, shared with every other page. */
export function renderRoute(entry: RouteEntry, page: Page, compiled: CompiledPage, ctx: RenderContext): Uint8Array[] {
  const { site } = ctx.site;
  const sidebar: Sidebar | undefined = entry.sidebarId ? ctx.index.sidebars.get(entry.sidebarId) : undefined;
  // `metaTitle` is the document title as written; otherwise the page title plus the section's name.
  const fullTitle = page.meta.metaTitle ?? (entry.route === '/' ? site.title : `${compiled.title} | ${titleSuffix(entry, ctx)}`);
  const description = page.meta.description ?? '';
  const canonical = page.meta.canonical ?? entry.aliasOf ?? entry.route;
  const isDocs = entry.route.startsWith('/docs/') || entry.route.startsWith('/syntax-lookup');
  const version = entry.section ? ctx.site.sections[entry.section]?.aliases[entry.version ?? ''] ?? entry.version : undefined;
  const docsLinks = site.docsNav.map((l) => ({ name: l.name, href: l.href.replace('{version}', entry.section === 'manual' && entry.version ? entry.version : 'latest') }));
  const body = aliasBody(compiled.html, entry);
  // API module pages list their items (h3); other pages their sections (h2).
  const toc = renderToStaticMarkup(<Toc headings={compiled.headings} depth={page.source.kind === 'api' ? 3 : 2} />);
  const sidebarBytes = sidebar ? (ctx.sidebars.get(sidebar.id)?.forRoute(entry.route, toc) ?? []) : [];
  const showTitle = !compiled.hasH1 && entry.layout !== 'bare';
  const edit = site.editBase && entry.section && !entry.aliasOf ? `${site.editBase}/${page.source.id}` : undefined;
  const wide = entry.layout === 'bare' || entry.layout === 'api' || entry.layout === 'api-legacy';

  const app = (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <TopNav title={site.title} nav={site.nav} current={entry.route} />
      {isDocs && docsLinks.length > 0 ? <DocsNav links={docsLinks} current={entry.route} /> : null}
      <div className={sidebar ? 'page page-with-sidebar' : 'page'} data-layout={entry.layout}>
        {sidebar ? <Island name="SidebarToggle" props={{ target: 'docs-sidebar' }} /> : null}
        {sidebar ? (
          <aside className="sidebar-wrap" id="docs-sidebar">
            <VersionSelector choices={versionChoices(entry, ctx)} />
            <div dangerouslySetInnerHTML={{ __html: SIDEBAR_SLOT }} />
          </aside>
        ) : null}
        <Main wide={wide}>
          <Breadcrumbs crumbs={entry.breadcrumbs} />
          <Banners banners={entry.banners} />
          {showTitle ? <h1>{compiled.title}</h1> : null}
          <article className="content" dangerouslySetInnerHTML={{ __html: body }} />
          {edit ? (
            <p className="edit-link">
              <a href={edit} target="_blank" rel="noopener noreferrer">
                Edit this page
              </a>
            </p>
          ) : null}
          <PrevNext prev={entry.prev} next={entry.next} />
        </Main>
      </div>
      <Footer links={site.footer} social={site.social} year={ctx.now.getFullYear()} title={site.title} />
    </>
  );
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(fullTitle)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<link rel="canonical" href="${escapeHtml(site.url + canonical)}">`,
    version ? `<meta name="docsearch:version" content="${escapeHtml(version)}">` : '',
    `<link rel="stylesheet" href="${ctx.bundle.css}">`,
    entry.route.startsWith('/blog') ? '<link rel="alternate" type="application/rss+xml" title="Blog" href="/blog/feed.xml">' : '',
    // Marks that scripts run, so the stylesheet can turn the sidebar into a drawer on small screens.
    sidebar ? '<script>document.documentElement.classList.add("js")</script>' : '',
    compiled.islands.length > 0 || sidebar ? `<script type="module" src="${ctx.bundle.entry}"></script>` : '',
  ]
    .filter(Boolean)
    .join('');
  const html = `<!doctype html><html lang="en"><head>${head}</head><body>${renderToStaticMarkup(app)}</body></html>`;
  const slot = sidebar ? html.indexOf(SIDEBAR_SLOT) : -1;
  if (slot < 0) return [Buffer.from(html)];
  return [Buffer.from(html.slice(0, slot)), ...sidebarBytes, Buffer.from(html.slice(slot + SIDEBAR_SLOT.length))];
}
