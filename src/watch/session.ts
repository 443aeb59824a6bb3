// The state `serve --watch` keeps between builds, which makes each rebuild incremental:
// compiled pages in memory, the dependency graph of every route, the facts each route was rendered
// from, and a writer that writes only changed bytes. A build tells the session its new index
// (`plan`); the facts that changed since the last good build are invalidated in the graph, and only
// the routes they reach are rendered. Generated files (llms, syntax lookup, anything that gathers
// every page) are recomputed on every build and written only if their bytes changed.
import path from 'node:path';
import { sha1 } from '../util/text.ts';
import { outputPathOf } from '../pipeline/write.ts';
import { SYNTAX_ROUTE } from '../pipeline/syntax-lookup.ts';
import type { BuildSession, PlanInput } from '../pipeline/run.ts';
import type { CompileMemory } from '../pipeline/compile-pages.ts';
import type { RouteEntry, SourceFile } from '../pipeline/types.ts';
import { DepGraph } from './dep-graph.ts';
import { InPlaceWriter, type CommitResult } from './in-place-writer.ts';

/** Why the next build renders every route, or undefined when it can be incremental. */
type FullReason = string | undefined;

/** The facts (node → value) a build's routes were rendered from, and the edges to them. */
export interface Snapshot {
  facts: Map<string, string>;
  routes: Set<string>;
}

/**
 * Records the edges of every route and the value of every fact they depend on:
 * - `page:<id>`: the page's source (its body, front matter, title);
 * - `entry:<route>`: the route's chrome facts from the index (breadcrumbs with titles, prev/next,
 *   banners, layout);
 * - `sidebar:<id>`: the sidebar shown (item titles and order);
 * - `exists:<route>` and `home:<sidebar>`: what the version selector links to in other versions;
 * - `asset:css`, `asset:entry`: the hashed client assets a page references.
 */
export function recordRoutes(graph: DepGraph, input: Pick<PlanInput, 'index' | 'pages' | 'bundle' | 'site'>): Snapshot {
  const { index, bundle, site } = input;
  const facts = new Map<string, string>();
  const hashOf = new Map(input.pages.map((p) => [p.source.id, p.source.hash]));
  facts.set('asset:css', bundle.css);
  facts.set('asset:entry', bundle.entry);
  for (const s of index.sidebars.values()) {
    facts.set(`sidebar:${s.id}`, JSON.stringify(s.categories));
    facts.set(`home:${s.id}`, s.order[0] ?? '');
  }
  for (const entry of index.routes.values()) {
    const deps = [`page:${entry.pageId}`, `entry:${entry.route}`, 'asset:css', 'asset:entry'];
    facts.set(`page:${entry.pageId}`, hashOf.get(entry.pageId) ?? 'generated');
    facts.set(`entry:${entry.route}`, entryKey(entry));
    if (entry.sidebarId) deps.push(`sidebar:${entry.sidebarId}`);
    const sv = entry.section ? site.sections[entry.section] : undefined;
    if (sv && entry.version) {
      const rest = entry.route.slice(`/docs/${entry.section}/${entry.version}/`.length);
      for (const v of sv.versions) {
        const same = `/docs/${entry.section}/${v}/${rest}`;
        deps.push(`exists:${same}`, `home:${entry.section}-${v}`);
        facts.set(`exists:${same}`, index.routes.has(same) ? '1' : '0');
        if (!facts.has(`home:${entry.section}-${v}`)) facts.set(`home:${entry.section}-${v}`, '');
      }
    }
    // Edges are replaced only when they changed: most routes keep theirs from build to build.
    if (!sameDeps(graph.depsOf(entry.route), deps)) graph.add(entry.route, deps);
  }
  for (const r of graph.routes()) if (!index.routes.has(r)) graph.delete(r);
  return { facts, routes: new Set(index.routes.keys()) };
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
export function changedFacts(before: Snapshot, after: Snapshot): string[] {
  const changed: string[] = [];
  for (const [k, v] of after.facts) if (before.facts.get(k) !== v) changed.push(k);
  for (const k of before.facts.keys()) if (!after.facts.has(k)) changed.push(k);
  return changed;
}

export interface WatchSessionOptions {
  outDir: string;
  configDir: string;
}

export class WatchSession implements BuildSession {
  readonly memory: CompileMemory = { key: '', pages: new Map() };
  readonly writer: InPlaceWriter;
  readonly graph = new DepGraph();
  private last: Snapshot | undefined;
  private lastGlobal = '';
  private planned: { snapshot: Snapshot; global: string } | undefined;
  private full: FullReason = 'first build';
  /** Content files read by earlier builds and not changed since (chokidar says which did). */
  private readonly sources = new Map<string, SourceFile>();
  /** Events seen, and the last event of each file: a file changed during a build was maybe read before it. */
  private events = 0;
  private readonly changedAt = new Map<string, number>();
  private buildStart = 0;
  /** Routes rendered by the last build (for --verbose and tests). */
  rendered: number | 'all' = 'all';
  /** Why the last build rendered everything, if it did. */
  fullReason: FullReason;

  constructor(private readonly opts: WatchSessionOptions) {
    this.writer = new InPlaceWriter(opts.outDir);
  }

  /**
   * A file changed. Config (other than a sidebar, which the graph follows) and schemas change
   * what every page is, so they make the next build a full one.
   */
  fileChanged(file: string): void {
    this.sources.delete(file);
    this.changedAt.set(file, ++this.events);
    const rel = path.relative(this.opts.configDir, file);
    if (!rel.startsWith('..') && !path.isAbsolute(rel) && !rel.startsWith(`sidebars${path.sep}`)) this.full ??= `config changed (${rel})`;
  }

  /** Called before each build. */
  startBuild(): void {
    this.buildStart = this.events;
  }

  readonly unchanged = (absPath: string): SourceFile | undefined => this.sources.get(absPath);

  plan(input: PlanInput): ReadonlySet<string> | undefined {
    const graph = this.graph;
    for (const p of input.pages) {
      if ((this.changedAt.get(p.source.absPath) ?? 0) <= this.buildStart) this.sources.set(p.source.absPath, p.source);
    }
    const snapshot = recordRoutes(graph, input);
    // Everything a page is rendered with that is not per route: the site settings and the compile
    // context (the file → route map every relative link resolves through).
    const global = sha1(JSON.stringify([input.site, input.ctx]));
    this.planned = { snapshot, global };
    const reason = this.full ?? (this.last === undefined ? 'first build' : global !== this.lastGlobal ? 'site settings or the set of pages changed' : undefined);
    this.fullReason = reason;
    this.writer.retain([...snapshot.routes].map(outputPathOf));
    if (reason !== undefined || this.last === undefined) {
      this.rendered = 'all';
      return undefined;
    }
    const routes = new Set<string>();
    for (const fact of changedFacts(this.last, snapshot)) for (const r of graph.invalidate(fact)) routes.add(r);
    // New routes, and pages made from other pages (always recomputed; written only if changed).
    for (const r of snapshot.routes) if (!this.last.routes.has(r)) routes.add(r);
    const ids = new Set(input.pages.map((p) => p.source.id));
    for (const e of input.index.routes.values()) if (e.route === SYNTAX_ROUTE || !ids.has(e.pageId)) routes.add(e.route);
    this.rendered = routes.size;
    return routes;
  }

  /** The build was written: its facts are now the last good ones. */
  committed(_result: CommitResult): void {
    if (this.planned) {
      this.last = this.planned.snapshot;
      this.lastGlobal = this.planned.global;
      this.full = undefined;
    }
    this.planned = undefined;
  }

  /** The build failed (errors): the next one is planned against the last good build again. */
  failed(): void {
    this.planned = undefined;
  }
}
