// Types in API signatures link to their definitions: which ranges are links, and how the
// highlighted spans are wrapped.
import { describe, expect, it } from 'vitest';
import { linkLine, linksByLine } from '../../src/render/code-links.ts';
import { signatureLinks, typeIndex } from '../../src/api/sig-links.ts';
import { ensureLanguages, getHighlighter, highlightToHtml } from '../../src/render/highlight.ts';

const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

describe('links in highlighted code', () => {
  it('wrap whole tokens, and split a token a range starts or ends inside, keeping its style', () => {
    const html = '<span style="color:red">let</span><span> x: </span><span style="color:blue">Foo.t</span><span>&lt;int&gt;</span>';
    // A range that is exactly a token, and one that starts inside a token and ends inside another.
    const out = linkLine(html, [{ from: 7, to: 12, href: '/foo#type-t' }]);
    expect(out).toBe('<span style="color:red">let</span><span> x: </span><a class="code-ref" href="/foo#type-t"><span style="color:blue">Foo.t</span></a><span>&lt;int&gt;</span>');
    const split = linkLine(html, [{ from: 11, to: 15, href: '#type-t' }]);
    expect(split).toBe('<span style="color:red">let</span><span> x: </span><span style="color:blue">Foo.</span><a class="code-ref" href="#type-t"><span style="color:blue">t</span><span>&lt;in</span></a><span>t&gt;</span>');
    expect(text(split)).toBe(text(html));
  });

  it('place each range on its line, and drop ranges that are empty, overlap or leave their line', () => {
    const code = 'type a = Foo.t\nlet b: Bar.t => c';
    const byLine = linksByLine(code, [
      { from: 22, to: 27, href: '/bar' },
      { from: 9, to: 14, href: '/foo' },
      { from: 10, to: 12, href: '/overlap' },
      { from: 12, to: 18, href: '/two-lines' },
      { from: 3, to: 3, href: '/empty' },
    ]);
    expect([...byLine]).toEqual([
      [0, [{ from: 9, to: 14, href: '/foo' }]],
      [1, [{ from: 7, to: 12, href: '/bar' }]],
    ]);
  });

  it('come out of the highlighter around the ranges, the code\'s text unchanged', async () => {
    const highlighter = await getHighlighter();
    await ensureLanguages(highlighter, ['rescript']);
    const code = "let fromIterator: Iterator.t<'a> => array<'a>";
    const plain = highlightToHtml(highlighter, { lang: 'rescript', code });
    const linked = highlightToHtml(highlighter, { lang: 'rescript', code, links: [{ from: 18, to: 28, href: '/iterator#type-t' }] });
    expect(linked).toMatch(/<a class="code-ref" href="\/iterator#type-t">(<span[^>]*>[^<]*<\/span>)+<\/a>/);
    expect(text(/<a class="code-ref"[^>]*>(.*?)<\/a>/.exec(linked)![1]!)).toBe('Iterator.t');
    expect(text(linked)).toBe(text(plain));
    // Not the plain block's HTML from the memo.
    expect(highlightToHtml(highlighter, { lang: 'rescript', code })).toBe(plain);
  });
});

describe('links from an API signature to the types it names', () => {
  const index = typeIndex('v11.0.0', [
    { id: 'Core.Iterator', route: '/api/core/iterator', types: ['t'] },
    { id: 'Core.Intl.Common', route: '/api/core/intl-common', types: ['calendar', 'localeMatcher'] },
    { id: 'Belt.Map', route: '/api/belt/map', types: ['t', 'id'] },
    { id: 'Js.Re', route: '/api/js/re', types: ['t'] },
    { id: 'Core.Math', route: '/api/core/math', types: [] },
  ]);
  const linked = (signature: string, own?: string) =>
    signatureLinks(signature, index, own ? index.get(own) : undefined).map((l) => [signature.slice(l.from, l.to), l.href]);

  it('link a module path and type name, the standard library\'s modules by their short name too', () => {
    expect(linked("let fromIterator: Iterator.t<'a> => array<'a>")).toEqual([['Iterator.t', '/api/core/iterator#type-t']]);
    expect(linked("let x: Core.Iterator.t<'a>")).toEqual([['Core.Iterator.t', '/api/core/iterator#type-t']]);
    expect(linked('type options = {calendar?: Intl.Common.calendar, localeMatcher?: Intl.Common.localeMatcher}')).toEqual([
      ['Intl.Common.calendar', '/api/core/intl-common#type-calendar'],
      ['Intl.Common.localeMatcher', '/api/core/intl-common#type-localeMatcher'],
    ]);
    expect(linked('let exec: (Js.Re.t, string) => option<Js.Re.result>')).toEqual([['Js.Re.t', '/api/js/re#type-t']]);
  });

  it('lead to another module\'s page by a path relative to the page that links', () => {
    const from = (route: string) => signatureLinks("let f: (Iterator.t<'a>, Js.Re.t) => unit", index, undefined, route).map((l) => l.href);
    expect(from('/api/core/array')).toEqual(['iterator#type-t', '../js/re#type-t']);
    expect(from('/api/js/string-2')).toEqual(['../core/iterator#type-t', 're#type-t']);
    // A module's page and its parent module's page: the parent is a page of the folder above.
    const parent = signatureLinks('let x: Js.t', typeIndex('v10.0.0', [{ id: 'Js', route: '/api/js', types: ['t'] }]), undefined, '/api/js/typed-array-2');
    expect(parent.map((l) => l.href)).toEqual(['../js#type-t']);
  });

  it('link the module\'s own types where they are used, to the anchor on the page', () => {
    expect(linked("let get: (t<'k, 'v, 'id>, 'k) => option<'v>", 'Belt.Map')).toEqual([['t', '#type-t']]);
    expect(linked("type t<'k, 'v, 'id> = Belt.Map.t<'k, 'v, 'id>", 'Belt.Map')).toEqual([['Belt.Map.t', '#type-t']]);
    // Not the name being declared, a record field, a label, a value or another module's type.
    expect(linked("type t<'a> = {t: int, id?: string}", 'Belt.Map')).toEqual([]);
    expect(linked('let t: (~id: int, ~t: string=?) => unit', 'Belt.Map')).toEqual([]);
    expect(linked('let make: (~id: id) => t', 'Belt.Map')).toEqual([['id', '#type-id'], ['t', '#type-t']]);
    expect(linked('let x: Other.t => Map.t', 'Belt.Map')).toEqual([]);
  });
});
