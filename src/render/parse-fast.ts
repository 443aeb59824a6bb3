// The fast path of the parser: pages with no tag or expression syntax (no `<` or `{` outside code)
// are plain CommonMark + GFM, which markdown-it parses about ten times faster than micromark.
// Its tokens are turned into the same mdast that remark-parse would produce, so everything after
// parsing (links, code, headings, hast, React) is one pipeline. tests/unit/parse-fast.test.ts
// holds the two parsers to the same rendered output.
import MarkdownIt from 'markdown-it';
import footnote from 'markdown-it-footnote';
import normalize from 'markdown-it/lib/rules_core/normalize.mjs';
import type Token from 'markdown-it/lib/token.mjs';
import type { Nodes, Parents, Root, RootContent } from 'mdast';
import { decodedOrAsIs } from '../util/text.ts';

const parsers: { mdx?: MarkdownIt; plain?: MarkdownIt } = {};
const MAY_HAVE_LINK = /\/\/|www\.|@/i;

/**
 * `mdx`: the constructs MDX keeps (no HTML, autolinks or indented code: MDX turns them off);
 * `plain`: all of CommonMark + GFM, for `.md` pages (the generated API reference).
 */
function parser(kind: 'mdx' | 'plain'): MarkdownIt {
  const cached = parsers[kind];
  if (cached) return cached;
  const md = new MarkdownIt('commonmark', { html: kind === 'plain', linkify: true })
    .enable(['table', 'strikethrough', 'linkify'])
    .use(footnote as unknown as (md: MarkdownIt) => void);
  if (kind === 'mdx') md.disable(['code', 'autolink', 'html_block', 'html_inline']);
  // Destinations as written (escapes and entities resolved, as remark keeps them): markdown-it
  // would parse, punycode and percent-encode each one, which `rawHref` then decoded again.
  md.normalizeLink = (url) => url;
  // Its first rule rewrites every line ending (`\n` included) and NUL into a new string: only
  // needed when the text has a `\r` or a NUL (~9 ms of a 200-page build's main thread otherwise).
  md.core.ruler.at('normalize', (state) => (state.src.includes('\r') || state.src.includes('\0') ? normalize(state) : undefined));
  parsers[kind] = md;
  // GFM autolink literals: scheme links, `www.` links and e-mail addresses; not bare domains
  // (`index.md` is not a link on GitHub).
  const linkify = md.linkify;
  const match = linkify.match.bind(linkify);
  linkify.match = (text: string) =>
    match(text)?.filter((m) => m.schema !== '' || /^www\./i.test(m.raw) || /@/.test(m.raw) && !m.raw.includes('/')) ?? null;
  linkify.set({ fuzzyEmail: true, fuzzyLink: true, fuzzyIP: false });
  // Every link kept above has `//` (linkify's http:, https:, ftp: and // schemes all want it),
  // `www.` or `@` (e-mail addresses, mailto: links): text with none of them skips linkify's own
  // pretest, a large Unicode regex, and the search after it. A `:` alone (most prose) is not enough.
  const pretest = linkify.pretest.bind(linkify);
  linkify.pretest = (text: string) => MAY_HAVE_LINK.test(text) && pretest(text);
  return md;
}

type Point = { line: number; column: number; offset?: number };
type Pos = { start: Point; end: Point };

/** Column of `needle` in the source from a block's first line on (1-based), else the block start. */
class Locator {
  private readonly lineStarts: number[] = [0];
  constructor(private readonly text: string) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.lineStarts.push(i + 1);
  }
  find(needle: string, fromLine: number, after: number): { point: Point; offset: number } | undefined {
    const from = Math.max(this.lineStarts[fromLine - 1] ?? 0, after);
    const at = needle ? this.text.indexOf(needle, from) : -1;
    if (at < 0) return undefined;
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    return { point: { line: lo + 1, column: at - this.lineStarts[lo]! + 1 }, offset: at + needle.length };
  }
}

function blockPos(token: Token, lines: string[]): Pos {
  const map = token.map;
  const s = map ? map[0] : 0;
  const e = map ? map[1] : 0;
  const line = lines[s] ?? '';
  return {
    start: { line: s + 1, column: line.length - line.trimStart().length + 1 },
    end: { line: Math.max(s + 1, e), column: 1 },
  };
}

/** `node` with its position, when it has one (a spread of `{ position }` or `{}` copies the node). */
function placed<T extends object>(node: T, position: Pos | undefined): T & { position?: Pos } {
  if (position) (node as { position?: Pos }).position = position;
  return node;
}

function alignOf(token: Token): 'left' | 'right' | 'center' | null {
  const style = token.attrGet('style') ?? '';
  const m = /text-align:(left|right|center)/.exec(style);
  return m ? (m[1] as 'left' | 'right' | 'center') : null;
}

/** Inline tokens → phrasing nodes. */
function inline(tokens: Token[], pos: Pos, loc: Locator, cursor: { offset: number }): RootContent[] {
  const root: { children: RootContent[] } = { children: [] };
  const stack: { children: RootContent[] }[] = [root];
  const top = () => stack[stack.length - 1]!;
  const push = (node: RootContent) => {
    const kids = top().children;
    const last = kids[kids.length - 1];
    if (node.type === 'text' && node.value === '') return;
    if (node.type === 'text' && last?.type === 'text') last.value += node.value;
    else kids.push(node);
  };
  const open = (node: RootContent & { children: RootContent[] }) => {
    push(node);
    stack.push(node);
  };
  // Where `needle` is next written in the block (the block's start if not found); the next search
  // starts after it.
  const placeOf = (needle: string): { start: Point; end: Point } => {
    const found = loc.find(needle, pos.start.line, cursor.offset);
    if (found) cursor.offset = found.offset;
    const start = found?.point ?? pos.start;
    return { start, end: start };
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    switch (t.type) {
      case 'text':
        push({ type: 'text', value: t.content });
        break;
      case 'softbreak':
        push({ type: 'text', value: '\n' });
        break;
      case 'hardbreak':
        push({ type: 'break' });
        break;
      case 'code_inline':
        push({ type: 'inlineCode', value: t.content });
        break;
      case 'em_open':
        open({ type: 'emphasis', children: [] });
        break;
      case 'strong_open':
        open({ type: 'strong', children: [] });
        break;
      case 's_open':
        open({ type: 'delete', children: [] });
        break;
      case 'link_open': {
        const href = t.attrGet('href') ?? '';
        const title = t.attrGet('title');
        // Place: the `[` of the link as written (or the URL itself for autolinks).
        const position = placeOf(t.markup === 'linkify' ? (tokens[i + 1]?.content ?? href) : t.markup === 'autolink' ? '<' : '[');
        open({ type: 'link', url: rawHref(href), title: title ?? null, children: [], position } as never);
        break;
      }
      case 'image': {
        // Place: the `![` as written (a missing file is reported there).
        push({ type: 'image', url: rawHref(t.attrGet('src') ?? ''), title: t.attrGet('title') ?? null, alt: t.content, position: placeOf('![') } as never);
        break;
      }
      case 'html_inline':
        push({ type: 'html', value: t.content });
        break;
      case 'footnote_ref': {
        const label = (t.meta as { label?: string; id: number }).label ?? String((t.meta as { id: number }).id);
        push({ type: 'footnoteReference', identifier: label.toLowerCase(), label });
        break;
      }
      case 'em_close':
      case 'strong_close':
      case 's_close':
      case 'link_close':
        stack.pop();
        break;
      default:
        if (t.content) push({ type: 'text', value: t.content });
    }
  }
  return root.children;
}

/** markdown-it percent-encodes URLs; remark keeps them as written (only the link check reads them). */
function rawHref(href: string): string {
  return decodedOrAsIs(href);
}

/**
 * Parses CommonMark + GFM into mdast with positions (blocks exact, links by search): without the
 * constructs MDX turns off, or with them (`plain`, for `.md` pages).
 */
export function parseFast(text: string, kind: 'mdx' | 'plain' = 'mdx'): Root {
  const tokens = parser(kind).parse(text, {});
  const lines = text.split('\n');
  const loc = new Locator(text);
  const cursor = { offset: 0 };
  const root: Root = { type: 'root', children: [] };
  const stack: Parents[] = [root];
  const top = () => stack[stack.length - 1]!;
  const add = (node: Nodes) => (top().children as Nodes[]).push(node);
  const open = (node: Parents) => {
    add(node);
    stack.push(node);
  };
  const tight: boolean[] = [];
  // A blank source line right before a block: what makes lists and list items spread in mdast.
  const blankBefore = (node: { position?: Pos }) => {
    const line = node.position?.start.line ?? 0;
    return line > 1 && (lines[line - 2] ?? '').trim() === '';
  };
  let tableAlign: ('left' | 'right' | 'center' | null)[] = [];
  let inHead = false;

  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    // An inline token's own place is only a fallback for its parent's (made below when needed).
    const position = t.map && t.type !== 'inline' ? blockPos(t, lines) : undefined;
    switch (t.type) {
      case 'heading_open':
        open(placed({ type: 'heading', depth: Number(t.tag.slice(1)) as 1, children: [] }, position));
        break;
      case 'paragraph_open': {
        // Inside a list item or quote the text starts after the marker: find it on the line.
        const first = tokens[i + 1]?.content.split('\n', 1)[0];
        const column = position && first ? (lines[position.start.line - 1] ?? '').indexOf(first) : -1;
        if (position && column >= 0) position.start.column = column + 1;
        const para = placed({ type: 'paragraph' as const, children: [] }, position);
        open(para);
        break;
      }
      case 'inline': {
        const parent = top();
        const pos = (parent as { position?: Pos }).position ?? (t.map ? blockPos(t, lines) : undefined) ?? { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } };
        let kids = inline(t.children ?? [], pos, loc, cursor);
        // GFM task list item: `[ ] ` / `[x] ` at the start of the item's first paragraph.
        if (parent.type === 'paragraph' && stack[stack.length - 2]?.type === 'listItem') {
          const item = stack[stack.length - 2] as { checked?: boolean | null; children: unknown[] };
          const first = kids[0];
          if (item.children[0] === parent && first?.type === 'text') {
            const m = /^\[([ xX])\](?=[ \t]|$)[ \t]*/.exec(first.value);
            if (m && (first.value.length > m[0].length || kids.length > 1)) {
              item.checked = m[1] !== ' ';
              first.value = first.value.slice(m[0].length);
              if (first.value === '') kids = kids.slice(1);
            }
          }
        }
        (parent.children as RootContent[]).push(...kids);
        break;
      }
      case 'bullet_list_open':
      case 'ordered_list_open': {
        const isTight = isTightList(tokens, i);
        tight.push(isTight);
        // `spread` is settled when the list closes; markdown-it's tightness is only a first guess.
        const start = t.attrGet('start');
        open(
          placed(
            {
              type: 'list',
              ordered: t.type === 'ordered_list_open',
              start: t.type === 'ordered_list_open' ? (start === null ? 1 : Number(start)) : null,
              spread: !isTight,
              children: [],
            },
            position,
          ),
        );
        break;
      }
      case 'list_item_open':
        open(placed({ type: 'listItem', spread: false, checked: null, children: [] }, position));
        break;
      case 'list_item_close': {
        // As in mdast: an item is spread when a blank line separates two of its children.
        const item = stack.pop() as { spread: boolean; children: { position?: Pos }[] };
        item.spread = item.children.some((k, j) => j > 0 && blankBefore(k));
        break;
      }
      case 'blockquote_open':
        open(placed({ type: 'blockquote', children: [] }, position));
        break;
      case 'fence': {
        const info = t.info.trim();
        const sp = info.search(/\s/);
        const lang = sp < 0 ? info : info.slice(0, sp);
        const meta = sp < 0 ? '' : info.slice(sp).trim();
        add(placed({ type: 'code', lang: lang || null, meta: meta || null, value: t.content.replace(/\n$/, '') }, position));
        break;
      }
      case 'code_block':
        // As in mdast, an indented block starts where its 4 columns of indentation start.
        if (position) position.start.column = Math.max(1, position.start.column - 4);
        add(placed({ type: 'code', lang: null, meta: null, value: t.content.replace(/\n$/, '') }, position));
        break;
      case 'html_block':
        add(placed({ type: 'html', value: t.content.replace(/\n$/, '') }, position));
        break;
      case 'hr':
        add(placed({ type: 'thematicBreak' }, position));
        break;
      case 'table_open':
        tableAlign = [];
        open(placed({ type: 'table', align: tableAlign, children: [] }, position));
        break;
      case 'thead_open':
        inHead = true;
        break;
      case 'thead_close':
        inHead = false;
        break;
      case 'tr_open':
        open(placed({ type: 'tableRow', children: [] }, position));
        break;
      case 'th_open':
      case 'td_open':
        if (inHead) tableAlign.push(alignOf(t));
        open({ type: 'tableCell', children: [] });
        break;
      case 'footnote_open': {
        const label = (t.meta as { label?: string; id: number }).label ?? String((t.meta as { id: number }).id);
        // Definitions sit at the root, as in remark.
        const def = { type: 'footnoteDefinition' as const, identifier: label.toLowerCase(), label, children: [] };
        root.children.push(def);
        stack.push(def);
        break;
      }
      case 'heading_close':
      case 'paragraph_close':
      case 'bullet_list_close':
      case 'ordered_list_close':
      case 'blockquote_close':
      case 'table_close':
      case 'tr_close':
      case 'th_close':
      case 'td_close':
      case 'footnote_close':
        if (t.type === 'bullet_list_close' || t.type === 'ordered_list_close') {
          tight.pop();
          // As in mdast: a list is spread when a blank line separates two of its items.
          const list = top() as { spread?: boolean; children: { position?: Pos }[] };
          list.spread = list.children.some((item, j) => j > 0 && blankBefore(item));
        }
        stack.pop();
        break;
      default:
        break; // tbody, footnote_block, footnote_anchor: structure only
    }
  }
  return root;
}

/** markdown-it marks a tight list by hiding its items' paragraphs. */
function isTightList(tokens: Token[], openAt: number): boolean {
  let depth = 0;
  for (let i = openAt; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type.endsWith('_list_open')) depth++;
    else if (t.type.endsWith('_list_close')) {
      depth--;
      if (depth === 0) return true;
    } else if (depth === 1 && t.type === 'paragraph_open') return t.hidden;
  }
  return true;
}
