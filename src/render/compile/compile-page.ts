// One page's compile from start to end: parse, walk, mdast → hast, body HTML, and the page facts
// (anchors, text sections) the index, search and llms files need.
import { unified } from 'unified';
import remarkRehype from 'remark-rehype';
import { HeadingIds } from './heading-ids.ts';
import type { Parents, Root } from 'mdast';
import type { Root as HastRoot, Element as HastElement, RootContent as HastContent } from 'hast';
import { parseMarkdown } from '../parse.ts';
import { highlightToHtml } from '../highlight.ts';
import { message } from '../../pipeline/messages.ts';
import { escapeHtml } from '../../util/text.ts';
import type { CompiledPage, Heading } from '../../pipeline/types.ts';
import { timeStage } from '../../pipeline/stage-times.ts';
import { decorate } from './decorate.ts';
import { renderBody } from './render-body.ts';
import { bodyHtml } from './to-html.ts';
import type { CompileContext, CompileInput, Highlight, WalkState } from './state.ts';
import { walkChildren } from './walk.ts';
import { linksLeftToCheck } from './links.ts';

const toHastProcessor = unified().use(remarkRehype, { allowDangerousHtml: false });

function collectIds(node: HastRoot | HastContent, into: Set<string>): void {
  if (node.type === 'element') {
    const id = (node as HastElement).properties?.['id'];
    if (typeof id === 'string') into.add(id);
  }
  if ('children' in node) for (const c of node.children) collectIds(c as HastContent, into);
}

/**
 * What `/\s+/g -> ' '` changes: runs of two or more whitespace characters, and a lone one other
 * than a space. Matching every single space as well (most of a text's matches) built a new string
 * piece by piece for each section: 13 MB of the main thread's allocations at 200 pages.
 */
const SPACE_TO_COLLAPSE = /\s{2,}|[^\S ]/g;

/** Splits the tree into heading sections of plain text (for search records and llms files). */
function sectionsOf(tree: Root, headings: Heading[]): CompiledPage['sections'] {
  // Each section's text pieces are gathered in one array, a space between top-level nodes, and
  // joined once, then spaces collapsed once (appending to a string per node made a rope that was
  // flattened at the end, a regex per node besides; mdast-util-to-string made and joined an array
  // per node of the tree).
  const sections: { heading: Heading | null; pieces: string[] }[] = [{ heading: null, pieces: [] }];
  let h = 0;
  for (let i = 0; i < tree.children.length; i++) {
    const node = tree.children[i]!;
    if (node.type === 'heading') {
      sections.push({ heading: headings[h++] ?? null, pieces: [] });
      continue;
    }
    if ((node.type as string) === 'docsgenElement' && !('children' in node && (node as Parents).children.length)) continue;
    const pieces = sections[sections.length - 1]!.pieces;
    if (pieces.length > 0) pieces.push(' ');
    textOf(node, pieces);
  }
  const out: CompiledPage['sections'] = [];
  for (const { heading, pieces } of sections) {
    const text = pieces.join('').replace(SPACE_TO_COLLAPSE, ' ').trim();
    if (heading !== null || text !== '') out.push({ heading, text });
  }
  return out;
}

/** Markdown nodes that are blocks of their own: their text never runs into the next one's. */
const BLOCK_NODES = new Set(['paragraph', 'heading', 'blockquote', 'list', 'listItem', 'table', 'tableRow', 'tableCell', 'code', 'html', 'thematicBreak', 'definition']);
/** HTML elements written in content that are blocks (or break a line), as opposed to inline ones. */
const BLOCK_TAGS = new Set(['address', 'article', 'aside', 'blockquote', 'br', 'dd', 'details', 'div', 'dl', 'dt', 'figcaption', 'figure', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'summary', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul']);

function isBlock(node: object): boolean {
  const type = (node as { type?: string }).type ?? '';
  if (BLOCK_NODES.has(type)) return true;
  if (type !== 'docsgenElement') return false;
  const name = (node as { data?: { hName?: string } }).data?.hName ?? '';
  // A component (`<Warn>`, `<CodeTab>`) renders a box of its own; a lowercase tag is as HTML has it.
  return BLOCK_TAGS.has(name) || /^[A-Z]/.test(name);
}

/**
 * A node's text, as mdast-util-to-string gives it (a literal's value, else an image's alt, else
 * its children's texts), pushed piece by piece, but with a space around each block (table cell,
 * list item, paragraph, component): to-string glues `rescript.json` in one cell to `only
 * JavaScript` in the next, which search then shows and indexes as `rescript.jsononly`.
 */
export function textOf(node: object, out: string[]): void {
  const block = isBlock(node);
  if (block) out.push(' ');
  if ('value' in node) out.push(node.value as string);
  else if ('alt' in node && node.alt) out.push(node.alt as string);
  else if ('children' in node) {
    const children = node.children as object[];
    for (let i = 0; i < children.length; i++) textOf(children[i]!, out);
  }
  if (block) out.push(' ');
}

/**
 * Compiles one page's Markdown to body HTML and page facts. Never throws: bad content becomes
 * messages, and a failure of docsgen itself becomes a positioned `internal-error` on the page
 * (with the source shown as text), so one page can never take a whole build down.
 */
export function compilePage(input: CompileInput, ctx: CompileContext, highlight: Highlight): CompiledPage {
  try {
    return compileUnsafe(input, ctx, highlight);
  } catch (err) {
    const fileName = input.id.split('/').pop()!.replace(/\.mdx?$/, '');
    const reason = err instanceof Error ? err.message : String(err);
    return {
      id: input.id,
      title: input.title ?? fileName,
      hasH1: false,
      headings: [],
      links: [],
      anchors: [],
      html: `<pre>${escapeHtml(afterLines(input.raw, input.frontMatterLines))}</pre>`,
      islands: [],
      sections: [],
      markdown: input.raw,
      preludes: [],
      fileRoutes: [],
      messages: [
        message(input.displayPath, { line: 1, column: 1 }, 'error', `docsgen failed on this page: ${reason}`, 'internal-error', 'This is a docsgen bug; please report it with this file.'),
      ],
    };
  }
}

/** `text` after its first `lines` lines (the front matter), cut at once rather than split and joined. */
function afterLines(text: string, lines: number): string {
  let at = 0;
  for (let i = 0; i < lines; i++) {
    const next = text.indexOf('\n', at);
    if (next === -1) return '';
    at = next + 1;
  }
  return text.slice(at);
}

/** A page's Markdown as the hast tree that becomes its body, with what the walk learned on the way. */
export function compileToHast(input: CompileInput, ctx: CompileContext, highlight: Highlight) {
  const { state, tree } = compileToMdast(input, ctx, highlight);
  return { state, tree, hast: toHast(tree) };
}

/** mdast → hast as remark-rehype does, with the anchors and labels decorate.ts adds. */
function toHast(tree: Root): HastRoot {
  const hast = toHastProcessor.runSync(tree as never) as unknown as HastRoot;
  decorate(hast);
  return hast;
}

/** A page's Markdown parsed and walked: the mdast that becomes its body, and what the walk learned. */
export function compileToMdast(input: CompileInput, ctx: CompileContext, highlight: Highlight) {
  const parsed = timeStage('parse', () => parseMarkdown(input.raw, input.frontMatterLines, input.displayPath, input.format ?? 'mdx'));
  const state: WalkState = {
    input,
    ctx,
    highlight: typeof highlight === 'function' ? highlight : (options) => timeStage('highlight', () => highlightToHtml(highlight, options)),
    walkChildren,
    messages: [...parsed.messages],
    links: [],
    headings: [],
    headingIds: new HeadingIds(input.raw),
    table: [],
    islands: new Set(),
    preludes: [],
    tabCount: 0,
    // Its own route too: resolved against it, the page's own links (`#id`) depend on it.
    fileRoutes: new Map([[input.id.replace(/\.mdx?$/, ''), input.route]]),
  };
  const tree: Root = { type: 'root', children: walkChildren(state, parsed.tree.children) };
  return { state, tree };
}

/** The body's HTML and element ids: straight from the mdast when `to-html.ts` can, else through hast. */
function bodyOf(tree: Root, state: WalkState): { html: string; anchors: Set<string> } {
  const direct = bodyHtml(tree, state.table);
  if (direct) return direct;
  const hast = toHast(tree);
  const anchors = new Set<string>();
  collectIds(hast, anchors);
  return { html: renderBody(hast, state.table), anchors };
}

function compileUnsafe(input: CompileInput, ctx: CompileContext, highlight: Highlight): CompiledPage {
  const { state, tree } = compileToMdast(input, ctx, highlight);
  const { html, anchors } = bodyOf(tree, state);
  const h1 = state.headings.find((h) => h.depth === 1);
  const fileName = input.id.split('/').pop()!.replace(/\.mdx?$/, '');
  const body = afterLines(input.raw, input.frontMatterLines).trim();
  return {
    id: input.id,
    title: input.title ?? h1?.text ?? fileName,
    hasH1: h1 !== undefined,
    headings: state.headings,
    links: linksLeftToCheck(state.links, input.route, anchors),
    anchors: [...anchors],
    html,
    islands: [...state.islands],
    sections: sectionsOf(tree, state.headings),
    markdown: body,
    preludes: state.preludes,
    messages: state.messages,
    fileRoutes: [...state.fileRoutes],
  };
}
