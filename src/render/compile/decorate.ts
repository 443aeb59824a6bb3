// What the body's hast needs beyond mdast-util-to-hast: heading links, labelled checkboxes, empty
// corner cells that are no headers, tables the keyboard can scroll, and inline code's hyphenated
// words kept on one line.
import type { Root as HastRoot, Element as HastElement, ElementContent } from 'hast';
import { toString } from 'hast-util-to-string';
import { inlineCodeRuns, KEPT_CLASS } from './inline-code.ts';
import { anchorMark, ANCHOR_CLASS } from './heading-link.ts';

/** Elements a task item's label stops before (its nested lists, its next paragraphs). */
const BLOCK_TAGS = new Set(['p', 'ul', 'ol', 'div', 'pre', 'table', 'blockquote', 'figure', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr']);

/**
 * What the body needs beyond mdast-util-to-hast: a heading's text links to its id (heading-link.ts),
 * the checkbox of a task list item (`- [x] Done`) is labelled by the item's text, as a form
 * control must be for assistive technology (WCAG 1.3.1, 4.1.2): `<label><input …> Done</label>`,
 * an empty header cell (a comparison table's corner, `| | Array | List |`) is a plain cell, as
 * a header that names nothing is announced as a blank column title, a table is in the tab order
 * (a wide one scrolls sideways on a phone, and only the keyboard's focus lets the arrow keys scroll
 * it; the page's script takes a table that fits out again: src/client/shell.ts), and inline code's
 * short hyphenated words do not break at the hyphen (inline-code.ts).
 */
export function decorate(node: HastRoot | HastElement, inTaskItem = false): void {
  if (inTaskItem) labelCheckbox(node);
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    const id = child.properties['id'];
    if (/^h[1-6]$/.test(child.tagName) && typeof id === 'string') {
      decorate(child);
      if (linkable(child)) child.children = [{ type: 'element', tagName: 'a', properties: { className: [ANCHOR_CLASS], href: `#${id}` }, children: child.children }];
      else child.children.push(anchorMark(id, toString(child)));
    } else if (child.tagName === 'code' && (node.type === 'root' || node.tagName !== 'pre')) {
      keepHyphenatedWords(child);
    } else if (child.tagName === 'th' && isEmptyCell(child)) {
      child.tagName = 'td';
    } else {
      if (child.tagName === 'table' && !('tabIndex' in child.properties)) child.properties['tabIndex'] = 0;
      const task = child.tagName === 'li' && (child.properties['className'] as string[] | undefined)?.includes('task-list-item');
      // A spread item's checkbox is in its first paragraph.
      decorate(child, task || (inTaskItem && child.tagName === 'p' && child === node.children.find((c) => c.type === 'element')));
    }
  }
}

/** A table cell with nothing in it, not even an image (the Markdown of `| |`). */
function isEmptyCell(cell: HastElement): boolean {
  return cell.children.every((c) => c.type === 'text' && c.value.trim() === '');
}

/** Tags a heading's link cannot hold: links and controls (no interactive content inside an `a`). */
const INTERACTIVE = new Set(['a', 'button', 'details', 'embed', 'iframe', 'input', 'label', 'select', 'textarea', 'audio', 'video']);

/** Whether nothing in the heading is interactive, or may be (raw HTML, a component). */
function linkable(node: HastElement): boolean {
  return node.children.every((c) => c.type === 'text' || c.type === 'comment' || (c.type === 'element' && /^[a-z][a-z0-9]*$/.test(c.tagName) && !INTERACTIVE.has(c.tagName) && linkable(c)));
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

/** Inline code's text split into runs, its short hyphenated words in `nobr` spans. */
function keepHyphenatedWords(code: HastElement): void {
  const children: ElementContent[] = [];
  for (const child of code.children) {
    if (child.type !== 'text') {
      children.push(child);
      continue;
    }
    for (const run of inlineCodeRuns(child.value)) {
      children.push(typeof run === 'string' ? { type: 'text', value: run } : { type: 'element', tagName: 'span', properties: { className: [KEPT_CLASS] }, children: [{ type: 'text', value: run.kept }] });
    }
  }
  code.children = children;
}
