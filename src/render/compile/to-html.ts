// Body HTML straight from the walked mdast, without the hast tree in between.
//
// The general path (compile-page.ts) turns the page's mdast into hast (mdast-util-to-hast), adds
// heading links (decorate.ts), collects the ids, and serialises (render-body.ts,
// hast-util-to-html): a second tree of every page, built and walked four times, for output that
// follows simple rules for the nodes nearly every page is made of. This writes those nodes'
// HTML in one walk, byte for byte what the general path gives: the same leaf functions
// (normalizeUri, trimLines, property-information, the comma and space list formats), the same
// character references (hexadecimal, as hast-util-to-html writes them), the same newlines
// between blocks. tests/unit/to-html.test.ts holds the two to identical output on the repo's
// content and the dialect fixtures.
//
// A tree with anything else (footnotes, link references and definitions, task list items, a
// component whose children React renders, SVG) is left to the general path: `bodyHtml` returns
// undefined for it, having changed nothing.
import type { Nodes, Parents, Root, RootContent, Table, TableRow } from 'mdast';
import type { Element as HastElement, Properties } from 'hast';
import { stringify as commas } from 'comma-separated-tokens';
import { htmlVoidElements } from 'html-void-elements';
import { normalizeUri } from 'micromark-util-sanitize-uri';
import { find, html as htmlSchema } from 'property-information';
import { stringify as spaces } from 'space-separated-tokens';
import { trimLines } from 'trim-lines';
import { inlineCodeRuns, KEPT_CLASS } from './inline-code.ts';
import { CHILDREN_SLOT, COMPONENT_TAGS, TABLE_PARTS, renderComponentWith } from './render-body.ts';
import { ANCHOR_CLASS } from './heading-link.ts';

/** The body's HTML and the ids of its elements (in document order), or undefined: use the general path. */
export function bodyHtml(tree: Root, table: readonly unknown[]): { html: string; anchors: Set<string> } | undefined {
  const writer = new HtmlWriter(table);
  try {
    return { html: writer.root(tree), anchors: writer.anchors };
  } catch (err) {
    if (err === UNSUPPORTED) return undefined;
    throw err;
  }
}

/** Thrown (never seen outside this file) at a node the general path must render. */
const UNSUPPORTED = new Error('docsgen: node left to the general path');

interface DocsgenElement {
  type: 'docsgenElement';
  children: RootContent[];
  data?: { hName?: string; hProperties?: Properties; hChildren?: unknown };
}

const VOID = new Set(htmlVoidElements);
const LOWERCASE_TAG = /^[a-z][a-z0-9-]*$/;
const HEADING_TAG = /^h[1-6]$/;

class HtmlWriter {
  readonly anchors = new Set<string>();

  constructor(private readonly table: readonly unknown[]) {}

  /** The root's children, one per line (mdast-util-to-hast's `wrap` without the loose newlines). */
  root(tree: Root): string {
    let out = '';
    for (let i = 0; i < tree.children.length; i++) {
      if (i) out += '\n';
      out += this.node(tree.children[i]!, false);
    }
    return out;
  }

  /**
   * Children side by side (mdast-util-to-hast's `all`): a text right after a hard break, or the
   * first text of an element right after one, loses its leading spaces and tabs; `trimHead` asks
   * the same of the first child (the parent itself follows a break).
   */
  all(nodes: readonly RootContent[], trimHead = false): string {
    let out = '';
    for (let i = 0; i < nodes.length; i++) {
      out += this.node(nodes[i]!, i === 0 ? trimHead : nodes[i - 1]!.type === 'break');
    }
    return out;
  }

  /** Block children with a newline before, between and after them (`wrap(…, true)`). */
  loose(nodes: readonly RootContent[]): string {
    let out = '\n';
    for (let i = 0; i < nodes.length; i++) out += `${this.node(nodes[i]!, false)}\n`;
    return out;
  }

  /** A heading's content as its link to itself (heading-link.ts); any other content: the general path. */
  headingLink(id: string, children: readonly RootContent[], trim: boolean): string {
    if (!plainPhrasing(children)) throw UNSUPPORTED;
    return `<a class="${ANCHOR_CLASS}" href="${escapeAttribute(`#${id}`)}">${this.all(children, trim)}</a>`;
  }

  /** One node; `trim`: it follows a hard break (see `all`). */
  node(node: RootContent, trim: boolean): string {
    // `hName`, `hProperties` or `hChildren` change what mdast-util-to-hast makes of a node: only the
    // walk's own (heading ids, tags) are known here.
    if (node.data !== undefined && node.type !== 'heading' && (node.type as string) !== 'docsgenElement' && hasHastData(node.data)) throw UNSUPPORTED;
    switch (node.type) {
      case 'text': {
        const value = lines(node.value);
        return escapeText(trim ? trimSpaceStart(value) : value);
      }
      case 'paragraph':
        return `<p>${this.all(node.children, trim)}</p>`;
      case 'heading': {
        const id = (node.data as { hProperties?: { id?: unknown } } | undefined)?.hProperties?.id;
        if (typeof id !== 'string' || Object.keys(node.data!.hProperties!).length !== 1 || hasOther(node.data!)) throw UNSUPPORTED;
        this.anchors.add(id);
        return `<h${node.depth} id="${escapeAttribute(id)}">${this.headingLink(id, node.children, trim)}</h${node.depth}>`;
      }
      case 'emphasis':
        return `<em>${this.all(node.children, trim)}</em>`;
      case 'strong':
        return `<strong>${this.all(node.children, trim)}</strong>`;
      case 'delete':
        return `<del>${this.all(node.children, trim)}</del>`;
      case 'inlineCode': {
        const value = node.value.replace(/\r?\n|\r/g, ' ');
        let html = '<code>';
        const runs = inlineCodeRuns(trim ? trimSpaceStart(value) : value);
        for (let i = 0; i < runs.length; i++) {
          const run = runs[i]!;
          html += typeof run === 'string' ? escapeText(run) : `<span class="${KEPT_CLASS}">${escapeText(run.kept)}</span>`;
        }
        return `${html}</code>`;
      }
      case 'break':
        return '<br>\n';
      case 'thematicBreak':
        return '<hr>';
      case 'blockquote':
        return `<blockquote>${this.loose(node.children)}</blockquote>`;
      case 'link':
        return `<a href="${escapeAttribute(uri(node.url))}"${node.title == null ? '' : ` title="${escapeAttribute(node.title)}"`}>${this.all(node.children, trim)}</a>`;
      case 'image':
        return `<img src="${escapeAttribute(uri(node.url))}"${node.alt == null ? '' : ` alt="${escapeAttribute(node.alt)}"`}${node.title == null ? '' : ` title="${escapeAttribute(node.title)}"`}>`;
      case 'list': {
        const tag = node.ordered ? 'ol' : 'ul';
        const start = typeof node.start === 'number' && node.start !== 1 ? ` start="${node.start}"` : '';
        const loose = node.spread || node.children.some(itemLoose);
        let out = `<${tag}${start}>\n`;
        for (let i = 0; i < node.children.length; i++) {
          const item = node.children[i]!;
          if (typeof item.checked === 'boolean' || item.data) throw UNSUPPORTED; // task items are labelled by decorate.ts
          out += `<li>${this.itemContent(item.children, loose)}</li>\n`;
        }
        return `${out}</${tag}>`;
      }
      case 'table':
        return this.mdTable(node);
      default:
        if ((node.type as string) === 'docsgenElement') return this.element(node as unknown as DocsgenElement, trim);
        throw UNSUPPORTED; // definitions, references, footnotes, and any node the walk leaves unknown
    }
  }

  /** A list item's content: a tight item's paragraphs unwrapped, newlines as mdast-util-to-hast puts them. */
  itemContent(children: readonly RootContent[], loose: boolean): string {
    let out = '';
    for (let i = 0; i < children.length; i++) {
      const child = children[i]!;
      const paragraph = isParagraph(child);
      if (loose || i !== 0 || !paragraph) out += '\n';
      out += paragraph && !loose ? this.all((child as Parents).children) : this.node(child, false);
    }
    const tail = children[children.length - 1];
    if (tail && (loose || !isParagraph(tail))) out += '\n';
    return out;
  }

  /** A GFM table: header row in thead, the rest in tbody, alignment as a style (render-body.ts). */
  mdTable(node: Table): string {
    const rows = node.children;
    const head = rows[0];
    // In the tab order until the page's script finds it fits (decorate.ts does the same).
    let out = '<table tabindex="0">';
    if (head) out += `<thead>${this.row(node, head, 'th')}</thead>`;
    if (rows.length > 1) {
      out += '<tbody>';
      for (let i = 1; i < rows.length; i++) out += this.row(node, rows[i]!, 'td');
      out += '</tbody>';
    }
    return `${out}</table>`;
  }

  row(table: Table, row: TableRow, tag: 'th' | 'td'): string {
    if (row.data) throw UNSUPPORTED;
    const align = table.align;
    const length = align ? align.length : row.children.length;
    let out = '<tr>';
    for (let i = 0; i < length; i++) {
      const cell = row.children[i];
      if (cell?.data) throw UNSUPPORTED;
      const a = align?.[i];
      // An empty header cell (a table's corner) is a plain cell, as decorate.ts makes it.
      const name = tag === 'th' && (!cell || cell.children.length === 0) ? 'td' : tag;
      out += `<${name}${a ? ` style="text-align:${a}"` : ''}>${cell ? this.all(cell.children) : ''}</${name}>`;
    }
    return `${out}</tr>`;
  }

  /** A tag from the dialect: a component (rendered by render-body.ts) or an HTML element. */
  element(node: DocsgenElement, trim: boolean): string {
    const name = node.data?.hName;
    if (typeof name !== 'string' || node.data!.hChildren !== undefined) throw UNSUPPORTED;
    const properties = { ...node.data!.hProperties };
    if (COMPONENT_TAGS.has(name)) {
      const el: HastElement = { type: 'element', tagName: name, properties, children: [] };
      if (CHILDREN_SLOT.has(name)) return renderComponentWith(el, this.table, () => this.all(node.children, trim));
      if (node.children.length > 0) throw UNSUPPORTED; // React renders these children: they need hast
      return renderComponentWith(el, this.table, () => '');
    }
    if (!LOWERCASE_TAG.test(name) || name === 'svg' || name === 'math' || name === 'template') throw UNSUPPORTED;
    if (name === 'li' && (properties['className'] as unknown[] | undefined)?.includes?.('task-list-item')) throw UNSUPPORTED;
    const id = properties['id'];
    if (typeof id === 'string') this.anchors.add(id);
    if ((name === 'td' || name === 'th') && typeof properties['align'] === 'string') {
      properties['style'] = `text-align:${properties['align']}`;
      delete properties['align'];
    }
    if (name === 'table' && !('tabIndex' in properties)) properties['tabIndex'] = 0;
    const children = TABLE_PARTS.has(name) ? node.children.filter((c) => c.type !== 'text' || c.value.trim() !== '') : node.children;
    const heading = HEADING_TAG.test(name) && typeof id === 'string';
    const content = heading ? this.headingLink(id, children, trim) : this.all(children, trim);
    const open = `<${name}${serializeAttributes(properties)}>`;
    return VOID.has(name) && content === '' ? open : `${open}${content}</${name}>`;
  }
}

function hasHastData(data: object): boolean {
  return 'hName' in data || 'hProperties' in data || 'hChildren' in data;
}

function hasOther(data: object): boolean {
  return Object.keys(data).some((k) => k !== 'hProperties');
}

/** As mdast-util-to-hast tells a `p` in a list item: a paragraph, or a tag that becomes one. */
function isParagraph(node: Nodes): boolean {
  return node.type === 'paragraph' || ((node.type as string) === 'docsgenElement' && (node as unknown as DocsgenElement).data?.hName === 'p');
}

/** mdast-util-to-hast's `listItemLoose`. */
function itemLoose(item: { spread?: boolean | null | undefined; children: unknown[] }): boolean {
  return item.spread === null || item.spread === undefined ? item.children.length > 1 : item.spread;
}

/** Characters normalizeUri keeps as they are (any `%` goes through it: it checks the escape). */
const URI_AS_IS = /^[!#$&-;=?-Z_a-z~]*$/;

/** normalizeUri, which builds a new string char by char even when it changes none (most URLs). */
function uri(url: string): string {
  return URI_AS_IS.test(url) ? url : normalizeUri(url);
}

/** Phrasing a heading's link can hold as it is (heading-link.ts): nothing interactive, no component. */
const PLAIN_PHRASING = new Set(['text', 'emphasis', 'strong', 'delete', 'inlineCode', 'break']);

function plainPhrasing(nodes: readonly RootContent[]): boolean {
  return nodes.every((n) => PLAIN_PHRASING.has(n.type) && (!('children' in n) || plainPhrasing(n.children)));
}

/** mdast-util-to-hast trims spaces around line endings in text (trim-lines); most text has none. */
function lines(value: string): string {
  return value.includes('\n') || value.includes('\r') ? trimLines(value) : value;
}

function trimSpaceStart(value: string): string {
  let i = 0;
  while (value.charCodeAt(i) === 9 || value.charCodeAt(i) === 32) i++;
  return value.slice(i);
}

/** Character references as hast-util-to-html writes them (stringify-entities: hexadecimal, upper case). */
function reference(char: string): string {
  return `&#x${char.charCodeAt(0).toString(16).toUpperCase()};`;
}

const TEXT_SPECIAL = /[<&]/g;
const ATTRIBUTE_SPECIAL = /[\0"&'`]/g;
const NAME_SPECIAL = /[\0\t\n\f\r "&'/<=>`]/g;

function escapeText(value: string): string {
  return value.includes('<') || value.includes('&') ? value.replace(TEXT_SPECIAL, reference) : value;
}

function escapeAttribute(value: string): string {
  ATTRIBUTE_SPECIAL.lastIndex = 0;
  return ATTRIBUTE_SPECIAL.test(value) ? value.replace(ATTRIBUTE_SPECIAL, reference) : value;
}

/** hast-util-to-html's attributes for HTML (double quotes, no optional omissions), in property order. */
function serializeAttributes(properties: Properties): string {
  let out = '';
  for (const key in properties) {
    const value = properties[key];
    if (value === null || value === undefined) continue;
    const attribute = serializeAttribute(key, value);
    if (attribute) out += ` ${attribute}`;
  }
  return out;
}

function serializeAttribute(key: string, given: unknown): string {
  const info = find(htmlSchema, key);
  let value = given;
  if (info.overloadedBoolean && (value === info.attribute || value === '')) value = true;
  else if ((info.boolean || info.overloadedBoolean) && (typeof value !== 'string' || value === info.attribute || value === '')) value = Boolean(value);
  if (value === null || value === undefined || value === false || (typeof value === 'number' && Number.isNaN(value))) return '';
  const name = info.attribute.replace(NAME_SPECIAL, reference);
  if (value === true) return name;
  const text = Array.isArray(value) ? (info.commaSeparated ? commas : spaces)(value as string[], { padLeft: true }) : String(value);
  return `${name}="${escapeAttribute(text)}"`;
}
