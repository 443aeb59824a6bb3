// Markdown dialect → body HTML + the facts the index needs (headings, links, anchors, text).
// Runs in render workers: parse once, transform once, render once.
import path from 'node:path/posix';
import { createContext, createElement, useContext, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { unified } from 'unified';
import remarkRehype from 'remark-rehype';
import rehypeReact from 'rehype-react';
import GithubSlugger from 'github-slugger';
import { toString } from 'mdast-util-to-string';
import { toHtml } from 'hast-util-to-html';
import type { Code, Heading as MdHeading, Nodes, Parents, Root, RootContent } from 'mdast';
import type { Root as HastRoot, Element as HastElement, ElementContent, RootContent as HastContent } from 'hast';
import type { HighlighterCore } from 'shiki/core';
import { parseMarkdown } from './parse.ts';
import { evaluateStatic, NotStatic, programExpression, type StaticValue } from './static-eval.ts';
import { highlightToHtml, parseHighlightSpec, resolveLanguage, type HighlightOptions } from './highlight.ts';
import { message } from '../pipeline/messages.ts';
import { escapeHtml } from '../util/text.ts';
import { COMPONENTS, COMPONENT_NAMES, type PropType } from '../components/registry.ts';
import * as C from '../components/content.tsx';
import type { CodeTabItem } from '../components/code/CodeTabs.tsx';
import { PlaygroundTag } from '../components/playground/PlaygroundTag.tsx';
import type { PlaygroundSettings } from '../components/playground/config.ts';
import type { CodeSample, CompiledPage, Heading, LinkRef, Message } from '../pipeline/types.ts';
import { timeStage } from '../pipeline/stage-times.ts';

/** Site facts a page's Markdown needs; the same for every page of a build. */
export interface CompileContext {
  /** Content file id without extension → route, to resolve relative links by file. */
  routeByFile: Record<string, string>;
  /** Section → alias → version (`manual` → `next` → `v12.0.0`) for aliases without routes of their own. */
  rewriteAliases: Record<string, Record<string, string>>;
  warnings: C.WarningEntry[];
  communityLinks: C.CommunityLink[];
  /** Ways to support the project (site.json `support`), for <DonationForm>. */
  supportLinks: C.CommunityLink[];
  /** config/playground.json, for <Playground>. */
  playground?: PlaygroundSettings;
}

export interface CompileInput {
  id: string;
  displayPath: string;
  raw: string;
  route: string | null;
  frontMatterLines: number;
  /** Validated front matter title, if any. */
  title: string | undefined;
  /** `md` parses plain Markdown (generated pages); default: the dialect. */
  format?: 'mdx' | 'md';
}

/** Props of component nodes, looked up by index while rendering (hast properties are flat). */
const PropsTable = createContext<unknown[]>([]);

function fromTable<P>(Component: (props: P) => ReactNode) {
  return function TableComponent(props: { 'data-c'?: string; children?: ReactNode }) {
    const table = useContext(PropsTable);
    const own = table[Number(props['data-c'])] as P;
    return createElement(Component as unknown as (p: object) => ReactNode, { ...own, children: props.children });
  };
}

const components = {
  CodeBlock: fromTable(C.CodeBlock),
  CodeTab: fromTable(C.CodeTab),
  Intro: C.Intro,
  Info: C.Info,
  Warn: C.Warn,
  Cite: fromTable(C.Cite),
  Image: fromTable(C.Image),
  Video: fromTable(C.Video),
  UrlBox: fromTable(C.UrlBox),
  WarningTable: fromTable(C.WarningTable),
  CommunityContent: fromTable(C.CommunityContent),
  CommunityResources: fromTable(C.CommunityContent),
  DonationForm: fromTable(C.DonationForm),
  Playground: fromTable(PlaygroundTag),
};

const toHastProcessor = unified().use(remarkRehype, { allowDangerousHtml: false });
const toReactProcessor = unified().use(rehypeReact, {
  Fragment,
  jsx,
  jsxs,
  components: components as never,
  elementAttributeNameCase: 'react',
  stylePropertyNameCase: 'dom',
});

const EXTERNAL = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

/**
 * Resolves an href as written in `fromId` to an absolute site href; external links are returned as
 * is. Each file → route lookup made is noted in `seen` (what the page's compile depends on).
 */
export function resolveHref(href: string, fromId: string, fromRoute: string | null, ctx: CompileContext, seen?: Map<string, string | null>): string {
  if (EXTERNAL.test(href) || href === '') return href;
  const hashAt = href.search(/[?#]/);
  const pathPart = hashAt < 0 ? href : href.slice(0, hashAt);
  const rest = hashAt < 0 ? '' : href.slice(hashAt);
  if (pathPart === '') return fromRoute ? `${fromRoute}${rest}` : rest;
  const stripped = pathPart.replace(/\.(mdx?|html)$/, '');
  let target: string;
  if (pathPart.startsWith('/')) {
    target = stripped;
  } else {
    // By file first (a link names a file next to this one), then by URL against the route.
    const byFile = path.normalize(path.join(path.dirname(fromId), stripped)).replace(/^\.\//, '');
    const lookup = (file: string): string | undefined => {
      const route = Object.hasOwn(ctx.routeByFile, file) ? ctx.routeByFile[file] : undefined;
      seen?.set(file, route ?? null);
      return route;
    };
    const hit = lookup(byFile) ?? lookup(`${byFile}/index`.replace(/^\//, ''));
    if (hit !== undefined) target = hit;
    else {
      const base = fromRoute ?? `/${fromId}`;
      target = new URL(stripped, `http://x${base}`).pathname;
    }
  }
  const m = /^\/docs\/([^/]+)\/([^/]+)(\/.*)?$/.exec(target);
  const version = m ? ctx.rewriteAliases[m[1]!]?.[m[2]!] : undefined;
  if (m && version) target = `/docs/${m[1]}/${version}${m[3] ?? ''}`;
  return `${target}${rest}`;
}

/**
 * How a page's code blocks become highlighted HTML: a highlighter on this thread, or a function
 * that returns the HTML, or a placeholder for it filled in later (compile-pages' highlight thread).
 */
export type Highlight = HighlighterCore | ((options: HighlightOptions) => string);

interface WalkState {
  input: CompileInput;
  ctx: CompileContext;
  highlight: (options: HighlightOptions) => string;
  messages: Message[];
  links: LinkRef[];
  headings: Heading[];
  slugger: GithubSlugger;
  table: unknown[];
  islands: Set<string>;
  preludes: string[];
  codes: CodeSample[];
  tabCount: number;
  /** The file → route lookups the page's links made (CompiledPage.fileRoutes). */
  fileRoutes: Map<string, string | null>;
}

type AnyNode = Nodes & { data?: Record<string, unknown>; position?: { start: { line: number; column: number } } };

function startOf(node: { position?: { start: { line: number; column: number } } | undefined }) {
  return node.position?.start ?? { line: 1, column: 1 };
}

function report(state: WalkState, node: unknown, severity: Message['severity'], reason: string, rule: string, note?: string) {
  state.messages.push(message(state.input.displayPath, startOf(node as AnyNode), severity, reason, rule, note));
}

/** A node that renders as `hName` with props from the table. */
function tableNode(state: WalkState, hName: string, props: unknown, children: RootContent[] = []): RootContent {
  state.table.push(props);
  return {
    type: 'docsgenElement',
    children,
    data: { hName, hProperties: { dataC: String(state.table.length - 1) } },
  } as unknown as RootContent;
}

function recordLink(state: WalkState, raw: string, node: unknown, asset = false): string {
  const resolved = resolveHref(raw, state.input.id, state.input.route, state.ctx, state.fileRoutes);
  if (!EXTERNAL.test(resolved) && resolved !== '' && !resolved.startsWith('?')) {
    const place = startOf(node as AnyNode);
    state.links.push({ href: resolved, raw, line: place.line, column: place.column, ...(asset ? { asset: true as const } : {}) });
  }
  return resolved;
}

interface FenceMeta {
  words: string[];
  highlight: Set<number> | undefined;
  title: string | undefined;
}

function parseFenceMeta(state: WalkState, node: Code): FenceMeta {
  // `res{1,2}` (no space) puts the spec in `lang`; handle both places.
  let lang = node.lang ?? '';
  let meta = node.meta ?? '';
  const inLang = /^([^{]*)(\{.*)$/.exec(lang);
  if (inLang) {
    lang = inLang[1]!;
    meta = `${inLang[2]} ${meta}`;
  }
  node.lang = lang;
  const words: string[] = [];
  let highlight: Set<number> | undefined;
  let title: string | undefined;
  for (const token of meta.match(/\{[^}]*\}|\w+="[^"]*"|\S+/g) ?? []) {
    if (token.startsWith('{')) {
      const spec = parseHighlightSpec(token.slice(1, -1));
      if (spec) highlight = spec;
      else report(state, node, 'warning', `Invalid line-highlight spec \`${token}\` (use e.g. {1,3-5})`, 'code-highlight-spec');
    } else if (token.startsWith('title=')) title = token.slice(7, -1);
    else words.push(token);
  }
  return { words, highlight, title };
}

/** SPEC §4: the run-in-playground button shows only for `res`/`rescript` code. */
function isPlayable(lang: string): boolean {
  return /^(res|rescript)$/i.test(lang);
}

function compileCode(state: WalkState, node: Code): RootContent | null {
  const meta = parseFenceMeta(state, node);
  const lang = node.lang ?? '';
  const place = startOf(node);
  state.codes.push({ lang, meta: meta.words, code: node.value, line: place.line });
  if (meta.words.includes('prelude')) {
    state.preludes.push(node.value);
    return null;
  }
  const grammar = resolveLanguage(lang);
  const html = state.highlight({
    lang: grammar,
    code: node.value,
    ...(meta.highlight ? { highlight: meta.highlight } : {}),
  });
  const variant = meta.words.includes('sig') ? 'sig' : meta.words.includes('example') ? 'example' : 'plain';
  const props: C.CodeBlockProps = { lang: grammar, html, variant };
  if (meta.title) props.title = meta.title;
  if (variant === 'example' && isPlayable(lang)) {
    props.playground = true;
    if (state.preludes.length) props.prelude = state.preludes.join('\n\n');
  }
  return tableNode(state, 'CodeBlock', props);
}

type JsxNode = {
  type: 'mdxJsxFlowElement' | 'mdxJsxTextElement';
  name: string | null;
  attributes: {
    type: string;
    name?: string;
    value?: string | null | { value: string; data?: { estree?: unknown } };
    position?: { start: { line: number; column: number } };
  }[];
  children: RootContent[];
  position?: { start: { line: number; column: number } };
};

/** The attributes' values, and the names of those reported as not literals. */
function evaluateAttributes(state: WalkState, node: JsxNode): { values: Record<string, StaticValue>; rejected: Set<string> } {
  const out: Record<string, StaticValue> = {};
  const rejected = new Set<string>();
  for (const attr of node.attributes) {
    const at = attr.position ? attr : node;
    if (attr.type !== 'mdxJsxAttribute' || attr.name === undefined) {
      report(state, at, 'error', `Spread attributes are not supported on <${node.name}>: write each attribute as name="value"`, 'attribute-not-static');
      continue;
    }
    const value = attr.value;
    if (value === null || value === undefined) out[attr.name] = true;
    else if (typeof value === 'string') out[attr.name] = value;
    else {
      const expr = programExpression(value.data?.estree);
      if (expr === null) continue;
      try {
        out[attr.name] = evaluateStatic(expr);
      } catch (err) {
        if (!(err instanceof NotStatic)) throw err;
        rejected.add(attr.name);
        const place = err.offsetLine ? { line: err.offsetLine, column: (err.offsetColumn ?? 0) + 1 } : startOf(at);
        state.messages.push(
          message(
            state.input.displayPath,
            place,
            'error',
            `Attribute \`${attr.name}\` of <${node.name}> must be a literal (string, number, boolean, array or object); found ${describe(err.nodeType)}`,
            'attribute-not-static',
            'Content is never executed: expressions that need running code are not allowed.',
          ),
        );
      }
    }
  }
  return { values: out, rejected };
}

function describe(nodeType: string): string {
  return nodeType.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

const TYPE_CHECK: Record<PropType, (v: StaticValue) => boolean> = {
  string: (v) => typeof v === 'string',
  'string[]': (v) => Array.isArray(v) && v.every((x) => typeof x === 'string'),
  boolean: (v) => typeof v === 'boolean',
  number: (v) => typeof v === 'number',
};

function checkProps(state: WalkState, node: JsxNode, name: string, props: Record<string, StaticValue>, rejected: ReadonlySet<string>): boolean {
  const spec = COMPONENTS[name]!;
  let ok = true;
  // A problem with an attribute is reported at the attribute (the tag when it has no place).
  const at = (prop: string) => node.attributes.find((a) => a.name === prop && a.position) ?? node;
  for (const [prop, s] of Object.entries(spec.props)) {
    const v = props[prop];
    if (v === undefined) {
      if (s.required) {
        // One written but not a literal is reported where it is written.
        if (!rejected.has(prop)) report(state, node, 'error', `<${name}> needs the \`${prop}\` attribute`, 'component-prop-missing');
        ok = false;
      }
    } else if (s.type === 'boolean' && (v === 'true' || v === 'false')) {
      // The ReScript site's components took `withShadow="true"` as truthy; read the string as
      // the boolean it names, and say how to write it.
      props[prop] = v === 'true';
      report(
        state,
        at(prop),
        'warning',
        `Attribute \`${prop}\` of <${name}> is the string "${v}"; read as the boolean ${v}`,
        'component-prop-coerced',
        `Write ${prop}={${v}}.`,
      );
    } else if (!TYPE_CHECK[s.type](v)) {
      report(state, at(prop), 'error', `Attribute \`${prop}\` of <${name}> must be a ${s.type}`, 'component-prop-type');
      ok = false;
    } else if (s.required && typeof v === 'string' && v.trim() === '') {
      // `src=""` would render an image or video with nothing to show.
      report(state, at(prop), 'error', `Attribute \`${prop}\` of <${name}> is empty`, 'component-prop-empty');
      ok = false;
    }
  }
  for (const prop of Object.keys(props)) {
    if (!(prop in spec.props) && prop !== 'key') {
      report(state, at(prop), 'warning', `<${name}> has no attribute \`${prop}\` (known: ${Object.keys(spec.props).join(', ') || 'none'})`, 'component-prop-unknown');
    }
  }
  return ok;
}

function compileCodeTab(state: WalkState, node: JsxNode, props: Record<string, StaticValue>): RootContent {
  const labels = Array.isArray(props['labels']) ? (props['labels'] as string[]) : [];
  const tabs: CodeTabItem[] = [];
  const panels: string[] = [];
  for (const child of node.children) {
    if (child.type !== 'code') {
      if (!(child.type === 'paragraph' && toString(child).trim() === '')) {
        report(state, child, 'warning', '<CodeTab> holds only code blocks; this content is dropped', 'codetab-content');
      }
      continue;
    }
    const meta = parseFenceMeta(state, child);
    const lang = child.lang ?? '';
    state.codes.push({ lang, meta: meta.words, code: child.value, line: startOf(child).line });
    const grammar = resolveLanguage(lang);
    const tab: CodeTabItem = { label: labels[tabs.length] ?? (lang || 'Code'), lang: grammar };
    if (isPlayable(lang)) tab.playground = true;
    tabs.push(tab);
    panels.push(
      state.highlight({ lang: grammar, code: child.value, ...(meta.highlight ? { highlight: meta.highlight } : {}) }),
    );
  }
  if (labels.length > 0 && labels.length !== tabs.length) {
    report(state, node, 'warning', `<CodeTab> has ${labels.length} labels for ${tabs.length} code blocks`, 'codetab-labels');
  }
  const tabProps: Record<string, unknown> = { id: `tabs-${++state.tabCount}`, tabs, panels };
  if (state.preludes.length && tabs.some((t) => t.playground)) tabProps['prelude'] = state.preludes.join('\n\n');
  return tableNode(state, 'CodeTab', tabProps);
}

function htmlProperties(state: WalkState, node: JsxNode, attrs: Record<string, StaticValue>): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(attrs)) {
    if (name === 'className' || name === 'class') props['className'] = String(value).split(/\s+/).filter(Boolean);
    else if (name === 'style' && value && typeof value === 'object' && !Array.isArray(value)) {
      props['style'] = Object.entries(value)
        .map(([k, v]) => `${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${String(v)}`)
        .join('; ');
    } else if ((name === 'href' || name === 'src') && typeof value === 'string') {
      props[name] = recordLink(state, value, node, name === 'src');
    } else if (/^on[A-Z]/.test(name) || name === 'dangerouslySetInnerHTML') {
      report(state, node, 'error', `Attribute \`${name}\` is not allowed: content is never executed`, 'attribute-not-static');
    } else if (value !== undefined && value !== null && typeof value !== 'object') props[name] = value;
  }
  return props;
}

function compileJsx(state: WalkState, node: JsxNode): RootContent[] {
  const name = node.name;
  if (name === null) return walkChildren(state, node.children); // fragment <>…</>
  const { values: attrs, rejected } = evaluateAttributes(state, node);
  if (/^[a-z][a-z0-9-]*$/.test(name)) {
    if (name === 'script' || name === 'style' || name === 'iframe') {
      report(state, node, 'error', `<${name}> is not allowed in content`, 'unknown-component');
      return [];
    }
    return [
      {
        type: 'docsgenElement',
        children: walkChildren(state, node.children),
        data: { hName: name, hProperties: htmlProperties(state, node, attrs) },
      } as unknown as RootContent,
    ];
  }
  if (!(name in COMPONENTS)) {
    report(
      state,
      node,
      'error',
      `Unknown component <${name}>`,
      'unknown-component',
      `Known components: ${COMPONENT_NAMES.join(', ')}; lowercase tags are HTML elements.`,
    );
    return walkChildren(state, node.children);
  }
  if (!checkProps(state, node, name, attrs, rejected)) return walkChildren(state, node.children);
  switch (name) {
    case 'CodeTab':
      return [compileCodeTab(state, node, attrs)];
    case 'WarningTable':
      return [tableNode(state, name, { warnings: state.ctx.warnings })];
    case 'CommunityContent':
    case 'CommunityResources':
      return [tableNode(state, name, { links: state.ctx.communityLinks }, walkChildren(state, node.children))];
    case 'Playground':
      state.islands.add('Playground');
      return [tableNode(state, name, { settings: state.ctx.playground ?? { versions: [] } })];
    case 'DonationForm':
      return [tableNode(state, name, { links: state.ctx.supportLinks })];
    case 'UrlBox':
      return [tableNode(state, name, { ...attrs, href: recordLink(state, String(attrs['href']), node) }, walkChildren(state, node.children))];
    case 'Intro':
    case 'Info':
    case 'Warn':
      return [{ type: 'docsgenElement', children: walkChildren(state, node.children), data: { hName: name } } as unknown as RootContent];
    default:
      // Image and Video: the file they show must be one of the site's.
      if (typeof attrs['src'] === 'string') attrs['src'] = recordLink(state, attrs['src'], node, true);
      return [tableNode(state, name, attrs, walkChildren(state, node.children))];
  }
}

function compileExpression(state: WalkState, node: { type: string; value: string; data?: { estree?: unknown } }): RootContent[] {
  const expr = programExpression(node.data?.estree);
  if (expr === null) {
    // `{/* a comment */}` is dropped on purpose; an empty `{ }` is most likely meant as text.
    if (node.value.trim() === '') {
      report(
        state,
        node,
        'warning',
        'Empty `{ }` renders nothing',
        'expression-empty',
        'To show the braces, escape them as `\\{ \\}` or use inline code.',
      );
    }
    return [];
  }
  try {
    const value = evaluateStatic(expr);
    if (typeof value === 'string' || typeof value === 'number') return [{ type: 'text', value: String(value) }];
    report(state, node, 'error', 'Only string and number literals can appear as `{…}` in text', 'expression-not-static');
  } catch (err) {
    if (!(err instanceof NotStatic)) throw err;
    report(
      state,
      node,
      'error',
      `Expressions in text are not evaluated: \`{${node.value.trim().slice(0, 40)}}\``,
      'expression-not-static',
      'To write a literal brace, escape it as `\\{`.',
    );
  }
  return [];
}

function walkChildren(state: WalkState, children: readonly RootContent[]): RootContent[] {
  const out: RootContent[] = [];
  for (const child of children) out.push(...walkNode(state, child));
  return out;
}

/**
 * Walks one node, then drops its source position: every message that needs it is reported during
 * the walk, and mdast-util-to-hast copies a position into each hast node it makes (~20 % of its
 * time on the bench corpus, and garbage), for nothing downstream to read.
 */
function walkNode(state: WalkState, node: RootContent): RootContent[] {
  const out = walkOne(state, node);
  node.position = undefined;
  return out;
}

function walkOne(state: WalkState, node: RootContent): RootContent[] {
  const type = node.type as string;
  switch (type) {
    case 'mdxjsEsm':
      report(state, node, 'warning', '`import`/`export` lines are ignored: components come from docsgen by name', 'esm-ignored');
      return [];
    case 'mdxFlowExpression':
    case 'mdxTextExpression':
      return compileExpression(state, node as never);
    case 'mdxJsxFlowElement':
    case 'mdxJsxTextElement':
      return compileJsx(state, node as unknown as JsxNode);
    case 'code': {
      const out = compileCode(state, node as Code);
      return out ? [out] : [];
    }
    case 'html':
      return []; // only reachable in the plain-Markdown fallback; raw HTML is never passed through
    case 'link':
    case 'definition':
    case 'image': {
      const n = node as { url: string };
      n.url = recordLink(state, n.url, node, type === 'image');
      break;
    }
    case 'paragraph': {
      // A paragraph holding only tags (`<div className="hidden">x</div>` on one line) is flow
      // content, as in MDX: unwrap it so block elements are not nested in <p>.
      const kids = (node as Parents).children as RootContent[];
      const onlyTags = kids.some((k) => (k.type as string) === 'mdxJsxTextElement') &&
        kids.every((k) => (k.type as string) === 'mdxJsxTextElement' || (k.type as string) === 'mdxTextExpression' || (k.type === 'text' && k.value.trim() === ''));
      if (onlyTags) return walkChildren(state, kids.filter((k) => k.type !== 'text'));
      break;
    }
    case 'heading': {
      const h = node as MdHeading;
      h.children = walkChildren(state, h.children) as MdHeading['children'];
      // `## Title {#id}` (plain Markdown pages only: in the dialect `{` opens an expression).
      const last = h.children[h.children.length - 1];
      const explicit = last?.type === 'text' ? /\s*\{#([\w-]+)\}\s*$/.exec(last.value) : null;
      if (explicit && last?.type === 'text') last.value = last.value.slice(0, explicit.index);
      const text = toString(h).trim();
      const id = explicit ? explicit[1]! : state.slugger.slug(text);
      state.headings.push({ depth: h.depth, text, id });
      h.data = { ...(h.data ?? {}), hProperties: { id } };
      return [h];
    }
  }
  if ('children' in node) {
    (node as Parents).children = walkChildren(state, (node as Parents).children) as never;
  }
  return [node];
}

/** Elements a task item's label stops before (its nested lists, its next paragraphs). */
const BLOCK_TAGS = new Set(['p', 'ul', 'ol', 'div', 'pre', 'table', 'blockquote', 'figure', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr']);

/**
 * What the body needs beyond mdast-util-to-hast: headings carry a visible anchor link to their id,
 * and the checkbox of a task list item (`- [x] Done`) is labelled by the item's text, as a form
 * control must be for assistive technology (WCAG 1.3.1, 4.1.2): `<label><input …> Done</label>`.
 */
function decorate(node: HastRoot | HastElement, inTaskItem = false): void {
  if (inTaskItem) labelCheckbox(node);
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    const id = child.properties['id'];
    if (/^h[1-6]$/.test(child.tagName) && typeof id === 'string') {
      child.children.push({
        type: 'element',
        tagName: 'a',
        properties: { className: ['anchor'], href: `#${id}`, ariaLabel: 'Link to this section' },
        children: [{ type: 'text', value: '#' }],
      });
    } else {
      const task = child.tagName === 'li' && (child.properties['className'] as string[] | undefined)?.includes('task-list-item');
      // A spread item's checkbox is in its first paragraph.
      decorate(child, task || (inTaskItem && child.tagName === 'p' && child === node.children.find((c) => c.type === 'element')));
    }
  }
}

/** Wraps a leading checkbox and the inline content after it in a <label>. */
function labelCheckbox(node: HastRoot | HastElement): void {
  const first = node.children.findIndex((c) => c.type !== 'text' || c.value.trim() !== '');
  const input = node.children[first];
  if (input?.type !== 'element' || input.tagName !== 'input' || input.properties['type'] !== 'checkbox') return;
  let end = first + 1;
  while (end < node.children.length) {
    const c = node.children[end]!;
    if (c.type === 'element' && BLOCK_TAGS.has(c.tagName)) break;
    end++;
  }
  const label: HastElement = { type: 'element', tagName: 'label', properties: {}, children: node.children.slice(first, end) as HastElement['children'] };
  node.children.splice(first, end - first, label);
}

/**
 * Body HTML. Only components are React: each is rendered by react-dom/server (islands keep the
 * exact markup the client hydrates), and the plain Markdown elements around them are serialised
 * by hast-util-to-html, ~5x faster than turning every element into a React element and rendering
 * the whole page with React (tests check both give the same DOM).
 */
export function renderBody(hast: HastRoot, table: readonly unknown[]): string {
  const prepare = (node: HastRoot | HastElement): void => {
    // As hast-util-to-jsx-runtime does for React: no whitespace text between table parts, and a
    // cell's `align` becomes `text-align`.
    if (node.type === 'element' && TABLE_PARTS.has(node.tagName)) node.children = node.children.filter((c) => c.type !== 'text' || c.value.trim() !== '');
    if (node.type === 'element' && (node.tagName === 'td' || node.tagName === 'th') && typeof node.properties['align'] === 'string') {
      node.properties['style'] = `text-align:${node.properties['align']}`;
      delete node.properties['align'];
    }
    node.children = node.children.map((child) => {
      if (child.type !== 'element') return child;
      if (COMPONENT_TAGS.has(child.tagName)) return { type: 'raw', value: renderComponent(child, table) } as unknown as ElementContent;
      prepare(child);
      return child;
    });
  };
  prepare(hast);
  return toHtml(hast, { allowDangerousHtml: true });
}

const TABLE_PARTS = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr']);
const COMPONENT_TAGS = new Set(Object.keys(components));

/**
 * Components rendered once per distinct set of props, with markers where something goes per use,
 * and the markers replaced per use: a React render costs ~0.1 ms, more than the rest of a page's
 * HTML, and a page has several code blocks and callouts.
 * - `SUBSTITUTED`: string props put in at a marker instead of being rendered: `html` as it is
 *   (highlighted code), `text` escaped as React escapes text (a code block's title,
 *   different on nearly every titled block). Such a component must only embed these props, and
 *   branch on nothing but whether they are set; an empty string is rendered, not substituted.
 * - `CHILDREN_SLOT`: the children are put in once, as they are, with nothing around them that
 *   depends on them; they are rendered as the rest of the body is. Islands are not among them:
 *   their children must be React's markup, which the client hydrates.
 */
const SUBSTITUTED: Partial<Record<keyof typeof components, Record<string, 'html' | 'text'>>> = { CodeBlock: { html: 'html', title: 'text' } };
const CHILDREN_SLOT = new Set<string>(['Intro', 'Info', 'Warn', 'Cite', 'UrlBox']);
const MARKER = '\u0000docsgen-verbatim\u0000';
const PROP_MARKER = /\u0000docsgen-prop-(\w+)\u0000/g;
const templates = new Map<string, string>();

function renderComponent(el: HastElement, table: readonly unknown[]): string {
  const props = table[Number(el.properties['dataC'])] as Record<string, unknown> | undefined;
  const slots = SUBSTITUTED[el.tagName as keyof typeof components];
  if (slots && props && el.children.length === 0) {
    const keyProps: Record<string, unknown> = { ...props };
    const templateProps: Record<string, unknown> = { ...props };
    const fills = new Map<string, string>();
    for (const [name, kind] of Object.entries(slots)) {
      const value = props[name];
      if (typeof value !== 'string' || value === '') continue;
      keyProps[name] = true;
      templateProps[name] = `\u0000docsgen-prop-${name}\u0000`;
      fills.set(name, kind === 'html' ? value : escapeText(value));
    }
    // One pass over the template: a filled-in value is never searched for markers.
    if (fills.size > 0) return templateOf(el, keyProps, templateProps, []).replace(PROP_MARKER, (m, name: string) => fills.get(name) ?? m);
  }
  if (CHILDREN_SLOT.has(el.tagName)) {
    const template = templateOf(el, props, props, [{ type: 'text', value: MARKER }]);
    const children = renderBody({ type: 'root', children: el.children }, table);
    return template.replace(MARKER, () => children);
  }
  return renderWithReact({ type: 'root', children: [el] }, table);
}

/** Text as react-dom/server escapes it: `& < > " '`. */
const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
function escapeText(text: string): string {
  return /[&<>"']/.test(text) ? text.replace(/[&<>"']/g, (c) => TEXT_ESCAPES[c]!) : text;
}

/** The component rendered with `templateProps` and `children`, once per tag and `keyProps` (its props but the verbatim part). */
function templateOf(el: HastElement, keyProps: Record<string, unknown> | undefined, templateProps: unknown, children: ElementContent[]): string {
  const key = `${el.tagName}\0${JSON.stringify(keyProps ?? null)}`;
  let template = templates.get(key);
  if (template === undefined) {
    const properties = templateProps ? { ...el.properties, dataC: '0' } : el.properties;
    template = renderWithReact({ type: 'root', children: [{ ...el, properties, children }] }, [templateProps]);
    if (templates.size > 10_000) templates.clear();
    templates.set(key, template);
  }
  return template;
}

/** Body HTML rendered entirely by React (rehype-react with the component map, then react-dom/server). */
export function renderWithReact(hast: HastRoot, table: readonly unknown[]): string {
  const element = toReactProcessor.stringify(hast as never) as unknown as ReactNode;
  return renderToString(createElement(PropsTable.Provider, { value: table as unknown[] }, element));
}

function collectIds(node: HastRoot | HastContent, into: Set<string>): void {
  if (node.type === 'element') {
    const id = (node as HastElement).properties?.['id'];
    if (typeof id === 'string') into.add(id);
  }
  if ('children' in node) for (const c of node.children) collectIds(c as HastContent, into);
}

/** Splits the tree into heading sections of plain text (for search records and llms files). */
function sectionsOf(tree: Root, headings: Heading[]): CompiledPage['sections'] {
  const sections: CompiledPage['sections'] = [{ heading: null, text: '' }];
  let h = 0;
  for (const node of tree.children) {
    if (node.type === 'heading') {
      sections.push({ heading: headings[h++] ?? null, text: '' });
      continue;
    }
    if ((node.type as string) === 'docsgenElement' && !('children' in node && (node as Parents).children.length)) continue;
    const text = toString(node).replace(/\s+/g, ' ').trim();
    if (text) sections[sections.length - 1]!.text += (sections[sections.length - 1]!.text ? ' ' : '') + text;
  }
  return sections.filter((s) => s.heading !== null || s.text !== '');
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
      html: `<pre>${escapeHtml(input.raw.split('\n').slice(input.frontMatterLines).join('\n'))}</pre>`,
      islands: [],
      sections: [],
      markdown: input.raw,
      preludes: [],
      codes: [],
      fileRoutes: [],
      messages: [
        message(input.displayPath, { line: 1, column: 1 }, 'error', `docsgen failed on this page: ${reason}`, 'internal-error', 'This is a docsgen bug; please report it with this file.'),
      ],
    };
  }
}

/** A page's Markdown as the hast tree that becomes its body, with what the walk learned on the way. */
export function compileToHast(input: CompileInput, ctx: CompileContext, highlight: Highlight) {
  const parsed = timeStage('parse', () => parseMarkdown(input.raw, input.frontMatterLines, input.displayPath, input.format ?? 'mdx'));
  const state: WalkState = {
    input,
    ctx,
    highlight: typeof highlight === 'function' ? highlight : (options) => timeStage('highlight', () => highlightToHtml(highlight, options)),
    messages: [...parsed.messages],
    links: [],
    headings: [],
    slugger: new GithubSlugger(),
    table: [],
    islands: new Set(),
    preludes: [],
    codes: [],
    tabCount: 0,
    // Its own route too: resolved against it, the page's own links (`#id`) depend on it.
    fileRoutes: new Map([[input.id.replace(/\.mdx?$/, ''), input.route]]),
  };
  const tree: Root = { type: 'root', children: walkChildren(state, parsed.tree.children) };
  const hast = toHastProcessor.runSync(tree as never) as unknown as HastRoot;
  decorate(hast);
  return { state, tree, hast };
}

function compileUnsafe(input: CompileInput, ctx: CompileContext, highlight: Highlight): CompiledPage {
  const { state, tree, hast } = compileToHast(input, ctx, highlight);
  const anchors = new Set<string>();
  collectIds(hast, anchors);
  const html = renderBody(hast, state.table);
  const h1 = state.headings.find((h) => h.depth === 1);
  const fileName = input.id.split('/').pop()!.replace(/\.mdx?$/, '');
  const body = input.raw.split('\n').slice(input.frontMatterLines).join('\n').trim();
  return {
    id: input.id,
    title: input.title ?? h1?.text ?? fileName,
    hasH1: h1 !== undefined,
    headings: state.headings,
    links: state.links,
    anchors: [...anchors],
    html,
    islands: [...state.islands],
    sections: sectionsOf(tree, state.headings),
    markdown: body,
    preludes: state.preludes,
    codes: state.codes,
    messages: state.messages,
    fileRoutes: [...state.fileRoutes],
  };
}
