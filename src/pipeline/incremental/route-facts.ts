// Which routes a build must render, from what the last written site was rendered from. Every route
// depends on named facts (its page's source, its chrome from the index, its sidebar, the client
// assets, what the version selector links to); a build records each fact's value, and only the
// routes reached from facts whose value changed are rendered again. Two callers keep the last
// build's facts: `serve --watch` in memory (src/watch/session.ts), `docsgen build` on disk beside
// the site manifest (stored-routes.ts).
import { sha1 } from '../../util/text.ts';
import { SYNTAX_ROUTE } from '../syntax-lookup.ts';
import type { BundleResult, Page, RouteEntry, SiteIndex } from '../types.ts';
import type { ResolvedSiteConfig } from '../site-config.ts';
import type { CompileContext } from '../../render/compile.ts';
import type { BlogPostNeighbours } from '../../components/pages/Blog.tsx';
import { DepGraph } from './dep-graph.ts';

/** What a build's routes are rendered from (run.ts hands it to the planner before rendering). */
export interface PlanInput {
  pages: Page[];
  index: SiteIndex;
  bundle: BundleResult;
  site: ResolvedSiteConfig;
  /** The compile context: a change means every page may compile differently. */
  ctx: CompileContext;
  /** Each blog post's neighbours by route (`blogAround`), which its footer links to. */
  blogAround: ReadonlyMap<string, BlogPostNeighbours>;
}

/** The facts (node → value) a build's routes were rendered from, and its routes. */
export interface Snapshot {
  facts: Map<string, string>;
  routes: Set<string>;
  /** Everything a page is rendered with that is not per route: site settings and compile context. */
  global: string;
}

/**
 * Records the edges of every route and the value of every fact they depend on:
 * - `page:<id>`: the page's source (its body, front matter, title);
 * - `entry:<route>`: the route's chrome facts from the index (breadcrumbs with titles, prev/next,
 *   banners, layout);
 * - `sidebar:<id>`: the sidebar shown (item titles and order);
 * - `homes:<section>`: each version's first page, where the version selector links for a version
 *   without the page. Whether the page exists in another version needs no fact of its own: the
 *   set of pages is in `global` (a page added or removed renders every route). One fact per
 *   section, not one per version and route: with a fact per other version, every route had two
 *   per version, and the facts and edges grew with pages × versions (338 ms of a one-edit build
 *   of the bench corpus ×4, 20 versions);
 * - `asset:css`, `asset:entry`: the hashed client assets a page references;
 * - `syntax:entries`: the syntax lookup page's entries (ids and source hashes), which it is made
 *   from: it renders again when one of them changed, not after every edit (its HTML reads every
 *   entry's back from the cache: ~8–10 ms of an edit's build of the repo site);
 * - `blog:around:<route>`: a blog post's newer and older posts (routes and titles), which its
 *   footer links to: a neighbour's new title renders it again.
 * Values longer than a hash are kept as their hash: a snapshot is compared, never read.
 */
export function recordRoutes(graph: DepGraph, input: PlanInput): Snapshot {
  const { index, bundle, site } = input;
  const facts = new Map<string, string>();
  const hashOf = new Map(input.pages.map((p) => [p.source.id, p.source.hash]));
  facts.set('asset:css', bundle.css);
  facts.set('asset:entry', bundle.entry);
  for (const s of index.sidebars.values()) facts.set(`sidebar:${s.id}`, digest(JSON.stringify(s.categories)));
  const entries = input.pages.filter((p) => p.source.kind === 'syntax').map((p) => `${p.source.id}\u0000${p.source.hash}`);
  facts.set('syntax:entries', digest(entries.sort().join('\n')));
  for (const [section, sv] of Object.entries(site.sections)) {
    const homes = sv.versions.map((v) => index.sidebars.get(`${section}-${v}`)?.order[0] ?? '');
    facts.set(`homes:${section}`, digest(JSON.stringify(homes)));
  }
  for (const entry of index.routes.values()) {
    const deps = [`page:${entry.pageId}`, `entry:${entry.route}`, 'asset:css', 'asset:entry'];
    const posts = input.blogAround.get(entry.route);
    if (posts) {
      facts.set(`blog:around:${entry.route}`, digest(JSON.stringify([posts.newer?.route, posts.newer?.title, posts.older?.route, posts.older?.title, posts.list.href])));
      deps.push(`blog:around:${entry.route}`);
    }
    facts.set(`page:${entry.pageId}`, hashOf.get(entry.pageId) ?? 'generated');
    facts.set(`entry:${entry.route}`, digest(entryKey(entry)));
    if (entry.sidebarId) deps.push(`sidebar:${entry.sidebarId}`);
    if (entry.section && entry.version && site.sections[entry.section]) deps.push(`homes:${entry.section}`);
    if (entry.route === SYNTAX_ROUTE) deps.push('syntax:entries');
    // Edges are replaced only when they changed: most routes keep theirs from build to build.
    if (!sameDeps(graph.depsOf(entry.route), deps)) graph.add(entry.route, deps);
  }
  for (const r of graph.routes()) if (!index.routes.has(r)) graph.delete(r);
  return { facts, routes: new Set(index.routes.keys()), global: sha1(JSON.stringify([input.site, input.ctx])) };
}

function digest(value: string): string {
  return value.length > 40 ? sha1(value) : value;
}

function sameDeps(old: ReadonlySet<string>, deps: string[]): boolean {
  if (old.size === 0) return false;
  let n = 0;
  for (const d of deps) {
    if (!old.has(d)) return false;
    n++;
  }
  return n === old.size || new Set(deps).size === old.size;
}

function entryKey(entry: RouteEntry): string {
  return JSON.stringify([entry.layout, entry.breadcrumbs, entry.prev, entry.next, entry.banners, entry.aliasOf, entry.sidebarId]);
}

/** Every fact whose value differs between two snapshots (added and dropped ones included). */
export function changedFacts(before: Pick<Snapshot, 'facts'>, after: Pick<Snapshot, 'facts'>): string[] {
  const changed: string[] = [];
  for (const [k, v] of after.facts) if (before.facts.get(k) !== v) changed.push(k);
  for (const k of before.facts.keys()) if (!after.facts.has(k)) changed.push(k);
  return changed;
}

/**
 * The routes to render, given the last written build's snapshot: those its changed facts reach,
 * new routes, and pages made from other pages but the syntax lookup (generated pages: always
 * recomputed, and written only if their bytes changed; the syntax lookup's entries are facts of
 * its own). Undefined (render all) without a last snapshot, or when the site settings or the
 * compile context changed.
 */
export function routesToRender(graph: DepGraph, last: Snapshot | undefined, now: Snapshot, input: PlanInput): Set<string> | undefined {
  if (last === undefined || last.global !== now.global) return undefined;
  const routes = new Set<string>();
  for (const fact of changedFacts(last, now)) for (const r of graph.invalidate(fact)) routes.add(r);
  for (const r of now.routes) if (!last.routes.has(r)) routes.add(r);
  const ids = new Set(input.pages.map((p) => p.source.id));
  for (const e of input.index.routes.values()) if (e.route !== SYNTAX_ROUTE && !ids.has(e.pageId)) routes.add(e.route);
  return routes;
}
