import { describe, expect, it } from 'vitest';
import { compile } from '../helpers/compile.ts';
import { $, $$, attr, parse, text } from '../helpers/html.ts';
import { resolveHref } from '../../src/render/compile.ts';
import { baseContext, highlighter } from '../helpers/compile.ts';
import { compilePage } from '../../src/render/compile.ts';

describe('headings', () => {
  it('get github-slugger ids with numeric suffixes and keep inline code text', async () => {
    const page = await compile('# Title\n\n## Use `->` here\n\n## Same\n\n## Same\n');
    expect(page.headings.map((h) => [h.depth, h.text, h.id])).toEqual([
      [1, 'Title', 'title'],
      [2, 'Use -> here', 'use---here'],
      [2, 'Same', 'same'],
      [2, 'Same', 'same-1'],
    ]);
    const tree = parse(page.html);
    expect(attr($(tree, 'h2 a.anchor'), 'href')).toBe('#use---here');
    expect(page.anchors).toContain('same-1');
  });

  it('link to themselves by their own text, so each link is named by its section and each heading by its title', async () => {
    // The second copy has a tag, so it takes the MDX parser and the general (hast) path.
    for (const markdown of ['## Use `->` *here*\n\n### Same\n', '<b>tag</b>\n\n## Use `->` *here*\n\n### Same\n']) {
      const tree = parse((await compile(markdown)).html);
      const links = $$(tree, ':is(h2, h3) > a.anchor');
      expect(links.map((a) => [attr(a, 'href'), text(a), attr(a, 'ariaLabel')])).toEqual([
        ['#use---here', 'Use -> here', undefined],
        ['#same', 'Same', undefined],
      ]);
      expect($$(tree, 'h2 > *').length, 'the link is all the heading holds').toBe(1);
    }
  });

  it('holding a link of their own, keep it and get a # link named by their text after it', async () => {
    const tree = parse((await compile('## See [the pipe](https://example.com/pipe) first\n')).html);
    const [inner, mark] = $$(tree, 'h2 a');
    expect(attr(inner!, 'href')).toBe('https://example.com/pipe');
    expect([attr(mark!, 'href'), attr(mark!, 'ariaLabel'), text(mark!)]).toEqual(['#see-the-pipe-first', 'Link to section: See the pipe first', '#']);
    expect($$(tree, 'a a'), 'no link inside a link').toEqual([]);
  });
});

describe('task lists', () => {
  it('label each checkbox with its item text, tight, spread and nested, on both parsers', async () => {
    const plain = '- [x] Done\n- [ ] To *do*\n  - [ ] nested\n\n---\n\n- [x] Spread\n\n  More text\n\n- [ ] Next\n';
    // The second copy has a tag, so it takes the MDX parser instead of the fast path.
    for (const markdown of [plain, `<b>tag</b>\n\n${plain}`]) {
      const tree = parse((await compile(markdown)).html);
      const labels = $$(tree, 'li.task-list-item label');
      expect(labels.map((l) => [text(l), attr($(l, 'input[type=checkbox]'), 'checked') !== undefined])).toEqual([
        ['Done', true],
        ['To do', false],
        ['nested', false],
        ['Spread', true],
        ['Next', false],
      ]);
      expect($$(tree, 'input[type=checkbox]').length, 'every checkbox is in a label').toBe(labels.length);
      expect(text($(tree, 'li.task-list-item:has(> p) > p + p')), 'a later paragraph stays outside').toBe('More text');
    }
  });
});

describe('links', () => {
  it('drop .md, .mdx and .html and resolve relative to the file', () => {
    const from = 'docs/manual/v1.0.0/page.mdx';
    const route = '/docs/manual/v1.0.0/page';
    expect(resolveHref('pipe.md', from, route, baseContext)).toBe('/docs/manual/v1.0.0/pipe');
    expect(resolveHref('./pipe.mdx#x', from, route, baseContext)).toBe('/docs/manual/v1.0.0/pipe#x');
    expect(resolveHref('../v1.0.0/intro.html', from, route, baseContext)).toBe('/docs/manual/v1.0.0/intro');
    expect(resolveHref('../../../guides/index.md', from, route, baseContext)).toBe('/guides/');
    expect(resolveHref('#frag', from, route, baseContext)).toBe('/docs/manual/v1.0.0/page#frag');
    expect(resolveHref('https://x.org/a.md', from, route, baseContext)).toBe('https://x.org/a.md');
  });

  it('resolve the `next` alias through versions config, keep routed `latest` links', () => {
    expect(resolveHref('/docs/manual/next/pipe', 'x.mdx', '/x', baseContext)).toBe('/docs/manual/v2.0.0/pipe');
    expect(resolveHref('/docs/manual/latest/pipe', 'x.mdx', '/x', baseContext)).toBe('/docs/manual/latest/pipe');
  });

  it('note the file → route lookups they made, and the page its own route: what the compile depends on', async () => {
    const page = await compile('See [pipe](pipe.md), [a page to come](./later) and [guides](../../../guides/index.md).\n');
    expect(new Map(page.fileRoutes)).toEqual(
      new Map([
        ['docs/manual/v1.0.0/page', '/docs/manual/v1.0.0/page'],
        ['docs/manual/v1.0.0/pipe', '/docs/manual/v1.0.0/pipe'],
        ['docs/manual/v1.0.0/later', null],
        ['docs/manual/v1.0.0/later/index', null],
        ['guides/index', '/guides/'],
      ]),
    );
    const { routesHold } = await import('../../src/pipeline/cache.ts');
    const routes = { ...baseContext.routeByFile, 'docs/manual/v1.0.0/page': '/docs/manual/v1.0.0/page' };
    expect(routesHold(page, routes)).toBe(true);
    expect(routesHold(page, { ...routes, 'docs/manual/v1.0.0/other': '/docs/manual/v1.0.0/other' })).toBe(true); // a page it does not link to
    expect(routesHold(page, { ...routes, 'docs/manual/v1.0.0/later': '/docs/manual/v1.0.0/later' })).toBe(false); // the page it links to appears
    const withoutPipe: Record<string, string> = { ...routes };
    delete withoutPipe['docs/manual/v1.0.0/pipe'];
    expect(routesHold(page, withoutPipe)).toBe(false); // the page it links to goes
  });

  it('are recorded with the place they were written', async () => {
    const page = await compile('Intro\n\nSee [pipe](pipe.md) and [ext](https://a.org).\n');
    expect(page.links).toEqual([{ href: '/docs/manual/v1.0.0/pipe', raw: 'pipe.md', line: 3, column: 5 }]);
    expect(attr($(parse(page.html), 'a'), 'href')).toBe('/docs/manual/v1.0.0/pipe');
  });

  it('to an id on the page itself are checked in the compile: only a broken one is left for the link check', async () => {
    const page = await compile('## Usage\n\nSee [usage](#usage), [the same, by route](/docs/manual/v1.0.0/page#usage), [typo](#usgae) and [pipe](pipe.md#usage).\n');
    expect(page.anchors).toContain('usage');
    expect(page.links.map((l) => l.href)).toEqual(['/docs/manual/v1.0.0/page#usgae', '/docs/manual/v1.0.0/pipe#usage']);
    expect(page.links[0]).toMatchObject({ raw: '#usgae', line: 3, column: 76 });
  });
});

describe('tags', () => {
  it('render built-in components with literal attributes', async () => {
    const page = await compile('<Cite author="Ada">\n\nQuote.\n\n</Cite>\n\n<Image src="/a.png" caption="Cap" withShadow={true} />\n');
    const tree = parse(page.html);
    expect(text($(tree, 'figure.cite figcaption'))).toBe('Ada');
    expect(attr($(tree, 'figure.image img'), 'src')).toBe('/a.png');
    expect(attr($(tree, 'figure.image img'), 'className')).toBe('shadow');
    expect(page.messages).toEqual([]);
  });

  it('reports an unknown component with its place and the known ones', async () => {
    const page = await compile('Text\n\n<Fancy x="1" />\n');
    expect(page.messages).toMatchObject([{ line: 3, column: 1, ruleId: 'unknown-component', severity: 'error' }]);
    expect(page.messages[0]!.note).toContain('CodeTab');
  });

  it('refuses attribute expressions that need running code, at the expression', async () => {
    const page = await compile('<CodeTab labels={makeLabels()}>\n\n```js\nx\n```\n\n</CodeTab>\n');
    expect(page.messages).toMatchObject([{ line: 1, column: 18, ruleId: 'attribute-not-static' }]);
  });

  it('refuses expressions in text but drops comments', async () => {
    const page = await compile('A {/* comment */} B\n\nC {1 + 1} D\n');
    expect(page.messages).toMatchObject([{ line: 3, column: 3, ruleId: 'expression-not-static' }]);
    expect(text(parse(page.html))).toBe('A B C D');
  });

  it('ignores import/export lines with a warning', async () => {
    const page = await compile('import X from "y"\n\n# T\n');
    expect(page.messages).toMatchObject([{ line: 1, ruleId: 'esm-ignored', severity: 'warning' }]);
  });

  it('renders raw HTML elements in JSX form, className becoming class', async () => {
    const page = await compile('<div className="hidden">secret</div>\n\nx<sup>2</sup><br/>\n');
    const tree = parse(page.html);
    expect(attr($(tree, 'div.hidden'), 'className')).toBe('hidden');
    expect($(tree, 'p div')).toBeUndefined();
    expect(text($(tree, 'sup'))).toBe('2');
    expect($(tree, 'br')).toBeDefined();
  });

  it('highlights fenced code inside table cells', async () => {
    const page = await compile('<table><tbody><tr><td>\n\n```js\nvar a = 1;\n```\n\n</td></tr></tbody></table>\n');
    expect($(parse(page.html), 'td .code-block pre.shiki')).toBeDefined();
  });

  it('keeps escaped < and { as text', async () => {
    const page = await compile('1 \\< 2 and \\{x\\}\n');
    expect(text(parse(page.html))).toBe('1 < 2 and {x}');
    expect(page.messages).toEqual([]);
  });

  it('drops HTML comments, even across lines, but not inside code', async () => {
    const page = await compile('a <!-- one -->b\n\n<!--\nmulti\n-->\n\n```html\n<!-- kept -->\n```\n');
    const tree = parse(page.html);
    expect(text($(tree, 'p'))).toBe('a b');
    expect(text($(tree, 'pre'))).toBe('<!-- kept -->');
  });

  it('turns an MDX syntax error into a positioned message and still renders the page', async () => {
    const page = await compile('# Title\n\nBroken <Info\n\nMore text.\n');
    expect(page.messages).toMatchObject([{ line: 3, ruleId: 'mdx-syntax', severity: 'error' }]);
    expect(text($(parse(page.html), 'h1'))).toContain('Title');
  });

  it('guesses the component a misspelt tag meant', async () => {
    const page = await compile('# Title\n\n<Warning>Careful.</Warning>\n');
    expect(page.messages).toMatchObject([{ ruleId: 'unknown-component', reason: 'Unknown component <Warning>' }]);
    expect(page.messages[0]!.note).toMatch(/^Did you mean <Warn>\? Known components: /);
  });

  it('places a tag left open at the tag, and says what is wrong with a bad {…} without naming the parser', async () => {
    const open = await compile('# Title\n\nInline <span class="x">unclosed span and <b>bold.\n');
    expect(open.messages).toMatchObject([{ line: 3, column: 42, ruleId: 'mdx-syntax' }]);
    const expr = await compile('# Title\n\nValue {1 +} here.\n');
    expect(expr.messages).toMatchObject([{ line: 3, ruleId: 'mdx-syntax', reason: 'Could not parse: the `{…}` is not a valid JavaScript expression' }]);
  });
});

describe('code', () => {
  it('reads meta words and keeps prelude code out of the page', async () => {
    const page = await compile('```res prelude\nlet p = 1\n```\n\n```res example {2}\nlet a = p\nlet b = a\n```\n\n```res sig\nlet f: int => int\n```\n');
    const tree = parse(page.html);
    expect($$(tree, '.code-block')).toHaveLength(2);
    expect(text(tree)).not.toContain('let p = 1');
    expect(page.preludes).toEqual(['let p = 1']);
    expect($(tree, '.code-sig')).toBeDefined();
    expect($$(tree, '.code-example .line.highlighted')).toHaveLength(1);
    // The block carries what its script needs (no island props): the prelude, and the playground link.
    const example = $(tree, '.code-example');
    expect(attr(example, 'dataPrelude')).toBe('let p = 1');
    expect($$(example!, '.code-actions .playground-link')).toHaveLength(1);
    expect($$(example!, '.code-actions .copy-button')).toHaveLength(1);
    expect($$(tree, '.code-sig .playground-link')).toHaveLength(0);
    expect(attr($(tree, '.code-sig'), 'dataPrelude')).toBeUndefined();
    expect($$(tree, '[data-island]')).toHaveLength(0);
  });

  it('builds code tabs, first tab selected, playground only for ReScript', async () => {
    const page = await compile('<CodeTab labels={["ReScript", "JS Output"]}>\n\n```res example\nlet a = 1\n```\n\n```js\nvar a = 1;\n```\n\n</CodeTab>\n');
    const tree = parse(page.html);
    const tabs = $$(tree, '.code-tabs [role="tab"]');
    expect(tabs.map((t) => text(t))).toEqual(['ReScript', 'JS Output']);
    expect(tabs.map((t) => attr(t, 'ariaSelected'))).toEqual(['true', 'false']);
    expect(tabs.map((t) => attr(t, 'tabIndex'))).toEqual(['0', '-1']);
    // Which tabs may be run in the playground: read by the client script (no island props).
    expect(tabs.map((t) => attr(t, 'dataPlayground') !== undefined)).toEqual([true, false]);
    expect($$(tree, '[role="tabpanel"]').map((p) => attr(p, 'hidden') !== undefined)).toEqual([false, true]);
    expect($$(tree, '[role="tabpanel"]').map((p) => attr(p, 'dataLang'))).toEqual(['rescript', 'javascript']);
    expect(attr($(tree, '.code-tabs .playground-link'), 'hidden')).toBeUndefined();
    expect($$(tree, '[data-island]')).toHaveLength(0);
    expect(page.islands).toEqual([]);
  });

  it('hides the playground link of code tabs until a ReScript tab is selected', async () => {
    const page = await compile('```res prelude\nlet p = 1\n```\n\n<CodeTab labels={["JS Output", "ReScript"]}>\n\n```js\nvar a = 1;\n```\n\n```res\nlet a = 1\n```\n\n</CodeTab>\n');
    const tree = parse(page.html);
    expect(attr($(tree, '.code-tabs'), 'dataPrelude')).toBe('let p = 1');
    expect(attr($(tree, '.code-tabs .playground-link'), 'hidden')).toBe('true');
  });

  it('warns about a malformed highlight spec', async () => {
    const page = await compile('```js {a-b}\nx\n```\n');
    expect(page.messages).toMatchObject([{ line: 1, ruleId: 'code-highlight-spec', severity: 'warning' }]);
  });
});

describe('parsing shortcuts', () => {
  it('gives the same tree with and without the MDX parser when no tag can occur', async () => {
    const { parseMarkdown } = await import('../../src/render/parse.ts');
    const text = '# T\n\nSome *text* and `code <b>`.\n\n```js\nif (a < b) { x() }\n```\n\n    not indented code\n\n- item\n\n  ```sh\n  echo {x}\n  ```\n';
    const fast = parseMarkdown(text, 0, 'f.md');
    const withTag = parseMarkdown(`${text}\n<Info>x</Info>\n`, 0, 'f.md');
    const strip = (n: unknown): unknown => JSON.parse(JSON.stringify(n, (k, v) => (k === 'position' ? undefined : v)));
    expect((strip(withTag.tree) as { children: unknown[] }).children.slice(0, -1)).toEqual((strip(fast.tree) as { children: unknown[] }).children);
    const codes = (fast.tree.children as { type: string; value?: string }[]).filter((c) => c.type === 'code').map((c) => c.value);
    expect(codes).toEqual(['if (a < b) { x() }']);
  });
});

describe('components of the community pages', () => {
  it('renders CommunityResources and a static DonationForm from site links', async () => {
    const page = await compile('<CommunityResources />\n\n<DonationForm />\n');
    const tree = parse(page.html);
    expect(page.messages).toEqual([]);
    expect(attr($(tree, '.community-content a'), 'href')).toBe('https://forum.example.org');
    expect(attr($(tree, '.donation a'), 'href')).toBe('https://sponsor.example.org');
  });
});

describe('heading ids', () => {
  it('are each used once: a written {#id} keeps its id and a slug made before it moves aside, and a written id used twice is numbered', async () => {
    const raw = '# Types\n\nIntro.\n\n## Types {#types}\n\n### get {#value-get}\n\n### get {#value-get}\n';
    const page = await compilePage({ id: 'a.md', displayPath: 'content/a.md', raw, route: '/a', frontMatterLines: 0, title: undefined, format: 'md' }, baseContext, await highlighter());
    expect(page.headings.map((h) => h.id)).toEqual(['types-1', 'types', 'value-get', 'value-get-1']);
    expect(new Set(page.anchors).size).toBe(page.anchors.length);
  });
});
