// Links as written → site hrefs, and the record of each one the link check and the cache need.
import path from 'node:path/posix';
import { detached, hrefParts } from '../../util/text.ts';
import type { LinkRef } from '../../pipeline/types.ts';
import { startOf, type AnyNode, type CompileContext, type WalkState } from './state.ts';

const EXTERNAL = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

/**
 * Resolves an href as written in `fromId` to an absolute site href; external links are returned as
 * is. Each file → route lookup made is noted in `seen` (what the page's compile depends on).
 */
export function resolveHref(href: string, fromId: string, fromRoute: string | null, ctx: CompileContext, seen?: Map<string, string | null>): string {
  if (EXTERNAL.test(href) || href === '') return href;
  const hashAt = href.search(/[?#]/);
  const pathPart = hashAt < 0 ? href : href.slice(0, hashAt);
  const rest = hashAt < 0 ? '' : href.slice(hashAt);
  if (pathPart === '') return fromRoute ? `${fromRoute}${rest}` : rest;
  const stripped = pathPart.replace(/\.(mdx?|html)$/, '');
  let target: string;
  if (pathPart.startsWith('/')) {
    target = stripped;
  } else {
    // By file first (a link names a file next to this one), then by URL against the route.
    const byFile = path.join(path.dirname(fromId), stripped).replace(/^\.\//, ''); // join normalises
    const lookup = (file: string): string | undefined => {
      const route = Object.hasOwn(ctx.routeByFile, file) ? ctx.routeByFile[file] : undefined;
      seen?.set(file, route ?? null);
      return route;
    };
    const hit = lookup(byFile) ?? lookup(`${byFile}/index`.replace(/^\//, ''));
    if (hit !== undefined) target = hit;
    else {
      const base = fromRoute ?? `/${fromId}`;
      target = new URL(stripped, `http://x${base}`).pathname;
    }
  }
  const m = /^\/docs\/([^/]+)\/([^/]+)(\/.*)?$/.exec(target);
  const version = m ? ctx.rewriteAliases[m[1]!]?.[m[2]!] : undefined;
  if (m && version) target = `/docs/${m[1]}/${version}${m[3] ?? ''}`;
  return `${target}${rest}`;
}

/** Resolves a link written at `node` and, unless it leaves the site, records it for the link check. */
export function recordLink(state: WalkState, raw: string, node: unknown, asset = false): string {
  const resolved = resolveHref(raw, state.input.id, state.input.route, state.ctx, state.fileRoutes);
  if (!EXTERNAL.test(resolved) && resolved !== '' && !resolved.startsWith('?')) {
    const place = startOf(node as AnyNode);
    // Kept until the link check at the end of the build: copies, not views into the page's source.
    // (One string when the link was written as the site href: the API pages' signatures write them so.)
    const href = detached(resolved);
    state.links.push({ href, raw: raw === resolved ? href : detached(raw), line: place.line, column: place.column, ...(asset ? { asset: true as const } : {}) });
  }
  return resolved;
}

/**
 * The page's links the link check still has to see, once the page's own ids are known: a link to
 * an id on the page itself (`#type-t` in an API signature: half the links of the bench corpus) is
 * checked here and left out when the id is there. A broken one is kept, for the link check to
 * report as any other. Kept until the end of the build, the links were ~2 MB more at ×4.
 */
export function linksLeftToCheck(links: LinkRef[], route: string | null, anchors: ReadonlySet<string>): LinkRef[] {
  if (route === null) return links;
  return links.filter((link) => {
    if (link.asset || !link.href.startsWith(route)) return true;
    const { target, anchor } = hrefParts(link.href);
    return target !== route || anchor === '' || !anchors.has(anchor);
  });
}
