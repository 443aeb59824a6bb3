import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createHighlighterCore, type HighlighterCore, type LanguageRegistration } from 'shiki/core';
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

let highlighterPromise: Promise<HighlighterCore> | undefined;

/** One warm highlighter per thread (JS regex engine: no WASM to load). */
export function getHighlighter(): Promise<HighlighterCore> {
  highlighterPromise ??= (async () => {
    const langs = await Promise.all([
      import('@shikijs/langs/javascript'),
      import('@shikijs/langs/jsx'),
      import('@shikijs/langs/typescript'),
      import('@shikijs/langs/tsx'),
      import('@shikijs/langs/shellscript'),
      import('@shikijs/langs/shellsession'),
      import('@shikijs/langs/json'),
      import('@shikijs/langs/diff'),
      import('@shikijs/langs/css'),
      import('@shikijs/langs/html'),
      import('@shikijs/langs/ocaml'),
    ]);
    return createHighlighterCore({
      themes: [CSS_VARIABLE_THEME],
      langs: [...langs.map((l) => l.default), loadRescriptGrammar()],
      engine: createJavaScriptRegexEngine({ forgiving: true }),
    });
  })();
  return highlighterPromise;
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
  const html = highlighter.codeToHtml(code, {
    lang: grammar,
    theme: 'docsgen',
    transformers: marks
      ? [
          {
            line(node, line) {
              if (highlight!.has(line)) this.addClassToHast(node, 'highlighted');
            },
          },
        ]
      : [],
  });
  if (cache.size > 5000) cache.clear();
  cache.set(key, html);
  return html;
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
