// Which outputs a changed input affects. Nodes are strings: a route (`/docs/manual/v11.0.0/pipe`)
// is an output; anything else is an input or an intermediate fact, named `kind:key`
// (`file:docs/manual/v11.0.0/pipe.mdx`, `title:…`, `sidebar:manual-v11.0.0`, `asset:entry`).
// The index builders record the edges (STYLE rule 9); the watch session asks what to re-render.

/** True for output nodes (routes start with `/`). */
function isRoute(node: string): boolean {
  return node.startsWith('/');
}

export class DepGraph {
  /** node → what it depends on (kept so a node's edges can be replaced). */
  private readonly deps = new Map<string, Set<string>>();
  /** node → what depends on it. */
  private readonly dependents = new Map<string, Set<string>>();

  /** Records that `node` depends on each of `deps` (replacing what it depended on before). */
  add(node: string, deps: Iterable<string>): void {
    this.delete(node);
    const own = new Set(deps);
    this.deps.set(node, own);
    for (const d of own) {
      let set = this.dependents.get(d);
      if (!set) this.dependents.set(d, (set = new Set()));
      set.add(node);
    }
  }

  /** Forgets a node's own edges (what depends on it stays, so it can come back). */
  delete(node: string): void {
    const old = this.deps.get(node);
    if (!old) return;
    for (const d of old) {
      const set = this.dependents.get(d);
      set?.delete(node);
      if (set?.size === 0) this.dependents.delete(d);
    }
    this.deps.delete(node);
  }

  /** Every route that depends on `node`, directly or through other nodes (the node itself if a route). */
  invalidate(node: string): Set<string> {
    const routes = new Set<string>();
    const seen = new Set<string>([node]);
    const queue = [node];
    while (queue.length > 0) {
      const n = queue.pop()!;
      if (isRoute(n) && this.deps.has(n)) routes.add(n);
      for (const d of this.dependents.get(n) ?? []) {
        if (!seen.has(d)) {
          seen.add(d);
          queue.push(d);
        }
      }
    }
    return routes;
  }

  /** Every route in the graph. */
  routes(): Set<string> {
    return new Set([...this.deps.keys()].filter(isRoute));
  }

  /** What `node` depends on directly (for tests and --verbose). */
  depsOf(node: string): ReadonlySet<string> {
    return this.deps.get(node) ?? new Set();
  }
}
