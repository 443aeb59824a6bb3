// What the body's hast needs beyond mdast-util-to-hast: heading anchors and labelled checkboxes.
import type { Root as HastRoot, Element as HastElement } from 'hast';

/** Elements a task item's label stops before (its nested lists, its next paragraphs). */
const BLOCK_TAGS = new Set(['p', 'ul', 'ol', 'div', 'pre', 'table', 'blockquote', 'figure', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr']);

/**
 * What the body needs beyond mdast-util-to-hast: headings carry a visible anchor link to their id,
 * and the checkbox of a task list item (`- [x] Done`) is labelled by the item's text, as a form
 * control must be for assistive technology (WCAG 1.3.1, 4.1.2): `<label><input …> Done</label>`.
 */
export function decorate(node: HastRoot | HastElement, inTaskItem = false): void {
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
