import { closest } from '../util/text.ts';
import { compareVersions } from '../util/version.ts';
import { placeOf } from '../util/yaml-positions.ts';
import { message } from './messages.ts';
import { readingOrder } from './sidebar-order.ts';
import { SYNTAX_PAGE_ID, SYNTAX_ROUTE, syntaxLookupPage } from './syntax-lookup.ts';
import { llmsGroup } from './incremental/generated.ts';
import type { LoadedConfig } from './types.ts';
import { counterpartRoute, newestVersionRoute, resolveVersion, type ResolvedSiteConfig } from './site-config.ts';
import type {
  Banner,
  Breadcrumb,
  CompiledPage,
  LayoutName,
  Message,
  OutputFile,
  Page,
  RouteEntry,
  Sidebar,
  SiteIndex,
} from './types.ts';

export interface IndexOptions {
  pages: Page[];
  /** Page id → title (known before compiling: front matter, else the first h1, else the file name). */
  titles: ReadonlyMap<string, string>;
  config: LoadedConfig;
  site: ResolvedSiteConfig;
  /** The API reference's sidebars, given the routes that exist (src/api/pages.ts). */
  apiSidebars?: (routes: ReadonlySet<string>) => Sidebar[];
}

export interface GeneratedOptions {
  pages: Page[];
  compiled: Map<string, CompiledPage>;
  site: ResolvedSiteConfig;
  index: SiteIndex;
  /** Groups of generated files kept from the last build (incremental/generated.ts): not made again. */
  kept?: ReadonlyMap<string, unknown> | undefined;
  /**
   * Where each llms file goes as it is made (the site's writer), so a version's files are not held
   * until the build's end: at ×4 of the bench corpus they were ~60 MB of strings, every docs page's
   * Markdown three times over. Without it, into `index.files`.
   */
  emit?: ((file: OutputFile) => void) | undefined;
  /**
   * Reuse the llms files made earlier in this process from the very same compiled pages (a
   * `serve --watch` session keeps them). A single build has no earlier files: nothing is memoised.
   */
  memo?: boolean;
}

const DOCS_ROUTE = /^\/docs\/([^/]+)\/([^/]+)\/(.+)$/;

/** Route prefix a sidebar file applies to: from site.json, else `{section}-{version}` by name. */
function sidebarBase(name: string, site: ResolvedSiteConfig): string | undefined {
  const explicit = site.site.sidebars[name];
  if (explicit !== undefined) return explicit.endsWith('/') ? explicit : `${explicit}/`;
  const m = /^([a-z]+)-(.+)$/.exec(name);
  return m ? `/docs/${m[1]}/${m[2]}/` : undefined;
}

function buildSidebars(opts: IndexOptions, titles: ReadonlyMap<string, string>, messages: Message[]): Map<string, Sidebar> {
  const sidebars = new Map<string, Sidebar>();
  for (const [name, file] of opts.config.sidebars) {
    const base = sidebarBase(name, opts.site);
    if (base === undefined) {
      messages.push(
        message(
          file.displayPath,
          undefined,
          'error',
          `Sidebar "${name}" applies to no route: name it {section}-{version} or map it in site.json "sidebars"`,
          'sidebar-unmapped',
          // A site.json that went missing takes its sidebar map with it: say so, it is the likelier cause.
          opts.config.site ? undefined : 'There is no config/site.json: the build uses its defaults, which map no sidebar.',
        ),
      );
      continue;
    }
    const data = file.data;
    if (data === undefined) continue; // did not parse: reported as config-json
    if (!data || typeof data !== 'object' || Array.isArray(data)) {
      messages.push(message(file.displayPath, undefined, 'error', 'A sidebar is an object of category name → list of page slugs', 'sidebar-shape'));
      continue;
    }
    const sidebar: Sidebar = { id: name, base, categories: [], order: [] };
    const known: string[] = [];
    for (const [category, slugs] of Object.entries(data as Record<string, unknown>)) {
      if (!Array.isArray(slugs)) {
        const place = placeOf(file.doc.positions, `/${category}`);
        messages.push(message(file.displayPath, place, 'error', `Category "${category}" must be a list of page slugs`, 'sidebar-shape'));
        continue;
      }
      const items = [];
      for (const [i, slug] of slugs.entries()) {
        const href = `${base}${String(slug)}`.replace(/\/index$/, '/');
        const title = titles.get(href);
        if (title === undefined) {
          if (known.length === 0) known.push(...routesUnder(base, titles.keys()));
          const guess = closest(String(slug), known);
          messages.push(
            message(
              file.displayPath,
              placeOf(file.doc.positions, `/${category}/${i}`),
              'error',
              `Sidebar item "${String(slug)}" has no page (no content renders ${href})`,
              'sidebar-missing-page',
              guess ? `Did you mean "${guess}"?` : undefined,
            ),
          );
          continue;
        }
        items.push({ name: title, href });
      }
      sidebar.categories.push({ name: category, items });
    }
    sidebar.order = readingOrder(sidebar.categories);
    sidebars.set(name, sidebar);
  }
  return sidebars;
}

function routesUnder(base: string, routes: Iterable<string>): string[] {
  const out: string[] = [];
  for (const r of routes) if (r.startsWith(base)) out.push(r.slice(base.length));
  return out;
}

/** Copies a sidebar for an alias (`manual-latest`), its hrefs moved under the alias prefix. */
function aliasSidebar(sidebar: Sidebar, id: string, base: string): Sidebar {
  const move = (href: string) => base + href.slice(sidebar.base.length);
  return {
    id,
    base,
    categories: sidebar.categories.map((c) => ({ name: c.name, items: c.items.map((i) => ({ name: i.name, href: move(i.href) })) })),
    order: sidebar.order.map(move),
    ...(sidebar.title ? { title: sidebar.title } : {}),
  };
}

function layoutFor(page: Page, route: string, site: ResolvedSiteConfig): LayoutName {
  const { kind, section, version, slug } = page.source;
  if (kind === 'api-legacy') return 'api-legacy';
  if (kind === 'blog') return 'blog';
  if (kind === 'community') return 'community';
  if (kind === 'docs' && section === 'manual' && slug === 'api' && version) {
    const v = resolveVersion(site.sections, section, version);
    return compareVersions(v, 'v11.0.0') >= 0 ? 'api' : 'api-legacy';
  }
  if (kind === 'api' && version && compareVersions(resolveVersion(site.sections, section ?? '', version), 'v11.0.0') < 0) return 'api-legacy';
  if (kind === 'docs' || kind === 'api') return 'docs';
  if (['/', '/blog', '/packages', '/syntax-lookup', '/try'].includes(route)) return 'bare';
  return 'default';
}

/** Derives routes, sidebars, breadcrumbs, prev/next, banners and generated files for the whole site. */
export async function buildIndex(opts: IndexOptions): Promise<SiteIndex> {
  const messages: Message[] = [];
  const { pages, site } = opts;
  const titleOf = (page: Page) => opts.titles.get(page.source.id) ?? page.source.slug;
  const titles = new Map<string, string>();
  for (const p of pages) {
    if (p.source.route !== null) titles.set(p.source.route, titleOf(p));
  }
  const sidebars = buildSidebars(opts, titles, messages);
  for (const s of opts.apiSidebars?.(new Set(titles.keys())) ?? []) sidebars.set(s.id, s);

  // Routed aliases (`latest`): a sidebar per alias, copied from its version's.
  for (const [section, sv] of Object.entries(site.sections)) {
    for (const alias of sv.routed) {
      const target = sv.aliases[alias];
      const original = target ? sidebars.get(`${section}-${target}`) : undefined;
      if (original) sidebars.set(`${section}-${alias}`, aliasSidebar(original, `${section}-${alias}`, `/docs/${section}/${alias}/`));
      for (const s of target ? [...sidebars.values()].filter((x) => x.id === `api-${target}` || x.id.startsWith(`api-${target}-`)) : []) {
        const id = s.id.replace(target!, alias);
        sidebars.set(id, aliasSidebar(s, id, s.base.replace(`/${target}/`, `/${alias}/`)));
      }
    }
  }
  // Alias routes exist before any route is added, so banners can link to them.
  const aliasRoutes: { page: Page; route: string; aliasOf: string }[] = [];
  for (const [section, sv] of Object.entries(site.sections)) {
    for (const alias of sv.routed) {
      const target = sv.aliases[alias];
      if (!target) continue;
      const prefix = `/docs/${section}/${target}/`;
      for (const page of pages) {
        const route = page.source.route;
        if (route === null || !route.startsWith(prefix)) continue;
        const aliasRoute = `/docs/${section}/${alias}/${route.slice(prefix.length)}`;
        titles.set(aliasRoute, titles.get(route)!);
        aliasRoutes.push({ page, route: aliasRoute, aliasOf: route });
      }
    }
  }
  // A route's sidebar: the one with the longest base the route starts with (the first made, among
  // equal bases). Looked up by the route's prefixes: the site has a sidebar per API module, and
  // trying each sidebar on each route cost ~25 ms.
  const sidebarByBase = new Map<string, Sidebar>();
  for (const s of sidebars.values()) if (!sidebarByBase.has(s.base)) sidebarByBase.set(s.base, s);
  const longestBase = Math.max(0, ...[...sidebarByBase.keys()].map((b) => b.length));
  const sidebarFor = (route: string): Sidebar | undefined => {
    for (let k = Math.min(route.length, longestBase); k >= 0; k--) {
      const hit = sidebarByBase.get(k === route.length ? route : route.slice(0, k));
      if (hit) return hit;
    }
    return undefined;
  };

  const routes = new Map<string, RouteEntry>();
  // The crumbs above a page are those of its folder: one object each, shared by the folder's pages
  // (per page, they were 1.5 MB at ×4 of the bench corpus, kept for the whole build).
  const crumbs = new Map<string, Breadcrumb>();
  const crumb = (name: string, href: string): Breadcrumb => {
    const key = `${name}\0${href}`;
    let c = crumbs.get(key);
    if (!c) crumbs.set(key, (c = { name, href }));
    return c;
  };
  const addRoute = (page: Page, route: string, aliasOf?: string) => {
    const title = titleOf(page);
    const entry: RouteEntry = {
      route,
      pageId: page.source.id,
      breadcrumbs: [],
      layout: layoutFor(page, route, site),
      banners: [],
    };
    if (aliasOf) entry.aliasOf = aliasOf;
    const m = DOCS_ROUTE.exec(route);
    if (m && (page.source.kind === 'docs' || page.source.kind === 'api' || page.source.kind === 'api-legacy')) {
      const [, section, version, slug] = m as unknown as [string, string, string, string];
      const sv = site.sections[section];
      entry.section = section;
      entry.version = version;
      // Docs leads to the start of the section's own sidebar (the manual's Introduction), also from
      // an API page, whose sidebar starts at the API overview (its Docs and API crumbs were one link).
      const home = sidebars.get(`${section}-${version}`)?.order[0] ?? sidebarFor(route)?.order[0] ?? `/docs/${section}/${version}/introduction`;
      const trail: Breadcrumb[] = [crumb('Docs', home)];
      if (entry.layout === 'api-legacy' && page.source.kind === 'api') {
        // Legacy API layout: API, then the module.
        trail.length = 0;
        trail.push(crumb('API', `/docs/${section}/${version}/api`));
        const lib = slug.split('/')[1];
        if (lib && slug.split('/').length > 2) trail.push(crumb(lib[0]!.toUpperCase() + lib.slice(1), `/docs/${section}/${version}/api/${lib}`));
      } else if (page.source.kind === 'api-legacy' || slug === 'api' || slug.startsWith('api/')) {
        trail.push(crumb('API', `/docs/${section}/${version}/api`));
        const parts = slug.split('/').slice(1);
        parts.slice(0, -1).forEach((p, i) =>
          trail.push(crumb(p[0]!.toUpperCase() + p.slice(1), `/docs/${section}/${version}/api/${parts.slice(0, i + 1).join('/')}`)),
        );
      } else trail.push(crumb(sv?.name ?? section, home));
      trail.push({ name: title, href: route });
      entry.breadcrumbs = trail;
      const real = resolveVersion(site.sections, section, version);
      for (const b of sv?.banners[real] ?? []) {
        const banner: Banner = { kind: b.kind, text: b.text };
        if (b.link) {
          const newest = (sv && newestVersionRoute(sv)) ?? version;
          const latestBase = `/docs/${section}/${newest}/`;
          const same = counterpartRoute(slug, real, resolveVersion(site.sections, section, newest), latestBase, (r) => titles.has(r));
          const latestHome = sidebars.get(`${section}-${newest}`)?.order[0] ?? `${latestBase}introduction`;
          const href = b.link.href.replace('{latest}', same ?? latestHome);
          banner.link = { text: b.link.text, href };
        }
        entry.banners.push(banner);
      }
    } else if (page.source.kind === 'blog') {
      entry.breadcrumbs = [crumb('Blog', '/blog'), { name: title, href: route }];
    } else if (page.source.kind === 'community') {
      entry.breadcrumbs = [...(route === '/community/overview' ? [] : [crumb('Community', '/community/overview')]), { name: title, href: route }];
    } else if (page.source.kind !== 'page') {
      entry.breadcrumbs = [{ name: title, href: route }];
    }
    const sidebar = sidebarFor(route);
    if (sidebar && (page.source.kind === 'docs' || page.source.kind === 'api' || page.source.kind === 'page' || page.source.kind === 'community')) {
      entry.sidebarId = sidebar.id;
      const i = sidebar.order.indexOf(route);
      if (i >= 0) {
        const item = (href: string | undefined) => (href ? { name: titles.get(href) ?? aliasTitle(href, sidebar), href } : undefined);
        const prev = item(sidebar.order[i - 1]);
        const next = item(sidebar.order[i + 1]);
        if (prev) entry.prev = prev;
        if (next) entry.next = next;
      }
    }
    routes.set(route, entry);
  };

  for (const page of pages) {
    if (page.source.route === null) continue;
    addRoute(page, page.source.route);
  }
  // Alias copies: `/docs/manual/latest/pipe` renders the v11.0.0 page.
  for (const a of aliasRoutes) addRoute(a.page, a.route, a.aliasOf);

  // The syntax lookup page gathers the entries: its route exists now, its body once they compiled.
  if (pages.some((p) => p.source.kind === 'syntax') && !routes.has(SYNTAX_ROUTE)) {
    routes.set(SYNTAX_ROUTE, { route: SYNTAX_ROUTE, pageId: SYNTAX_PAGE_ID, breadcrumbs: [], layout: 'bare', banners: [] });
  }
  return { routes, redirects: [], sidebars, generated: [], files: [], written: [], messages };
}

/**
 * What needs every page compiled: the syntax lookup page and the llms files. Adds them to the
 * index (and the generated page to `compiled`, so the link check sees its anchors).
 */
export function buildGenerated({ pages, compiled, site, index, kept, emit, memo = false }: GeneratedOptions): void {
  const syntax = syntaxLookupPage(pages, compiled);
  if (syntax) {
    index.generated.push(syntax);
    compiled.set(syntax.page.source.id, syntax.compiled);
    const entry = index.routes.get(SYNTAX_ROUTE);
    if (entry) entry.pageId = syntax.page.source.id;
  }
  const put = emit ?? ((file: OutputFile) => index.files.push(file));
  for (const file of llmsFiles({ pages, compiled, site, kept }, index.sidebars, memo)) put(file);
}

function aliasTitle(href: string, sidebar: Sidebar): string {
  for (const c of sidebar.categories) for (const i of c.items) if (i.href === href) return i.name;
  return href;
}

/** Drops the JS-output tabs of <CodeTab> blocks (for llms-small.txt). */
export function withoutJsOutput(markdown: string): string {
  return markdown.replace(/<CodeTab[\s\S]*?<\/CodeTab>/g, (block) =>
    block.replace(/(^|\n)(```|~~~)(js|javascript)\b[\s\S]*?\n\2[ \t]*(?=\n|$)/g, ''),
  );
}

/** Per docs version, the last llms files made in this process and what they were made from. */
const llmsMemo = new Map<string, { inputs: unknown[]; files: OutputFile[] }>();

/** llms.txt (page index), llms-full.txt (every page) and llms-small.txt (no JS output) per docs version. */
function* llmsFiles(opts: Pick<GeneratedOptions, 'pages' | 'compiled' | 'site' | 'kept'>, sidebars: Map<string, Sidebar>, memo: boolean): Generator<OutputFile> {
  const bySection = new Map<string, { page: Page; compiled: CompiledPage }[]>();
  for (const page of opts.pages) {
    const { kind, section, version } = page.source;
    if (kind !== 'docs' || !section || !version || opts.kept?.has(llmsGroup(section, version))) continue;
    const c = opts.compiled.get(page.source.id);
    if (!c) continue;
    const key = `${section}/${version}`;
    const list = bySection.get(key) ?? [];
    list.push({ page, compiled: c });
    bySection.set(key, list);
  }
  const site = opts.site.site;
  for (const [key, list] of bySection) {
    const [section, version] = key.split('/') as [string, string];
    const sv = opts.site.sections[section];
    const heading = `${site.title} ${sv?.name ?? section} ${version}`;
    const sidebar = sidebars.get(`${section}-${version}`);
    const order = new Map(sidebar?.order.map((h, i) => [h, i]) ?? []);
    list.sort((a, b) => (order.get(a.page.source.route!) ?? 1e9) - (order.get(b.page.source.route!) ?? 1e9) || a.page.source.slug.localeCompare(b.page.source.slug));
    const index = [`# ${heading}`, '', `> ${site.description}`, ''];
    for (const { page, compiled } of list) {
      const desc = page.meta.description ? `: ${page.meta.description}` : '';
      index.push(`- [${compiled.title}](${site.url}${page.source.route})${desc}`);
    }
    // The index names its two companions, so a tool handed llms.txt alone finds the full text.
    const own = `${site.url}/docs/${section}/${version}`;
    index.push(
      '',
      '## Full text',
      '',
      `- [Every page in one file](${own}/llms-full.txt): the Markdown of every page above, in this order`,
      `- [Every page, smaller](${own}/llms-small.txt): the same without the JavaScript output of the examples`,
    );
    // Read once per page: a page from the compiled-page cache reads its Markdown from the file.
    let markdowns: string[] | undefined;
    const full = (strip: boolean) => {
      markdowns ??= list.map(({ compiled }) => compiled.markdown);
      return [`# ${heading}`, '', ...list.map(({ page }, i) => `<!-- ${site.url}${page.source.route} -->\n\n${strip ? withoutJsOutput(markdowns![i]!) : markdowns![i]!}\n`)].join('\n');
    };
    const dirs = [version, ...(sv ? sv.routed.filter((a) => sv.aliases[a] === version) : [])];
    // The same compiled pages (serve --watch keeps them) in the same order: the same files.
    const inputs = [heading, site.url, site.description, ...dirs, ...list.flatMap(({ page, compiled }) => [page.source.route, page.meta.description, compiled])];
    const last = memo ? llmsMemo.get(key) : undefined;
    if (last && last.inputs.length === inputs.length && last.inputs.every((x, i) => x === inputs[i])) {
      yield* last.files;
      continue;
    }
    const files: OutputFile[] = [];
    const [indexText, fullText, smallText] = [`${index.join('\n')}\n`, full(false), full(true)];
    const group = llmsGroup(section, version);
    for (const dir of dirs) {
      const base = `docs/${section}/${dir}`;
      files.push({ path: `${base}/llms.txt`, contents: indexText, group });
      files.push({ path: `${base}/llms-full.txt`, contents: fullText, group });
      files.push({ path: `${base}/llms-small.txt`, contents: smallText, group });
    }
    if (memo) llmsMemo.set(key, { inputs, files });
    yield* files;
  }
}
