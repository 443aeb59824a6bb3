// The ReScript grammar with its regexes converted ahead of time, as shiki ships its own grammars
// (@shikijs/langs-precompiled). Its patterns are Oniguruma syntax; converting them to JavaScript
// regexes (oniguruma-to-es) took ~20 ms in every thread that highlights ReScript, every page of
// the site. src/pipeline/prebuild.ts writes the converted grammar when docsgen is built, keyed by
// a hash of the source grammar, so an edited grammar is never read stale: it is converted at run
// time until the next build.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EmulatedRegExp } from 'oniguruma-to-es';
import { defaultJavaScriptRegexConstructor } from 'shiki/engine/javascript';
import type { LanguageRegistration } from 'shiki/core';
import { sha1 } from '../util/text.ts';

export const RESCRIPT_GRAMMAR = path.join('src', 'render', 'grammars', 'rescript.tmLanguage.json');
export const PRECOMPILED_RESCRIPT_GRAMMAR = path.join('dist', 'rescript.grammar.json');

/** The keys of a TextMate grammar whose values are regex patterns. */
export const PATTERN_KEYS: ReadonlySet<string> = new Set(['match', 'begin', 'end', 'while']);

/** A converted pattern: source, flags, and the options of shiki's emulated regexes (if it is one). */
type Stored = { $regex: [string, string, object?] };

interface PrecompiledFile {
  /** sha1 of the source grammar's text. */
  source: string;
  grammar: unknown;
}

/** The grammar in `text` with every pattern converted as shiki's JavaScript engine converts it. */
export function precompile(text: string): PrecompiledFile {
  const convert = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(convert);
    if (!value || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      if (typeof child === 'string' && PATTERN_KEYS.has(key)) {
        const regex = defaultJavaScriptRegexConstructor(child);
        const options = (regex as { rawOptions?: object }).rawOptions;
        const stored: Stored = { $regex: options ? [regex.source, regex.flags, options] : [regex.source, regex.flags] };
        out[key] = stored;
      } else out[key] = convert(child);
    }
    return out;
  };
  return { source: sha1(text), grammar: convert(JSON.parse(text)) };
}

/** The precompiled grammar with its regexes rebuilt, if `file` holds one made from `text`. */
export function revivePrecompiled(file: string, text: string): LanguageRegistration | undefined {
  let stored: PrecompiledFile;
  try {
    stored = JSON.parse(readFileSync(file, 'utf8')) as PrecompiledFile;
  } catch {
    return undefined;
  }
  if (stored.source !== sha1(text)) return undefined;
  const revive = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(revive);
    if (!value || typeof value !== 'object') return value;
    const r = (value as Partial<Stored>).$regex;
    if (r) return r[2] ? new EmulatedRegExp(r[0], r[1], r[2]) : new RegExp(r[0], r[1]);
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, revive(v)]));
  };
  return revive(stored.grammar) as LanguageRegistration;
}
