import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createHighlighterCore, type HighlighterCore, type LanguageRegistration } from 'shiki/core';
import { EncodedTokenMetadata, INITIAL, type IGrammar, type StateStack } from 'shiki/textmate';
import { toolDir } from '../pipeline/config.ts';
import { codeLinksText, linkLine, linksByLine, type CodeLink } from './code-links.ts';
import { createSharedCacheRegexEngine } from './regex-engine.ts';
import { PRECOMPILED_RESCRIPT_GRAMMAR, RESCRIPT_GRAMMAR, revivePrecompiled } from './precompiled-grammar.ts';
import { CSS_VARIABLE_THEME } from './theme.ts';

/** Fence language (lowercased) → grammar name. Unknown languages render as plain text (SPEC §8). */
const ALIASES: Record<string, string> = {
  res: 'rescript',
  rescript: 'rescript',
  resi: 'rescript',
  re: 'rescript', // Reason's syntax is close enough to ReScript's for highlighting
  reason: 'rescript',
  reasonml: 'rescript',
  rei: 'rescript',
  ml: 'ocaml',
  ocaml: 'ocaml',
  mli: 'ocaml',
  js: 'javascript',
  javascript: 'javascript',
  jsx: 'jsx',
  mjs: 'javascript',
  cjs: 'javascript',
  ts: 'typescript',
  typescript: 'typescript',
  tsx: 'tsx',
  sh: 'shellscript',
  bash: 'shellscript',
  shell: 'shellscript',
  console: 'shellsession',
  json: 'json',
  diff: 'diff',
  css: 'css',
  html: 'html',
};

/** Normalised grammar name for a fence language, or `text`. */
export function resolveLanguage(lang: string | null | undefined): string {
  if (!lang) return 'text';
  return ALIASES[lang.toLowerCase()] ?? 'text';
}


function loadRescriptGrammar(): LanguageRegistration[] {
  const file = path.join(toolDir(), RESCRIPT_GRAMMAR);
  if (!existsSync(file)) return [];
  const text = readFileSync(file, 'utf8');
  const grammar = revivePrecompiled(path.join(toolDir(), PRECOMPILED_RESCRIPT_GRAMMAR), text) ?? (JSON.parse(text) as LanguageRegistration);
  return [{ ...grammar, name: 'rescript' }];
}

/** Grammar loaders; a grammar is loaded (and its regexes compiled) only when a page uses it. */
const GRAMMARS: Record<string, () => Promise<LanguageRegistration[]>> = {
  rescript: async () => loadRescriptGrammar(),
  javascript: async () => (await import('@shikijs/langs-precompiled/javascript')).default,
  jsx: async () => (await import('@shikijs/langs-precompiled/jsx')).default,
  typescript: async () => (await import('@shikijs/langs-precompiled/typescript')).default,
  tsx: async () => (await import('@shikijs/langs-precompiled/tsx')).default,
  shellscript: async () => (await import('@shikijs/langs-precompiled/shellscript')).default,
  shellsession: async () => (await import('@shikijs/langs-precompiled/shellsession')).default,
  json: async () => (await import('@shikijs/langs-precompiled/json')).default,
  diff: async () => (await import('@shikijs/langs-precompiled/diff')).default,
  css: async () => (await import('@shikijs/langs-precompiled/css')).default,
  html: async () => (await import('@shikijs/langs-precompiled/html')).default,
  ocaml: async () => (await import('@shikijs/langs-precompiled/ocaml')).default,
};

/** Every language docsgen can highlight. */
export const HIGHLIGHTED_LANGUAGES = Object.keys(GRAMMARS);

/** The grammar registrations of one language (empty when docsgen has none). */
export function loadGrammar(lang: string): Promise<LanguageRegistration[]> {
  return GRAMMARS[lang]?.() ?? Promise.resolve([]);
}

/**
 * Code the highlight thread highlights to warm up a grammar (its module loaded, its commonest
 * regexes compiled), by grammar name. Written with fence names, as authors write them, and
 * resolved to grammar names as compile does: a job's language is a grammar name, and a fence name
 * such as `js` warmed up nothing (it did, until the names were resolved here).
 */
export const WARM_UP: readonly HighlightOptions[] = (
  [
    ['rescript', 'module M = {\n  type t = {name: string}\n  let greet = (p: t) => `Hello ${p.name}` // hi\n}\nlet _ = [1, 2]->Array.map(x => x * 2)\n'],
    ['js', 'import * as M from "./M.res.js";\nfunction greet(p) {\n  return "Hello " + p.name; // hi\n}\nexport { greet };\n'],
    ['sh', 'npm install rescript\n'],
    ['json', '{ "name": "app", "sources": ["src"] }\n'],
    ['ts', 'export interface T { name: string }\n'],
  ] as const
).map(([fence, code]) => ({ lang: resolveLanguage(fence), code }));

/** Warm-up jobs for these grammars: a snippet where there is one, else the grammar loaded only. */
export function warmUpJobs(grammars: Iterable<string>): HighlightOptions[] {
  const out: HighlightOptions[] = [];
  for (const lang of new Set(grammars)) {
    if (!GRAMMARS[lang]) continue;
    out.push(WARM_UP.find((job) => job.lang === lang) ?? { lang, code: '' });
  }
  return out;
}

let highlighterPromise: Promise<HighlighterCore> | undefined;
const loading = new Map<string, Promise<void>>();

/** One warm highlighter per thread (JS regex engine: no WASM to load). */
export function getHighlighter(): Promise<HighlighterCore> {
  highlighterPromise ??= createHighlighterCore({
    themes: [CSS_VARIABLE_THEME],
    langs: [],
    engine: createSharedCacheRegexEngine(),
  });
  return highlighterPromise;
}

/** Fence languages a Markdown text uses (a cheap scan; over-reporting only loads a grammar early). */
export function languagesIn(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/^[ \t>]*(?:`{3,}|~{3,})[ \t]*([\w#+.-]+)/gm)) out.add(resolveLanguage(m[1]!.replace(/\{.*$/, '')));
  // API signatures and other generated ReScript.
  if (/```res|rescript/.test(text)) out.add('rescript');
  return out;
}

/** Loads the grammars of these languages into the highlighter (each once per thread). */
export async function ensureLanguages(highlighter: HighlighterCore, langs: Iterable<string>): Promise<void> {
  const waits: Promise<void>[] = [];
  for (const lang of langs) {
    if (!GRAMMARS[lang]) continue;
    let p = loading.get(lang);
    if (!p) {
      p = loadGrammar(lang).then((grammar) => (grammar.length ? highlighter.loadLanguage(...grammar) : undefined));
      loading.set(lang, p);
    }
    waits.push(p);
  }
  await Promise.all(waits);
}

export interface HighlightOptions {
  lang: string;
  code: string;
  /** 1-based line numbers to mark. */
  highlight?: ReadonlySet<number>;
  /** Ranges of the code that are links (`code-links.ts`: a type in an API signature). */
  links?: readonly CodeLink[];
}

const cache = new Map<string, string>();

/** Drops the memo caches (benchmarks measure highlighting itself). */
export function clearHighlightCaches(): void {
  cache.clear();
  lineCache.clear();
}

/**
 * Highlighted HTML for a batch of jobs, in order, loading the grammars they need (the highlight
 * thread's work, and the main thread's when that thread died). A job that fails comes back as
 * plain text, so a batch is always answered in full.
 */
export async function highlightAll(jobs: readonly HighlightOptions[]): Promise<string[]> {
  const highlighter = await getHighlighter();
  await ensureLanguages(highlighter, new Set(jobs.map((job) => job.lang))).catch(() => undefined);
  return jobs.map((job) => {
    try {
      return highlightToHtml(highlighter, job);
    } catch {
      return highlightToHtml(highlighter, { ...job, lang: 'text' });
    }
  });
}

/** Highlighted `<pre>` HTML; memoised by (language, code, highlighted lines). */
export function highlightToHtml(highlighter: HighlighterCore, { lang, code, highlight, links }: HighlightOptions): string {
  const grammar = highlighter.getLoadedLanguages().includes(lang) ? lang : 'text';
  const marks = highlight && highlight.size > 0 ? [...highlight].sort((a, b) => a - b).join(',') : '';
  const key = `${grammar}\0${marks}\0${links && links.length > 0 ? codeLinksText(links) : ''}\0${code}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const linked = links && links.length > 0 ? linksByLine(code, links) : undefined;
  const lines = code.split(/\r?\n/);
  let html = '<pre class="shiki docsgen" style="background-color:var(--hl-bg);color:var(--hl-fg)" tabindex="0"><code>';
  if (grammar === 'text') {
    for (let i = 0; i < lines.length; i++) html += `${i > 0 ? '\n' : ''}${lineOpen(highlight, i)}${withLinks(`<span>${escapeHtml(lines[i]!)}</span>`, linked, i)}</span>`;
  } else {
    const colorMap = themeColors(highlighter);
    const tokenizer = highlighter.getLanguage(grammar);
    let state: StateStack = INITIAL;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      // As shiki does: an empty line is not tokenized and leaves the state as it was.
      let body = '';
      if (line !== '') ({ html: body, end: state } = tokenizeLine(grammar, tokenizer, colorMap, line, state));
      html += `${i > 0 ? '\n' : ''}${lineOpen(highlight, i)}${withLinks(body, linked, i)}</span>`;
    }
  }
  html += '</code></pre>';
  if (cache.size > 5000) cache.clear();
  cache.set(key, html);
  return html;
}

/**
 * The theme's colour table, indexed by a token's foreground id. Its CSS variables reach the
 * tokenizer as placeholder hex colours; this maps them back, as shiki's own tokenizer does.
 */
let colorTable: { for: HighlighterCore; colors: string[] } | undefined;
function themeColors(highlighter: HighlighterCore): string[] {
  if (colorTable?.for !== highlighter) {
    const { theme, colorMap } = highlighter.setTheme('docsgen');
    const replace = theme.colorReplacements ?? {};
    colorTable = { for: highlighter, colors: colorMap.map((c) => (c ? (replace[c.toLowerCase()] ?? c) : c)) };
  }
  return colorTable.colors;
}

/** A line's spans with its links, if it has any. */
const withLinks = (body: string, linked: Map<number, CodeLink[]> | undefined, i: number): string => {
  const links = linked?.get(i);
  return links ? linkLine(body, links) : body;
};

const lineOpen = (highlight: ReadonlySet<number> | undefined, i: number): string =>
  highlight?.has(i + 1) ? '<span class="line highlighted">' : '<span class="line">';

const FG = 'var(--hl-fg)';
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeHtml = (text: string): string => (/[&<>"]/.test(text) ? text.replace(/[&<>"]/g, (c) => ESCAPES[c]!) : text);

interface TokenizedLine {
  /** The line's tokens as `<span>`s. */
  html: string;
  /** Grammar state at the end of the line. */
  end: StateStack;
}

/**
 * (grammar, state at line start, line text) → tokens and end state. A TextMate tokenizer is a pure
 * function of exactly these, so a line seen before in the same state is not tokenized again. Code
 * repeats a lot at line level (closing braces, imports, the same example in every docs version), and
 * tokenizing is most of the highlighting time.
 */
const lineCache = new Map<string, TokenizedLine>();
const LINE_CACHE_LIMIT = 200_000;

function tokenizeLine(grammar: string, tokenizer: IGrammar, colorMap: string[], line: string, state: StateStack): TokenizedLine {
  const key = `${grammar}\0${stateId(state)}\0${line}`;
  const hit = lineCache.get(key);
  if (hit) return hit;
  // No time limit: with one, a line tokenized while the machine is busy (a regex compiled on first
  // use, a loaded CI runner) stops half-way and the build's output would depend on the load.
  const result = tokenizer.tokenizeLine2(line, state, 0);
  const tokens = result.tokens;
  const count = tokens.length / 2;
  let html = '';
  for (let j = 0; j < count; j++) {
    const start = tokens[2 * j]!;
    const end = j + 1 < count ? tokens[2 * j + 2]! : line.length;
    if (start === end) continue;
    const metadata = tokens[2 * j + 1]!;
    const color = colorMap[EncodedTokenMetadata.getForeground(metadata)];
    const italic = (EncodedTokenMetadata.getFontStyle(metadata) & 1) === 1;
    const text = escapeHtml(line.slice(start, end));
    // Default-coloured text carries no style: the `<pre>` sets the colour.
    if ((!color || color === FG) && !italic) html += `<span>${text}</span>`;
    else html += `<span style="color:${color ?? FG}${italic ? ';font-style:italic' : ''}">${text}</span>`;
  }
  const entry = { html, end: result.ruleStack };
  if (lineCache.size >= LINE_CACHE_LIMIT) lineCache.clear();
  lineCache.set(key, entry);
  return entry;
}

/**
 * A short id per distinct grammar state. Two state objects get the same id when they are equal the
 * way vscode-textmate compares them (rule, end pattern, scopes, frame by frame) plus whether the
 * begin pattern captured the line end (it anchors the next line's first match).
 */
const stateIds = new WeakMap<StateStack, string>();
const structuralIds = new Map<string, string>();

interface StateFrame {
  parent: StateFrame | null;
  ruleId: number;
  endRule: string | null;
  beginRuleCapturedEOL: boolean;
  nameScopesList: { toString(): string } | null;
  contentNameScopesList: { toString(): string } | null;
}

/** A scope list as text, once per list object (states share their lists). */
const scopeKeys = new WeakMap<object, string>();
function scopesKey(list: { toString(): string } | null): string {
  if (!list) return '';
  let key = scopeKeys.get(list);
  if (key === undefined) scopeKeys.set(list, (key = list.toString()));
  return key;
}

function stateId(state: StateStack): string {
  const known = stateIds.get(state);
  if (known !== undefined) return known;
  const frame = state as unknown as StateFrame;
  const structure = [
    frame.parent ? stateId(frame.parent as unknown as StateStack) : '',
    frame.ruleId,
    frame.endRule ?? '',
    frame.beginRuleCapturedEOL ? 1 : 0,
    scopesKey(frame.nameScopesList),
    scopesKey(frame.contentNameScopesList),
  ].join('\u0001');
  let id = structuralIds.get(structure);
  if (id === undefined) {
    id = String(structuralIds.size);
    structuralIds.set(structure, id);
  }
  stateIds.set(state, id);
  return id;
}

/**
 * Parses a line-highlight spec (SPEC §5): comma-separated numbers and ranges written with
 * `-`, `..` or `...`. Returns null when the spec is malformed.
 */
export function parseHighlightSpec(spec: string): Set<number> | null {
  const out = new Set<number>();
  for (const part of spec.split(',').map((p) => p.trim()).filter(Boolean)) {
    const m = /^(\d+)(?:\s*(?:-|\.\.\.|\.\.)\s*(\d+))?$/.exec(part);
    if (!m) return null;
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if (to < from || to - from > 10_000) return null;
    for (let i = from; i <= to; i++) out.add(i);
  }
  return out;
}
