// Body hast → HTML: plain Markdown elements serialised by hast-util-to-html, components rendered
// by React (once per distinct set of props where the component allows it).
import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { unified } from 'unified';
import rehypeReact from 'rehype-react';
import { toHtml } from 'hast-util-to-html';
import type { Root as HastRoot, Element as HastElement, ElementContent } from 'hast';
import { components, PropsTable } from './components.ts';

const toReactProcessor = unified().use(rehypeReact, {
  Fragment,
  jsx,
  jsxs,
  components: components as never,
  elementAttributeNameCase: 'react',
  stylePropertyNameCase: 'dom',
});

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

export const TABLE_PARTS: ReadonlySet<string> = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr']);
export const COMPONENT_TAGS: ReadonlySet<string> = new Set(Object.keys(components));

/**
 * Components rendered once per distinct set of props, with markers where something goes per use,
 * and the markers replaced per use: a React render costs ~0.1 ms, more than the rest of a page's
 * HTML, and a page has several code blocks and callouts.
 * - `SUBSTITUTED`: string props put in at a marker instead of being rendered: `html` as it is
 *   (highlighted code), `text` escaped as React escapes text and attribute values (a code block's
 *   title, different on nearly every titled block; a tab set's id and prelude), `html[]` an array
 *   of HTML, each item at a marker of its own (a tab set's panels; the template is per length).
 *   Such a component must only embed these props, and branch on nothing but whether they are set;
 *   an empty string is rendered, not substituted.
 * - `CHILDREN_SLOT`: the children are put in once, as they are, with nothing around them that
 *   depends on them; they are rendered as the rest of the body is. Islands are not among them:
 *   their children must be React's markup, which the client hydrates.
 */
const SUBSTITUTED: Partial<Record<keyof typeof components, Record<string, 'html' | 'text' | 'html[]'>>> = {
  CodeBlock: { html: 'html', title: 'text' },
  // The manual's ReScript / JS output tabs: ~1,200 React renders on the repo site before.
  CodeTab: { id: 'text', prelude: 'text', panels: 'html[]' },
};
export const CHILDREN_SLOT: ReadonlySet<string> = new Set<string>(['Intro', 'Info', 'Warn', 'Cite', 'UrlBox']);
const MARKER = '\u0000docsgen-verbatim\u0000';
const PROP_MARKER = /\u0000docsgen-prop-([\w.]+)\u0000/g;
const templates = new Map<string, string>();

function renderComponent(el: HastElement, table: readonly unknown[]): string {
  return renderComponentWith(el, table, () => renderBody({ type: 'root', children: el.children }, table));
}

/**
 * A component's HTML (see `renderComponent`), with the HTML of its children, for the components
 * that take them in a slot, from `childrenHtml`: the hast path renders them from the element's
 * hast children, the direct path (`to-html.ts`) from their mdast.
 */
export function renderComponentWith(el: HastElement, table: readonly unknown[], childrenHtml: () => string): string {
  const props = table[Number(el.properties['dataC'])] as Record<string, unknown> | undefined;
  const slots = SUBSTITUTED[el.tagName as keyof typeof components];
  if (slots && props && el.children.length === 0) {
    const keyProps: Record<string, unknown> = { ...props };
    const templateProps: Record<string, unknown> = { ...props };
    const fills = new Map<string, string>();
    for (const [name, kind] of Object.entries(slots)) {
      const value = props[name];
      if (kind === 'html[]') {
        if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) continue;
        keyProps[name] = value.length;
        templateProps[name] = value.map((_, i) => `\u0000docsgen-prop-${name}.${i}\u0000`);
        value.forEach((v: string, i) => fills.set(`${name}.${i}`, v));
        continue;
      }
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
    const children = childrenHtml();
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
