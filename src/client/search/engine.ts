// The embedded search engine: one docs version's records in MiniSearch, answering a DocSearch
// request in Algolia's response shape (hits with _highlightResult and _snippetResult, nbHits,
// queryID). Runs in the browser (and in the unit tests); knows nothing about fetching.
import MiniSearch, { type Query, type SearchResult } from 'minisearch';
import { NO_VERSION, type EmbeddedIndexFile, type Hierarchy, type RecordType } from './types.ts';

/** Identifiers (dotted paths, `@attributes`, primes) and operators of two or more characters. */
const TOKEN = /(@?[\p{L}\p{N}_][\p{L}\p{N}_']*(?:\.[\p{L}\p{N}_][\p{L}\p{N}_']*)*)|([-+*/<>=|&!^%~:?.]{2,})/gu;

/** The terms one word stands for: `Belt.Array.map` → itself, `array.map`, `belt`, `array`, `map`. */
function wordTerms(word: string, into: string[]): void {
  const w = word.toLowerCase();
  into.push(w);
  const bare = w.startsWith('@') ? w.slice(1) : w;
  if (bare !== w) into.push(bare);
  if (bare.includes('.')) {
    const parts = bare.split('.');
    for (let i = 1; i < parts.length - 1; i++) into.push(parts.slice(i).join('.'));
    for (const p of parts) into.push(p);
  }
}

/**
 * Splits text into search terms. ReScript names stay whole as well as in parts (`Array.map` is
 * found as `Array.map`, `array` and `map`), attributes keep their `@` (`@module`), and operators
 * are terms of their own (`->`, `|>`, `=>`, `...`), so code in the text is searchable.
 */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(TOKEN)) wordTerms(m[0], out);
  return out;
}

/** A record as the engine keeps it. */
interface Doc {
  id: number;
  url: string;
  urlWithoutAnchor: string;
  anchor: string | null;
  type: RecordType;
  hierarchy: Hierarchy;
  content: string;
  api: string;
  version: string;
  /** The record's own heading (lvlN), searched as its title. */
  title: string;
  /** The headings above it. */
  path: string;
  /** A deprecated API item or module (ranked below the others). */
  deprecated: boolean;
  /** The last segment of its page's URL, for a page record (`external`); '' for a section. */
  slug: string;
}

/** The part of a DocSearch request the engine reads (the rest of Algolia's parameters are ignored). */
export interface SearchRequest {
  query?: string;
  indexName?: string;
  hitsPerPage?: number;
  attributesToSnippet?: string[];
  highlightPreTag?: string;
  highlightPostTag?: string;
  snippetEllipsisText?: string;
  facetFilters?: string | (string | string[])[];
}

interface HighlightResult {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  matchedWords: string[];
}

export interface AlgoliaHit {
  objectID: string;
  url: string;
  url_without_anchor: string;
  anchor: string | null;
  type: RecordType;
  hierarchy: Hierarchy;
  content: string | null;
  version: string;
  _highlightResult: Record<string, unknown>;
  _snippetResult: Record<string, unknown>;
}

export interface AlgoliaSearchResult {
  hits: AlgoliaHit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  processingTimeMS: number;
  exhaustiveNbHits: boolean;
  query: string;
  params: string;
  index: string;
  queryID: string;
}

/** Query words of four letters or more forgive one typo in five letters (`promse` finds promise). */
function fuzzyFor(term: string): number | false {
  return /^[\p{L}_][\p{L}\p{N}_']{3,}$/u.test(term) ? 0.2 : false;
}

/** Field weights: an API name above a heading, a heading above the text and the path. */
const BOOST = { api: 8, title: 4, path: 0.5, content: 1 };

/** A page above its sections, a section above its subsections, for the same words. */
const LEVEL_BOOST: Record<string, number> = { lvl1: 1.5, lvl2: 1.2, lvl3: 1.1 };

const MAX_QUERY = 64;

export class EmbeddedSearch {
  private readonly docs: Doc[] = [];
  private readonly mini: MiniSearch<Doc>;

  constructor(file: EmbeddedIndexFile) {
    for (const [p, anchor, level, headings, content, api, deprecated] of file.records) {
      const page = file.pages[p];
      if (!page) continue;
      const [url, lvl0, lvl1, version] = page;
      const h = [lvl0, lvl1, ...headings];
      const hierarchy: Hierarchy = { lvl0, lvl1, lvl2: h[2] || null, lvl3: h[3] || null, lvl4: h[4] || null, lvl5: h[5] || null, lvl6: h[6] || null };
      this.docs.push({
        id: this.docs.length,
        url: anchor ? `${url}#${anchor}` : url,
        urlWithoutAnchor: url,
        anchor: anchor || null,
        type: `lvl${level}` as RecordType,
        hierarchy,
        content,
        api,
        version,
        title: h[level] ?? lvl1,
        path: h.slice(1, level).join(' '),
        deprecated: deprecated === 1,
        slug: anchor ? '' : (url.split('/').pop() ?? ''),
      });
    }
    this.mini = new MiniSearch<Doc>({
      fields: ['api', 'title', 'path', 'content'],
      storeFields: [],
      tokenize: (text) => tokenize(text),
      processTerm: (term) => term,
      searchOptions: { tokenize: (text) => [text], processTerm: (term) => term },
    });
    this.mini.addAll(this.docs);
  }

  /** Answers one DocSearch request as Algolia would. */
  search(req: SearchRequest): AlgoliaSearchResult {
    const started = Date.now();
    const query = (req.query ?? '').slice(0, MAX_QUERY);
    const hitsPerPage = req.hitsPerPage ?? 20;
    const words = query.split(/\s+/).filter(Boolean);
    const groups: Query[] = [];
    const queryTerms: string[][] = [];
    words.forEach((word, i) => {
      // A query word is looked up whole (`array.map`, `@module`): a record holding it holds its parts.
      const terms = Array.from(word.matchAll(TOKEN), (m) => m[0].toLowerCase());
      if (terms.length === 0) return;
      queryTerms.push(terms);
      const last = i === words.length - 1;
      groups.push({
        combineWith: 'AND',
        queries: [...new Set(terms)].map((t) => ({ queries: [t], prefix: last, fuzzy: fuzzyFor(t) })),
      });
    });
    let results: SearchResult[] = [];
    if (groups.length > 0) {
      const docs = this.docs;
      results = this.mini.search({ combineWith: 'AND', queries: groups }, { boost: BOOST, boostDocument: (id) => LEVEL_BOOST[docs[id as number]!.type] ?? 1 });
    }
    const allowed = facetTest(req.facetFilters);
    // The first version asked for is the reader's own; any other but `none` is a companion section's.
    const own = requestedVersions(req.facetFilters)[0];
    const docs = rank(
      results.filter((r) => allowed(this.docs[r.id as number]!.version)),
      this.docs,
      queryTerms,
      own,
    );
    const pre = req.highlightPreTag ?? '<em>';
    const post = req.highlightPostTag ?? '</em>';
    const ellipsis = req.snippetEllipsisText ?? '…';
    const snippetWords = new Map<string, number>();
    for (const a of req.attributesToSnippet ?? []) {
      const [name, n] = a.split(':');
      if (name) snippetWords.set(name, Number(n) || 10);
    }
    const hits = docs.slice(0, hitsPerPage).map((r) => {
      const doc = this.docs[r.id as number]!;
      const matched = new Set(r.terms);
      const fields = new Set(Object.values(r.match).flat());
      // A section found by its text is shown as a text match (DocSearch then shows the snippet).
      const type: RecordType = fields.has('title') || fields.has('api') || !fields.has('content') || !doc.content ? doc.type : 'content';
      const mark = (text: string): HighlightResult => highlight(text, matched, queryTerms, pre, post);
      const highlightResult: Record<string, unknown> = { hierarchy: {} as Record<string, HighlightResult> };
      const snippetResult: Record<string, unknown> = { hierarchy: {} as Record<string, HighlightResult> };
      const h = doc.hierarchy as unknown as Record<string, string | null>;
      for (const [lvl, value] of Object.entries(h)) {
        if (value === null) continue;
        (highlightResult['hierarchy'] as Record<string, HighlightResult>)[lvl] = mark(value);
        const n = snippetWords.get(`hierarchy.${lvl}`);
        if (n) (snippetResult['hierarchy'] as Record<string, HighlightResult>)[lvl] = snippet(value, n, matched, queryTerms, pre, post, ellipsis);
      }
      if (doc.content) {
        highlightResult['content'] = mark(doc.content);
        const n = snippetWords.get('content');
        if (n) snippetResult['content'] = snippet(doc.content, n, matched, queryTerms, pre, post, ellipsis);
      }
      const hit: AlgoliaHit = {
        objectID: doc.url,
        url: doc.url,
        url_without_anchor: doc.urlWithoutAnchor,
        anchor: doc.anchor,
        type,
        hierarchy: doc.hierarchy,
        content: doc.content || null,
        version: doc.version,
        _highlightResult: highlightResult,
        _snippetResult: snippetResult,
      };
      return hit;
    });
    return {
      hits,
      nbHits: docs.length,
      page: 0,
      nbPages: Math.ceil(docs.length / hitsPerPage),
      hitsPerPage,
      processingTimeMS: Date.now() - started,
      exhaustiveNbHits: true,
      query,
      params: '',
      index: req.indexName ?? '',
      queryID: queryId(),
    };
  }
}

/**
 * How a title holds one query word: 2 as a word (or its plural or singular, as Algolia's
 * ignorePlurals), 1 as the start of a word (the word being typed), 0.5 with a typo (`prom` is
 * closer to Promise than to `from`), 0 not at all.
 */
function wordInTitle(terms: string[], titleTerms: readonly string[], prefix: boolean): number {
  let best = 0;
  for (const q of terms) {
    for (const t of titleTerms) {
      if (t === q || t === `${q}s` || q === `${t}s` || t === `${q}es` || q === `${t}es`) return 2;
      if (prefix && t.startsWith(q)) best = 1;
      else if (best < 0.5 && closeTo(t, q)) best = 0.5;
    }
  }
  return best;
}

/** Whether a title (`normal`ised) is the query, or its plural or singular. */
function isNamedBy(title: string, query: string): boolean {
  return query !== '' && (title === query || title === `${query}s` || query === `${title}s` || title === `${query}es` || query === `${title}es`);
}

/**
 * Whether one of the names a title gives is the query: the title itself, or one of the names it
 * lists (`Pattern Matching / Destructuring`, `Null, Undefined and Option`, `Elements & JSX`): a
 * page named for two things is as much about each as a section named for one.
 */
function isNamedIn(title: string, query: string): boolean {
  return isNamedBy(normal(title), query) || title.split(TITLE_NAMES).some((name) => isNamedBy(normal(name), query));
}

/** What separates the names a title lists. */
const TITLE_NAMES = /\s+\/\s+|\s*,\s+|\s+&\s+|\s+and\s+/i;

/** Lowercase words of a title or query, punctuation other than the dot of a module path dropped. */
function normal(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}_.']+/gu, ' ').trim();
}

/** What a hit is, for the order of equally matching hits: a page, a section, an API item. */
function kindRank(doc: Doc): number {
  return doc.type === 'lvl1' ? 0 : doc.api ? 2 : 1;
}

interface RankKey {
  /**
   * Σ over query words of `wordInTitle` for the record's own title (and API name), the word being
   * typed counting as a whole word when it starts one of a guide's title (Algolia: a prefix match
   * has no typo).
   */
  title: number;
  /**
   * A guide of the reader's own section whose title (or one of the names it lists: isNamedIn) is
   * the query itself, or its plural or singular (the manual's "Refs" for `ref`), or whose URL is
   * (`dict`: the v12 manual's Dictionary page at /dict): before another section's pages that only
   * hold the word ("Refs and the DOM"), which their kind would put first, and before API modules
   * named so (Belt.Map.Dict).
   */
  named: boolean;
  /** From another docs section than the reader's (a companion: search/companions.ts). */
  companion: boolean;
  /** Outside the docs (blog, community), when the reader searches a docs section. */
  unversioned: boolean;
  kind: number;
  /** Query words the title holds as whole words (Algolia's `exact`, after the attribute and kind). */
  whole: number;
  /** In the API reference (lvl0 `API`), as opposed to a guide page. */
  inApi: boolean;
  deprecated: boolean;
  /** The title (or the page's URL segment, or the API name) is the query itself. */
  exact: boolean;
  /** Every query word is in the first words of the text (a page that is about it says so first). */
  lead: boolean;
  score: number;
}

/** Words of the text that count as its lead. */
const LEAD_WORDS = 12;

/**
 * DocSearch's order on top of MiniSearch's relevance (its BM25 score favours short records, so
 * the dozens of one-line API items beat the manual's page about the same word): first how many
 * query words the record's own title holds (the word being typed may start one of a guide's), then,
 * for hits whose title matches, a page before a section before an API item (`install`: the
 * Installation page before a section titled "install the compiler"; among untitled hits, those
 * whose text starts with the query come first and are ordered so too); the reader's own docs
 * section before another's (search/companions.ts: `record` on a React page finds the manual's
 * Record page before React sections that mention records), and the docs before the blog and
 * community pages (`rescript.json`: the manual's sections on it before a release post's); a deprecated entry after
 * the others; whole title words before started ones; a guide before the API; a title that is the
 * query itself (or a page whose URL is) before one that only holds it; a text that starts with
 * the query; and last the score. Algolia's own criteria are words, typo, attribute, exact, then
 * custom ranking; `attribute` here is the title-word count and the kind.
 */
function rank(results: SearchResult[], docs: readonly Doc[], queryTerms: string[][], own?: string): SearchResult[] {
  const query = normal(queryTerms.map((t) => t[0]).join(' '));
  const slugQuery = query.replace(/[ .]+/g, '-');
  const keys = new Map<SearchResult, RankKey>();
  for (const r of results) {
    const doc = docs[r.id as number]!;
    const titleTerms = tokenize(doc.api ? `${doc.title} ${doc.api}` : doc.title);
    // In a guide's title the word being typed that starts a title word is that word's family
    // (`install`: Installation, `equal`: Equality); in the API it is another name (`bigint`:
    // BigInt64Array), weaker than the word itself.
    const inApi = doc.hierarchy.lvl0 === 'API';
    let title = 0;
    let whole = 0;
    queryTerms.forEach((terms, i) => {
      const held = wordInTitle(terms, titleTerms, i === queryTerms.length - 1);
      title += held === 1 && !inApi ? 2 : held;
      if (held === 2) whole++;
    });
    const api = doc.api.toLowerCase();
    const exact = normal(doc.title) === query || (doc.slug !== '' && doc.slug === slugQuery) || (api !== '' && (api === query || api.endsWith(`.${query}`)));
    const leadTerms = tokenize(doc.content.split(/\s+/, LEAD_WORDS).join(' '));
    const lead = queryTerms.length > 0 && queryTerms.every((terms) => wordInTitle(terms, leadTerms, false) === 2);
    const companion = own !== undefined && doc.version !== own && doc.version !== NO_VERSION;
    const unversioned = own !== undefined && doc.version === NO_VERSION;
    const named = !inApi && !companion && (isNamedIn(doc.title, query) || (doc.slug !== '' && doc.slug === slugQuery));
    keys.set(r, { title, named, companion, unversioned, kind: kindRank(doc), whole, inApi, deprecated: doc.deprecated, exact, lead, score: r.score });
  }
  // Among records whose titles miss the query, those whose text starts with it come first, and
  // are then ordered by kind as titled ones are (a page that opens with `rescript.json` before
  // the sections that merely open with it).
  const order = (a: RankKey, b: RankKey): number =>
    b.title - a.title ||
    Number(b.named) - Number(a.named) ||
    (a.title === 0 ? Number(b.lead) - Number(a.lead) : 0) ||
    (a.title > 0 || a.lead ? a.kind - b.kind : 0) ||
    Number(a.unversioned) - Number(b.unversioned) ||
    Number(a.companion) - Number(b.companion) ||
    Number(a.deprecated) - Number(b.deprecated) ||
    b.whole - a.whole ||
    Number(a.inApi) - Number(b.inApi) ||
    Number(b.exact) - Number(a.exact) ||
    Number(b.lead) - Number(a.lead) ||
    b.score - a.score;
  return [...results].sort((a, b) => order(keys.get(a)!, keys.get(b)!));
}

/** Algolia's facetFilters: strings are ANDed, an inner array is an OR; only `version` is a facet here. */
export function facetTest(filters: SearchRequest['facetFilters']): (version: string) => boolean {
  if (filters === undefined) return () => true;
  const list = typeof filters === 'string' ? [filters] : filters;
  const clauses = list.map((c) => (Array.isArray(c) ? c : [c]));
  return (version) =>
    clauses.every((alternatives) =>
      alternatives.some((f) => {
        const negated = f.startsWith('-');
        const [name, ...rest] = (negated ? f.slice(1) : f).split(':');
        if (name !== 'version') return true;
        return (rest.join(':') === version) !== negated;
      }),
    );
}

/** The docs versions a request's facet filters ask for (`version:v11.0.0`), `none` left out. */
export function requestedVersions(filters: SearchRequest['facetFilters']): string[] {
  if (filters === undefined) return [];
  const list = (typeof filters === 'string' ? [filters] : filters).flat();
  return list.filter((f) => f.startsWith('version:')).map((f) => f.slice('version:'.length)).filter((v) => v !== NO_VERSION);
}

function queryId(): string {
  let id = '';
  for (let i = 0; i < 32; i++) id += Math.floor(Math.random() * 16).toString(16);
  return id;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text is escaped as Algolia escapes it: DocSearch puts highlight values into the page as HTML. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

function wordMatches(word: string, matched: ReadonlySet<string>): boolean {
  const terms: string[] = [];
  wordTerms(word, terms);
  return terms.some((t) => matched.has(t));
}

/** Marks the words of `text` that matched; the match level says how many query words it holds. */
function highlight(text: string, matched: ReadonlySet<string>, queryTerms: string[][], pre: string, post: string): HighlightResult {
  let out = '';
  let last = 0;
  const found = new Set<string>();
  for (const m of text.matchAll(TOKEN)) {
    if (!wordMatches(m[0], matched)) continue;
    out += `${escapeHtml(text.slice(last, m.index))}${pre}${escapeHtml(m[0])}${post}`;
    last = m.index + m[0].length;
    const terms: string[] = [];
    wordTerms(m[0], terms);
    for (const t of terms) found.add(t);
  }
  out += escapeHtml(text.slice(last));
  const words = queryTerms.filter((terms) => terms.some((q) => [...found].some((f) => f === q || f.startsWith(q) || closeTo(f, q))));
  const matchLevel = words.length === 0 ? 'none' : words.length === queryTerms.length ? 'full' : 'partial';
  return { value: out, matchLevel, matchedWords: words.map((t) => t[0]!) };
}

/** Whether a document term is within the engine's typo allowance of a query term. */
function closeTo(a: string, b: string): boolean {
  const fuzzy = fuzzyFor(b);
  if (!fuzzy) return false;
  const max = Math.round(b.length * fuzzy);
  if (Math.abs(a.length - b.length) > max) return false;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]! <= max;
}

/** `words` words of `text` around its first match, highlighted, with ellipses where it was cut. */
function snippet(text: string, words: number, matched: ReadonlySet<string>, queryTerms: string[][], pre: string, post: string, ellipsis: string): HighlightResult {
  const all = text.split(/\s+/).filter(Boolean);
  if (all.length <= words) return highlight(text, matched, queryTerms, pre, post);
  let first = all.findIndex((w) => [...w.matchAll(TOKEN)].some((m) => wordMatches(m[0], matched)));
  if (first < 0) first = 0;
  const start = Math.max(0, Math.min(first - Math.floor(words / 3), all.length - words));
  const end = Math.min(all.length, start + words);
  const result = highlight(all.slice(start, end).join(' '), matched, queryTerms, pre, post);
  result.value = `${start > 0 ? `${ellipsis} ` : ''}${result.value}${end < all.length ? ` ${ellipsis}` : ''}`;
  return result;
}
