// The 404 page (`out/404.html`): the site shell around a short way back.
import { renderToStaticMarkup } from 'react-dom/server';
import { renderHead } from './head.ts';
import { Shell } from './shell.tsx';
import type { RenderContext } from './types.ts';

export const NOT_FOUND_PATH = '404.html';

/**
 * Version aliases with no pages of their own, as route prefixes (`/docs/manual/next/` →
 * `/docs/manual/v12.0.0/`): links use them, and so do readers typing an address; the 404 page
 * (served for every unknown path) sends such an address on to its version. The alias's folder
 * itself has a redirect page (render/layouts/redirect.ts).
 */
export function aliasPrefixes(sections: RenderContext['site']['sections']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [section, sv] of Object.entries(sections)) {
    for (const [alias, version] of Object.entries(sv.aliases)) {
      if (alias !== version && !sv.routed.includes(alias)) out[`/docs/${section}/${alias}/`] = `/docs/${section}/${version}/`;
    }
  }
  return out;
}

export function renderNotFound(ctx: RenderContext): string {
  const { site } = ctx.site;
  const docs = site.nav[0];
  const head = renderHead(
    { title: `Page not found | ${site.title}`, description: site.description, canonical: undefined, route: '/404', ogType: 'website', version: undefined, feed: false, noindex: true },
    ctx,
  );
  const body = renderToStaticMarkup(
    <Shell route="/404" ctx={ctx}>
      <main id="main" className="main main-centered not-found" data-not-found="" data-aliases={JSON.stringify(aliasPrefixes(ctx.site.sections))}>
        <p className="not-found-code" aria-hidden="true">
          404
        </p>
        <h1>Page not found</h1>
        <p>The page you were looking for does not exist, or it has moved.</p>
        <p className="not-found-links">
          {/* Labelled with the missing address's words by src/client/not-found.ts, which shows it. */}
          <button type="button" className="button button-primary" data-search-open="" data-not-found-search="" hidden>
            Search the docs
          </button>
          <a className="button" href="/">
            Go to the home page
          </a>
          {docs ? (
            <a className="button" href={docs.href}>
              Read the {docs.name.toLowerCase()}
            </a>
          ) : null}
        </p>
      </main>
    </Shell>,
  );
  return `<!doctype html><html lang="en"><head>${head}</head><body>${body}</body></html>`;
}
