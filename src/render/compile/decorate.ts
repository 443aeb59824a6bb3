// What the body's hast needs beyond mdast-util-to-hast: heading anchors, labelled checkboxes, and
// inline code's hyphenated words kept on one line.
import type { Root as HastRoot, Element as HastElement, ElementContent } from 'hast';
import { inlineCodeRuns, KEPT_CLASS } from './inline-code.ts';

/** Elements a task item's label stops before (its nested lists, its next paragraphs). */
const BLOCK_TAGS = new Set(['p', 'ul', 'ol', 'div', 'pre', 'table', 'blockquote', 'figure', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr']);

/**
 * What the body needs beyond mdast-util-to-hast: headings carry a visible anchor link to their id,
 * the checkbox of a task list item (`- [x] Done`) is labelled by the item's text, as a form
 * control must be for assistive technology (WCAG 1.3.1, 4.1.2): `<label><input …> Done</label>`,
 * and inline code's short hyphenated words do not break at the hyphen (inline-code.ts).
 */
export function decorate(node: HastRoot | HastElement, inTaskItem = false): void {
  if (inTaskItem) labelCheckbox(node);
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    const id = child.properties['id'];
    if (/^h[1-6]$/.test(child.tagName) && typeof id === 'string') {
      decorate(child);
      child.children.push({
        type: 'element',
        tagName: 'a',
        properties: { className: ['anchor'], href: `#${id}`, ariaLabel: 'Link to this section' },
        children: [{ type: 'text', value: '#' }],
      });
    } else if (child.tagName === 'code' && (node.type === 'root' || node.tagName !== 'pre')) {
      keepHyphenatedWords(child);
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
