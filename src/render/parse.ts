import { unified, type Processor } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import type { Root } from 'mdast';
import type { Message } from '../pipeline/types.ts';
import { message } from '../pipeline/messages.ts';
import { parseFast } from './parse-fast.ts';

let mdxProcessor: Processor<Root> | undefined;
let plainProcessor: Processor<Root> | undefined;
let fastProcessor: Processor<Root> | undefined;

/** The constructs MDX turns off; the fast path turns them off too, so both parse alike. */
function mdxLikeSyntax(this: Processor) {
  const data = this.data() as { micromarkExtensions?: unknown[] };
  (data.micromarkExtensions ??= []).push({ disable: { null: ['autolink', 'codeIndented', 'htmlFlow', 'htmlText'] } });
}

function processors() {
  mdxProcessor ??= unified().use(remarkParse).use(remarkMdx).use(remarkGfm) as unknown as Processor<Root>;
  plainProcessor ??= unified().use(remarkParse).use(remarkGfm) as unknown as Processor<Root>;
  fastProcessor ??= unified().use(remarkParse).use(mdxLikeSyntax).use(remarkGfm) as unknown as Processor<Root>;
  return { mdx: mdxProcessor, plain: plainProcessor, fast: fastProcessor };
}

/** What the pre-pass found. */
export interface PreparedText {
  text: string;
  /** A `<` or `{` outside code: the text may hold tags or expressions and needs the MDX parser. */
  needsMdx: boolean;
  /**
   * Content of fenced code blocks that start at column 1, by the fence's line. Their lines are
   * blanked before parsing (the parser would otherwise walk every character of every code block)
   * and put back into the tree afterwards.
   */
  fences: Map<number, string>;
}

/**
 * Replaces the front matter and HTML comments with spaces (newlines kept), so that positions in
 * the tree are positions in the file. MDX itself rejects `<!-- -->`; the dialect allows them.
 * Code (fenced blocks and inline code spans) is left untouched.
 */
/** Characters that start something blankOutNonMarkdown handles: code spans, escapes, comments, tags, expressions. */
const SPECIAL = /[`\\<{]/g;

export function blankOutNonMarkdown(raw: string, frontMatterLines: number): PreparedText {
  const inCommentState = { value: false };
  const lines = raw.split('\n');
  for (let i = 0; i < frontMatterLines && i < lines.length; i++) lines[i] = '';
  const fences = new Map<number, string>();
  let needsMdx = false;
  let fence: string | null = null;
  let fenceStart = -1;
  let fenceContent: string[] = [];
  for (let i = frontMatterLines; i < lines.length; i++) {
    const line = lines[i]!;
    if (!inCommentState.value) {
      const f = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
      if (fence !== null) {
        if (f && f[1]![0] === fence[0] && f[1]!.length >= fence.length && line.trim() === f[1]) {
          if (fenceStart >= 0) fences.set(fenceStart + 1, fenceContent.join('\n'));
          fence = null;
        } else if (fenceStart >= 0) {
          fenceContent.push(line);
          lines[i] = '';
        }
        continue;
      }
      if (f && !(f[1]![0] === '`' && line.slice(f[0].length).includes('`'))) {
        fence = f[1]!;
        // Only fences at column 1 are blanked: indented ones may sit in list items, whose
        // indentation rules the parser must see.
        fenceStart = f.index === 0 && line.startsWith(fence) ? i : -1;
        fenceContent = [];
        continue;
      }
    }
    if (!inCommentState.value && /^(import|export)\s/.test(line)) needsMdx = true; // ESM lines
    let out = '';
    let j = 0;
    while (j < line.length) {
      if (inCommentState.value) {
        const end = line.indexOf('-->', j);
        if (end < 0) {
          out += ' '.repeat(line.length - j);
          j = line.length;
        } else {
          out += ' '.repeat(end + 3 - j);
          j = end + 3;
          inCommentState.value = false;
        }
        continue;
      }
      // Copy up to the next character that matters in one piece.
      SPECIAL.lastIndex = j;
      const next = SPECIAL.exec(line);
      if (!next) {
        out += j === 0 ? line : line.slice(j);
        break;
      }
      if (next.index > j) {
        out += line.slice(j, next.index);
        j = next.index;
      }
      const ch = line[j]!;
      if (ch === '`') {
        // Skip an inline code span: a run of n backticks up to the next run of exactly n.
        let k = j;
        while (line[k] === '`') k++;
        const run = line.slice(j, k);
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
        inCommentState.value = true;
        out += '    ';
        j += 4;
        continue;
      }
      if (ch === '<' || ch === '{') needsMdx = true;
      out += ch;
      j++;
    }
    lines[i] = out;
  }
  // An unclosed fence runs to the end of the document.
  if (fence !== null && fenceStart >= 0) fences.set(fenceStart + 1, fenceContent.join('\n'));
  return { text: lines.join('\n'), needsMdx, fences };
}

/** Puts the blanked code back into the parsed tree. */
function restoreFences(tree: Root, fences: Map<number, string>): void {
  if (fences.size === 0) return;
  const visit = (node: { type: string; value?: string; position?: { start: { line: number } }; children?: unknown[] }) => {
    if (node.type === 'code' && node.position) {
      const content = fences.get(node.position.start.line);
      if (content !== undefined) node.value = content;
    }
    if (node.children) for (const c of node.children) visit(c as never);
  };
  visit(tree as never);
}

export interface ParseResult {
  tree: Root;
  messages: Message[];
  /** False when the MDX parse failed and the plain-Markdown fallback was used. */
  mdx: boolean;
}

/** Parses the dialect; MDX syntax errors become positioned messages and a plain-Markdown fallback tree. */
/** `auto` takes the markdown-it fast path when no tag or expression can occur; `micromark` never does. */
export type ParseEngine = 'auto' | 'micromark';

export function parseMarkdown(raw: string, frontMatterLines: number, file: string, format: 'mdx' | 'md' = 'mdx', engine: ParseEngine = 'auto'): ParseResult {
  const { text, needsMdx, fences } = blankOutNonMarkdown(raw, frontMatterLines);
  const { mdx, plain, fast } = processors();
  try {
    // Without `<` or `{` outside code, MDX syntax cannot occur: the plain parser with MDX's
    // disabled constructs gives the same tree, faster.
    const tree =
      format === 'md' ? plain.parse(text) : needsMdx ? mdx.parse(text) : engine === 'auto' ? parseFast(text) : fast.parse(text);
    restoreFences(tree, fences);
    return { tree, messages: [], mdx: true };
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
    const tree = plain.parse(text);
    restoreFences(tree, fences);
    return { tree, messages: [m], mdx: false };
  }
}

function placeOfError(e: { line?: number; column?: number; place?: unknown }): { line: number; column: number } {
  const place = e.place as { line?: number; column?: number; start?: { line: number; column: number } } | undefined;
  if (place?.start) return { line: place.start.line, column: place.start.column };
  if (place?.line) return { line: place.line, column: place.column ?? 1 };
  return { line: e.line ?? 1, column: e.column ?? 1 };
}
