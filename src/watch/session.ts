// The state `serve --watch` keeps between builds, which makes each rebuild incremental:
// compiled pages in memory, the dependency graph of every route, the facts each route was rendered
// from, and a writer that writes only changed bytes. A build tells the session its new index
// (`plan`); the facts that changed since the last good build are invalidated in the graph, and only
// the routes they reach are rendered. Generated files (llms, syntax lookup, anything that gathers
// every page) are recomputed on every build and written only if their bytes changed.
import path from 'node:path';
import { outputPathOf } from '../pipeline/write.ts';
import type { BuildSession } from '../pipeline/run.ts';
import type { CompileMemory } from '../pipeline/compile-pages.ts';
import type { SourceFile } from '../pipeline/types.ts';
import { DepGraph } from '../pipeline/incremental/dep-graph.ts';
import { recordRoutes, routesToRender, type PlanInput, type Snapshot } from '../pipeline/incremental/route-facts.ts';
import { InPlaceWriter, type CommitResult } from '../pipeline/write-in-place.ts';

/** Why the next build renders every route, or undefined when it can be incremental. */
type FullReason = string | undefined;

export interface WatchSessionOptions {
  outDir: string;
  configDir: string;
}

export class WatchSession implements BuildSession {
  readonly memory: CompileMemory = { key: '', pages: new Map() };
  readonly writer: InPlaceWriter;
  readonly graph = new DepGraph();
  private last: Snapshot | undefined;
  private planned: Snapshot | undefined;
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
    this.planned = snapshot;
    const reason = this.full ?? (this.last === undefined ? 'first build' : snapshot.global !== this.last.global ? 'site settings or the set of pages changed' : undefined);
    this.fullReason = reason;
    this.writer.retain([...snapshot.routes].map(outputPathOf));
    const routes = reason === undefined ? routesToRender(graph, this.last, snapshot, input) : undefined;
    this.rendered = routes?.size ?? 'all';
    return routes;
  }

  /** The build was written: its facts are now the last good ones. */
  committed(_result: CommitResult): void {
    if (this.planned) {
      this.last = this.planned;
      this.full = undefined;
    }
    this.planned = undefined;
  }

  /** The build failed (errors): the next one is planned against the last good build again. */
  failed(): void {
    this.planned = undefined;
  }
}
