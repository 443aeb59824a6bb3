// A module's one-line summary (its page's description), from the first line of its first
// docstring. A module read from an outline (generate.ts) carries it, so reading it does not load
// the module's docstrings from the full data.
import type { ApiModule } from './types.ts';

/** Where an outline module keeps its summary (a symbol: not a field of the data). */
export const SUMMARY = Symbol('docsgen.apiSummary');

export function moduleSummary(mod: ApiModule): string {
  const known = (mod as { [SUMMARY]?: string })[SUMMARY];
  if (known !== undefined) return known;
  return (mod.docstrings?.[0] ?? '').trim().split('\n')[0]!.replace(/[`*_[\]]/g, '').slice(0, 200);
}
