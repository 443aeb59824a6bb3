import fs from 'node:fs';
import v8 from 'node:v8';
import path from 'node:path';
import fg from 'fast-glob';
import { fromHtml } from 'hast-util-from-html';
import type { Nodes } from 'hast';
import { describe, expect, it } from 'vitest';
import { compileToHast, renderBody, renderWithReact } from '../../src/render/compile.ts';
import { baseContext, highlighter } from '../helpers/compile.ts';

/**
 * The DOM a browser builds from the HTML, as plain data: comments dropped (React separates adjacent
 * text with `<!-- -->`), adjacent text merged, positions and attribute order ignored, a boolean
 * data attribute written either way (`data-footnotes` or React's `data-footnotes="true"`), and
 * React's `<link rel="preload">` hints for images left out (they belong in a head, not mid-body).
 */
function dom(html: string): unknown {
  const norm = (node: Nodes): unknown => {
    if (node.type === 'text') return node.value;
    if (node.type === 'element' && node.tagName === 'link' && String(node.properties['rel']) === 'preload') return null;
    if (node.type === 'element') {
      for (const [k, v] of Object.entries(node.properties)) if (/^data[A-Z]/.test(k) && (v === '' || v === 'true')) node.properties[k] = true;
    }
    if (node.type !== 'element' && node.type !== 'root') return null;
    const children: unknown[] = [];
    for (const child of node.children) {
      const c = norm(child);
      if (c === null) continue;
      if (typeof c === 'string' && typeof children[children.length - 1] === 'string') children[children.length - 1] += c;
      else children.push(c);
    }
    return node.type === 'root' ? children : { tag: node.tagName, props: node.properties, children };
  };
  return norm(fromHtml(html, { fragment: true }));
}

describe('body rendering', () => {
  it('gives the DOM that rendering the whole body with React gives (v12 manual, React docs, the dialect fixture)', async () => {
    const h = await highlighter();
    const files = [
      ...fg.sync('content/docs/{manual/v12.0.0,react/latest}/*.{md,mdx}', { absolute: true }),
      ...fg.sync('content/*.{md,mdx}', { absolute: true }),
      ...fg.sync('tests/fixtures/dialect/content/**/*.{md,mdx}', { absolute: true }),
    ];
    let components = 0;
    for (const file of files) {
      const raw = fs.readFileSync(file, 'utf8');
      const frontMatterLines = raw.startsWith('---\n') ? raw.slice(0, raw.indexOf('\n---', 3) + 4).split('\n').length : 0;
      const id = path.relative('content', file);
      const input = { id, displayPath: file, raw, route: null, frontMatterLines, title: undefined, ...(file.endsWith('.md') ? { format: 'md' as const } : {}) };
      const { hast, state } = compileToHast(input, baseContext, h);
      const ours = renderBody(structuredClone(hast), state.table);
      const react = renderWithReact(structuredClone(hast), state.table);
      expect(dom(ours), file).toEqual(dom(react));
      components += state.table.length;
    }
    expect(files.length).toBeGreaterThan(90);
    expect(components).toBeGreaterThan(500); // code blocks, tabs and the other components took part
  });

  it('renders components with React and plain Markdown without it', async () => {
    const { hast, state } = compileToHast(
      { id: 'docs/manual/v1.0.0/page.mdx', displayPath: 'page.mdx', raw: '## Title\n\nSome *text* & more.\n\n```res example\nlet x = 1\n```\n', route: null, frontMatterLines: 0, title: undefined },
      baseContext,
      await highlighter(),
    );
    const html = renderBody(hast, state.table);
    expect(html).toContain('<h2 id="title"><a class="anchor" href="#title">Title</a></h2>');
    expect(html).toContain('<p>Some <em>text</em> &#x26; more.</p>');
    expect(html).toContain('<div class="code-block code-example" data-lang="rescript"><div class="code-actions"><a class="playground-link" href="/try">Run in playground</a>');
  });
});

describe('code block templates', () => {
  it('put each block\'s title and code into a shared template as React would render them', async () => {
    const titles = ['a & <b> \'q\' x.res', 'other.js', '', 'a & <b> \'q\' x.res'];
    const raw = [
      ...titles.map((t, i) => `\`\`\`js title="${t}"\nconst v${i} = "<${i}>";\n\`\`\``),
      '```js\nconst untitled = 1;\n```',
      '```res example title="Ex.res"\nlet x = 1\n```',
    ].join('\n\n');
    const { hast, state } = compileToHast({ id: 'docs/manual/v1.0.0/page.mdx', displayPath: 'page.mdx', raw, route: null, frontMatterLines: 0, title: undefined }, baseContext, await highlighter());
    const ours = renderBody(structuredClone(hast), state.table);
    expect(ours).toBe(renderWithReact(structuredClone(hast), state.table).replace(/<!-- -->/g, ''));
    expect(ours).toContain('<div class="code-title">a &amp; &lt;b&gt; &#x27;q&#x27; x.res</div>');
    expect(ours.match(/class="code-title"/g)).toHaveLength(4); // the empty title renders no title bar
    expect(ours).not.toContain('\u0000');
  });
});

describe('code tab templates', () => {
  it('put each tab set\'s id, prelude and panels into a template shared by sets of the same tabs, as React would render them', async () => {
    const tabs = (res: string, js: string) => `<CodeTab labels={["ReScript", "JS Output"]}>\n\n\`\`\`res example\n${res}\n\`\`\`\n\n\`\`\`js\n${js}\n\`\`\`\n\n</CodeTab>`;
    const raw = [
      tabs('let a = "<1>"', 'var a = "<1>";'),
      tabs('let b = 2', 'var b = 2;'),
      '```res prelude\nlet helper = x => x & "\'q\'"\n```',
      tabs('let c = helper(3)', 'var c = 3;'),
      '<CodeTab labels={["JS", "TS", "ReScript"]}>\n\n```js\nx\n```\n\n```ts\ny\n```\n\n```res\nz\n```\n\n</CodeTab>',
    ].join('\n\n');
    const { hast, state } = compileToHast({ id: 'docs/manual/v1.0.0/page.mdx', displayPath: 'page.mdx', raw, route: null, frontMatterLines: 0, title: undefined }, baseContext, await highlighter());
    const ours = renderBody(structuredClone(hast), state.table);
    expect(ours).toBe(renderWithReact(structuredClone(hast), state.table).replace(/<!-- -->/g, ''));
    expect(ours.match(/role="tablist"/g)).toHaveLength(4);
    expect(ours).toContain('id="tabs-2-panel-1"');
    expect(ours).toContain('data-prelude="let helper = x =&gt; x &amp; &quot;&#x27;q&#x27;&quot;"');
    expect(ours).not.toContain('\u0000');
  });
});

describe('body HTML representation', () => {
  it('is a one-byte string for Latin-1 content (half the memory, copies and cache of a two-byte one)', async () => {
    const raw = '## A heading\n\n' + 'Some *text* with [a link](./x.md) and `code`.\n\n'.repeat(50) + '```js\nconst a = 1;\n```\n';
    const { hast, state } = compileToHast({ id: 'docs/manual/v1.0.0/page.mdx', displayPath: 'page.mdx', raw, route: null, frontMatterLines: 0, title: undefined }, baseContext, await highlighter());
    const html = renderBody(hast, state.table);
    expect(html.length).toBeGreaterThan(2000);
    // V8 serialises a string in its own representation: ~1 byte per character when one-byte.
    expect(v8.serialize(html).length).toBeLessThan(html.length * 1.2);
  });
});
