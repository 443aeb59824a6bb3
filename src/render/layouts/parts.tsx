// Pieces several layouts share.
import type { LayoutProps } from './types.ts';

/** Stands for the sidebar in the rendered page until its bytes are put in (see SidebarBytes). */
export const SIDEBAR_SLOT = '<!--docsgen:sidebar-->';

/** Where the sidebar's pre-encoded bytes go, with the active item and its section list. */
export function SidebarSlot() {
  return <div className="sidebar-slot" dangerouslySetInnerHTML={{ __html: SIDEBAR_SLOT }} />;
}

/**
 * Opens the sidebar as a full-screen drawer on small screens (`src/client/shell.ts`). Shown only
 * when scripts run; without them the sidebar stays in the page flow.
 */
export function SidebarToggle({ target }: { target: string }) {
  return (
    <button type="button" className="sidebar-toggle" aria-controls={target} aria-expanded="false" data-sidebar-toggle="">
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path d="M4 6h16M4 12h10M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span data-label="">Open sidebar</span>
    </button>
  );
}

/** The body as compiled; an h1 from the title when the body has none. */
export function Article({ compiled, body, title = true }: Pick<LayoutProps, 'compiled' | 'body'> & { title?: boolean }) {
  return (
    <>
      {title && !compiled.hasH1 ? <h1 className="page-title">{compiled.title}</h1> : null}
      <article className="content" dangerouslySetInnerHTML={{ __html: body }} />
    </>
  );
}

/** "Edit this page": the page's source file in the public repository, in a new tab. */
export function EditLink({ page, ctx }: Pick<LayoutProps, 'page' | 'ctx'>) {
  const base = ctx.site.site.editBase;
  // Generated pages (API modules, llms pages) have no file of their own; an alias copy edits its
  // version's file.
  if (!base || page.source.generated) return null;
  return (
    <p className="edit-link">
      <a href={`${base}/${page.source.id}`} target="_blank" rel="noopener noreferrer">
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        </svg>
        Edit this page<span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </p>
  );
}
