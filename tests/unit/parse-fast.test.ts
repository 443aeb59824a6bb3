// The markdown-it fast path must render exactly what the micromark (remark) path renders.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { parseMarkdown } from '../../src/render/parse.ts';
import { compile } from '../helpers/compile.ts';
import { repo } from '../helpers/cli.ts';

/**
 * Positions aside, plus two differences that render identically: remark keeps reference links as
 * linkReference + definition (markdown-it resolves them), and markdown-it pads short table rows
 * with empty cells (to-hast pads them too).
 */
function strip(tree: unknown): unknown {
  const plain = JSON.parse(JSON.stringify(tree, (k, v) => (k === 'position' ? undefined : v)));
  const defs = new Map<string, { url: string; title: string | null }>();
  const collect = (n: any) => {
    if (n.type === 'definition') defs.set(n.identifier, { url: n.url, title: n.title });
    n.children?.forEach(collect);
  };
  collect(plain);
  const norm = (n: any): any => {
    // remark keeps a code span's line endings, markdown-it makes them spaces (as CommonMark says);
    // mdast-util-to-hast turns them into spaces too, so both render the same.
    if (n.type === 'inlineCode') return { ...n, value: n.value.replace(/\r?\n|\r/g, ' ') };
    if (n.type === 'linkReference' && defs.has(n.identifier)) {
      const d = defs.get(n.identifier)!;
      return { type: 'link', url: d.url, title: d.title, children: n.children.map(norm) };
    }
    if (!n.children) return n;
    let kids = n.children.filter((c: any) => c.type !== 'definition').map(norm);
    if (n.type === 'tableRow') while (kids.length && kids[kids.length - 1].children.length === 0) kids = kids.slice(0, -1);
    return { ...n, children: kids };
  };
  return norm(plain);
}

const samples: Record<string, string> = {
  emphasis: '# Title *em* **strong** ~~del~~ `code`\n\nA line  \nhard break and a\nsoft one. \\*escaped\\* &amp; &copy;\n',
  lists: '- a\n- b\n  - nested\n\n1. one\n2. two\n\n3) three\n\n- loose\n\n- list\n',
  tasks: '- [ ] todo\n- [x] done\n- [X] also\n- [ ]\n- plain [x] later\n',
  links: 'A [link](./a.md "Title"), [ref][r], ![img](/i.png "T"), https://example.org/x?y=1, www.example.com, mail a@b.co, not index.md.\n\n[r]: /docs/x#y\n',
  table: '| a | b | c |\n|:--|:-:|--:|\n| 1 | `2` | **3** |\n| 4 |\n',
  quote: '> quoted *text*\n>\n> - item\n\n---\n\n***\n',
  fences: '```js title="a.js"\nconst a = 1;\n```\n\n~~~\nplain\n~~~\n\n    not code (MDX has no indented code)\n',
  footnotes: 'Text[^1] and more[^note].\n\n[^1]: First.\n[^note]: Second *note*.\n',
  headings: 'Setext\n======\n\n## ATX ##\n\n### `code` in heading\n',
};

describe('markdown-it fast path', () => {
  it.each(Object.entries(samples))('%s: same mdast as remark-parse (positions aside)', (_, text) => {
    const fast = parseMarkdown(text, 0, 'x.md', 'mdx', 'auto');
    const slow = parseMarkdown(text, 0, 'x.md', 'mdx', 'micromark');
    expect(strip(fast.tree)).toEqual(strip(slow.tree));
  });

  it('places nodes where they are written', () => {
    const tree = parseMarkdown('# T\n\nSee [the pipe](pipe.md) now.\n', 0, 'x.md').tree;
    const link = ((tree.children[1] as { children: { type: string; position?: unknown }[] }).children).find((c) => c.type === 'link');
    expect(link?.position).toMatchObject({ start: { line: 3, column: 5 } });
    expect(tree.children[0]!.position).toMatchObject({ start: { line: 1, column: 1 } });
  });

  it('renders the benchmark corpus and plain content pages exactly as the micromark path does', async () => {
    // The generated benchmark corpus when present (npm run bench makes it), the fixtures and content.
    const dirs = [process.env['PARSE_CORPUS'] ?? '/tmp/docsgen-bench/site-200/content', path.join(repo, 'tests/fixtures'), path.join(repo, 'content')].filter(existsSync);
    const files = dirs.flatMap((d) =>
      readdirSync(d, { recursive: true, encoding: 'utf8' }).filter((f) => /\.mdx?$/.test(f)).map((f) => path.join(d, f)),
    );
    expect(files.length).toBeGreaterThan(0);
    const via: Record<string, number> = {};
    for (const file of files) {
      const text = readFileSync(file, 'utf8').replace(/^---[\s\S]*?\n---\n/, (m) => '\n'.repeat(m.split('\n').length - 1));
      const fast = parseMarkdown(text, 0, file, 'mdx', 'auto');
      const slow = parseMarkdown(text, 0, file, 'mdx', 'micromark');
      via[fast.via] = (via[fast.via] ?? 0) + 1;
      expect(fast.messages, file).toEqual(slow.messages);
      expect(places(fast.tree), file).toEqual(places(slow.tree));
      expect(strip(fast.tree), file).toEqual(strip(slow.tree));
    }
    // Most content pages have components on lines of their own: the fast path must serve them.
    if (existsSync(path.join(repo, 'content'))) expect(via['fast+tags']).toBeGreaterThan(300);
    await compile('x');
  });
});

/**
 * Where the nodes that messages point at are: every block's start, and each tag's and attribute's
 * whole span (the fast path's block ends are only line-exact, and no message uses them).
 */
function places(tree: unknown): string[] {
  const blocks = new Set(['heading', 'paragraph', 'code', 'list', 'listItem', 'blockquote', 'table', 'thematicBreak']);
  const out: string[] = [];
  const at = (p: { line: number; column: number } | undefined) => (p ? `${p.line}:${p.column}` : '-');
  const visit = (n: any) => {
    const jsx = typeof n.type === 'string' && n.type.startsWith('mdxJsx');
    if (blocks.has(n.type)) out.push(`${n.type} ${at(n.position?.start)}`);
    if (jsx) out.push(`${n.type} ${n.name} ${at(n.position?.start)}-${at(n.position?.end)}`);
    if (jsx) for (const a of n.attributes ?? []) out.push(`  ${a.name} ${at(a.position?.start)}-${at(a.position?.end)}`);
    for (const c of n.children ?? []) visit(c);
  };
  visit(tree);
  return out;
}

/** Pages with components on lines of their own, and shapes next to that one that must not take the fast path. */
const tagSamples: Record<string, [string, 'fast+tags' | 'micromark']> = {
  codeTabs: ['<CodeTab labels={["ReScript", "JS Output"]}>\n\n```res\nlet a = 1\n```\n\n```js\nvar a = 1;\n```\n\n</CodeTab>\n', 'fast+tags'],
  closeAfterFence: ['<Info>\n```res\nlet x = 1\n```\n</Info>\n\nAfter.\n', 'fast+tags'],
  textOnNextLine: ['<Intro>\nSome *text* on the next line.\n</Intro>\nA paragraph right after.\n', 'fast+tags'],
  listAndQuoteEndAtTag: ['<Info>\n- a\n</Info>\n<Warn>\n> q\n</Warn>\n', 'fast+tags'],
  tagBeforeSetextLine: ['Title\n<Image src="/a.png" />\n===\n', 'fast+tags'],
  selfClosing: ['# T\n\n<Image src="/a.png" caption="A" />\n\nText [link](./pipe.md).\n\n<UrlBox text="x" href="/y" />\n', 'fast+tags'],
  htmlTable: ['<table>\n<tr><td>\n\n```res\nlet a = 1\n```\n\n</td></tr>\n</table>\n', 'fast+tags'],
  hiddenDiv: ['<div className="hidden">\n\n## Hidden heading\n\n</div>\n\n## Shown\n', 'fast+tags'],
  nested: ['<Warn>\n\n<Info>\n\n- a\n- b\n\n</Info>\n\n> quote\n\n</Warn>\n', 'fast+tags'],
  afterComment: ['<!-- a comment -->\n<Info>\n\nx\n\n</Info>\n', 'fast+tags'],
  crlf: ['# T\r\n\r\n<CodeTab labels={["A", "B"]}>\r\n\r\n```res\r\nlet a = 1\r\n```\r\n\r\nText [a](./pipe.md).\r\n\r\n</CodeTab>\r\n', 'fast+tags'],
  tagInFence: ['```html\n<div>\n```\n\n<Info>\n\nx\n\n</Info>\n', 'fast+tags'],
  tagInList: ['- item\n  <Info>\n  x\n  </Info>\n', 'micromark'],
  staticErrorPlace: ['Intro.\n\n<CodeTab labels={process.env.HOME}>\n\nx\n\n</CodeTab>\n', 'fast+tags'],
  afterParagraph: ['A paragraph\n<Info>\n\nx\n\n</Info>\n', 'fast+tags'],
  listAcrossTag: ['- item\n\n<Info>\n\n  indented\n\n</Info>\n', 'micromark'],
  multiLineAttributes: ['<CodeTab labels={[\n  "A", "B"]}>\n\nx\n\n</CodeTab>\n', 'micromark'],
  inlineTag: ['Text with <Cite>inline</Cite> tag.\n\n<Info>\n\nx\n\n</Info>\n', 'micromark'],
  tagAndText: ['<Info>Inline content</Info>\n', 'micromark'],
  expression: ['{/* a comment */}\n\n<Info>\n\nx\n\n</Info>\n', 'micromark'],
  footnote: ['<Info>\n\nA note[^1].\n\n[^1]: The note.\n\n</Info>\n', 'micromark'],
  unclosed: ['<Info>\n\nx\n', 'micromark'],
  mismatched: ['<Info>\n\nx\n\n</Warn>\n', 'micromark'],
};

describe('markdown-it fast path with components on lines of their own', () => {
  it.each(Object.entries(tagSamples))('%s: same tree, places and messages as the MDX parser', (_, [text, expected]) => {
    const fast = parseMarkdown(text, 0, 'x.mdx', 'mdx', 'auto');
    const slow = parseMarkdown(text, 0, 'x.mdx', 'mdx', 'micromark');
    expect(fast.via).toBe(expected);
    expect(fast.messages).toEqual(slow.messages);
    expect(places(fast.tree)).toEqual(places(slow.tree));
    expect(strip(fast.tree)).toEqual(strip(slow.tree));
  });
});

describe('the same tag lines on different pages', () => {
  const tags = '<CodeTab labels={["ReScript", "JS Output"]} rank={/v+/g}>\n\n```res\nlet x = 1\n```\n\n</CodeTab>\n';
  it('give each page its own tree, with its own places, however often the tag lines recur', () => {
    const early = `# Early\n\n${tags}`;
    const late = `# Late\n\nSome text.\n\nMore text.\n\n${tags}`;
    const first = parseMarkdown(early, 0, 'a.mdx', 'mdx', 'auto');
    const second = parseMarkdown(late, 0, 'b.mdx', 'mdx', 'auto');
    const again = parseMarkdown(early, 0, 'a.mdx', 'mdx', 'auto');
    for (const [fast, text] of [[first, early], [second, late], [again, early]] as const) {
      const slow = parseMarkdown(text, 0, 'x.mdx', 'mdx', 'micromark');
      expect(fast.via).toBe('fast+tags');
      expect(places(fast.tree)).toEqual(places(slow.tree));
      expect(strip(fast.tree)).toEqual(strip(slow.tree));
    }
    // Filling one page's tree in leaves the other pages' trees as they were.
    (first.tree.children[1] as { children: unknown[] }).children.length = 0;
    expect(strip(again.tree)).toEqual(strip(parseMarkdown(early, 0, 'x.mdx', 'mdx', 'micromark').tree));
  });
});

describe('markdown-it fast path for plain Markdown (.md: the generated API pages)', () => {
  const mdSamples: Record<string, [string, 'fast' | 'micromark']> = {
    ...Object.fromEntries(Object.entries(samples).filter(([k]) => k !== 'fences').map(([k, v]) => [k, [v, 'fast'] as [string, 'fast']])),
    braces: ['## Types {#types}\n\nA record `{a: int}` and {braces} in text.\n', 'fast'],
    fenceInList: ['- item\n\n  ```res\n  let a = 1\n  ```\n', 'fast'],
    codeSpanAcrossLines: ['Range `[start,\n  finish]` of ints.\n', 'fast'],
    html: ['Text with <b>bold</b> html.\n\n<div class="x">\n\nblock\n\n</div>\n', 'fast'],
    autolink: ['See <https://rescript-lang.org> and <team@example.org>.\n', 'fast'],
    indentedCode: ['Para.\n\n    indented code\n\n      more\n\nAfter.\n', 'fast'],
    comparison: ['`a < b` in code is fine, a < b in text is not.\n', 'fast'],
  };
  it.each(Object.entries(mdSamples))('%s: same mdast as remark-parse, through the expected parser', (_, [text, expected]) => {
    const auto = parseMarkdown(text, 0, 'x.md', 'md', 'auto');
    const slow = parseMarkdown(text, 0, 'x.md', 'md', 'micromark');
    expect(auto.via).toBe(expected);
    expect(strip(auto.tree)).toEqual(strip(slow.tree));
  });

  it('keeps HTML and indented code as remark-parse does', () => {
    const tree = parseMarkdown('A <b>b</b>.\n\n    code\n', 0, 'x.md', 'md', 'auto').tree;
    expect(JSON.stringify(strip(tree))).toContain('"type":"html","value":"<b>"');
    expect(JSON.stringify(strip(tree))).toContain('"type":"code","lang":null,"meta":null,"value":"code"');
  });

  it('parses every generated API page of the repo site as remark-parse does', async () => {
    const cache = path.join(repo, 'node_modules/.cache/docsgen');
    const files = existsSync(cache) ? readdirSync(cache).filter((f) => /^api-v.*\.json$/.test(f)) : [];
    if (files.length === 0) return; // the API data is extracted by the first build; the samples above still hold
    const { moduleMarkdown } = await import('../../src/api/pages.ts');
    const via: Record<string, number> = {};
    for (const f of files) {
      const api = JSON.parse(readFileSync(path.join(cache, f), 'utf8')) as { libs: Record<string, Record<string, Parameters<typeof moduleMarkdown>[1]>> };
      for (const mods of Object.values(api.libs)) {
        for (const [key, mod] of Object.entries(mods)) {
          const text = moduleMarkdown(key, mod).markdown.replace(/^---[\s\S]*?\n---\n/, (m) => '\n'.repeat(m.split('\n').length - 1));
          const auto = parseMarkdown(text, 0, key, 'md', 'auto');
          const slow = parseMarkdown(text, 0, key, 'md', 'micromark');
          expect(strip(auto.tree), `${f} ${key}`).toEqual(strip(slow.tree));
          expect(places(auto.tree), `${f} ${key}`).toEqual(places(slow.tree));
          via[auto.via] = (via[auto.via] ?? 0) + 1;
        }
      }
    }
    expect(via['fast'] ?? 0).toBeGreaterThan(500);
    expect(via['micromark'] ?? 0).toBe(0);
  });

  it('writes whitespace-only docstring lines empty, so a generated page never needs the slow parser', async () => {
    const { moduleMarkdown } = await import('../../src/api/pages.ts');
    // OCaml-era docstrings: indented paragraphs (indented code in Markdown) and lines of spaces.
    const mod = { name: 'Belt', docstrings: ['\n    For higher order functions.\n\n    \n```ml\nval forEach : unit\n```'], items: [] };
    const { markdown } = moduleMarkdown('belt', mod as unknown as Parameters<typeof moduleMarkdown>[1]);
    expect(markdown).not.toMatch(/^[ \t]+$/m);
    const text = markdown.replace(/^---[\s\S]*?\n---\n/, (m) => '\n'.repeat(m.split('\n').length - 1));
    const auto = parseMarkdown(text, 0, 'belt', 'md', 'auto');
    expect(auto.via).toBe('fast');
    expect(JSON.stringify(strip(auto.tree))).toContain('"type":"code","lang":null,"meta":null,"value":"For higher order functions."');
    expect(strip(auto.tree)).toEqual(strip(parseMarkdown(text, 0, 'belt', 'md', 'micromark').tree));
  });
});
