import { describe, expect, it } from 'vitest';
import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SharedPart, SharedParts } from '../../src/render/layouts/shared-parts.tsx';
import { TopBar, type TopBarProps } from '../../src/components/shell/TopBar.tsx';

const bar = (current: string): TopBarProps => ({
  title: 'ReScript',
  nav: ['/docs/manual/latest/introduction', '/blog', '/community'].map((href) => ({ name: href, href, current: href === current })),
  social: [{ name: 'GitHub', href: 'https://github.com/rescript-lang' }],
});

/** A page: some text around a shared top bar, as a layout would render it. */
const page = (parts: SharedParts | undefined, props: TopBarProps, text: string) =>
  createElement(Fragment, null, createElement('p', null, text), createElement(SharedPart<TopBarProps>, { parts, component: TopBar, props }), createElement('p', null, 'end'));

/** What a page's bytes come to once the parts are put in (as renderRoute does). */
function spliced(parts: SharedParts, props: TopBarProps, text: string): string {
  const { html, parts: placed } = parts.renderPage(() => renderToStaticMarkup(page(parts, props, text)));
  let out = '';
  let from = 0;
  for (const p of placed) {
    out += html.slice(from, p.at) + p.bytes.toString();
    from = p.at + p.length;
  }
  return out + html.slice(from);
}

describe('shared parts', () => {
  it('put into each page exactly the HTML React renders in place', () => {
    const parts = new SharedParts();
    for (const [current, text] of [['/blog', 'one'], ['/community', 'two'], ['/blog', 'three & <four>']] as const) {
      expect(spliced(parts, bar(current), text)).toBe(renderToStaticMarkup(page(undefined, bar(current), text)));
    }
  });

  it('are rendered once per distinct props, and a page shows its own current link', () => {
    const parts = new SharedParts();
    const first = parts.renderPage(() => renderToStaticMarkup(page(parts, bar('/blog'), 'a')));
    const again = parts.renderPage(() => renderToStaticMarkup(page(parts, bar('/blog'), 'b')));
    const other = parts.renderPage(() => renderToStaticMarkup(page(parts, bar('/community'), 'c')));
    expect(again.parts[0]!.bytes).toBe(first.parts[0]!.bytes); // the same bytes, not a second render
    expect(other.parts[0]!.bytes).not.toBe(first.parts[0]!.bytes);
    expect(other.parts[0]!.bytes.toString()).toContain('<a href="/community" aria-current="page">');
    expect(first.parts[0]!.bytes.toString()).toContain('<a href="/blog" aria-current="page">');
  });

  it('render in place outside a page render', () => {
    const html = renderToStaticMarkup(page(new SharedParts(), bar('/blog'), 'x'));
    expect(html).not.toContain('docsgen-part');
    expect(html).toBe(renderToStaticMarkup(page(undefined, bar('/blog'), 'x')));
  });
});
