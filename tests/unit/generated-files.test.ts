import { describe, expect, it } from 'vitest';
import { buildGenerated } from '../../src/pipeline/build-index.ts';
import type { ResolvedSiteConfig } from '../../src/pipeline/site-config.ts';
import type { CompiledPage, OutputFile, Page, SiteIndex } from '../../src/pipeline/types.ts';

const site = {
  site: { title: 'Demo', url: 'https://demo.example', description: 'A demo.' },
  sections: { manual: { name: 'Manual', versions: ['v1.0.0'], aliases: {}, routed: [] } },
} as unknown as ResolvedSiteConfig;

const page: Page = {
  source: { id: 'docs/manual/v1.0.0/a.mdx', absPath: '', displayPath: '', kind: 'docs', section: 'manual', version: 'v1.0.0', route: '/docs/manual/v1.0.0/a', slug: 'a', raw: '', hash: 'h', frontMatter: undefined },
  meta: { description: 'Page A.' },
};
const compiled = new Map<string, CompiledPage>([
  [page.source.id, { id: page.source.id, title: 'A', hasH1: true, headings: [], links: [], anchors: [], html: '', islands: [], sections: [], markdown: '# A\n\nSome text.', preludes: [], messages: [] }],
]);
const index = (): SiteIndex => ({ routes: new Map(), redirects: [], generated: [], sidebars: new Map(), files: [], written: [], messages: [] });

describe('generated llms files', () => {
  it('go to the writer one by one when the build writes, not into the index held to the end', () => {
    const emitted: OutputFile[] = [];
    const idx = index();
    buildGenerated({ pages: [page], compiled, site, index: idx, emit: (f) => emitted.push(f) });
    expect(emitted.map((f) => f.path)).toEqual(['docs/manual/v1.0.0/llms.txt', 'docs/manual/v1.0.0/llms-full.txt', 'docs/manual/v1.0.0/llms-small.txt']);
    expect(emitted[1]!.contents).toContain('Some text.');
    expect(idx.files).toEqual([]);
  });

  it('are kept in the index without a writer (docsgen check)', () => {
    const idx = index();
    buildGenerated({ pages: [page], compiled, site, index: idx });
    expect(idx.files.map((f) => f.path)).toHaveLength(3);
  });

  it('are memoised for the same compiled pages only in a session: a single build keeps nothing after it', () => {
    const made = (memo: boolean) => {
      const idx = index();
      buildGenerated({ pages: [page], compiled, site, index: idx, memo });
      return idx.files;
    };
    const once = made(false);
    const again = made(false);
    expect(again[1]).not.toBe(once[1]);
    expect(again).toEqual(once);
    const session = made(true);
    expect(made(true)[1]).toBe(session[1]);
  });
});
