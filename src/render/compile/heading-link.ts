// How a heading links to itself, shared by both body paths (to-html.ts, decorate.ts).
//
// The heading's text is the link (`<h2 id="x"><a class="anchor" href="#x">Text</a></h2>`; the `#`
// shown on hover is CSS, with empty alternative text): each link's name is its section's title,
// and the heading's name stays its title. A `#` link appended inside the heading instead gave
// every such link on a page the same name ("Link to this section", WCAG 2.4.4) and added that
// name to every heading's.
//
// A heading holding a link or a control cannot sit inside another link: it keeps its content and
// gets a `#` link of its own after it, named by the heading's text.
import type { Element as HastElement } from 'hast';

export const ANCHOR_CLASS = 'anchor';

/** The `#` link after a heading whose content cannot be the link. */
export function anchorMark(id: string, text: string): HastElement {
  return {
    type: 'element',
    tagName: 'a',
    properties: { className: [ANCHOR_CLASS, 'anchor-mark'], href: `#${id}`, ariaLabel: `Link to section: ${text.trim()}` },
    children: [{ type: 'text', value: '#' }],
  };
}
