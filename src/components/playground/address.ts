// The /try page's address: the reader's code and module format kept in its query (code-param.ts).
// Browser only: called from handlers and effects, never while rendering.
import { searchWithCode } from './code-param.ts';

/**
 * Puts `code` in the page's address (`?code=`), replacing the history entry: a reload, or the
 * address bar copied by hand, keeps the reader's edits, and typing leaves no trail of entries
 * for the back button to walk through.
 */
export function keepCodeInAddress(code: string): void {
  replaceSearch(searchWithCode(window.location.search, code));
}

/** Puts `search` in the page's address in place of its query, replacing the history entry. */
export function replaceSearch(search: string): void {
  if (search === window.location.search) return;
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}${window.location.hash}`);
}
