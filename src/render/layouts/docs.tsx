// Docs layout (manual, React docs, API pages for now): sidebar with the version selector,
// breadcrumbs, banners, the page, edit link, previous/next, and "On this page" on wide screens.
import { Banners, Breadcrumbs, Main, PrevNext, VersionSelector, type VersionChoice } from '../../components/layout.tsx';
import { PageToc } from '../../components/shell/PageToc.tsx';
import { Article, EditLink, SidebarSlot, SidebarToggle } from './parts.tsx';
import type { LayoutProps, RenderContext } from './types.ts';
import { counterpartRoute } from '../../pipeline/site-config.ts';
import type { RouteEntry } from '../../pipeline/types.ts';

/** API module pages list their items (h3); other pages their sections (h2). */
export function tocDepth({ page }: Pick<LayoutProps, 'page'>): number {
  return page.source.kind === 'api' ? 3 : 2;
}

/**
 * One choice per version of the route's section: the page's counterpart in that version
 * (`counterpartRoute`: the same page, the same API module, or its nearest ancestor), else that
 * version's first page. The version the route shows links to the route itself (so a `latest` page
 * stays under `latest`).
 */
export function versionChoices(entry: RouteEntry, ctx: RenderContext): VersionChoice[] {
  const { section, version } = entry;
  if (!section || !version) return [];
  const sv = ctx.site.sections[section];
  if (!sv) return [];
  const rest = entry.route.slice(`/docs/${section}/${version}/`.length);
  const current = sv.aliases[version] ?? version;
  return sv.versions.map((v) => {
    const same = counterpartRoute(rest, current, v, `/docs/${section}/${v}/`, (r) => ctx.index.routes.has(r));
    const home = ctx.index.sidebars.get(`${section}-${v}`)?.order[0] ?? `/docs/${section}/${v}/introduction`;
    return {
      label: sv.labels[v] ?? v,
      href: v === current ? entry.route : (same ?? home),
      current: v === current,
    };
  });
}

export default function DocsLayout(props: LayoutProps) {
  const { entry, page, compiled, ctx, body, sidebar } = props;
  const wide = entry.layout === 'api' || entry.layout === 'api-legacy';
  return (
    <div className={sidebar ? 'page page-with-sidebar' : 'page'} data-layout={entry.layout}>
      {sidebar ? <SidebarToggle target="docs-sidebar" /> : null}
      {sidebar ? (
        <aside className="sidebar-wrap" id="docs-sidebar" aria-label="Sidebar">
          <VersionSelector choices={versionChoices(entry, ctx)} />
          <SidebarSlot />
        </aside>
      ) : null}
      <Main wide={wide}>
        <Breadcrumbs crumbs={entry.breadcrumbs} />
        <Banners banners={entry.banners} />
        <Article compiled={compiled} body={body} />
        <EditLink page={page} ctx={ctx} />
        <PrevNext prev={entry.prev} next={entry.next} />
      </Main>
      <PageToc headings={compiled.headings} depth={tocDepth(props)} nested={props.page.source.kind !== 'api'} />
    </div>
  );
}
