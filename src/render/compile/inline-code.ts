// Where inline code may break across lines. A hyphen in code is an operator or part of a name,
// never a hyphenation point, but browsers break lines after any hyphen (Unicode's line-breaking
// rules): on a phone `value->f` came out as `value-` and `>f` on two lines, `rescript-tools`
// as `rescript-` and `tools`; and a short command or call broke at its spaces (`npm` | `install`).
// Short inline code is kept on one line whole, and in longer code each short whitespace-free word
// that holds a hyphen (a `nobr` span, `white-space: nowrap`); the rest still breaks where the
// browser sees fit, so nothing overflows a narrow column.

/** The class of a kept word (style.css gives it `white-space: nowrap`). */
export const KEPT_CLASS = 'nobr';
/** Longest word kept whole: ~40 monospace characters fit a 375 px phone's text column. */
const MAX_KEPT = 30;
/** Longest inline code kept whole, spaces and all. */
const MAX_WHOLE = 24;
const BREAKABLE = /[\s-]/;
const HYPHENATED_WORD = /[^\s-]*-\S*/g;

/** Inline code's text as runs: plain strings, and `{ kept }` words to keep on one line. */
export function inlineCodeRuns(text: string): Array<string | { kept: string }> {
  if (text.length <= MAX_WHOLE && text.trim().length > 1 && BREAKABLE.test(text.trim())) return [{ kept: text }];
  const runs: Array<string | { kept: string }> = [];
  let last = 0;
  for (const match of text.matchAll(HYPHENATED_WORD)) {
    const word = match[0];
    if (word.length < 2 || word.length > MAX_KEPT) continue;
    if (match.index > last) runs.push(text.slice(last, match.index));
    runs.push({ kept: word });
    last = match.index + word.length;
  }
  if (last < text.length || runs.length === 0) runs.push(text.slice(last));
  return runs;
}
