// Community layout (SPEC §2): the community pages with their own sidebar when one is mapped to
// them (`config/sidebars/community.json` through site.json "sidebars"), else the page alone.
import { Breadcrumbs, Main, PrevNext } from '../../components/layout.tsx';
import { PageToc } from '../../components/shell/PageToc.tsx';
import { Article, EditLink, SidebarSlot, SidebarToggle } from './parts.tsx';
import type { LayoutProps } from './types.ts';

export default function CommunityLayout({ entry, page, compiled, ctx, body, sidebar }: LayoutProps) {
  return (
    <div className={sidebar ? 'page page-with-sidebar' : 'page page-default'} data-layout={entry.layout}>
      {sidebar ? <SidebarToggle target="community-sidebar" /> : null}
      {sidebar ? (
        <aside className="sidebar-wrap" id="community-sidebar" aria-label="Sidebar">
          <SidebarSlot />
        </aside>
      ) : null}
      <Main>
        {entry.breadcrumbs.length > 1 ? <Breadcrumbs crumbs={entry.breadcrumbs} /> : null}
        <Article compiled={compiled} body={body} />
        <EditLink page={page} ctx={ctx} />
        <PrevNext prev={entry.prev} next={entry.next} />
      </Main>
      {sidebar ? <PageToc headings={compiled.headings} depth={2} /> : null}
    </div>
  );
}
