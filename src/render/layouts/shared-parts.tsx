// Parts of the page that many pages render alike (the top bar, the footer): rendered once per
// distinct props and put into each page as bytes, as the body and the sidebar are.
import { createElement, type FunctionComponent, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/** What stands for the Nth shared part of a page while React renders it (`slot`, replaced whole). */
const marker = (n: number): string => `<!--docsgen:part:${n}-->`;
const slot = (n: number): string => `<docsgen-part>${marker(n)}</docsgen-part>`;

/**
 * One build's shared parts. A part is a server component that is a pure function of its props
 * (no context, no hooks with state), so its HTML is known by the component and its props as JSON:
 * the top bar of a docs page differs from another's only in which links are current, the
 * footer not at all, yet React rendered both for every page (~0.2 ms a page, with their icons).
 *
 * `renderPage` collects the parts a page places; outside it (`renderNotFound`, tests) a part
 * renders in place as an ordinary component.
 */
export class SharedParts {
  private readonly rendered = new Map<string, Buffer>();
  private placed: { key: string; element: () => ReactElement }[] | undefined;

  /** The number of a part placed in the page being rendered by `renderPage`; undefined outside it. */
  place(key: string, element: () => ReactElement): number | undefined {
    if (!this.placed) return undefined;
    return this.placed.push({ key, element }) - 1;
  }

  /** `render()`'s HTML, and each shared part it placed: where its slot is, how long, and its bytes. */
  renderPage(render: () => string): { html: string; parts: { at: number; length: number; bytes: Buffer }[] } {
    this.placed = [];
    let html: string;
    let placed: { key: string; element: () => ReactElement }[];
    try {
      html = render();
    } finally {
      placed = this.placed;
      this.placed = undefined;
    }
    const parts: { at: number; length: number; bytes: Buffer }[] = [];
    let from = 0;
    placed.forEach(({ key, element }, n) => {
      const where = slot(n);
      const at = html.indexOf(where, from);
      if (at < 0) return; // not rendered after all (a parent returned something else)
      let bytes = this.rendered.get(key);
      if (!bytes) this.rendered.set(key, (bytes = Buffer.from(renderToStaticMarkup(element()))));
      parts.push({ at, length: where.length, bytes });
      from = at + where.length;
    });
    return { html, parts };
  }
}

/** A number per component function (names may repeat once bundled). */
const componentIds = new WeakMap<object, number>();
let nextComponentId = 0;
function componentId(component: object): number {
  let id = componentIds.get(component);
  if (id === undefined) componentIds.set(component, (id = nextComponentId++));
  return id;
}

/**
 * Renders `component` with `props` as a shared part of the page (see SharedParts): props must be
 * plain data, and everything the part shows must come from them.
 */
export function SharedPart<P extends object>({ parts, component, props }: { parts: SharedParts | undefined; component: FunctionComponent<P>; props: P }) {
  const element = () => createElement(component, props);
  const n = parts?.place(`${componentId(component)}\u0000${JSON.stringify(props)}`, element);
  return n === undefined ? element() : <docsgen-part dangerouslySetInnerHTML={{ __html: marker(n) }} />;
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'docsgen-part': { dangerouslySetInnerHTML: { __html: string } };
    }
  }
}
