// Where inline code may break across lines. A hyphen in code is an operator or part of a name,
// never a hyphenation point, but browsers break lines after any hyphen (Unicode's line-breaking
// rules): on a phone `value->f` came out as `value-` and `>f` on two lines, `rescript-tools`
// as `rescript-` and `tools`. Each short whitespace-free word of inline code that holds a hyphen
// is kept on one line (a `nobr` span, `white-space: nowrap`); a longer one still breaks where the
// browser sees fit, so it never overflows a narrow column.

/** The class of a kept word (style.css gives it `white-space: nowrap`). */
export const KEPT_CLASS = 'nobr';
/** Longest word kept whole: ~40 monospace characters fit a 375 px phone's text column. */
const MAX_KEPT = 30;
const HYPHENATED_WORD = /[^\s-]*-\S*/g;

/** Inline code's text as runs: plain strings, and `{ kept }` words to keep on one line. */
export function inlineCodeRuns(text: string): Array<string | { kept: string }> {
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
