import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createHighlighterCore, type HighlighterCore, type LanguageRegistration, type ThemedToken } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { toolDir } from '../pipeline/config.ts';
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
  const file = path.join(toolDir(), 'src', 'render', 'grammars', 'rescript.tmLanguage.json');
  if (!existsSync(file)) return [];
  const grammar = JSON.parse(readFileSync(file, 'utf8')) as LanguageRegistration;
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

let highlighterPromise: Promise<HighlighterCore> | undefined;
const loading = new Map<string, Promise<void>>();

/** One warm highlighter per thread (JS regex engine: no WASM to load). */
export function getHighlighter(): Promise<HighlighterCore> {
  highlighterPromise ??= createHighlighterCore({
    themes: [CSS_VARIABLE_THEME],
    langs: [],
    engine: createJavaScriptRegexEngine({ forgiving: true }),
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
    const load = GRAMMARS[lang];
    if (!load) continue;
    let p = loading.get(lang);
    if (!p) {
      p = load().then((grammar) => (grammar.length ? highlighter.loadLanguage(...grammar) : undefined));
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
}

const cache = new Map<string, string>();

/** Highlighted `<pre>` HTML; memoised by (language, code, highlighted lines). */
export function highlightToHtml(highlighter: HighlighterCore, { lang, code, highlight }: HighlightOptions): string {
  const grammar = highlighter.getLoadedLanguages().includes(lang) ? lang : 'text';
  const marks = highlight && highlight.size > 0 ? [...highlight].sort((a, b) => a - b).join(',') : '';
  const key = `${grammar}\0${marks}\0${code}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const html = tokensToHtml(highlighter.codeToTokensBase(code, { lang: grammar, theme: 'docsgen' }), highlight);
  if (cache.size > 5000) cache.clear();
  cache.set(key, html);
  return html;
}

const FG = 'var(--hl-fg)';
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/**
 * Tokens → `<pre>` HTML, written directly (shiki's codeToHtml goes through a hast tree first, ~15 %
 * of highlighting time). Default-coloured text carries no style: the `<pre>` sets the colour.
 */
function tokensToHtml(lines: ThemedToken[][], highlight: ReadonlySet<number> | undefined): string {
  let html = '<pre class="shiki docsgen" style="background-color:var(--hl-bg);color:var(--hl-fg)" tabindex="0"><code>';
  for (let i = 0; i < lines.length; i++) {
    if (i > 0) html += '\n';
    html += highlight?.has(i + 1) ? '<span class="line highlighted">' : '<span class="line">';
    for (const token of lines[i]!) {
      const text = token.content.replace(/[&<>"]/g, (c) => ESCAPES[c]!);
      const italic = token.fontStyle !== undefined && token.fontStyle > 0 && (token.fontStyle & 1) === 1;
      if ((!token.color || token.color === FG) && !italic) html += `<span>${text}</span>`;
      else html += `<span style="color:${token.color ?? FG}${italic ? ';font-style:italic' : ''}">${text}</span>`;
    }
    html += '</span>';
  }
  return `${html}</code></pre>`;
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
