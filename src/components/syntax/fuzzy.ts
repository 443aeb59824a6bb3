// Ranking for the syntax lookup search box. Runs in the browser on every keystroke over ~100
// entries, so it is small and allocation-light; no library needed at this size.
//
// A match has a tier, and tiers decide the order before any score does, so that typing a name
// always puts that entry first: a looser match elsewhere (a keyword, a word of a summary, a typo)
// cannot outrank it, however many of them there are.
//   exact:       the query is the name (with or without its `@`, either side of a " / ", or its
//                parenthesised gloss: "pipe" for "-> (pipe)"), else one of the keywords
//   name prefix: a form of the name starts with the query ("swi" → switch)
//   keyword:     a keyword starts with the query, or a word inside the name or a keyword does
//                ("component" → @react.component); a symbol query may sit anywhere in them
//   loose:       a word of the summary starts with it, one or two typos ("swithc"), or an
//                abbreviation that starts a word ("rct" → react.component)
// Short queries are kept strict: one or two letters only match the starts of names, keywords and
// their words; typos need four letters, abbreviations and summary words three.

/** What an entry is searched by. */
export interface Searchable {
  name: string;
  keywords: readonly string[];
  /** One line of text saying what the entry is; searched last. */
  summary?: string;
}

/** Kinds of match, best last; 0: none. */
export const TIER = { none: 0, loose: 1, keyword: 2, namePrefix: 3, exact: 4 } as const;
export type Tier = (typeof TIER)[keyof typeof TIER];

/** How an entry matches a query: the tier first, then a score within it (0–100). */
export interface Match {
  tier: Tier;
  score: number;
}

const NO_MATCH: Match = { tier: TIER.none, score: 0 };

/** Lower case, trimmed, inner whitespace collapsed. */
export function normalize(text: string): string {
  return text.toLowerCase().trim().replace(/\s+/g, ' ');
}

const isWordChar = (c: string | undefined) => c !== undefined && /[a-z0-9_]/.test(c);
const hasLetters = (text: string) => /[a-z]/.test(text);

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
 * The texts a name is known by: `-> (pipe)` is also `->` and `pipe`; `@as` is also `as`; `throw()`
 * is also `throw`; `%raw` is also `raw`; `Some(x) / None (option)` is also `Some(x)`, `None (option)`, `None` and
 * `option`; `compare(), min(), max()` is also each of them.
 */
export function nameForms(name: string): string[] {
  const forms = new Set<string>();
  const add = (form: string) => {
    const f = form.trim();
    if (!f) return;
    forms.add(f);
    const bare = f.replace(/^[@%]+/, '').replace(/\(\)$/, '');
    if (bare && bare !== f) forms.add(bare);
    const gloss = /^(.*?)\s+\((.+)\)$/.exec(f);
    if (gloss) {
      add(gloss[1]!);
      add(gloss[2]!);
    }
  };
  add(name);
  for (const part of name.split(/ \/ |, /)) add(part);
  return [...forms];
}

/**
 * Where `query` starts a word of `text` (-1: nowhere). A query starting with a symbol ("(x)", "->")
 * has no word to start: it may be anywhere.
 */
function startsWord(query: string, text: string): number {
  const symbol = !isWordChar(query[0]);
  for (let at = text.indexOf(query); at >= 0; at = text.indexOf(query, at + 1)) {
    if (symbol || !isWordChar(text[at - 1])) return at;
  }
  return -1;
}

/**
 * Shortest window of `text` holding the characters of `query` in order and starting a word (0 when
 * there is none).
 */
function abbreviationSpan(query: string, text: string): number {
  let best = 0;
  for (let start = text.indexOf(query[0]!); start >= 0; start = text.indexOf(query[0]!, start + 1)) {
    if (isWordChar(text[start - 1])) continue;
    let qi = 1;
    let ti = start + 1;
    for (; qi < query.length && ti < text.length; ti++) if (text[ti] === query[qi]) qi++;
    if (qi < query.length) break; // no later start can succeed either
    const span = ti - start;
    if (best === 0 || span < best) best = span;
  }
  return best;
}

/** Typos and abbreviations against one text (normalized): a loose score, 0 when neither. */
function fuzzyScore(query: string, text: string): number {
  if (!hasLetters(query)) return 0; // a scattered or mistyped symbol means nothing
  let score = 0;
  if (query.length >= 4) {
    const max = query.length >= 7 ? 2 : 1;
    for (const word of text.split(/[^a-z0-9_]+/)) {
      if (word.length < 3) continue;
      // The whole word, or its start when the query is shorter (typing "swich" of "switch").
      const whole = editDistance(query, word, max);
      const start = word.length > query.length ? editDistance(query, word.slice(0, query.length), max) : max + 1;
      const d = Math.min(whole, start);
      if (d <= max) score = Math.max(score, 60 - 15 * d - (d === start && d < whole ? 5 : 0));
    }
  }
  if (query.length >= 3) {
    const span = abbreviationSpan(query, text);
    // Characters scattered over a long stretch mean little: demand some density.
    if (span > 0 && span <= query.length * 2) score = Math.max(score, 10 + Math.round((20 * query.length) / span));
  }
  return score;
}

/** Normalized fields of an entry, made once per query. */
interface Fields {
  forms: string[];
  keywords: string[];
  summary: string;
}

function fieldsOf(entry: Searchable): Fields {
  return {
    forms: nameForms(entry.name).map(normalize),
    keywords: entry.keywords.map(normalize),
    summary: normalize(entry.summary ?? ''),
  };
}

/** How one term (a whole query or one word of it) matches an entry. */
function matchTerm(term: string, f: Fields): Match {
  // The name before a keyword: "option" is Some/None's gloss and only a keyword of @return.
  if (f.forms.includes(term)) return { tier: TIER.exact, score: 100 };
  if (f.keywords.includes(term)) return { tier: TIER.exact, score: 90 };
  // The closer the form's length to the query's, the better ("let" before "let rec" for "le").
  let prefix = -1;
  for (const form of f.forms) if (form.startsWith(term)) prefix = Math.max(prefix, 100 - Math.min(99, form.length - term.length));
  if (prefix >= 0) return { tier: TIER.namePrefix, score: prefix };
  let keyword = -1;
  if (term.length >= 3 || !hasLetters(term)) {
    for (const k of f.keywords) if (k.startsWith(term)) keyword = Math.max(keyword, 100 - Math.min(50, k.length - term.length));
    for (const text of [...f.forms, ...f.keywords]) if (startsWord(term, text) > 0) keyword = Math.max(keyword, 40);
  } else {
    // One or two letters start too many words ("as" of "assignment"): a word of a keyword or of
    // the name must be the query itself.
    for (const text of [...f.forms, ...f.keywords]) if (text.split(/[^a-z0-9_]+/).includes(term)) keyword = Math.max(keyword, 40);
  }
  if (keyword >= 0) return { tier: TIER.keyword, score: keyword };
  let loose = 0;
  if (term.length >= 3 && hasLetters(term)) {
    const at = startsWord(term, f.summary);
    if (at >= 0) loose = 70 - Math.min(20, Math.floor(at / 10));
  }
  // A near miss of the name counts a little more than one of a keyword.
  for (const form of f.forms) {
    const near = fuzzyScore(term, form);
    if (near > 0) loose = Math.max(loose, near + 5);
  }
  for (const k of f.keywords) loose = Math.max(loose, fuzzyScore(term, k));
  return loose > 0 ? { tier: TIER.loose, score: loose } : NO_MATCH;
}

/**
 * How an entry matches a raw query. The query as a whole is tried first ("pipe last"); otherwise
 * every word of it must match somewhere, and the entry ranks by its weakest word.
 */
export function matchEntry(rawQuery: string, entry: Searchable): Match {
  const query = normalize(rawQuery);
  if (query === '') return NO_MATCH;
  const fields = fieldsOf(entry);
  const whole = matchTerm(query, fields);
  const terms = query.split(' ');
  if (terms.length === 1 || whole.tier === TIER.exact) return whole;
  let tier: Tier = TIER.exact;
  let sum = 0;
  for (const term of terms) {
    const m = matchTerm(term, fields);
    if (m.tier === TIER.none) return whole;
    if (m.tier < tier) tier = m.tier;
    sum += m.score;
  }
  const words: Match = { tier, score: sum / terms.length };
  return compare(words, whole) < 0 ? words : whole;
}

/** Negative when `a` ranks before `b`. */
function compare(a: Match, b: Match): number {
  return b.tier - a.tier || b.score - a.score;
}

/** Entries matching the query, best first; equal matches keep the entries' order. */
export function rankEntries<T extends Searchable>(query: string, entries: readonly T[]): { entry: T; match: Match }[] {
  return entries
    .map((entry, index) => ({ entry, index, match: matchEntry(query, entry) }))
    .filter((r) => r.match.tier !== TIER.none)
    .sort((a, b) => compare(a.match, b.match) || a.index - b.index)
    .map(({ entry, match }) => ({ entry, match }));
}
