import { fromHtml } from 'hast-util-from-html';
import { select, selectAll } from 'hast-util-select';
import { toString } from 'hast-util-to-string';
import type { Element, Root } from 'hast';

/** Parses HTML into a tree so tests inspect structure, not substrings. */
export function parse(html: string): Root {
  return fromHtml(html, { fragment: !/^\s*<!doctype/i.test(html) });
}

export function $(tree: Root | Element, selector: string): Element | undefined {
  return select(selector, tree) as Element | undefined;
}

export function $$(tree: Root | Element, selector: string): Element[] {
  return selectAll(selector, tree) as Element[];
}

export function text(node: Element | Root | undefined): string {
  return node ? toString(node).replace(/\s+/g, ' ').trim() : '';
}

export function attr(node: Element | undefined, name: string): string | undefined {
  const v = node?.properties?.[name];
  if (v === undefined || v === null || v === false) return undefined;
  return Array.isArray(v) ? v.join(' ') : String(v);
}
