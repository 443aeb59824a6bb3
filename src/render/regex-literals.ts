// Required literals of a regex: strings one of which every match contains, at or after the place
// the match starts. A search that finds none of them in the rest of the line cannot match, so the
// regex need not run (nor, on its first use, be compiled).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { RegExpParser, type AST } from '@eslint-community/regexpp';
import { defaultJavaScriptRegexConstructor } from 'shiki/engine/javascript';
import { toolDir } from '../pipeline/config.ts';
import { PATTERN_KEYS } from './precompiled-grammar.ts';

/** One of these strings is in every match, or undefined when nothing can be told. */
export type Literals = readonly string[] | undefined;

/**
 * The shipped grammars' requirements, worked out when docsgen is built (src/pipeline/prebuild.ts):
 * parsing ~1,000 regexes here would cost each thread as much as the runs it saves. Keyed by
 * `flags/source`; null: nothing required. A regex not in it (a grammar changed since the build) is
 * worked out on first use.
 */
export const LITERALS_FILE = path.join('dist', 'regex-literals.json');

let table: Map<string, Literals | null> | undefined;
const known = new WeakMap<RegExp, Literals | null>();

function loadTable(): Map<string, Literals | null> {
  const file = path.join(toolDir(), LITERALS_FILE);
  try {
    return new Map(Object.entries(existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[] | null>) : {}));
  } catch {
    return new Map(); // unreadable: everything is worked out at run time
  }
}

export function tableKey(regex: RegExp): string {
  return `${regex.flags}/${regex.source}`;
}

/** Every regex of `grammars` (walked as plain data) as the highlighter runs it. */
export function grammarRegexes(grammars: unknown[]): RegExp[] {
  // A grammar's patterns may be Oniguruma strings, which the highlighter's engine converts when it
  // makes a scanner: the same conversion gives the same source and flags (and a pattern it cannot
  // convert is skipped there too).
  const out = new Map<string, RegExp>();
  const seen = new Set<object>();
  const walk = (value: unknown): void => {
    if (!value || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    if (value instanceof RegExp) {
      out.set(tableKey(value), value);
      return;
    }
    for (const [key, child] of Object.entries(value)) {
      if (typeof child === 'string' && PATTERN_KEYS.has(key)) {
        try {
          const regex = defaultJavaScriptRegexConstructor(child);
          out.set(tableKey(regex), regex);
        } catch {
          // not convertible: never run
        }
      } else walk(child);
    }
  };
  walk(grammars);
  return [...out.values()];
}

/** The table's entries for every regex of `grammars`. */
export function literalTable(grammars: unknown[]): Record<string, string[] | null> {
  const out: Record<string, string[] | null> = {};
  for (const regex of grammarRegexes(grammars)) {
    const found = requiredLiterals(regex.source, regex.flags);
    out[tableKey(regex)] = found ? [...found] : null;
  }
  return out;
}

/** The required literals of a regex (from the table, else worked out once). */
export function literalsOf(regex: RegExp): Literals {
  let found = known.get(regex);
  if (found === undefined) {
    table ??= loadTable();
    const key = tableKey(regex);
    found = table.has(key) ? table.get(key)! : (requiredLiterals(regex.source, regex.flags) ?? null);
    known.set(regex, found);
  }
  return found ?? undefined;
}

/**
 * Strings one of which occurs, in every match of `source`, at or after the match's start (in the
 * match itself or in a lookahead). Undefined when the pattern gives no such guarantee, uses a flag
 * that changes what a character matches (`i`), or does not parse.
 */
export function requiredLiterals(source: string, flags: string): Literals {
  if (flags.includes('i')) return undefined;
  let pattern: AST.Pattern;
  try {
    pattern = new RegExpParser({ ecmaVersion: 2025 }).parsePattern(source, 0, source.length, {
      unicode: flags.includes('u'),
      unicodeSets: flags.includes('v'),
    });
  } catch {
    return undefined;
  }
  const found = ofAlternatives(pattern.alternatives);
  return found && found.every((s) => s.length > 0) ? found : undefined;
}

/** A match of one of the alternatives contains one of the strings: the union, if each alternative has some. */
function ofAlternatives(alternatives: readonly AST.Alternative[]): Literals {
  const all: string[] = [];
  for (const alternative of alternatives) {
    const found = ofSequence(alternative.elements);
    if (!found) return undefined;
    all.push(...found);
  }
  return [...new Set(all)];
}

/** The best requirement among the sequence's parts: runs of plain characters, and required groups. */
function ofSequence(elements: readonly AST.Element[]): Literals {
  let best: Literals;
  let run = '';
  const consider = (found: Literals) => {
    if (found && (!best || score(found) > score(best))) best = found;
  };
  for (const element of elements) {
    if (element.type === 'Character') {
      run += String.fromCodePoint(element.value);
      continue;
    }
    if (run) consider([run]);
    run = '';
    consider(ofElement(element));
  }
  if (run) consider([run]);
  return best;
}

/** A requirement is as good as its shortest string (and, at equal length, the fewer strings the better). */
function score(found: readonly string[]): number {
  return Math.min(...found.map((s) => s.length)) * 1000 - found.length;
}

function ofElement(element: AST.Element): Literals {
  switch (element.type) {
    case 'Character':
      return [String.fromCodePoint(element.value)];
    case 'Group':
    case 'CapturingGroup':
      return ofAlternatives(element.alternatives);
    case 'Quantifier':
      return element.min >= 1 ? ofElement(element.element) : undefined;
    case 'Assertion':
      // Only a lookahead looks at text at or after the match's start; a lookbehind may look before
      // the search's start, and a negative lookaround requires nothing.
      return element.kind === 'lookahead' && !element.negate ? ofAlternatives(element.alternatives) : undefined;
    default:
      return undefined; // classes, sets, backreferences, anchors
  }
}
