// How long V8 waits before optimising the build's code, chosen by the size of the build.
//
// bin/load.cjs starts a run with a long tier-up budget (V8 optimises a function only after ~15× its
// usual work in it): a short build is over before most optimised code would pay for its compile,
// and on two cores TurboFan's background compiles take the core the highlight thread needs. A long
// build goes back to V8's own budget as soon as its size is known, so its hot code is optimised
// early and runs fast for longer; so does a server (`serve`), which lives for hours.
// Measured on the peers corpus (bench/RESULTS.md, eighteenth session): 200 pages 0.93 of the time
// with the long budget, 400 pages 1.02, 1,000 pages 1.04.

/** Sites of more pages than this are built under V8's own tier-up budget. */
export const SHORT_BUILD_PAGES = 300;

/** Ends the long tier-up budget unless this build is short (a no-op when docsgen runs from its sources). */
export function settleTierUp(pages: number, longLived: boolean): void {
  if (longLived || pages > SHORT_BUILD_PAGES) {
    (globalThis as { [k: symbol]: (() => void) | undefined })[Symbol.for('docsgen.endWarmUp')]?.();
  }
}
