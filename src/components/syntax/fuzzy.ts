// Fuzzy matching for the syntax lookup search box. Runs in the browser on every keystroke over
// ~100 entries, so it is small and allocation-light; no library needed at this size.
//
// A query matches a text when it is equal to it, a prefix of it, inside it, a subsequence of it
// ("rct" in "react.component"), or one or two typos away from one of its words ("swithc" →
// "switch"). Better kinds of match score higher; 0 means no match.

/** What an entry is searched by. */
export interface Searchable {
  name: string;
  keywords: readonly string[];
}

export const SCORE_EXACT = 100;
const SCORE_PREFIX = 80;
const SCORE_SUBSTRING = 60;
const SCORE_TYPO = 48;
const SCORE_SUBSEQUENCE = 20;
/** Keywords count a little less than the name. */
const KEYWORD_WEIGHT = 0.9;

/** Lower case, trimmed, inner whitespace collapsed. */
export function normalize(text: string): string {
  return text.toLowerCase().trim().replace(/\s+/g, ' ');
}

const isWordChar = (c: string | undefined) => c !== undefined && /[a-z0-9]/.test(c);

/**
 * Optimal string alignment distance (Levenshtein plus swapping two neighbours), giving up as soon as
 * it must exceed `max`; returns max + 1 then.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prevPrev[j - 2]! + 1);
      row.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > max) return max + 1;
    prevPrev = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * Shortest window of `text` holding the characters of `query` in order (0 when there is none), and
 * whether such a window starts a word.
 */
function subsequenceSpan(query: string, text: string): { span: number; wordStart: boolean } {
  let best = 0;
  let wordStart = false;
  for (let start = text.indexOf(query[0]!); start >= 0; start = text.indexOf(query[0]!, start + 1)) {
    let qi = 1;
    let ti = start + 1;
    for (; qi < query.length && ti < text.length; ti++) if (text[ti] === query[qi]) qi++;
    if (qi < query.length) break; // no later start can succeed either
    const span = ti - start;
    const atWord = !isWordChar(text[start - 1]);
    if (best === 0 || span < best || (span === best && atWord)) {
      best = span;
      wordStart = atWord;
    }
  }
  return { span: best, wordStart };
}

/** How well a normalized query matches a normalized text (0: not at all). */
export function scoreText(query: string, text: string): number {
  if (query === '' || text === '') return 0;
  if (text === query) return SCORE_EXACT;
  if (text.startsWith(query)) return SCORE_PREFIX - Math.min(10, text.length - query.length);
  const at = text.indexOf(query);
  if (at >= 0) return SCORE_SUBSTRING + (isWordChar(text[at - 1]) ? 0 : 8) - Math.min(8, at);
  let score = 0;
  // Typos: only for words of some length, where a typo is likely and a near miss is meaningful.
  const hasLetters = /[a-z]/.test(query);
  if (query.length >= 4 && hasLetters) {
    const max = query.length >= 7 ? 2 : 1;
    for (const word of text.split(/[^a-z0-9_]+/)) {
      if (word.length < 3) continue;
      // The whole word, or its start when the query is shorter (typing "swich" of "switch").
      const whole = editDistance(query, word, max);
      const start = word.length > query.length ? editDistance(query, word.slice(0, query.length), max) : max + 1;
      const d = Math.min(whole, start);
      if (d <= max) score = Math.max(score, SCORE_TYPO - 8 * d - (d === start && d < whole ? 4 : 0));
    }
  }
  // Abbreviations ("rct" for "react.component"); for symbols a scattered match means nothing.
  if (query.length >= 2 && hasLetters) {
    const { span, wordStart } = subsequenceSpan(query, text);
    // Characters scattered over a long stretch mean little: demand some density.
    if (span > 0 && span <= query.length * 3) {
      score = Math.max(score, SCORE_SUBSEQUENCE + Math.round((10 * query.length) / span) + (wordStart ? 6 : 0));
    }
  }
  return score;
}

/** Best score of one query term against an entry's name and keywords. */
function scoreTerm(term: string, name: string, keywords: readonly string[]): number {
  let best = scoreText(term, name);
  for (const k of keywords) best = Math.max(best, scoreText(term, k) * KEYWORD_WEIGHT);
  return best;
}

/**
 * Score of an entry for a raw query (0: filtered out). The query as a whole is tried first
 * ("pipe last"); otherwise every word of it must match somewhere, and the scores are averaged.
 */
export function scoreEntry(rawQuery: string, entry: Searchable): number {
  const query = normalize(rawQuery);
  if (query === '') return 0;
  const name = normalize(entry.name);
  const keywords = entry.keywords.map(normalize);
  const whole = scoreTerm(query, name, keywords);
  const terms = query.split(' ');
  if (terms.length === 1) return whole;
  let sum = 0;
  for (const term of terms) {
    const s = scoreTerm(term, name, keywords);
    if (s === 0) return whole;
    sum += s;
  }
  return Math.max(whole, sum / terms.length);
}

/** Entries matching the query, best first; equal scores keep their order. */
export function rankEntries<T extends Searchable>(query: string, entries: readonly T[]): { entry: T; score: number }[] {
  return entries
    .map((entry, index) => ({ entry, index, score: scoreEntry(query, entry) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ entry, score }) => ({ entry, score }));
}
