import { compilePage, type CompileContext } from '../../src/render/compile.ts';
import { ensureLanguages, getHighlighter, HIGHLIGHTED_LANGUAGES } from '../../src/render/highlight.ts';
import type { HighlighterCore } from 'shiki/core';

/** The thread's highlighter with every grammar loaded. */
export async function highlighter(): Promise<HighlighterCore> {
  const h = await getHighlighter();
  await ensureLanguages(h, HIGHLIGHTED_LANGUAGES);
  return h;
}
import type { CompiledPage } from '../../src/pipeline/types.ts';

export const baseContext: CompileContext = {
  routeByFile: {
    'docs/manual/v1.0.0/intro': '/docs/manual/v1.0.0/intro',
    'docs/manual/v1.0.0/pipe': '/docs/manual/v1.0.0/pipe',
    'guides/index': '/guides/',
  },
  rewriteAliases: { manual: { next: 'v2.0.0' } },
  warnings: [{ number: 8, description: 'Partial match: missing cases in pattern-matching.' }],
  communityLinks: [{ name: 'Forum', href: 'https://forum.example.org' }],
  supportLinks: [{ name: 'Sponsor', href: 'https://sponsor.example.org' }],
};

/** Compiles Markdown as if it were content/docs/manual/v1.0.0/page.mdx (no front matter). */
export async function compile(markdown: string, ctx: CompileContext = baseContext): Promise<CompiledPage> {
  return compilePage(
    {
      id: 'docs/manual/v1.0.0/page.mdx',
      displayPath: 'content/docs/manual/v1.0.0/page.mdx',
      raw: markdown,
      route: '/docs/manual/v1.0.0/page',
      frontMatterLines: 0,
      title: undefined,
    },
    ctx,
    await highlighter(),
  );
}
