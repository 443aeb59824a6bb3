import type { RegexEngine } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import type { IOnigCaptureIndex, IOnigMatch, OnigString } from 'shiki/textmate';
import { asciiTwin, isAsciiString } from './regex-ascii.ts';
import { literalsOf, type Literals } from './regex-literals.ts';

/**
 * shiki's JavaScript regex engine with its search cache shared between scanners.
 *
 * A TextMate tokenizer asks, at each position of a line, which of the current rule's patterns
 * matches first. shiki's scanner remembers each pattern's last search on the line and reuses it
 * while it is still valid (vscode-oniguruma does the same), but only within one scanner, and the
 * tokenizer switches scanner every time it enters or leaves a rule. The big JS/TS grammars include
 * the same patterns (comments, expressions, literals) in dozens of rules, so the same regex ran on
 * the same line again and again. Here the memory belongs to the regex: a search done in any rule
 * serves every rule that includes that pattern.
 *
 * Reusing a search is exact: a search from `from` that first matched at `index` (or nowhere) gives
 * the same answer for any start in `from..index`, because whether a regex matches at a position
 * depends only on the string and the position (lookbehinds see the whole string). Regexes whose
 * result depends on the start itself (sticky ones for `\G`, and shiki's emulated ones) are never
 * reused, as in shiki.
 */
export function createSharedCacheRegexEngine(): RegexEngine {
  const base = createJavaScriptRegexEngine({ forgiving: true });
  const searches = new WeakMap<RegExp, LastSearch>();
  const searchOf = (regex: RegExp | null): LastSearch | null => {
    if (!regex || regex.sticky || (regex as { rawOptions?: { strategy?: unknown } }).rawOptions?.strategy) return null;
    let search = searches.get(regex);
    if (!search) searches.set(regex, (search = { strId: 0, from: 0, index: -1, indices: null, result: null }));
    return search;
  };
  return {
    createString: base.createString,
    createScanner(patterns) {
      const made = (base.createScanner(patterns) as unknown as { regexps: (RegExp | null)[] }).regexps;
      // Literals looked up by the regex as converted (the table's key). What runs is made from it
      // when first needed: its ASCII twin, or a plain RegExp where it emulates nothing.
      const literals = made.map((r) => (r ? literalsOf(r) : undefined));
      return new SharedCacheScanner(made, made.map(searchOf), literals);
    },
  };
}

/** Each emulated regex that needs no emulation, as a plain RegExp (made once per regex). */
const natives = new WeakMap<RegExp, RegExp>();

/**
 * A plain RegExp for an oniguruma-to-es `EmulatedRegExp` that emulates nothing: shiki's
 * precompiled grammars make their biggest patterns emulated only to compile them lazily
 * (`lazyCompile`), which V8 does by itself (a RegExp's code is compiled on its first run). Every
 * run of a RegExp subclass goes through V8's generic exec path and the subclass's own `exec`, which
 * copies the match; the TypeScript grammar's seven lazy patterns are among its most run.
 */
export function nativeWherePossible(regex: RegExp | null): RegExp | null {
  if (!regex || !emulatesNothing(regex) || Object.getPrototypeOf(regex) === RegExp.prototype) return regex;
  let native = natives.get(regex);
  if (!native) natives.set(regex, (native = new RegExp(regex.source, regex.flags)));
  return native;
}

/** Whether a regex is plain, or an `EmulatedRegExp` that emulates nothing (its source says it all). */
function emulatesNothing(regex: RegExp): boolean {
  if (Object.getPrototypeOf(regex) === RegExp.prototype) return true;
  const options = (regex as { rawOptions?: { hiddenCaptures?: unknown[]; transfers?: unknown[]; strategy?: unknown } }).rawOptions;
  return Boolean(options && !options.strategy && !options.hiddenCaptures?.length && !options.transfers?.length);
}

/** Each regex's ASCII twin (src/render/regex-ascii.ts), or what runs for it on any line; made once per regex. */
const twins = new WeakMap<RegExp, RegExp>();

export function twinOf(regex: RegExp): RegExp {
  let twin = twins.get(regex);
  if (twin === undefined) {
    // A regex that emulates something keeps its own exec, which a twin made here would lose.
    twin = emulatesNothing(regex) ? (asciiTwin(regex.source, regex.flags) ?? nativeWherePossible(regex)!) : regex;
    twins.set(regex, twin);
  }
  return twin;
}

/** Whether the engine string last asked about (by id) is ASCII: the tokenizer scans one line at a time. */
let asciiId = 0;
let asciiIs = false;

function isAsciiLine(text: string, strId: number): boolean {
  if (strId === 0) return isAsciiString(text);
  if (strId !== asciiId) {
    asciiId = strId;
    asciiIs = isAsciiString(text);
  }
  return asciiIs;
}

interface LastSearch {
  /** Id of the engine string searched (0: none yet). */
  strId: number;
  /** Where the search started. */
  from: number;
  /** Where it matched, or -1 for nowhere. */
  index: number;
  indices: RegExpIndicesArray | null;
  /** The match in the tokenizer's shape, built once. */
  result: IOnigCaptureIndex[] | null;
}

const NO_CAPTURE = 4294967295;

class SharedCacheScanner {
  /** Each regex's ASCII twin, looked up when first run on an ASCII line; and what runs on other lines. */
  private readonly twins: (RegExp | undefined)[] = [];
  private readonly natives: (RegExp | undefined)[] = [];

  constructor(
    private readonly regexps: readonly (RegExp | null)[],
    private readonly searches: readonly (LastSearch | null)[],
    /** Each regex's required literals (src/render/regex-literals.ts), looked up once. */
    private readonly literals: readonly Literals[],
  ) {}

  findNextMatchSync(string: string | OnigString, start: number): IOnigMatch | null {
    const text = typeof string === 'string' ? string : string.content;
    const strId = typeof string === 'string' ? 0 : ((string as { id?: number }).id ?? 0);
    let best = -1;
    let bestIndex = 0;
    let bestSearch: LastSearch | undefined;
    let bestIndices: RegExpIndicesArray | null = null;
    const ascii = isAsciiLine(text, strId);
    for (let i = 0; i < this.regexps.length; i++) {
      const regex = this.regexps[i];
      if (!regex) continue;
      const search = strId ? this.searches[i] : null;
      let index: number;
      let indices: RegExpIndicesArray | null;
      if (search && search.strId === strId && search.from <= start && (search.index === -1 || search.index >= start)) {
        index = search.index;
        indices = search.indices;
      } else {
        let match: RegExpExecArray | null = null;
        if (mayMatchFrom(this.literals[i], text, start)) {
          try {
            // On an ASCII line the twin answers as the regex would (its search is shared for that reason).
            const run = ascii ? (this.twins[i] ??= twinOf(regex)) : (this.natives[i] ??= nativeWherePossible(regex)!);
            run.lastIndex = start;
            match = run.exec(text);
          } catch {
            continue; // forgiving, as shiki's engine is configured here: a pattern that fails never matches
          }
        }
        index = match ? match.index : -1;
        indices = match?.indices ?? null;
        if (search) {
          search.strId = strId;
          search.from = start;
          search.index = index;
          search.indices = indices;
          search.result = null;
        }
      }
      if (index === -1) continue;
      if (best === -1 || index < bestIndex) {
        best = i;
        bestIndex = index;
        bestIndices = indices;
        bestSearch = search ?? undefined;
        if (index === start) break;
      }
    }
    if (best === -1) return null;
    if (bestSearch) return { index: best, captureIndices: (bestSearch.result ??= toCaptures(bestIndices!)) };
    return { index: best, captureIndices: toCaptures(bestIndices!) };
  }
}

/**
 * False when the regex cannot match at or after `start`: none of its required literals is in the
 * rest of the string. ~70 % of the grammar regexes' runs on the bench corpus end here, and a regex
 * that never gets past it is never compiled (the JS/TS grammars' biggest take ~5 ms each).
 */
function mayMatchFrom(literals: Literals, text: string, start: number): boolean {
  if (!literals) return true;
  // An index loop: the highlight thread runs this before V8 optimises it, where a for…of allocates.
  for (let i = 0; i < literals.length; i++) if (text.indexOf(literals[i]!, start) !== -1) return true;
  return false;
}

function toCaptures(indices: RegExpIndicesArray): IOnigCaptureIndex[] {
  const out: IOnigCaptureIndex[] = new Array(indices.length);
  for (let i = 0; i < indices.length; i++) {
    const range = indices[i];
    out[i] = range ? { start: range[0], end: range[1], length: range[1] - range[0] } : { start: NO_CAPTURE, end: NO_CAPTURE, length: 0 };
  }
  return out;
}
