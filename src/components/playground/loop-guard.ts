// Loop guards for code run in the playground's frame (render-run.ts). Browser code and Node alike:
// no DOM.
//
// A worker that never ends is terminated (run.ts), but a frame cannot be: in a browser that runs a
// sandboxed frame on the page's own thread (Firefox and Safari may, Chromium does not), a loop
// that never ends freezes the whole tab, the Stop button and the time limit with it. So every
// loop of the reader's module gets a clock: the time it started, checked at the top of each of its
// iterations, and past LOOP_LIMIT_MS the loop throws. The error takes the path of any other: a
// component that throws as it renders shows `failed`, an event handler's error is printed.
//
// The compiled module is parsed with the JavaScript parser the editor already loaded
// (@lezer/javascript); a module it cannot parse cleanly is run as it is (a browser would reject it
// anyway). Insertions add no line, so the places in a stack trace stay on their lines.
import type { LRParser } from '@lezer/lr';
import type { SyntaxNode } from '@lezer/common';

/** The longest one run of a loop may take before it is stopped. */
export const LOOP_LIMIT_MS = 1000;

/** The global the guarded code calls at each loop's start: it returns that run's check. */
export const LOOP_GUARD_GLOBAL = '__docsgenLoopGuard';

const LOOPS = new Set(['ForStatement', 'WhileStatement', 'DoStatement']);

interface Insertion {
  at: number;
  text: string;
  /**
   * Where what it opens ends (`undefined` for a closing brace). At one place, closing braces go
   * first (one loop ends where the next begins), then openings by how far they reach: a loop's
   * own check or braces before a loop inside it.
   */
  end?: number;
}

/**
 * `js` with a guard in every loop: `{const g=__docsgenLoopGuard(N);` (N: the loop's number) before the loop (before its
 * labels, so `continue label` still names a loop), `g();` first in its body (braces added around a
 * body without them), `}` after it. Unchanged where the parser reports an error.
 */
export function guardLoops(js: string, parser: LRParser): string {
  const tree = parser.parse(js);
  const insertions: Insertion[] = [];
  let loops = 0;
  let broken = false;
  tree.iterate({
    enter(ref) {
      if (ref.type.isError) broken = true;
      if (broken || !LOOPS.has(ref.name)) return;
      const loop = ref.node;
      const body = bodyOf(loop);
      if (!body) {
        broken = true;
        return;
      }
      const id = loops++;
      const check = `__dgLoop${id}`;
      // Labels belong to the loop: the block goes around them.
      let outer: SyntaxNode = loop;
      while (outer.parent?.name === 'LabeledStatement') outer = outer.parent;
      insertions.push({ at: outer.from, text: `{const ${check}=${LOOP_GUARD_GLOBAL}(${id});`, end: outer.to });
      if (body.name === 'Block') insertions.push({ at: body.from + 1, text: `${check}();`, end: body.to });
      else {
        insertions.push({ at: body.from, text: `{${check}();`, end: body.to });
        insertions.push({ at: body.to, text: '}' });
      }
      insertions.push({ at: outer.to, text: '}' });
    },
  });
  if (broken || insertions.length === 0) return js;
  insertions.sort(byPlace);
  let out = '';
  let last = 0;
  for (const { at, text } of insertions) {
    out += js.slice(last, at) + text;
    last = at;
  }
  return out + js.slice(last);
}

/** Stable: of two openings that reach as far, the outer loop's was found first. */
function byPlace(a: Insertion, b: Insertion): number {
  if (a.at !== b.at) return a.at - b.at;
  if (a.end === undefined || b.end === undefined) return (a.end === undefined ? 0 : 1) - (b.end === undefined ? 0 : 1);
  return b.end - a.end;
}

/** The statement a loop repeats: the last child of `for`/`while`, the one after `do`. */
function bodyOf(loop: SyntaxNode): SyntaxNode | null {
  if (loop.name === 'DoStatement') {
    const keyword = loop.firstChild;
    return keyword?.name === 'do' ? keyword.nextSibling : null;
  }
  return loop.lastChild;
}

/**
 * What the frame defines as LOOP_GUARD_GLOBAL before the code runs: each call (with the loop's
 * number in the module) starts a clock and returns the check that throws once `limitMs` have
 * passed. A loop stopped once is stopped at its first iteration if it starts again in the same
 * task: React renders a component that throws up to six times in a row before it gives up, and
 * each would otherwise spin its full time. The next task (a click) gives the loop its time again.
 * Self-contained: sent as source.
 */
export function loopGuard(limitMs: number): (loop: number) => () => void {
  const stopped = new Set<number>();
  return (loop) => {
    const start = performance.now();
    const again = stopped.has(loop);
    return () => {
      if (!again && performance.now() - start <= limitMs) return;
      if (stopped.size === 0) setTimeout(() => stopped.clear(), 0);
      stopped.add(loop);
      throw new RangeError(`A loop ran for more than ${limitMs / 1000} s and was stopped (does it ever end?)`);
    };
  };
}
