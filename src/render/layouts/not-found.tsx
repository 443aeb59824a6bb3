// The 404 page (`out/404.html`): the site shell around a short way back.
import { renderToStaticMarkup } from 'react-dom/server';
import { renderHead } from './head.ts';
import { Shell } from './shell.tsx';
import type { RenderContext } from './types.ts';

export const NOT_FOUND_PATH = '404.html';

export function renderNotFound(ctx: RenderContext): string {
  const { site } = ctx.site;
  const docs = site.nav[0];
  const head = renderHead(
    { title: `Page not found | ${site.title}`, description: site.description, canonical: undefined, route: '/404', ogType: 'website', version: undefined, feed: false, noindex: true },
    ctx,
  );
  const body = renderToStaticMarkup(
    <Shell route="/404" ctx={ctx}>
      <main id="main" className="main main-centered not-found">
        <p className="not-found-code" aria-hidden="true">
          404
        </p>
        <h1>Page not found</h1>
        <p>The page you were looking for does not exist, or it has moved.</p>
        <p className="not-found-links">
          <a className="button button-primary" href="/">
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
