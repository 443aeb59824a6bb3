// API reference pages: each module of the API data (generated from the installed packages, see
// generate.ts, and/or authored in `config/api/{version}/{lib}.json`) becomes a generated Markdown
// source, so it goes through the same compile, highlight, link check and layout as every page.
import { linksAttribute, signatureLinks, typeIndex, type TypeIndex } from './sig-links.ts';
import { moduleSummary } from './summary.ts';
import { extractFrontMatter } from '../pipeline/load.ts';
import { message } from '../pipeline/messages.ts';
import { readingOrder } from '../pipeline/sidebar-order.ts';
import { placeOf, escapePointer } from '../util/yaml-positions.ts';
import { countLines, sha1 } from '../util/text.ts';
import { moduleSlug, primaryLibrary } from './names.ts';
import { BELT_CATEGORIES, legacyModules } from './legacy-modules.ts';
import type { ConfigFile, LoadedConfig, Message, Sidebar, SidebarCategory, SourceFile } from '../pipeline/types.ts';
import type { ApiItem, ApiModule, GeneratedApi, TocNode } from './types.ts';

export type { ApiItem, ApiModule } from './types.ts';

/** Libraries in the order the API sidebar lists them. */
const PRIMARY = ['stdlib', 'core'];
/** SPEC §2: the index sidebar's additional libraries. */
const ADDITIONAL = ['belt', 'dom'];
const DISPLAY: Record<string, string> = { stdlib: 'Stdlib', core: 'Core', belt: 'Belt', js: 'Js', dom: 'Dom' };

/** Where a generated page's data is: worked out into a line and column only when a message needs it. */
interface Origin {
  file: ConfigFile;
  pointer: string;
}

/** One module of one version, with where its data is. */
interface ModuleEntry {
  key: string;
  mod: ApiModule;
  file: ConfigFile;
  pointer: string;
}

interface VersionData {
  version: string;
  layout: 'new' | 'legacy';
  libs: Map<string, ModuleEntry[]>;
  toc: Record<string, TocNode> | undefined;
  source?: string;
  /** Content hashes of the files the version's data comes from; undefined when one is not known. */
  inputs: string[] | undefined;
}

function isModule(v: unknown): v is ApiModule {
  return !!v && typeof v === 'object' && typeof (v as ApiModule).name === 'string';
}

function anchorOf(item: ApiItem): string {
  return `${item.kind === 'type' ? 'type' : 'value'}-${item.name}`;
}

/**
 * Docstring links to an item by its bare name (`[forEach](#forEach)`, as the libraries write them)
 * point at the item's anchor (`#value-forEach`); a link matching no item stays as written, so the
 * link check reports it.
 */
export function resolveItemLinks(md: string, items: readonly ApiItem[]): string {
  return itemLinkResolver(items)(md);
}

/** `resolveItemLinks` for one module's items, its lookup tables built once for all its docstrings. */
function itemLinkResolver(items: readonly ApiItem[]): (md: string) => string {
  const anchors = new Set(items.map(anchorOf));
  const byName = new Map<string, string>();
  for (const i of items) {
    for (const k of [i.name, i.name.toLowerCase()]) if (!byName.has(k) || i.kind !== 'type') byName.set(k, anchorOf(i));
  }
  return (md) =>
    md.replace(/\]\(#+([^)\s]+)\)/g, (whole, id: string) => {
      if (anchors.has(id)) return `](#${id})`;
      const to = byName.get(id) ?? byName.get(id.toLowerCase());
      return to ? `](#${to})` : `](#${id})`;
    });
}

/** A module page's front matter block: its title and a description from its first docstring line. */
export function moduleFrontMatter(mod: ApiModule): string {
  const first = moduleSummary(mod);
  // A first line that is a heading (`## Examples`), a bare name (`Belt.Option()`) or a few words
  // describes nothing: search results and link previews get the generic sentence instead.
  const usable = first.length >= 25 && !/^#/.test(first) && !/\(\)$/.test(first);
  const description = usable ? first : `API reference of ${mod.id ?? mod.name}: its types and values.`;
  return ['---', `title: ${JSON.stringify(mod.name)}`, `description: ${JSON.stringify(description)}`, '---'].join('\n');
}

/** Markdown for one module: its docs, then one section per item with a stable anchor. */
export function moduleMarkdown(
  key: string,
  mod: ApiModule,
  moduleRoute: (path: string) => string | undefined = () => undefined,
  /** The version's types, for links from the signatures (src/api/sig-links.ts). */
  types?: () => TypeIndex,
): { markdown: string; lines: { line: number; item: string }[] } {
  const items = mod.items ?? [];
  // Links between modules are written as module paths (`[Set.Int](belt/set/int)`).
  const modules = (md: string) =>
    md.replace(/\]\(([a-z][\w/]*)(#[^)\s]*)?\)/gi, (whole, p: string, hash: string | undefined) => {
      const to = moduleRoute(p.toLowerCase());
      return to ? `](${to}${hash ?? ''})` : whole;
    });
  const itemLinks = itemLinkResolver(items);
  // Lines of only spaces and tabs are written empty: they mean a blank line, and Markdown parsers
  // disagree on what such a line adds to an indented code block before it (micromark keeps part of
  // it), so a page with one took the slow parser (10 of the 649 API pages, ~0.35 s of a build).
  // A link with no target (`[\`getUnsafe\`]()`, as the Belt sources write a mention) is its text:
  // as a link it led back to the page itself.
  const fix = (parts: string[] | undefined, level: number) =>
    nestHeadings(modules(itemLinks(withoutRestated((parts ?? []).filter(isProse)).join('\n\n').replace(/^[ \t]+$/gm, '').replace(/\[([^\]\n]+)\]\(\s*\)/g, '$1'))), level);
  // A module's docs sit under its h1 (their headings from h2), an item's under its h3 (from h4).
  const out = [moduleFrontMatter(mod), '', `# ${mod.name}`, '', fix(mod.docstrings, 2), ''];
  const lines: { line: number; item: string }[] = [];
  // Lines written so far: counted as parts are added, not by re-joining the page per item.
  let lineCount = 0;
  let counted = 0;
  const lineNow = () => {
    for (; counted < out.length; counted++) lineCount += countLines(out[counted]!);
    return lineCount + 1;
  };
  const index = types?.();
  const route = moduleRoute(key);
  const own = mod.id !== undefined ? index?.get(mod.id) : undefined;
  const typeLinks = (signature: string) => (index ? linksAttribute(signatureLinks(signature, index, own, route)) : '');
  const typeItems = items.filter((i) => i.kind === 'type');
  const values = items.filter((i) => i.kind !== 'type');
  for (const [title, list] of [['Types', typeItems], ['Values', values]] as const) {
    if (list.length === 0) continue;
    out.push(`## ${title} {#${title.toLowerCase()}}`, '');
    for (const item of list) {
      lines.push({ line: lineNow(), item: item.name });
      out.push(`### ${escapeMarkdown(item.name)} {#${escapeMarkdown(anchorOf(item))}}`, '');
      if (item.deprecated) out.push(`> **Deprecated:** ${item.deprecated.replace(/\s*\n\s*/g, ' ')}`, '');
      if (item.signature) out.push(`\`\`\`res sig${typeLinks(item.signature)}`, item.signature, '```', '');
      out.push(fix(item.docstrings, 4), '');
    }
  }
  void key;
  return { markdown: out.join('\n'), lines };
}

/**
 * Whether a docstring part says something. The legacy extraction (rescript 8–10's `.mli` comments)
 * also yields a bare comment opener (`/*`, 14–16 per version) and ocamldoc's placeholder for a
 * module list (`{12 nested modules}`), which rendered as paragraphs of their own.
 */
function isProse(part: string): boolean {
  return !/^\s*(?:\/\*+|\*+\/|\{\d+ nested modules?\})\s*$/.test(part);
}

/**
 * The docstring's ATX headings moved so that its top level is `level` (at most h6), their order
 * kept: docstrings are written as documents of their own (`### Note` under nothing), and set under
 * the page's headings as written they skipped levels (an h3 right under the module's h1), which
 * breaks the outline screen readers and the "On this page" list follow. Fenced code is left alone.
 */
export function nestHeadings(md: string, level: number): string {
  const heading = /^( {0,3})(#{1,6})(?=[ \t]|$)/;
  const lines = md.split('\n');
  let fence: string | undefined;
  let top = 7;
  const at: number[] = [];
  lines.forEach((line, i) => {
    const open = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (open && open[0] === fence[0] && open.length >= fence.length && /^ {0,3}[`~]+[ \t]*$/.test(line)) fence = undefined;
      return;
    }
    if (open) {
      fence = open;
      return;
    }
    const h = heading.exec(line);
    if (h) {
      at.push(i);
      top = Math.min(top, h[2]!.length);
    }
  });
  if (at.length === 0 || top === level) return md;
  for (const i of at) lines[i] = lines[i]!.replace(heading, (_, indent: string, hashes: string) => indent + '#'.repeat(Math.min(6, hashes.length - top + level)));
  return lines.join('\n');
}

/** Item names are code (`~-`, `*`, `land`): written literally, not read as strikethrough or emphasis. */
function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_~[\]<>|#{}!]/g, '\\$&');
}

/** A page's slug: as the data gives it, else from the module id (`Belt.HashMap.Int`), else its key. */
function slugOf(key: string, mod: ApiModule): string {
  if (mod.slug) return mod.slug;
  if (mod.id) {
    const parts = mod.id.split('.');
    return moduleSlug([key.split('/')[0]!, ...parts.slice(1)]);
  }
  return moduleSlug(key.split('/'));
}

/** A generated data set as a config file (it lives in the cache; messages point into it). */
export interface GeneratedFile {
  api: GeneratedApi;
  file: ConfigFile;
}

/** Every version's modules: generated first, authored `config/api` modules override them by key. */
function collect(config: LoadedConfig, generated: ReadonlyMap<string, GeneratedFile>, messages: Message[]): VersionData[] {
  const versions = new Map<string, VersionData>();
  for (const [version, g] of generated) {
    const libs = new Map<string, ModuleEntry[]>();
    for (const [lib, mods] of Object.entries(g.api.libs)) {
      libs.set(
        lib,
        Object.entries(mods).map(([key, mod]) => ({ key, mod, file: g.file, pointer: `/libs/${escapePointer(lib)}/${escapePointer(key)}` })),
      );
    }
    versions.set(version, { version, layout: g.api.layout, libs, toc: g.api.toc, source: `${g.file.displayPath} (from ${g.api.source})`, inputs: [g.file.hash ?? ''] });
  }
  for (const [version, files] of config.api) {
    let v = versions.get(version);
    if (!v) versions.set(version, (v = { version, layout: 'new', libs: new Map(), toc: undefined, inputs: [] }));
    for (const [lib, file] of files) {
      v.inputs?.push(`${lib}:${file.hash ?? ''}`);
      if (lib === 'toc_tree') {
        v.toc = { ...(v.toc ?? {}), ...((file.data as Record<string, TocNode> | undefined) ?? {}) };
        continue;
      }
      const data = file.data;
      if (!data || typeof data !== 'object' || Array.isArray(data)) {
        messages.push(message(file.displayPath, undefined, 'error', 'API data must be an object of module path → module', 'api-shape'));
        continue;
      }
      const list = v.libs.get(lib) ?? [];
      for (const [key, mod] of Object.entries(data as Record<string, unknown>)) {
        if (!isModule(mod)) {
          const place = placeOf(file.doc.positions, `/${escapePointer(key)}`) ?? { line: 1, column: 1 };
          messages.push(message(file.displayPath, place, 'error', `API module "${key}" needs a string \`name\``, 'api-shape'));
          continue;
        }
        const entry = { key, mod, file, pointer: `/${escapePointer(key)}` };
        const at = list.findIndex((e) => e.key === key);
        if (at >= 0) list[at] = entry;
        else list.push(entry);
      }
      v.libs.set(lib, list);
    }
  }
  return [...versions.values()];
}

export interface ApiSourcesResult {
  sources: SourceFile[];
  /** Virtual display path → where in the JSON the module is, for messages. */
  origins: Map<string, Origin>;
  /** A message about a generated page, moved to its module (and item) in the API data. */
  originOf(m: Message): Message | undefined;
  messages: Message[];
  sidebars(routes: ReadonlySet<string>): Sidebar[];
}

type ModulePage = { markdown: string; lines: { line: number; item: string }[] };

/** Each generated module source's page, made when its Markdown is read. */
const pageOfSource = new WeakMap<SourceFile, () => ModulePage>();

/**
 * `raw` of a generated module source: its page's Markdown. One getter shared by every such source
 * (an object literal with a getter of its own per source kept a property table each: 3 MB at ×4 of
 * the bench corpus).
 */
function moduleRaw(this: SourceFile): string {
  return pageOfSource.get(this)!().markdown;
}

/**
 * A module page's Markdown, made each time it is asked for, except that the last one made is kept
 * (the messages of one page come together). Kept for every page, the Markdown grew with the site
 * for the whole build: ~27 MB at ×4 of the bench corpus, while each page's compile reads it once.
 * A function of its own: see readAgain in src/util/files.ts.
 */
function generatedPage(last: { key?: string; page?: ModulePage }, key: string, make: () => ModulePage): () => ModulePage {
  return () => {
    if (last.key !== key || !last.page) {
      last.page = make();
      last.key = key;
    }
    return last.page;
  };
}

/** The data of the file last read again, while the pages of its modules compile one after another. */
interface LastRead {
  read?: () => unknown;
  data?: unknown;
}

/** A module kept in memory (a function of its own: see readAgain in src/util/files.ts). */
function keptModule(mod: ApiModule): () => ApiModule {
  return () => mod;
}

/** A module read again from its file, at its JSON pointer (a function of its own, likewise). */
function readModule(last: LastRead, read: () => unknown, pointer: string): () => ApiModule {
  return () => {
    if (last.read !== read) {
      last.data = read();
      last.read = read;
    }
    let at = last.data;
    for (const part of pointer.split('/').slice(1)) at = (at as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    return at as ApiModule;
  };
}

/**
 * One generated source per module of every version's API data, and the API sidebars. The data of
 * a file that can be read again (`ConfigFile.readData`) is let go here: `file.data` is undefined after.
 */
export function apiSources(config: LoadedConfig, section = 'manual', generated: ReadonlyMap<string, GeneratedFile> = new Map()): ApiSourcesResult {
  const sources: SourceFile[] = [];
  const origins = new Map<string, Origin>();
  const itemLines = new Map<string, () => { line: number; item: string }[]>();
  const messages: Message[] = [];
  const versions = collect(config, generated, messages);
  const slugs = new Map<string, Map<string, string>>(); // version → key → slug
  const lastMade: { key?: string; page?: ModulePage } = {};
  const lastRead: LastRead = {};
  for (const v of versions) {
    const bySlug = new Map<string, string>();
    slugs.set(v.version, bySlug);
    if (v.layout === 'legacy') checkLegacy(v, messages);
    else checkNew(v, messages);
    for (const [, entries] of v.libs) for (const { key, mod } of entries) bySlug.set(key, slugOf(key, mod));
    const moduleRoute = (p: string) => {
      const slug = bySlug.get(p);
      return slug ? `/docs/${section}/${v.version}/${slug}` : undefined;
    };
    // Every module's types, read when the first page of the version is generated (a compile), file
    // by file: a file read again from disk is parsed once for all its modules (`readModule`).
    const readers: { id: string | undefined; route: string; file: string; read: () => ApiModule }[] = [];
    let index: TypeIndex | undefined;
    const types = () =>
      (index ??= typeIndex(
        v.version,
        [...readers]
          .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))
          .flatMap((r) => (r.id === undefined ? [] : [{ id: r.id, route: r.route, types: (r.read().items ?? []).filter((i) => i.kind === 'type').map((i) => i.name) }])),
      ));
    // A module's page is a function of its version's data (its links name the other modules): with
    // the data's files' hashes known, the page's hash is the version's and its key, and its Markdown
    // is generated only when something reads it (a compile: a warm or one-edit build compiles none
    // or few of them; generating all cost ~0.13 s of every build of the repo site).
    const known = v.inputs?.every((h) => h !== '' && !h.endsWith(':'));
    const versionKey = known ? sha1(JSON.stringify([section, v.version, v.layout, v.inputs])) : undefined;
    for (const [, entries] of v.libs) {
      for (const { key, mod, file, pointer } of entries) {
        const slug = bySlug.get(key)!;
        const virtual = `${file.displayPath}#${key}`;
        const modOf = file.readData ? readModule(lastRead, file.readData, pointer) : keptModule(mod);
        readers.push({ id: mod.id, route: `/docs/${section}/${v.version}/${slug}`, file: file.displayPath, read: modOf });
        const page = generatedPage(lastMade, virtual, () => moduleMarkdown(key, modOf(), moduleRoute, types));
        origins.set(virtual, { file, pointer });
        itemLines.set(virtual, () => page().lines);
        const frontMatter = moduleFrontMatter(mod);
        const source = {
          id: `docs/${section}/${v.version}/${slug}.md`,
          absPath: virtual,
          generated: true,
          displayPath: virtual,
          kind: 'api',
          route: `/docs/${section}/${v.version}/${slug}`,
          section,
          version: v.version,
          slug,
          hash: versionKey ? sha1(`${versionKey}\0${key}`) : sha1(page().markdown),
          frontMatter: extractFrontMatter(`${frontMatter}\n`, virtual),
          format: 'md',
        } as SourceFile;
        Object.defineProperty(source, 'raw', { get: moduleRaw, enumerable: true, configurable: true });
        pageOfSource.set(source, page);
        sources.push(source);
      }
    }
  }
  // The data of a file that can be read again is let go: its pages read their module from the
  // file when they compile, and the sidebars need the names alone (kept for the whole build, the
  // authored API data was ~28 MB at ×4 of the bench corpus).
  for (const v of versions) {
    for (const [, entries] of v.libs) {
      for (const e of entries) {
        if (!e.file.readData) continue;
        e.mod = { name: e.mod.name, ...(e.mod.id !== undefined ? { id: e.mod.id } : {}), ...(e.mod.slug !== undefined ? { slug: e.mod.slug } : {}) };
        e.file.data = undefined;
        e.file.doc.data = undefined;
      }
    }
  }
  const originOf = (m: Message): Message | undefined => {
    const origin = origins.get(m.file);
    if (!origin) return undefined;
    const lines = itemLines.get(m.file)?.() ?? [];
    let item: string | undefined;
    for (const l of lines) if (l.line <= m.line) item = l.item;
    const module = m.file.slice(m.file.lastIndexOf('#') + 1);
    // Parsing the data with positions costs seconds for the generated files: only for a message.
    const place = placeOf(origin.file.doc.positions, origin.pointer) ?? { line: 1, column: 1 };
    return { ...m, file: origin.file.displayPath, ...place, reason: `${m.reason} (API module ${module}${item ? `, item ${item}` : ''})` };
  };
  return {
    sources,
    origins,
    originOf,
    messages,
    sidebars: (routes) => versions.flatMap((v) => (v.layout === 'legacy' ? legacySidebars(v, section, routes) : [newSidebar(v, section, routes, slugs.get(v.version)!)])),
  };
}

/** SPEC §8: a new-layout version without data for one of its libraries, or without its index. */
function checkNew(v: VersionData, messages: Message[]): void {
  if (!v.source) return; // authored-only data documents what it has
  const file = v.source.split(' ')[0]!;
  const primary = primaryLibrary(v.version);
  for (const lib of [primary, 'belt', 'js', 'dom']) {
    if (!v.libs.get(lib)?.length) {
      messages.push(message(file, undefined, 'error', `Not found data for ${DISPLAY[lib]} version ${v.version}`, 'api-data', `expected in config/api/${v.version}/${lib}.json or generated from ${v.source}`));
    }
  }
  for (const lib of v.libs.keys()) {
    if (!v.toc?.[lib]) messages.push(message(file, undefined, 'error', `Not found index data for module: ${DISPLAY[lib] ?? lib}`, 'api-data', `expected "${lib}" in config/api/${v.version}/toc_tree.json or generated from ${v.source}`));
  }
}

/** SPEC §8's assertion: the legacy layout knows its modules; any other is an error naming it. */
function checkLegacy(v: VersionData, messages: Message[]): void {
  const known = new Set(legacyModules(v.version).map((m) => m.slug));
  for (const [, entries] of v.libs) {
    for (const e of entries) {
      const slug = slugOf(e.key, e.mod);
      if (!known.has(slug)) {
        const place = placeOf(e.file.doc.positions, e.pointer) ?? { line: 1, column: 1 };
        messages.push(message(e.file.displayPath, place, 'error', `Unknown module "${e.mod.name}" in the legacy API layout of ${v.version} (/${slug})`, 'api-legacy-module', 'the legacy layout (v8.0.0–v10.0.0) lists Belt, Js and Dom modules only'));
      }
    }
  }
}

function flatten(node: TocNode, names: string[], href: (path: string[]) => string | undefined, into: { name: string; href: string }[]) {
  const h = href(node.path);
  // Nested modules read as `Map.Int`; the library itself is the category, not an item.
  if (names.length > 0 && h) into.push({ name: names.join('.'), href: h });
  for (const child of node.children ?? []) flatten(child, [...names, child.name], href, into);
}

/**
 * The new layout's API sidebar of a version: Overview (Introduction, then Stdlib from v12.0.0 on,
 * Core before), Additional Libraries (Belt, Dom), then the modules of each library from the toc tree.
 */
function newSidebar(v: VersionData, section: string, routes: ReadonlySet<string>, slugs: Map<string, string>): Sidebar {
  const base = `/docs/${section}/${v.version}/api`;
  const libNames = [...v.libs.keys()];
  const primaryName = primaryLibrary(v.version);
  const primary = libNames.filter((l) => l === primaryName).concat(libNames.filter((l) => PRIMARY.includes(l) && l !== primaryName));
  const others = libNames.filter((l) => !PRIMARY.includes(l)).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  const routeOf = (key: string) => {
    const slug = slugs.get(key);
    const href = slug ? `/docs/${section}/${v.version}/${slug}` : undefined;
    return href && routes.has(href) ? href : undefined;
  };
  const label = (lib: string) => v.libs.get(lib)?.find((e) => e.key === lib)?.mod.name ?? DISPLAY[lib] ?? lib[0]!.toUpperCase() + lib.slice(1);
  const link = (lib: string) => ({ name: label(lib), href: routeOf(lib) ?? `${base}/${lib}` });
  const categories: SidebarCategory[] = [
    { name: 'Overview', items: [{ name: 'Introduction', href: base }, ...primary.map(link)].filter((i) => routes.has(i.href)) },
    { name: 'Additional Libraries', items: others.filter((l) => ADDITIONAL.includes(l)).map(link).filter((i) => routes.has(i.href)) },
  ];
  for (const lib of [...primary, ...others]) {
    const items: { name: string; href: string }[] = [];
    const tree = v.toc?.[lib];
    if (tree && Array.isArray(tree.path)) flatten(tree, [], (p) => routeOf([lib, ...p.slice(1).map((s) => s.toLowerCase())].join('/')), items);
    else {
      for (const { key } of [...(v.libs.get(lib) ?? [])].sort((a, b) => a.key.localeCompare(b.key))) {
        const href = routeOf(key);
        if (key !== lib && href) items.push({ name: key.split('/').slice(1).map((p) => p[0]!.toUpperCase() + p.slice(1)).join('.'), href });
      }
    }
    if (items.length > 0) categories.push({ name: `${label(lib)} Modules`, items });
  }
  const nonEmpty = categories.filter((c) => c.items.length > 0);
  return { id: `api-${v.version}`, base, categories: nonEmpty, order: readingOrder(nonEmpty) };
}

function rank(lib: string): number {
  const i = ['belt', 'dom', 'js'].indexOf(lib);
  return i < 0 ? 99 : i;
}

/**
 * The legacy layout's sidebars (v8.0.0–v10.0.0): one for the API index, one per library, each with
 * the 'Introduction' and 'Modules' groups, then the library's own categories.
 */
function legacySidebars(v: VersionData, section: string, routes: ReadonlySet<string>): Sidebar[] {
  const api = `/docs/${section}/${v.version}/api`;
  const modules = legacyModules(v.version);
  const keep = (items: { name: string; href: string }[]) => items.filter((i) => routes.has(i.href));
  const head: SidebarCategory[] = [
    { name: 'Introduction', items: keep([{ name: 'Overview', href: api }]) },
    { name: 'Modules', items: keep(['Js', 'Belt', 'Dom'].map((n) => ({ name: n, href: `${api}/${n.toLowerCase()}` }))) },
  ];
  const make = (id: string, base: string, title: string | undefined, extra: SidebarCategory[]): Sidebar => {
    const categories = [...head, ...extra].filter((c) => c.items.length > 0);
    const s: Sidebar = { id, base, categories, order: readingOrder(categories) };
    if (title) s.title = title;
    return s;
  };
  const hrefOf = (name: string, lib: string) => {
    const m = modules.find((x) => x.lib === lib && x.name === name);
    return m ? `/docs/${section}/${v.version}/${m.slug}` : '';
  };
  const belt = BELT_CATEGORIES.map(([name, list]) => ({ name, items: keep(list.map((n) => ({ name: n, href: hrefOf(n, 'belt') }))) }));
  const js: SidebarCategory[] = [
    { name: 'Overview', items: keep([{ name: 'Js', href: `${api}/js` }]) },
    { name: 'Submodules', items: keep(modules.filter((m) => m.lib === 'js' && m.name !== 'Js').map((m) => ({ name: m.name, href: `/docs/${section}/${v.version}/${m.slug}` }))) },
  ];
  const dom: SidebarCategory[] = [
    { name: 'Overview', items: keep([{ name: 'Dom', href: `${api}/dom` }]) },
    { name: 'Submodules', items: keep(modules.filter((m) => m.lib === 'dom' && m.name !== 'Dom').map((m) => ({ name: m.name, href: `/docs/${section}/${v.version}/${m.slug}` }))) },
  ];
  return [
    make(`api-${v.version}`, api, undefined, []),
    make(`api-${v.version}-belt`, `${api}/belt`, 'Belt Module', belt),
    make(`api-${v.version}-js`, `${api}/js`, 'Js Module', js),
    make(`api-${v.version}-dom`, `${api}/dom`, 'Dom Module', dom),
  ];
}

/**
 * A module's docstring parts without those a later part restates: rescript-tools gives a module
 * alias's comment and the module's own one after it (Belt.Map's intro came twice, the alias's
 * version half-formatted), so a part whose words (8 or more) are nearly all in a later part, or
 * which holds nearly all of a later part's, gives way to the later one, the module's own.
 */
export function withoutRestated(parts: string[]): string[] {
  const words = parts.map((p) => new Set(p.toLowerCase().match(/[a-z]{3,}/g) ?? []));
  // The same words in the same order (`Provide utilities…` and `Provide utilities….`), however short.
  const plain = parts.map((p) => p.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim());
  const restated = (a: Set<string>, b: Set<string>, i: number, j: number) => {
    if (plain[i] !== '' && plain[i] === plain[j]) return true;
    const small = a.size <= b.size ? a : b;
    const large = small === a ? b : a;
    if (small.size < 8) return false;
    let shared = 0;
    for (const w of small) if (large.has(w)) shared++;
    return shared / small.size >= 0.8;
  };
  return parts.filter((_, i) => !words.some((later, j) => j > i && restated(words[i]!, later, i, j)));
}
