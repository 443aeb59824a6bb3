// The page written at a folder address that leads to a page (`community/index.html` →
// /community/overview; which folders: pipeline/pages/redirects.ts).
//
// A static host answers with files only, so the page moves on at once by itself: a script
// (keeping the #hash and the query), a meta refresh where scripts do not run, and a link for
// whatever follows neither. Its head is the target's (title, description, link preview), so an
// address shared as `/docs/manual` previews as the page it opens; it is marked noindex with the
// target's canonical, so search engines list the target.
import { escapeHtml } from '../../util/text.ts';
import type { CompiledPage, OutputFile, Page, Redirect, RouteEntry, SiteIndex } from '../../pipeline/types.ts';
import { headData, headMeta, type HeadData } from './head.ts';
import type { RenderContext } from './types.ts';

/** The page a redirect leads to, when it is a page of the site. */
export interface RedirectTarget {
  entry: RouteEntry;
  page: Page;
  title: string;
}

export function renderRedirect({ from, to }: Redirect, target: RedirectTarget | undefined, ctx: Pick<RenderContext, 'site'>): OutputFile {
  const { site } = ctx.site;
  const data: HeadData = target
    ? { ...headData(target.entry, target.page, target.title, ctx), version: undefined, feed: false, noindex: true }
    : { title: site.title, description: site.description, canonical: to, route: to, ogType: 'website', version: undefined, feed: false, noindex: true };
  const href = escapeHtml(to);
  const contents = [
    '<!doctype html>',
    '<html lang="en">',
    `<head>${headMeta(data, ctx)}`,
    // `<` escaped: the route is data inside a script element.
    `<script>location.replace(${JSON.stringify(to).replace(/</g, '\\u003c')} + location.search + location.hash)</script>`,
    `<meta http-equiv="refresh" content="0; url=${href}">`,
    '</head>',
    `<body><p>This page is at <a href="${href}">${escapeHtml(target?.title ?? to)}</a>.</p></body>`,
    '</html>',
    '',
  ].join('\n');
  return { path: `${from.slice(1)}index.html`, contents };
}

/** Every redirect page of the site, each with its target's head when the target is a page. */
export function redirectPages(index: SiteIndex, pages: ReadonlyMap<string, Page>, compiled: ReadonlyMap<string, CompiledPage>, ctx: Pick<RenderContext, 'site'>): OutputFile[] {
  const generated = new Map(index.generated.map((g) => [g.page.source.id, g.page]));
  return index.redirects.map((r) => {
    const entry = index.routes.get(r.to);
    const page = entry && (pages.get(entry.pageId) ?? generated.get(entry.pageId));
    const title = entry && compiled.get(entry.pageId)?.title;
    return renderRedirect(r, entry && page && title !== undefined ? { entry, page, title } : undefined, ctx);
  });
}
