// The highlight jobs a page's Markdown will most likely ask for, read off its text without parsing
// it: fenced code blocks at the top level (CommonMark's rules for their opening, closing and
// indentation), in a highlighted language, without marked lines. The highlight thread works on
// them while it would otherwise wait for the main thread's compile (pipeline/highlight-thread.ts);
// a guess that is wrong (a fence inside a list or a quote) only costs that thread the work.
import { resolveLanguage, type HighlightOptions } from './highlight.ts';

const OPENING = /^( {0,3})(`{3,}|~{3,})[ \t]*([^\s`{]*)([^\n]*)$/gm;

/** The code blocks of `text` the compile will probably send to the highlighter, in order. */
export function predictedHighlights(text: string): HighlightOptions[] {
  const out: HighlightOptions[] = [];
  OPENING.lastIndex = 0;
  for (let m = OPENING.exec(text); m; m = OPENING.exec(text)) {
    const [, indent, fence, word, rest] = m as unknown as [string, string, string, string, string];
    // A backtick fence's info string has no backtick.
    if (fence[0] === '`' && rest.includes('`')) continue;
    const start = m.index + m[0].length + 1;
    const close = closingFence(text, start, fence);
    const body = text.slice(start, close.contentEnd);
    OPENING.lastIndex = close.next;
    const lang = resolveLanguage(word);
    if (lang === 'text' || rest.includes('{') || /(^|\s)prelude(\s|$)/.test(rest)) continue;
    out.push({ lang, code: start > text.length ? '' : dedent(body, indent.length) });
  }
  return out;
}

/** Where the block's content ends and the text after its closing fence (or the end) starts. */
function closingFence(text: string, from: number, fence: string): { contentEnd: number; next: number } {
  const closing = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`, 'gm');
  closing.lastIndex = from;
  const m = closing.exec(text);
  if (!m) return { contentEnd: text.length, next: text.length };
  return { contentEnd: Math.max(from, m.index - 1), next: m.index + m[0].length };
}

/** Content lines lose up to the opening fence's indentation (CommonMark). */
function dedent(body: string, indent: number): string {
  if (indent === 0) return body;
  return body
    .split('\n')
    .map((line) => line.replace(new RegExp(`^ {0,${indent}}`), ''))
    .join('\n');
}
