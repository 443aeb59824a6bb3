// The single /syntax-lookup page (SPEC §2): every `content/syntax-lookup/{id}.mdx` entry becomes a
// section of it, grouped by category, with the entry's `id` as its anchor. A content page at
// /syntax-lookup (content/syntax-lookup.mdx), if any, is the introduction.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Island } from '../components/Island.tsx';
import { escapeHtml } from '../util/text.ts';
import { placeOf } from '../util/yaml-positions.ts';
import { message } from './messages.ts';
import type { CompiledPage, Message, Page, SourceFile } from './types.ts';

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

/**
 * The categories in page order, by key (lower case, letters only), with their headings. Entries
 * may name them either way (`Language Constructs` or `languageconstructs`); others follow, sorted.
 */
const CATEGORIES: [key: string, title: string][] = [
  ['decorators', 'Decorators'],
  ['languageconstructs', 'Language Constructs'],
  ['operators', 'Operators'],
  ['specialvalues', 'Special Values'],
  ['extensionpoints', 'Extension Points'],
  ['builtinfunctions', 'Built-in Functions'],
];
const categoryKey = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');

/** Heading and page order of a category as an entry names it. */
export function categoryOf(name: string | undefined): { title: string; rank: number } {
  const key = categoryKey(name ?? '');
  const known = CATEGORIES.findIndex(([k]) => k === key);
  if (known >= 0) return { title: CATEGORIES[known]![1], rank: known };
  return { title: name?.trim() || 'Other', rank: CATEGORIES.length };
}

/**
 * Ids of code tab groups are unique per compiled page (`tabs-1`, …); entries share one page, so
 * each entry's are put under its own id. Only attribute values are touched: React quotes them
 * with `"`, which in text (highlighted code included) is always escaped.
 */
function scopeTabIds(html: string, entryId: string): string {
  return html.replace(/"tabs-(\d+)/g, (_m, n: string) => `"${entryId}-tabs-${n}`);
}

const INTRO =
  '<p class="syntax-intro">Every piece of ReScript syntax in one place: decorators, operators, keywords, ' +
  'special values and extension points, each with an example and its JavaScript output. ' +
  'Search by name or keyword, or pick a category.</p>';

const entryIdOf = (e: Page) => e.meta.id ?? e.source.slug;

/**
 * Each entry's aliases that are free: an alias that is another entry's id, or an alias of an
 * entry before it, would make one hash name two entries; it is left out and reported where it is
 * written.
 */
function usableAliases(entries: Page[]): { aliases: Map<Page, string[]>; messages: Message[] } {
  const ids = new Set(entries.map(entryIdOf));
  const taken = new Map<string, string>();
  const aliases = new Map<Page, string[]>();
  const messages: Message[] = [];
  for (const e of entries) {
    const own: string[] = [];
    (e.meta.aliases ?? []).forEach((alias, i) => {
      const owner = ids.has(alias) ? alias : taken.get(alias);
      if (owner === undefined) {
        taken.set(alias, entryIdOf(e));
        own.push(alias);
        return;
      }
      if (owner === entryIdOf(e) && !ids.has(alias)) return; // listed twice: the schema says so
      const at = placeOf(e.source.frontMatter?.positions ?? {}, `/aliases/${i}`);
      const reason = ids.has(alias) ? `Alias \`${alias}\` is the id of another syntax entry` : `Alias \`${alias}\` is already an alias of \`${owner}\``;
      messages.push(message(e.source.displayPath, at, 'error', reason, 'syntax-alias-taken'));
    });
    aliases.set(e, own);
  }
  return { aliases, messages };
}

/** The page, or undefined when the site has no syntax entries. */
export function syntaxLookupPage(pages: Page[], compiled: Map<string, CompiledPage>): GeneratedPage | undefined {
  const entries = pages.filter((p) => p.source.kind === 'syntax' && compiled.has(p.source.id));
  if (entries.length === 0) return undefined;
  const intro = pages.find((p) => p.source.route === SYNTAX_ROUTE);
  const introCompiled = intro ? compiled.get(intro.source.id) : undefined;

  const byCategory = new Map<string, { rank: number; list: Page[] }>();
  for (const e of entries) {
    const { title, rank } = categoryOf(e.meta.category);
    const group = byCategory.get(title) ?? { rank, list: [] };
    group.list.push(e);
    byCategory.set(title, group);
  }
  const groups = [...byCategory].sort(([a, ga], [b, gb]) => ga.rank - gb.rank || a.localeCompare(b));
  const catId = (category: string) => `category-${category.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

  const { aliases, messages } = usableAliases(entries);
  const anchors = new Set(introCompiled?.anchors ?? []);
  const headings = [...(introCompiled?.headings ?? [])];
  for (const [category, { list }] of groups) {
    const id = catId(category);
    anchors.add(id);
    headings.push({ depth: 2, text: category, id });
    list.sort((a, b) => (a.meta.name ?? a.source.slug).localeCompare(b.meta.name ?? b.source.slug));
    for (const e of list) {
      anchors.add(entryIdOf(e));
      // Old links keep passing the link check: the page opens the entry an alias names.
      for (const a of aliases.get(e)!) anchors.add(a);
      for (const a of compiled.get(e.source.id)!.anchors) anchors.add(a);
    }
  }

  /** The page's HTML: every entry's, read back from the cache when the page is rendered. */
  const html = (): string => {
    let out = introCompiled?.html ?? `<h1 id="syntax-lookup">Syntax Lookup</h1>${INTRO}`;
    out += renderToStaticMarkup(createElement(Island, { name: 'SyntaxSearch', props: { total: entries.length } }));
    out +=
      '<nav class="syntax-categories" aria-label="Categories"><ul>' +
      groups
        .map(
          ([category, { list }]) =>
            `<li data-category="${catId(category)}"><a href="#${catId(category)}">${escapeHtml(category)} <span class="syntax-count">${list.length}</span></a></li>`,
        )
        .join('') +
      '</ul></nav>' +
      // Where the search island lists its ranked results, out of their categories.
      '<section class="syntax-results" aria-label="Search results" hidden><div class="syntax-entries"></div></section>';
    for (const [category, { list }] of groups) {
      const id = catId(category);
      out += `<section class="syntax-category" id="${id}" aria-labelledby="${id}-title"><h2 id="${id}-title">${escapeHtml(category)}</h2><div class="syntax-entries">`;
      for (const e of list) {
        const c = compiled.get(e.source.id)!;
        const entryId = e.meta.id ?? e.source.slug;
        const name = e.meta.name ?? c.title;
        const deprecated = e.meta.status === 'deprecated';
        out +=
          `<details class="syntax-entry${deprecated ? ' syntax-deprecated' : ''}" id="${escapeHtml(entryId)}" data-name="${escapeHtml(name)}" data-keywords="${escapeHtml(JSON.stringify(e.meta.keywords ?? []))}">` +
          `<summary><span class="syntax-name"><code>${escapeHtml(name)}</code>${deprecated ? '<span class="badge badge-deprecated">deprecated</span>' : ''}</span>` +
          (e.meta.summary ? `<span class="syntax-summary">${inlineCode(escapeHtml(e.meta.summary))}</span>` : '') +
          '</summary>' +
          // An alias is an empty element inside the body: the island opens the entry around it,
          // and without scripts Chromium opens a closed <details> around a fragment's target.
          `<div class="syntax-body">${aliases.get(e)!.map((a) => `<span class="syntax-alias" id="${escapeHtml(a)}"></span>`).join('')}${scopeTabIds(c.html, entryId)}` +
          `<p class="syntax-permalink"><a href="#${escapeHtml(entryId)}">Link to ${escapeHtml(name)}</a></p></div></details>`;
      }
      out += '</div></section>';
    }
    return out;
  };
  const sections = (): CompiledPage['sections'] =>
    entries.map((e) => ({ heading: { depth: 3, text: e.meta.name ?? e.source.slug, id: e.meta.id ?? e.source.slug }, text: compiled.get(e.source.id)!.sections.map((s) => s.text).join(' ') }));

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
  // The HTML and the sections are made when asked for: an edit's build that does not render this
  // page (the edit did not reach it) would read every entry's HTML and text from the cache for
  // nothing (~17 ms of an edit of the repo site). Made again on each read, not kept.
  const compiledPage = {
    id: source.id,
    title: introCompiled?.title ?? 'Syntax Lookup',
    hasH1: true,
    headings,
    links: introCompiled?.links ?? [],
    anchors: [...anchors],
    islands: [...new Set(['SyntaxSearch', ...(introCompiled?.islands ?? []), ...entries.flatMap((e) => compiled.get(e.source.id)!.islands)])],
    markdown: introCompiled?.markdown ?? '',
    preludes: [],
    // The intro page's own problems stay reported (this page replaces its compiled entry).
    messages: [...(introCompiled?.messages ?? []), ...messages],
  } as Omit<CompiledPage, 'html' | 'sections'> as CompiledPage;
  Object.defineProperty(compiledPage, 'html', { get: html, enumerable: true });
  Object.defineProperty(compiledPage, 'sections', { get: sections, enumerable: true });
  return { page, compiled: compiledPage };
}
