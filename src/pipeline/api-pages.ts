// API reference pages from `config/api/{version}/{lib}.json` (the shape `rescript-tools doc`
// produces). Each module becomes a generated Markdown source, so it goes through the same compile,
// highlight, link check and layout as every other page: one mechanism, no special renderer.
import { extractFrontMatter, type LoadedConfig } from './load.ts';
import { message } from './messages.ts';
import { placeOf, escapePointer } from '../util/yaml-positions.ts';
import { sha1 } from '../util/text.ts';
import type { Message, Sidebar, SidebarCategory, SourceFile } from './types.ts';

export interface ApiItem {
  id?: string;
  kind: string;
  name: string;
  docstrings?: string[];
  signature?: string;
  deprecated?: string;
}

export interface ApiModule {
  id?: string;
  name: string;
  docstrings?: string[];
  items?: ApiItem[];
}

interface TocNode {
  name: string;
  path: string[];
  children?: TocNode[];
}

/** Libraries in the order the API sidebar lists them. */
const PRIMARY = ['stdlib', 'core'];

function isModule(v: unknown): v is ApiModule {
  return !!v && typeof v === 'object' && typeof (v as ApiModule).name === 'string';
}

/** Markdown for one module: its docs, then one section per item with a stable anchor. */
export function moduleMarkdown(key: string, mod: ApiModule): string {
  const doc = (mod.docstrings ?? []).join('\n\n');
  const description = (mod.docstrings?.[0] ?? '').split('\n')[0]!.replace(/"/g, '\\"').slice(0, 200);
  const out = ['---', `title: ${JSON.stringify(mod.name)}`, `description: "${description}"`, '---', '', `# ${mod.name}`, '', doc, ''];
  const types = (mod.items ?? []).filter((i) => i.kind === 'type');
  const values = (mod.items ?? []).filter((i) => i.kind !== 'type');
  for (const [title, items] of [['Types', types], ['Values', values]] as const) {
    if (items.length === 0) continue;
    out.push(`## ${title} {#${title.toLowerCase()}}`, '');
    for (const item of items) {
      out.push(`### ${item.name} {#${item.kind === 'type' ? 'type' : 'value'}-${item.name}}`, '');
      if (item.deprecated) out.push(`> **Deprecated:** ${item.deprecated}`, '');
      if (item.signature) out.push('```res sig', item.signature, '```', '');
      out.push((item.docstrings ?? []).join('\n\n'), '');
    }
  }
  void key;
  return out.join('\n');
}

export interface ApiSourcesResult {
  sources: SourceFile[];
  /** Virtual display path → where in the JSON the module is, for messages. */
  origins: Map<string, { file: string; line: number; column: number }>;
  messages: Message[];
}

/** One generated source per module of every `config/api/{version}/*.json`. */
export function apiSources(config: LoadedConfig, section = 'manual'): ApiSourcesResult {
  const sources: SourceFile[] = [];
  const origins = new Map<string, { file: string; line: number; column: number }>();
  const messages: Message[] = [];
  for (const [version, libs] of config.api) {
    for (const [lib, file] of libs) {
      if (lib === 'toc_tree') continue;
      const data = file.data;
      if (!data || typeof data !== 'object' || Array.isArray(data)) {
        messages.push(message(file.displayPath, undefined, 'error', 'API data must be an object of module path → module', 'api-shape'));
        continue;
      }
      for (const [key, mod] of Object.entries(data as Record<string, unknown>)) {
        const place = placeOf(file.doc.positions, `/${escapePointer(key)}`) ?? { line: 1, column: 1 };
        if (!isModule(mod)) {
          messages.push(message(file.displayPath, place, 'error', `API module "${key}" needs a string \`name\``, 'api-shape'));
          continue;
        }
        const slug = `api/${key.toLowerCase()}`;
        const virtual = `${file.displayPath}#${key}`;
        const raw = moduleMarkdown(key, mod);
        origins.set(virtual, { file: file.displayPath, ...place });
        sources.push({
          id: `docs/${section}/${version}/${slug}.md`,
          absPath: virtual,
          displayPath: virtual,
          kind: 'api',
          route: `/docs/${section}/${version}/${slug}`,
          section,
          version,
          slug,
          raw,
          hash: sha1(raw),
          frontMatter: extractFrontMatter(raw, virtual),
          format: 'md',
        });
      }
    }
  }
  return { sources, origins, messages };
}

function flatten(node: TocNode, names: string[], base: string, routes: ReadonlySet<string>, into: { name: string; href: string }[]) {
  const href = `${base}/${node.path.map((p) => p.toLowerCase()).join('/')}`;
  // Nested modules read as `Map.Int`; the library itself is the category, not an item.
  if (names.length > 0 && routes.has(href)) into.push({ name: names.join('.'), href });
  for (const child of node.children ?? []) flatten(child, [...names, child.name], base, routes, into);
}

/**
 * The API sidebar of a version: Overview (Introduction and the standard library), Additional
 * Libraries, then the modules of each library, from `toc_tree.json` when present.
 */
export function apiSidebars(config: LoadedConfig, routes: ReadonlySet<string>, section = 'manual'): Sidebar[] {
  const out: Sidebar[] = [];
  for (const [version, libs] of config.api) {
    const base = `/docs/${section}/${version}/api`;
    const libNames = [...libs.keys()].filter((l) => l !== 'toc_tree');
    const primary = libNames.filter((l) => PRIMARY.includes(l));
    const others = libNames.filter((l) => !PRIMARY.includes(l)).sort();
    const label = (lib: string) => {
      const mod = (libs.get(lib)?.data as Record<string, ApiModule> | undefined)?.[lib];
      return mod?.name ?? lib[0]!.toUpperCase() + lib.slice(1);
    };
    const link = (lib: string) => ({ name: label(lib), href: `${base}/${lib}` });
    const categories: SidebarCategory[] = [
      { name: 'Overview', items: [{ name: 'Introduction', href: base }, ...primary.map(link)].filter((i) => routes.has(i.href)) },
      { name: 'Additional Libraries', items: others.map(link).filter((i) => routes.has(i.href)) },
    ];
    const toc = libs.get('toc_tree')?.data as Record<string, TocNode> | undefined;
    for (const lib of [...primary, ...others]) {
      const items: { name: string; href: string }[] = [];
      const tree = toc?.[lib];
      if (tree && Array.isArray(tree.path)) flatten(tree, [], base, routes, items);
      else {
        for (const key of Object.keys((libs.get(lib)?.data as object | undefined) ?? {}).sort()) {
          const href = `${base}/${key.toLowerCase()}`;
          if (key.toLowerCase() !== lib && routes.has(href)) items.push({ name: key.split('/').slice(1).map((p) => p[0]!.toUpperCase() + p.slice(1)).join('.'), href });
        }
      }
      if (items.length > 0) categories.push({ name: `${label(lib)} Modules`, items });
    }
    const nonEmpty = categories.filter((c) => c.items.length > 0);
    out.push({ id: `api-${version}`, base, categories: nonEmpty, order: nonEmpty.flatMap((c) => c.items.map((i) => i.href)) });
  }
  return out;
}
