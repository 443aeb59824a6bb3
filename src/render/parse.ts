import { unified, type Processor } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import type { Root } from 'mdast';
import type { Message } from '../pipeline/types.ts';
import { message } from '../pipeline/messages.ts';

let mdxProcessor: Processor<Root> | undefined;
let plainProcessor: Processor<Root> | undefined;

function processors() {
  mdxProcessor ??= unified().use(remarkParse).use(remarkMdx).use(remarkGfm) as unknown as Processor<Root>;
  plainProcessor ??= unified().use(remarkParse).use(remarkGfm) as unknown as Processor<Root>;
  return { mdx: mdxProcessor, plain: plainProcessor };
}

/**
 * Replaces the front matter and HTML comments with spaces (newlines kept), so that positions in
 * the tree are positions in the file. MDX itself rejects `<!-- -->`; the dialect allows them.
 * Code (fenced blocks and inline code spans) is left untouched.
 */
export function blankOutNonMarkdown(raw: string, frontMatterLines: number): string {
  const lines = raw.split('\n');
  for (let i = 0; i < frontMatterLines && i < lines.length; i++) lines[i] = '';
  let fence: string | null = null;
  let inComment = false;
  for (let i = frontMatterLines; i < lines.length; i++) {
    const line = lines[i]!;
    if (!inComment) {
      const f = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
      if (fence !== null) {
        if (f && f[1]![0] === fence[0] && f[1]!.length >= fence.length && line.trim() === f[1]) fence = null;
        continue;
      }
      if (f) {
        fence = f[1]!;
        continue;
      }
    }
    let out = '';
    let j = 0;
    while (j < line.length) {
      if (inComment) {
        const end = line.indexOf('-->', j);
        if (end < 0) {
          out += ' '.repeat(line.length - j);
          j = line.length;
        } else {
          out += ' '.repeat(end + 3 - j);
          j = end + 3;
          inComment = false;
        }
        continue;
      }
      const ch = line[j]!;
      if (ch === '`') {
        // Skip an inline code span: a run of n backticks up to the next run of exactly n.
        const run = /^`+/.exec(line.slice(j))![0];
        const close = line.indexOf(run, j + run.length);
        const end = close < 0 ? j + run.length : close + run.length;
        out += line.slice(j, end);
        j = end;
        continue;
      }
      if (ch === '\\') {
        out += line.slice(j, j + 2);
        j += 2;
        continue;
      }
      if (line.startsWith('<!--', j)) {
        inComment = true;
        out += '    ';
        j += 4;
        continue;
      }
      out += ch;
      j++;
    }
    lines[i] = out;
  }
  return lines.join('\n');
}

export interface ParseResult {
  tree: Root;
  messages: Message[];
  /** False when the MDX parse failed and the plain-Markdown fallback was used. */
  mdx: boolean;
}

/** Parses the dialect; MDX syntax errors become positioned messages and a plain-Markdown fallback tree. */
export function parseMarkdown(raw: string, frontMatterLines: number, file: string): ParseResult {
  const text = blankOutNonMarkdown(raw, frontMatterLines);
  const { mdx, plain } = processors();
  try {
    return { tree: mdx.parse(text), messages: [], mdx: true };
  } catch (err) {
    const e = err as { reason?: string; message?: string; line?: number; column?: number; place?: unknown };
    const place = placeOfError(e);
    const reason = (e.reason ?? e.message ?? String(err)).replace(/\s+/g, ' ').trim();
    const m = message(
      file,
      place,
      'error',
      `Could not parse: ${reason}`,
      'mdx-syntax',
      'Tags and `{…}` are parsed as MDX; to write a literal `<` or `{` in text, escape it as `\\<` or `\\{`, or use inline code.',
    );
    return { tree: plain.parse(text), messages: [m], mdx: false };
  }
}

function placeOfError(e: { line?: number; column?: number; place?: unknown }): { line: number; column: number } {
  const place = e.place as { line?: number; column?: number; start?: { line: number; column: number } } | undefined;
  if (place?.start) return { line: place.start.line, column: place.start.column };
  if (place?.line) return { line: place.line, column: place.column ?? 1 };
  return { line: e.line ?? 1, column: e.column ?? 1 };
}
