import { LineCounter, parseDocument, isMap, isSeq, isScalar, isPair, type Node as YamlNode } from 'yaml';
// The ES module build: the package's main (UMD) loads its parts with a require() bundlers cannot follow.
import { parse as parseJsonc, type ParseError } from 'jsonc-parser/lib/esm/main.js';

/** 1-based place in a source file. */
export interface Point {
  line: number;
  column: number;
}

/** A parsed YAML (or JSON) document with a place for every node. */
export interface PositionedDocument {
  data: unknown;
  /** JSON pointer → 1-based place of the node's value (`/title`, `/Overview/2`). */
  positions: Record<string, Point>;
  /** JSON pointer → place of the key (for "unknown field" messages). */
  keyPositions: Record<string, Point>;
  errors: { reason: string; place: Point }[];
}

/**
 * Parses YAML (JSON is a subset) and records where each value sits, so schema errors can point
 * at the offending node. `lineOffset` shifts lines (front matter starts after the `---` line).
 */
export function parsePositioned(text: string, lineOffset = 0): PositionedDocument {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const positions: Record<string, Point> = {};
  const keyPositions: Record<string, Point> = {};
  const place = (offset: number): Point => {
    const p = lineCounter.linePos(offset);
    return { line: p.line + lineOffset, column: p.col };
  };
  const walk = (node: unknown, pointer: string): void => {
    if (!node || typeof node !== 'object') return;
    const range = (node as YamlNode).range;
    if (range) positions[pointer] = place(range[0]);
    if (isMap(node)) {
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
        const child = `${pointer}/${escapePointer(key)}`;
        const keyRange = (pair.key as YamlNode | null)?.range;
        if (keyRange) keyPositions[child] = place(keyRange[0]);
        if (pair.value) walk(pair.value, child);
        else if (keyRange) positions[child] = place(keyRange[0]);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => walk(item, `${pointer}/${i}`));
    }
  };
  walk(doc.contents, '');
  const errors = doc.errors.map((e) => ({ reason: e.message.split('\n')[0] ?? e.message, place: place(e.pos[0]) }));
  let data: unknown = undefined;
  if (errors.length === 0) {
    try {
      data = doc.toJS({ maxAliasCount: 100 });
    } catch (err) {
      errors.push({ reason: err instanceof Error ? err.message : String(err), place: { line: 1 + lineOffset, column: 1 } });
    }
  }
  return { data, positions, keyPositions, errors };
}

/** A positioned document whose strict parse (places, duplicate keys) may still be owed. */
export interface LazyDocument extends PositionedDocument {
  /** Errors only the strict parse finds (runs it if it has not run). */
  strictErrors(): PositionedDocument['errors'];
}

/**
 * A JSON file, parsed with JSON.parse; the places of its nodes (and what only a strict parse finds:
 * duplicate keys) are worked out when first asked for. On the bench corpus the sidebar JSON took
 * ~0.1 s through the positioned parser, before any page could start compiling. Text that is not
 * plain JSON goes through the positioned parser at once, for its error places.
 */
export function parseJsonLazily(text: string, readAgain?: () => string): LazyDocument {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    // Not JSON. The file is still read with the positioned parser for its nodes' places, but not
    // for its data: YAML accepts much that JSON does not (`{a: 1}`, trailing commas), and another
    // tool reading the file would fail on it.
    const doc = parsePositioned(text);
    return { ...doc, data: undefined, errors: [jsonSyntaxError(err, text)], strictErrors: () => [] };
  }
  if (readAgain) return placedFromFile(data, hasDuplicateKeys(text), readAgain);
  const strict = once(() => parsePositioned(text));
  // Duplicate keys are all the strict parse can add to a JSON.parse that succeeded: it runs only
  // when there are some (the 1,000-page corpus's sidebar took ~80 ms through it).
  return placedLater(data, strict, { strictErrors: () => (hasDuplicateKeys(text) ? strict().errors : []) });
}

/**
 * A JSON file's data whose text is read again for places, and for the strict parse when it has a
 * duplicate key (looked for now, while the text is at hand), so the text is not kept for the whole
 * build. A function of its own: closures made in parseJsonLazily share its scope, which holds the text.
 */
function placedFromFile(data: unknown, duplicateKeys: boolean, readAgain: () => string): LazyDocument {
  const strict = once(() => parsePositioned(readAgain()));
  return placedLater(data, strict, { strictErrors: () => (duplicateKeys ? strict().errors : []) });
}

/**
 * Data already parsed from a JSON file that is written by docsgen (no duplicate keys), whose places
 * are worked out from `readText` only when a message asks: the text need not stay in memory for
 * the whole build (the generated API data: ~9 MB for the repo site).
 */
export function placedOnDemand(data: unknown, readText: () => string): LazyDocument {
  return placedLater(data, once(() => parsePositioned(readText())), { strictErrors: () => [] });
}

/**
 * JSON.parse's reason, without the text it echoes, at the place it names (`at position 20`). V8
 * names none for an unexpected token (a trailing comma, the commonest slip in a hand-edited
 * sidebar), so the place then comes from jsonc-parser (VS Code's JSON scanner), which reports the
 * offset of every syntax error; JSON.parse stays the judge of what is JSON.
 */
export function jsonSyntaxError(err: unknown, text: string): { reason: string; place: Point } {
  const raw = err instanceof Error ? err.message : String(err);
  const reason = raw.replace(/, [\s\S]* is not valid JSON$/, '').replace(/ (?:in JSON )?at position \d+[\s\S]*$/, '') || raw;
  const named = /at position (\d+)/.exec(raw);
  let offset = named ? Number(named[1]) : undefined;
  if (offset === undefined) {
    const errors: ParseError[] = [];
    parseJsonc(text, errors, { allowTrailingComma: false, disallowComments: true, allowEmptyContent: false });
    offset = errors[0]?.offset ?? 0;
  }
  const before = text.slice(0, offset);
  return { reason, place: { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') } };
}

/** Whether some object in `text`, which must be valid JSON, has a key twice. */
export function hasDuplicateKeys(text: string): boolean {
  const objects: (Set<string> | null)[] = []; // null: an array
  let keyNext = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      let end = i + 1;
      let escaped = false;
      for (; end < text.length; end++) {
        const d = text.charCodeAt(end);
        if (d === 92 /* \ */) {
          escaped = true;
          end++;
        } else if (d === 34) break;
      }
      if (keyNext) {
        const raw = text.slice(i + 1, end);
        const key = escaped ? (JSON.parse(`"${raw}"`) as string) : raw;
        const keys = objects[objects.length - 1]!;
        if (keys.has(key)) return true;
        keys.add(key);
        keyNext = false;
      }
      i = end;
    } else if (c === 123 /* { */) {
      objects.push(new Set());
      keyNext = true;
    } else if (c === 91 /* [ */) {
      objects.push(null);
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      objects.pop();
    } else if (c === 44 /* , */) {
      keyNext = objects[objects.length - 1] != null;
    }
  }
  return false;
}

/**
 * Front matter YAML: the common shape (one `key: value` per line, each value a quoted string, a
 * plain word-led string or a one-line list of double-quoted strings) is read directly; anything else, and the places of the nodes whenever a
 * message asks for them, goes through the positioned parser. On the 1,000-page bench corpus the
 * positioned parser took ~0.15 s of the main thread before any page could compile.
 */
export function parseFrontMatterLazily(text: string, lineOffset: number): PositionedDocument {
  const data = simpleMapping(text);
  if (data === undefined) return parsePositioned(text, lineOffset);
  return new PlacedFrontMatter(data, text, lineOffset);
}

/**
 * Front matter read directly, whose places are parsed from its text when a message asks. A class:
 * every page keeps one for the whole build, and an object literal with getters (and the closures
 * they needed) cost ~0.7 KB a page, in dictionary mode (heap snapshots of the bench corpus ×4).
 */
class PlacedFrontMatter implements PositionedDocument {
  readonly errors: PositionedDocument['errors'] = [];
  private full: PositionedDocument | undefined;

  constructor(
    readonly data: unknown,
    private readonly text: string,
    private readonly lineOffset: number,
  ) {}

  private parsed(): PositionedDocument {
    return (this.full ??= parsePositioned(this.text, this.lineOffset));
  }

  get positions(): PositionedDocument['positions'] {
    return this.parsed().positions;
  }

  get keyPositions(): PositionedDocument['keyPositions'] {
    return this.parsed().keyPositions;
  }
}

/**
 * `data`, already known to parse without errors, with the places of its nodes taken from `full`
 * when first asked for (and `extra` members; never spread the result: that reads the places).
 */
function placedLater<T extends object>(data: unknown, full: () => PositionedDocument, extra?: T): PositionedDocument & T {
  return {
    ...(extra as T),
    data,
    errors: [],
    get positions() {
      return full().positions;
    },
    get keyPositions() {
      return full().keyPositions;
    },
  };
}

function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

const SIMPLE_KEY = /^([A-Za-z_][A-Za-z0-9_-]*):[ ]+(.*?)[ ]*$/;
const DOUBLE_QUOTED = /^"([^"\\\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff]*)"$/;
const SINGLE_QUOTED = /^'([^'\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff]*)'$/;
/**
 * A plain scalar that YAML's core schema reads as a string, and nothing else: it starts with a
 * letter (so it is no number, and no indicator starts it), holds no `:` or `#` (no nested mapping,
 * no comment), no quote, backslash, bracket, brace or control character.
 */
const PLAIN_STRING = /^[A-Za-z][^:#"\\{}\[\]`\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff]*$/;
/** Plain words the core schema reads as null or a boolean. */
const NOT_A_STRING = /^(?:null|Null|NULL|true|True|TRUE|false|False|FALSE)$/;

/**
 * A double-quoted string as JSON writes it (generated front matter: `JSON.stringify`): JSON's
 * escapes are YAML's too, with the same meaning (a lone surrogate's `\uD8xx` aside: left out).
 */
const JSON_STRING = String.raw`"(?:[^"\\\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff]|\\["\\/bfnrt]|\\u(?![dD][89abAB])[0-9a-fA-F]{4})*"`;
const JSON_QUOTED = new RegExp(`^${JSON_STRING}$`);
/** A flow sequence of such strings on one line (`keywords: ["=>", "arrow"]`, the syntax lookup's). */
const STRING_LIST = new RegExp(`^\\[[ ]*(?:${JSON_STRING}(?:[ ]*,[ ]*${JSON_STRING})*)?[ ]*\\]$`);
const LIST_ITEM = new RegExp(JSON_STRING, 'g');

/** The mapping `text` holds when it is of the simple shape, else undefined (not an error: the full parser decides). */
export function simpleMapping(text: string): Record<string, string | string[]> | undefined {
  if (text.includes('\r')) return undefined;
  const out: Record<string, string | string[]> = {};
  const seen = new Set<string>();
  for (const line of text.split('\n')) {
    const m = SIMPLE_KEY.exec(line);
    if (!m) return undefined;
    const key = m[1]!;
    const value = m[2]!;
    if (seen.has(key) || key === '__proto__' || NOT_A_STRING.test(key)) return undefined;
    seen.add(key);
    let str: string | string[] | undefined;
    const quoted = DOUBLE_QUOTED.exec(value) ?? SINGLE_QUOTED.exec(value);
    if (quoted) str = quoted[1]!;
    else if (JSON_QUOTED.test(value)) str = JSON.parse(value) as string;
    else if (STRING_LIST.test(value)) str = [...value.matchAll(LIST_ITEM)].map((m) => JSON.parse(m[0]) as string);
    else if (PLAIN_STRING.test(value) && !NOT_A_STRING.test(value)) str = value;
    if (str === undefined) return undefined;
    out[key] = str;
  }
  return seen.size > 0 ? out : undefined;
}

export function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Closest recorded place for a pointer: the node itself, else its nearest ancestor. */
export function placeOf(positions: Record<string, Point>, pointer: string): Point | undefined {
  let p = pointer;
  for (;;) {
    const hit = positions[p];
    if (hit) return hit;
    if (p === '') return undefined;
    p = p.slice(0, p.lastIndexOf('/'));
  }
}
