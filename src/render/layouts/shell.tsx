// Around every layout: skip link, top bar (with the docs bar in docs areas), footer.
import type { ReactNode } from 'react';
import { isActiveDocsNav, isActiveNav, TopBar } from '../../components/shell/TopBar.tsx';
import { Footer } from '../../components/shell/Footer.tsx';
import { SharedPart } from './shared-parts.tsx';
import type { RouteEntry } from '../../pipeline/types.ts';
import type { RenderContext } from './types.ts';

/** SPEC §2: paths containing /docs/ or /syntax-lookup are docs areas (they get the second bar). */
export function isDocsArea(route: string): boolean {
  return route.includes('/docs/') || route.startsWith('/syntax-lookup');
}

export function Shell({ route, entry, ctx, children }: { route: string; entry?: RouteEntry; ctx: RenderContext; children: ReactNode }) {
  const { site } = ctx.site;
  // The docs bar's links follow the manual version being read; elsewhere they lead to the latest.
  const version = entry?.section === 'manual' && entry.version ? entry.version : 'latest';
  const docsArea = isDocsArea(route);
  const docsNav = docsArea
    ? site.docsNav.map((l) => {
        const href = l.href.replace('{version}', version);
        return { name: l.name, href, current: isActiveDocsNav(href, route) };
      })
    : undefined;
  // Every docs area (the syntax lookup too) is under the link that leads into one (Docs).
  const nav = site.nav.map((l) => ({ ...l, current: isActiveNav(l.href, route) || (docsArea && isDocsArea(l.href)) }));
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SharedPart parts={ctx.parts} component={TopBar} props={{ title: site.title, nav, social: site.social, docsNav }} />
      {children}
      <SharedPart parts={ctx.parts} component={Footer} props={{ links: site.footer, social: site.social, year: ctx.now.getFullYear(), title: site.title }} />
    </>
  );
}
