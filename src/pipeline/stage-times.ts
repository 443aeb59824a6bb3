// Where a build's time goes, by stage, for `npm run bench` (DOCSGEN_STATS=1 prints it). Steps
// that run one after another are timed whole; compile, render and write interleave on the main
// thread (each page is rendered and written as soon as it is compiled), so each is the sum of its
// own slices. A stage timed inside another (parse inside compile) counts only for itself: each
// figure is self time. A few performance.now() calls per page: cheap enough to be always on.

export type Stage = 'load' | 'api' | 'validate' | 'index' | 'bundle' | 'cache' | 'parse' | 'compile' | 'highlight' | 'render' | 'search' | 'links' | 'write';

const totals = new Map<Stage, number>();

export function addStageTime(stage: Stage, ms: number): void {
  totals.set(stage, (totals.get(stage) ?? 0) + ms);
}

/** Time spent in stages nested inside each running `timeStage` call, innermost last. */
const nested: number[] = [];

/** Runs `fn` (synchronous), adding its time, less that of stages timed inside it, to `stage`. */
export function timeStage<T>(stage: Stage, fn: () => T): T {
  const start = performance.now();
  nested.push(0);
  try {
    return fn();
  } finally {
    const elapsed = performance.now() - start;
    addStageTime(stage, elapsed - nested.pop()!);
    if (nested.length > 0) nested[nested.length - 1]! += elapsed;
  }
}

/** Milliseconds per stage so far in this process (rounded), in pipeline order. */
export function stageTimes(): Partial<Record<Stage, number>> {
  const order: Stage[] = ['load', 'api', 'validate', 'index', 'bundle', 'cache', 'parse', 'compile', 'highlight', 'render', 'search', 'links', 'write'];
  return Object.fromEntries(order.filter((s) => totals.has(s)).map((s) => [s, Math.round(totals.get(s)!)]));
}
