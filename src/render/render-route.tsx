// Render stage: one route's full HTML from its compiled body and the site index.
// The layout is chosen by `RouteEntry.layout` from `layouts/index.ts`; the head and the shell (top
// bar, footer) are the same for every layout. The sidebar is rendered and encoded once per sidebar;
// each page copies its bytes around its own active item and section list.
import { renderToStaticMarkup } from 'react-dom/server';
import { SidebarNav, Toc } from '../components/layout.tsx';
import { LAYOUTS } from './layouts/index.ts';
import { headData, renderHead } from './layouts/head.ts';
import { SIDEBAR_SLOT } from './layouts/parts.tsx';
import { Shell } from './layouts/shell.tsx';
import { SharedParts } from './layouts/shared-parts.tsx';
import { tocDepth } from './layouts/docs.tsx';
import type { Layout, LayoutProps, RenderContext } from './layouts/types.ts';
import { SidebarBytes } from './sidebar-bytes.ts';
import { ApiSidebarNav } from '../components/api/ApiSidebarNav.tsx';
import type { ResolvedSiteConfig } from '../pipeline/site-config.ts';
import type { BundleResult, CompiledPage, Page, RouteEntry, Sidebar, SiteIndex } from '../pipeline/types.ts';

export type { RenderContext } from './layouts/types.ts';
export { renderNotFound, NOT_FOUND_PATH } from './layouts/not-found.tsx';

/** Sidebars rendered by earlier builds of this process, by id (serve --watch renders a changed one only). */
const renderedSidebars = new Map<string, { key: string; bytes: SidebarBytes }>();

export function createRenderContext(index: SiteIndex, site: ResolvedSiteConfig, bundle: BundleResult, now: Date): RenderContext {
  // Rendered when a page first shows it: a build that renders a few routes (an edit) shows one or
  // two of the site's sidebars (rendering all of them was ~25 ms of a one-edit build).
  const sidebars = new Map<string, SidebarBytes>();
  const get = (id: string): SidebarBytes | undefined => {
    const known = sidebars.get(id);
    if (known) return known;
    const s = index.sidebars.get(id);
    if (!s) return undefined;
    const key = JSON.stringify(s);
    let done = renderedSidebars.get(s.id);
    if (done?.key !== key) renderedSidebars.set(s.id, (done = { key, bytes: new SidebarBytes(renderToStaticMarkup(s.title ? <ApiSidebarNav sidebar={s} /> : <SidebarNav sidebar={s} />)) }));
    sidebars.set(id, done.bytes);
    return done.bytes;
  };
  return { index, site, bundle, now, sidebars: { get }, parts: new SharedParts() };
}

/** Moves an alias copy's links into the alias (`/docs/manual/v11.0.0/x` → `/docs/manual/latest/x`). */
function aliasBody(html: string, entry: RouteEntry): string {
  if (!entry.aliasOf || !entry.section || !entry.version) return html;
  const real = entry.aliasOf.split('/')[3];
  return html.replaceAll(`href="/docs/${entry.section}/${real}/`, `href="/docs/${entry.section}/${entry.version}/`);
}

/** The route's layout; an API page of a version the site does not know renders bare (SPEC §2). */
export function chooseLayout(entry: RouteEntry, ctx: RenderContext): Layout {
  if ((entry.layout === 'api' || entry.layout === 'api-legacy') && entry.section && entry.version) {
    const sv = ctx.site.sections[entry.section];
    if (!sv || !(sv.versions.includes(entry.version) || entry.version in sv.aliases)) return LAYOUTS['bare']!;
  }
  return LAYOUTS[entry.layout] ?? LAYOUTS['default']!;
}

/**
 * Stands for the page's body while React renders the layout: the body (often most of the page, an
 * API page's ~400 KB) is put in as bytes afterwards instead of going through React and two string
 * copies.
 */
const BODY_SLOT = '<!--docsgen:body-->';

/**
 * The page in pieces, text and bytes (the writer encodes the text straight into its buffer): most
 * of a docs page is its sidebar (bytes shared with every other page) and its body.
 */
export function renderRoute(entry: RouteEntry, page: Page, compiled: CompiledPage, ctx: RenderContext): (string | Uint8Array)[] {
  const sidebar: Sidebar | undefined = entry.sidebarId ? ctx.index.sidebars.get(entry.sidebarId) : undefined;
  const props: LayoutProps = { entry, page, compiled, ctx, body: BODY_SLOT, sidebar };
  const Layout = chooseLayout(entry, ctx);
  const head = renderHead(headData(entry, page, compiled.title, ctx), ctx);
  const app = (
    <Shell route={entry.route} entry={entry} ctx={ctx}>
      <Layout {...props} />
    </Shell>
  );
  const prefix = `<!doctype html><html lang="en"><head>${head}</head><body>`;
  const rendered = ctx.parts.renderPage(() => renderToStaticMarkup(app));
  const html = `${prefix}${rendered.html}</body></html>`;
  const pieces: { at: number; length: number; bytes: () => (string | Uint8Array)[] }[] = rendered.parts.map((p) => ({ at: prefix.length + p.at, length: p.length, bytes: () => [p.bytes] }));
  const body = html.indexOf(BODY_SLOT);
  if (body >= 0) pieces.push({ at: body, length: BODY_SLOT.length, bytes: () => [aliasBody(compiled.html, entry)] });
  const slot = sidebar ? html.indexOf(SIDEBAR_SLOT) : -1;
  if (slot >= 0) {
    pieces.push({
      at: slot,
      length: SIDEBAR_SLOT.length,
      bytes: () => {
        const toc = renderToStaticMarkup(<Toc headings={compiled.headings} depth={tocDepth(props)} />);
        return ctx.sidebars.get(sidebar!.id)?.forRoute(entry.route, toc) ?? [];
      },
    });
  }
  pieces.sort((a, b) => a.at - b.at);
  const out: (string | Uint8Array)[] = [];
  let from = 0;
  for (const p of pieces) {
    out.push(html.slice(from, p.at), ...p.bytes());
    from = p.at + p.length;
  }
  out.push(html.slice(from));
  return out;
}
