import { unified, type Processor } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import type { Root, RootContent } from 'mdast';
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
  /** 0-based lines that hold a `<` or `{` outside code, or an `import`/`export` line. */
  mdxLines: number[];
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
  const mdxLines: number[] = [];
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
    let special = !inCommentState.value && /^(import|export)\s/.test(line); // ESM lines
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
      if (ch === '<' || ch === '{') special = true;
      out += ch;
      j++;
    }
    lines[i] = out;
    if (special) mdxLines.push(i);
  }
  // An unclosed fence runs to the end of the document.
  if (fence !== null && fenceStart >= 0) fences.set(fenceStart + 1, fenceContent.join('\n'));
  return { text: lines.join('\n'), needsMdx: mdxLines.length > 0, fences, mdxLines };
}

/**
 * Nodes whose children are text and inline nodes only: a fenced code block is never inside one, so
 * the walk below does not go in (most of a page's nodes are there).
 */
const PHRASING_PARENTS = new Set(['paragraph', 'heading', 'table', 'tableRow', 'tableCell', 'emphasis', 'strong', 'delete', 'link', 'linkReference', 'mdxJsxTextElement']);

/** Puts the blanked code back into the parsed tree. */
function restoreFences(tree: Root, fences: Map<number, string>): void {
  if (fences.size === 0) return;
  const visit = (node: { type: string; value?: string; position?: { start: { line: number } }; children?: unknown[] }) => {
    if (node.type === 'code' && node.position) {
      const content = fences.get(node.position.start.line);
      if (content !== undefined) node.value = content;
    }
    const children = node.children;
    if (children && !PHRASING_PARENTS.has(node.type)) for (let i = 0; i < children.length; i++) visit(children[i] as never);
  };
  visit(tree as never);
}

export interface ParseResult {
  tree: Root;
  messages: Message[];
  /** False when the MDX parse failed and the plain-Markdown fallback was used. */
  mdx: boolean;
  /**
   * Which parser built the tree: `fast` (markdown-it), `fast+tags` (markdown-it for the Markdown,
   * the MDX parser for the tag lines alone), `micromark` (remark, with or without MDX).
   */
  via: 'fast' | 'fast+tags' | 'micromark';
}

/** `auto` takes the markdown-it fast path wherever it gives remark's tree; `micromark` never does. */
export type ParseEngine = 'auto' | 'micromark';

const WIDE_BLANK_LINE = /^[ \t]{4,}$/m;

/** Parses the dialect; MDX syntax errors become positioned messages and a plain-Markdown fallback tree. */
export function parseMarkdown(raw: string, frontMatterLines: number, file: string, format: 'mdx' | 'md' = 'mdx', engine: ParseEngine = 'auto'): ParseResult {
  const prepared = blankOutNonMarkdown(raw, frontMatterLines);
  const { text, needsMdx, fences } = prepared;
  const { mdx, plain, fast } = processors();
  try {
    // Without `<` or `{` outside code, MDX syntax cannot occur: the plain parser with MDX's
    // disabled constructs gives the same tree, faster.
    let tree: Root | undefined;
    let via: ParseResult['via'] = 'micromark';
    // One known difference: micromark keeps a whitespace-only line of 4 or more columns at the
    // end of an indented code block (`a\n ` or `a\n` where markdown-it gives `a`); such pages
    // (10 of the 649 API pages) take micromark.
    if (format === 'md') [tree, via] = engine === 'auto' && !WIDE_BLANK_LINE.test(text) ? [parseFast(text, 'plain'), 'fast'] : [plain.parse(text), 'micromark'];
    else if (engine === 'auto' && !needsMdx) [tree, via] = [parseFast(text), 'fast'];
    else if (engine === 'auto' && (tree = parseWithFlowTags(prepared, mdx))) via = 'fast+tags';
    else tree = needsMdx ? mdx.parse(text) : fast.parse(text);
    restoreFences(tree, fences);
    return { tree, messages: [], mdx: true, via };
  } catch (err) {
    const e = err as { reason?: string; message?: string; line?: number; column?: number; place?: unknown };
    const place = placeOfError(e);
    // micromark-extension-mdx-expression names its parser ("Could not parse expression with
    // acorn"): an author needs to know that the `{…}` is not a JavaScript expression.
    const reason = (e.reason ?? e.message ?? String(err))
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^Could not parse expression with acorn\b.*$/, 'the `{…}` is not a valid JavaScript expression');
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
    return { tree, messages: [m], mdx: false, via: 'micromark' };
  }
}

/**
 * The common shape of a page with components: every tag sits on lines of its own, at column 1
 * (`<CodeTab labels={[…]}>`, `</Info>`, `<Image src="…" />`), with Markdown around. In MDX such a
 * line always ends the paragraph, list or quote before it, so the page is two documents on the
 * same lines: the tag lines, which the MDX parser reads alone (tags, attributes, expressions,
 * their places and their errors are MDX's own), and everything else, plain Markdown for
 * markdown-it. Each Markdown block then goes into the innermost element whose lines enclose it.
 * Any other shape, and any doubt (a tag the MDX parser does not read as a flow element, a block
 * that would run across a tag line, a footnote), returns undefined: the page then goes through
 * the MDX parser whole. tests/unit/parse-fast.test.ts holds both ways to the same tree.
 */
function parseWithFlowTags(prepared: PreparedText, mdx: Processor<Root>): Root | undefined {
  const lines = prepared.text.split('\n');
  const tagLines = new Set(prepared.mdxLines);
  if (prepared.mdxLines.some((i) => lines[i]![0] !== '<')) return undefined;
  // The tag lines alone, one after another (between flow tags a blank line changes nothing, and
  // micromark walks every one: parsing the page-long version cost 2.5x as much).
  const tags = parseTagLines(prepared.mdxLines.map((i) => lines[i]).join('\n'), mdx);
  if (!tags || !onlyFlowElements(tags)) return undefined; // the whole page's parse reports errors
  // Places in the tag document → places in the page: line k is the page's line mdxLines[k - 1].
  const lineStarts: number[] = [];
  for (let i = 0, at = 0; i < lines.length; i++) {
    lineStarts.push(at);
    at += lines[i]!.length + 1;
  }
  const pageLine: number[] = [0];
  const shift: number[] = [0];
  for (let k = 0, at = 0; k < prepared.mdxLines.length; k++) {
    const i = prepared.mdxLines[k]!;
    pageLine.push(i + 1);
    shift.push(lineStarts[i]! - at);
    at += lines[i]!.length + 1;
  }
  movePlaces(tags, (line) => pageLine[line] ?? line, (line) => shift[line] ?? 0, new WeakSet());
  const markdown = lines.map((line, i) => (tagLines.has(i) ? '' : line));
  const body = parseFast(markdown.join('\n'));
  for (const block of body.children) {
    const p = block.position;
    if (!p || block.type === 'footnoteDefinition') return undefined;
    // A block's span may take in the blank lines after it (markdown-it's lists do): only a tag
    // line before its last non-blank line would be inside it.
    let last = p.end.line;
    while (last > p.start.line && (markdown[last - 1] ?? '').trim() === '') last--;
    for (let line = p.start.line; line <= last; line++) if (tagLines.has(line - 1)) return undefined;
    insertByLine(tags, block, p.start.line);
  }
  return tags;
}

/**
 * Tag documents parsed so far in this thread, by their text (null: MDX could not parse it). Pages
 * repeat them: the tag lines of a page are mostly `<CodeTab labels={[…]}>` and `</CodeTab>`, so
 * every page with the same run of code tabs has the same document, and the manual's versions
 * repeat whole pages (the repo-shaped bench corpus: 37 distinct documents among 457 pages, which
 * cost 0.48 s of the main thread's micromark and acorn). Bounded: a site of unusual pages keeps at
 * most TAG_DOCUMENTS of them.
 */
const tagDocuments = new Map<string, Root | null>();
const TAG_DOCUMENTS = 500;

/** The MDX tree of a tag document, a copy of its own (the caller moves its places and fills it in). */
function parseTagLines(text: string, mdx: Processor<Root>): Root | undefined {
  let tree = tagDocuments.get(text);
  if (tree === undefined) {
    try {
      tree = mdx.parse(text);
    } catch {
      tree = null;
    }
    if (tagDocuments.size >= TAG_DOCUMENTS) tagDocuments.clear();
    tagDocuments.set(text, tree);
  }
  return tree ? copyTree(tree) : undefined;
}

/**
 * A deep copy of a parsed tree: plain objects and arrays, acorn's nodes (their class kept) and
 * regex literals. Eight times as fast as structuredClone on these trees, and parse trees share no
 * objects, so nothing is copied twice.
 */
function copyTree<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copyTree) as T;
  if (value instanceof RegExp) return new RegExp(value.source, value.flags) as T;
  const out = Object.create(Object.getPrototypeOf(value) as object) as Record<string, unknown>;
  for (const key of Object.keys(value)) out[key] = copyTree((value as Record<string, unknown>)[key]);
  return out as T;
}

/**
 * Moves every place in a tree from the tag document to the page: unist points (`{ line, column,
 * offset }`), estree `loc` points, and estree `start`/`end`/`range` offsets (placed by their
 * `loc`). Columns stay: each tag line is the page's line, whole.
 */
function movePlaces(value: unknown, lineOf: (line: number) => number, shiftOf: (line: number) => number, seen: WeakSet<object>): void {
  if (!value || typeof value !== 'object' || seen.has(value)) return;
  seen.add(value);
  if (Array.isArray(value)) {
    for (const item of value) movePlaces(item, lineOf, shiftOf, seen);
    return;
  }
  const o = value as Record<string, unknown>;
  const loc = o['loc'] as { start: { line: number }; end: { line: number } } | undefined;
  if (loc && typeof o['start'] === 'number' && typeof o['end'] === 'number') {
    // Before the points move: the offsets go by the tag document's lines.
    o['start'] += shiftOf(loc.start.line);
    o['end'] += shiftOf(loc.end.line);
    if (Array.isArray(o['range'])) o['range'] = [o['start'], o['end']];
  }
  if (typeof o['line'] === 'number' && typeof o['column'] === 'number') {
    const line = o['line'];
    if (typeof o['offset'] === 'number') o['offset'] += shiftOf(line);
    o['line'] = lineOf(line);
  }
  for (const key in o) movePlaces(o[key], lineOf, shiftOf, seen);
}

function onlyFlowElements(node: { type: string; children?: unknown[] }): boolean {
  return (node.children ?? []).every(
    (child) => (child as { type: string }).type === 'mdxJsxFlowElement' && onlyFlowElements(child as { type: string; children?: unknown[] }),
  );
}

/** Puts a block into the innermost element whose lines enclose `line`, in line order. */
function insertByLine(parent: { children: RootContent[] }, block: RootContent, line: number): void {
  for (const child of parent.children) {
    const p = child.position;
    if (child.type === 'mdxJsxFlowElement' && p && p.start.line < line && line < p.end.line) return insertByLine(child, block, line);
  }
  const at = parent.children.findIndex((k) => (k.position?.start.line ?? 0) > line);
  parent.children.splice(at < 0 ? parent.children.length : at, 0, block);
}

function placeOfError(e: { line?: number; column?: number; place?: unknown; reason?: string }): { line: number; column: number } {
  // A tag left open: the opening tag's place, named in the text, is where the author must look
  // (the error's own place is where the paragraph or file ended, often column 1).
  const openTag = /^Expected a closing tag for `<[^`]*>` \((\d+):(\d+)/.exec(e.reason ?? '');
  if (openTag) return { line: Number(openTag[1]), column: Number(openTag[2]) };
  const place = e.place as { line?: number; column?: number; start?: { line: number; column: number } } | undefined;
  if (place?.start) return { line: place.start.line, column: place.start.column };
  if (place?.line) return { line: place.line, column: place.column ?? 1 };
  if (e.line) return { line: e.line, column: e.column ?? 1 };
  // A tag left open at the end of the file: the error has no place of its own, only the opening
  // tag's, in its text (`Expected a closing tag for \`<Info>\` (7:1-7:7)`).
  const named = /\((\d+):(\d+)(?:-\d+:\d+)?\)/.exec(e.reason ?? '');
  if (named) return { line: Number(named[1]), column: Number(named[2]) };
  return { line: 1, column: 1 };
}
