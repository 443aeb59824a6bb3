// The single /syntax-lookup page (SPEC §2): every `content/syntax-lookup/{id}.mdx` entry becomes a
// section of it, grouped by category, with the entry's `id` as its anchor. A content page at
// /syntax-lookup (content/syntax-lookup.mdx), if any, is the introduction.
import { escapeHtml } from '../util/text.ts';
import type { CompiledPage, Page, SourceFile } from './types.ts';

export const SYNTAX_ROUTE = '/syntax-lookup';
/** Id of the generated page when there is no content/syntax-lookup.mdx introduction. */
export const SYNTAX_PAGE_ID = 'syntax-lookup.generated';

export interface GeneratedPage {
  page: Page;
  compiled: CompiledPage;
}

/** Summaries are one line of text where `code` spans are the only markup. */
function inlineCode(escaped: string): string {
  return escaped.replace(/`([^`]+)`/g, '<code>$1</code>');
}

/** The page, or undefined when the site has no syntax entries. */
export function syntaxLookupPage(pages: Page[], compiled: Map<string, CompiledPage>): GeneratedPage | undefined {
  const entries = pages.filter((p) => p.source.kind === 'syntax' && compiled.has(p.source.id));
  if (entries.length === 0) return undefined;
  const intro = pages.find((p) => p.source.route === SYNTAX_ROUTE);
  const introCompiled = intro ? compiled.get(intro.source.id) : undefined;

  const byCategory = new Map<string, Page[]>();
  for (const e of entries) {
    const category = e.meta.category ?? 'Other';
    byCategory.set(category, [...(byCategory.get(category) ?? []), e]);
  }
  const anchors = new Set(introCompiled?.anchors ?? []);
  const headings = [...(introCompiled?.headings ?? [])];
  let html = introCompiled?.html ?? '<h1 id="syntax-lookup">Syntax Lookup</h1>';
  for (const [category, list] of [...byCategory].sort(([a], [b]) => a.localeCompare(b))) {
    const catId = `category-${category.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
    anchors.add(catId);
    headings.push({ depth: 2, text: category, id: catId });
    html += `<section class="syntax-category" aria-labelledby="${catId}"><h2 id="${catId}">${escapeHtml(category)}</h2>`;
    for (const e of list.sort((a, b) => (a.meta.name ?? a.source.slug).localeCompare(b.meta.name ?? b.source.slug))) {
      const c = compiled.get(e.source.id)!;
      const id = e.meta.id ?? e.source.slug;
      const name = e.meta.name ?? c.title;
      anchors.add(id);
      for (const a of c.anchors) anchors.add(a);
      const keywords = (e.meta.keywords ?? []).join(' ');
      const deprecated = e.meta.status === 'deprecated' ? ' <span class="badge badge-deprecated">deprecated</span>' : '';
      html +=
        `<article class="syntax-entry" id="${escapeHtml(id)}" data-keywords="${escapeHtml(keywords)}">` +
        `<h3>${escapeHtml(name)}${deprecated}<a class="anchor" href="#${escapeHtml(id)}" aria-label="Link to this entry">#</a></h3>` +
        (e.meta.summary ? `<p class="syntax-summary">${inlineCode(escapeHtml(e.meta.summary))}</p>` : '') +
        `<div class="syntax-body">${c.html}</div></article>`;
    }
    html += '</section>';
  }

  const source: SourceFile = intro?.source ?? {
    id: SYNTAX_PAGE_ID,
    absPath: SYNTAX_PAGE_ID,
    displayPath: 'content/syntax-lookup',
    kind: 'page',
    route: SYNTAX_ROUTE,
    slug: 'syntax-lookup',
    raw: '',
    hash: '',
    frontMatter: undefined,
  };
  const page: Page = intro ?? { source, meta: { title: 'Syntax Lookup', description: 'Look up the meaning of any ReScript syntax: operators, keywords, attributes and extension points.' } };
  return {
    page,
    compiled: {
      id: source.id,
      title: introCompiled?.title ?? 'Syntax Lookup',
      hasH1: true,
      headings,
      links: introCompiled?.links ?? [],
      anchors: [...anchors],
      html,
      islands: [...new Set([...(introCompiled?.islands ?? []), ...entries.flatMap((e) => compiled.get(e.source.id)!.islands)])],
      sections: entries.map((e) => ({ heading: { depth: 3, text: e.meta.name ?? e.source.slug, id: e.meta.id ?? e.source.slug }, text: compiled.get(e.source.id)!.sections.map((s) => s.text).join(' ') })),
      markdown: introCompiled?.markdown ?? '',
      preludes: [],
      codes: [],
      // The intro page's own problems stay reported (this page replaces its compiled entry).
      messages: introCompiled?.messages ?? [],
    },
  };
}
