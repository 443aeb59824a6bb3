import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import type { Element as HastElement, Root as HastRoot, RootContent as HastContent } from 'hast';
import { compileToHast, renderBody, type CompileInput } from '../../src/render/compile.ts';
import { bodyHtml } from '../../src/render/compile/to-html.ts';
import { baseContext, highlighter } from '../helpers/compile.ts';

/** The element ids the general path records as a page's anchors, in document order. */
function idsOf(node: HastRoot | HastContent, into: string[] = []): string[] {
  if (node.type === 'element') {
    const id = (node as HastElement).properties['id'];
    if (typeof id === 'string') into.push(id);
  }
  if ('children' in node) for (const c of node.children) idsOf(c as HastContent, into);
  return into;
}

function input(id: string, raw: string, format?: 'md'): CompileInput {
  const frontMatterLines = raw.startsWith('---\n') ? raw.slice(0, raw.indexOf('\n---', 3) + 4).split('\n').length : 0;
  return { id, displayPath: id, raw, route: `/${id.replace(/\.mdx?$/, '')}`, frontMatterLines, title: undefined, ...(format ? { format } : {}) };
}

/** Both paths on one page: the general one's HTML and ids, and the direct one's (undefined: not taken). */
async function bothWays(page: CompileInput) {
  const h = await highlighter();
  const { tree, state, hast } = compileToHast(page, baseContext, h);
  const direct = bodyHtml(tree, state.table);
  const anchors = idsOf(hast); // before renderBody, which replaces components by their HTML
  return { direct, general: { html: renderBody(hast, state.table), anchors } };
}

async function expectSame(raw: string, format?: 'md') {
  const { direct, general } = await bothWays(input(format ? 'guides/case.md' : 'docs/manual/v1.0.0/case.mdx', raw, format));
  expect(direct, 'the direct path should take this page').toBeDefined();
  expect(direct!.html).toBe(general.html);
  expect([...direct!.anchors]).toEqual([...new Set(general.anchors)]);
  return direct!.html;
}

describe('body HTML straight from mdast', () => {
  it('is byte for byte the general path\'s HTML, with the same anchors, on every content page and fixture', async () => {
    const files = [
      ...fg.sync('content/**/*.{md,mdx}', { absolute: true }),
      ...fg.sync('tests/fixtures/**/content/**/*.{md,mdx}', { absolute: true }),
    ];
    let direct = 0;
    const general: string[] = [];
    for (const file of files) {
      const page = input(path.basename(path.dirname(file)) + '/' + path.basename(file), fs.readFileSync(file, 'utf8'), file.endsWith('.md') ? 'md' : undefined);
      const both = await bothWays(page);
      if (!both.direct) {
        general.push(file);
        continue;
      }
      direct++;
      expect(both.direct.html, file).toBe(both.general.html);
      expect([...both.direct.anchors], file).toEqual([...new Set(both.general.anchors)]);
    }
    expect(files.length).toBeGreaterThan(500);
    // Footnotes, link references and task lists are rare: nearly every page takes the direct path.
    expect(direct / files.length, `general path: ${general.length} pages`).toBeGreaterThan(0.9);
  });

  it('writes text, breaks and inline code after breaks as mdast-util-to-hast and hast-util-to-html do', async () => {
    const html = await expectSame('a < b & c "q" \'s\'  \nnext line\\\n   `  code  after`\nend *em\\\n  x* **s** ~~d~~\n\ntext  \n   trailing   \n');
    expect(html).toContain('a &#x3C; b &#x26; c "q" \'s\'<br>\nnext line<br>\n<code><span class="nobr">code  after</span></code>');
  });

  it('writes lists tight and loose, ordered with a start, nested, and quotes', async () => {
    await expectSame('- a\n- b\n  - c\n  - d\n\n    more\n\n1. x\n2. y\n\n3) three\n4) four\n\n> quote\n>\n> - in a list\n\n- \n- empty above\n\n-\n\n  para after empty line\n');
  });

  it('writes tables with and without alignment, missing cells, and inline content', async () => {
    await expectSame('| a | b | c |\n| :-- | :-: | --: |\n| 1 | **2** |\n| `x|y` | [l](https://e.org "t") | ![i](/img.png) |\n\n| only head |\n| --- |\n');
  });

  it('writes an empty header cell (a comparison table\'s corner) as a plain cell, not a header that names nothing', async () => {
    const html = await expectSame('| | Array | List |\n| --- | --- | --- |\n| Access | O(1) | O(n) |\n\n| ![i](/i.png) | b |\n| --- | --- |\n| 1 | 2 |\n');
    expect(html).toContain('<thead><tr><td></td><th>Array</th><th>List</th></tr></thead>');
    expect(html).toContain('<th><img src="/i.png" alt="i"></th>');
  });

  it('writes links and images with titles, and URLs as normalizeUri encodes them', async () => {
    await expectSame('[a](https://e.org/a b?q="x"&y=é "Ti\\"tle") ![alt & "q"](/p/ä.png \'t\') ![](/x.png) <https://auto.example.org/x?a&b>\n', 'md');
    await expectSame('See [the pipe](./pipe.mdx#x) and [guides](/guides/) and www.example.com and a@b.org.\n');
  });

  it('writes tags with their attributes, void elements, table parts and headings with ids', async () => {
    await expectSame([
      '<div className="a b" id="box" data-x="1" aria-label={"A \\"label\\""} style={{ marginTop: 4, color: "red" }}>',
      '',
      'Inside **bold** <span title="t & `u`">span</span>',
      '',
      '</div>',
      '',
      '<h2 id="custom">Own heading</h2>',
      '',
      '<table>',
      '  <tbody>',
      '    <tr>',
      '      <td align="right">cell</td>',
      '    </tr>',
      '  </tbody>',
      '</table>',
      '',
      '<img src="/pic.png" alt="" />',
      '',
      '<input type="checkbox" disabled checked />',
      '',
      'Line one<br />line two',
    ].join('\n'));
  });

  it('renders components in the same templates, with their children written directly', async () => {
    const html = await expectSame([
      '# Title',
      '',
      '<Info>',
      '',
      '## Inside a callout',
      '',
      'Text with `code` and a [link](/guides/).',
      '',
      '- one',
      '- two',
      '',
      '</Info>',
      '',
      '<Warn>Short</Warn>',
      '',
      '```res example',
      'let x = 1',
      '```',
      '',
      '<CodeTab labels={["ReScript", "JS Output"]}>',
      '',
      '```res',
      'let y = 2',
      '```',
      '',
      '```js',
      'var y = 2;',
      '```',
      '',
      '</CodeTab>',
    ].join('\n'));
    expect(html).toContain('<h2 id="inside-a-callout"><a class="anchor" href="#inside-a-callout">Inside a callout</a></h2>');
  });

  it('leaves footnotes, references and task lists to the general path', async () => {
    // (A page without tags is parsed by markdown-it, which resolves references itself: the tag
    // makes this one go through micromark, which keeps them as nodes.)
    for (const raw of ['Text[^1].\n\n[^1]: Note.\n', 'A [ref][r] <span>x</span>.\n\n[r]: https://e.org\n', '- [x] done\n- [ ] todo\n']) {
      const { direct } = await bothWays(input('docs/manual/v1.0.0/case.mdx', raw));
      expect(direct, raw).toBeUndefined();
    }
  });
});
