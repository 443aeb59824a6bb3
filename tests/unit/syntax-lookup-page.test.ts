import { describe, expect, it } from 'vitest';
import { syntaxLookupPage } from '../../src/pipeline/syntax-lookup.ts';
import type { CompiledPage, Page } from '../../src/pipeline/types.ts';

function entry(slug: string, category: string, name: string): Page {
  return {
    source: { id: `syntax-lookup/${slug}.mdx`, absPath: `/c/syntax-lookup/${slug}.mdx`, displayPath: `content/syntax-lookup/${slug}.mdx`, kind: 'syntax', route: null, slug, raw: '', hash: slug, frontMatter: undefined },
    meta: { title: name, id: slug, name, category, summary: `The \`${name}\` syntax.`, keywords: [name] },
  } as Page;
}

/** A compiled entry whose HTML and text count their reads, as a page read back from the cache does. */
function compiled(id: string, html: string, reads: { html: number; sections: number }): CompiledPage {
  const page = { id, title: id, hasH1: false, headings: [], links: [], anchors: [`${id}-anchor`], islands: [], markdown: '', preludes: [], messages: [] } as unknown as CompiledPage;
  Object.defineProperty(page, 'html', { get: () => (reads.html++, html), enumerable: true });
  Object.defineProperty(page, 'sections', { get: () => (reads.sections++, [{ heading: { depth: 1, text: id, id }, text: `text of ${id}` }]), enumerable: true });
  return page;
}

describe('the syntax lookup page', () => {
  const pages = [entry('pipe', 'Operators', '->'), entry('as', 'Language Constructs', 'as'), entry('module', 'Language Constructs', 'module')];

  function site() {
    const reads = { html: 0, sections: 0 };
    const map = new Map(pages.map((p) => [p.source.id, compiled(p.source.id, `<p>${p.meta.name} "tabs-1"</p>`, reads)]));
    return { reads, page: syntaxLookupPage(pages, map)! };
  }

  it('has its anchors and headings without reading any entry\'s HTML or text (a build that does not render it)', () => {
    const { reads, page } = site();
    expect(page.compiled.anchors).toEqual([
      'category-language-constructs',
      'as',
      'syntax-lookup/as.mdx-anchor',
      'module',
      'syntax-lookup/module.mdx-anchor',
      'category-operators',
      'pipe',
      'syntax-lookup/pipe.mdx-anchor',
    ]);
    expect(page.compiled.headings.map((h) => h.text)).toEqual(['Language Constructs', 'Operators']);
    expect(reads).toEqual({ html: 0, sections: 0 });
  });

  it('reads the entries\' HTML when rendered: categories in page order, entries by name, tab ids scoped per entry', () => {
    const { reads, page } = site();
    const html = page.compiled.html;
    expect(reads.html).toBe(3);
    expect(html.indexOf('id="category-language-constructs"')).toBeLessThan(html.indexOf('id="category-operators"'));
    expect(html.indexOf('id="as"')).toBeLessThan(html.indexOf('id="module"'));
    expect(html).toContain('<div class="syntax-body"><p>-> "pipe-tabs-1"</p>');
    expect(html).toContain('<span class="syntax-summary">The <code>-&#62;</code> syntax.</span>');
    expect(page.compiled.sections.map((s) => s.heading?.id)).toEqual(['pipe', 'as', 'module']);
    expect(reads.sections).toBe(3);
  });

  it('gives each alias an anchor inside its entry, so an old id or an editor\'s link still opens the entry', () => {
    const renamed = { ...pages[0]!, meta: { ...pages[0]!.meta, aliases: ['pipe-first', 'operator-pipe'] } };
    const reads = { html: 0, sections: 0 };
    const all = [renamed, pages[1]!];
    const map = new Map(all.map((p) => [p.source.id, compiled(p.source.id, `<p>${p.meta.name}</p>`, reads)]));
    const page = syntaxLookupPage(all, map)!;
    expect(page.compiled.anchors).toEqual(expect.arrayContaining(['pipe', 'pipe-first', 'operator-pipe']));
    const body = /<details[^>]* id="pipe"[^]*?<div class="syntax-body">([^]*?)<\/div>/.exec(page.compiled.html)?.[1] ?? '';
    expect(body).toContain('<span class="syntax-alias" id="pipe-first"></span><span class="syntax-alias" id="operator-pipe"></span>');
    expect(page.compiled.messages).toEqual([]);
  });

  it('reports an alias that is another entry\'s id or alias, and leaves it out', () => {
    const withAlias = (p: Page, aliases: string[]): Page => ({ ...p, meta: { ...p.meta, aliases } });
    const all = [withAlias(pages[0]!, ['module', 'shared']), withAlias(pages[1]!, ['shared']), pages[2]!];
    const reads = { html: 0, sections: 0 };
    const map = new Map(all.map((p) => [p.source.id, compiled(p.source.id, '<p>x</p>', reads)]));
    const page = syntaxLookupPage(all, map)!;
    expect(page.compiled.messages.map((m) => [m.file, m.ruleId, m.reason])).toEqual([
      ['content/syntax-lookup/pipe.mdx', 'syntax-alias-taken', 'Alias `module` is the id of another syntax entry'],
      ['content/syntax-lookup/as.mdx', 'syntax-alias-taken', 'Alias `shared` is already an alias of `pipe`'],
    ]);
    expect(page.compiled.html.match(/id="(module|shared)"/g)?.sort()).toEqual(['id="module"', 'id="shared"']); // each once
  });
});
