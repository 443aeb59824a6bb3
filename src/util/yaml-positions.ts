import { LineCounter, parseDocument, isMap, isSeq, isScalar, isPair, type Node as YamlNode } from 'yaml';
import type { Point } from '../pipeline/types.ts';

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
export function parseJsonLazily(text: string): LazyDocument {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    const doc = parsePositioned(text);
    return { ...doc, strictErrors: () => [] };
  }
  let full: PositionedDocument | undefined;
  const strict = () => (full ??= parsePositioned(text));
  return {
    data,
    errors: [],
    get positions() {
      return strict().positions;
    },
    get keyPositions() {
      return strict().keyPositions;
    },
    strictErrors: () => strict().errors,
  };
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
