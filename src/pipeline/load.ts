import path from 'node:path';
import { readFile, readdir } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import fg from 'fast-glob';
import { parseFrontMatterLazily, parseJsonLazily, parsePositioned, type LazyDocument } from '../util/yaml-positions.ts';
import { sha1 } from '../util/text.ts';
import { displayPath, type ResolvedConfig } from './config.ts';
import { message } from './messages.ts';
import type { ContentKind, FrontMatterBlock, Message, SourceFile } from './types.ts';

/** A JSON config file with positions, so problems in it can be reported at file:line:col. */
export interface ConfigFile<T = unknown> {
  displayPath: string;
  data: T;
  doc: LazyDocument;
  /** One of docsgen's own files (or a project file with the same content): checked by docsgen's tests. */
  builtin?: boolean;
}

/** Everything under config/, read once. */
export interface LoadedConfig {
  site: ConfigFile | undefined;
  versions: ConfigFile | undefined;
  landing: ConfigFile | undefined;
  /** Compiler warning list for <WarningTable> (config/warnings.json). */
  warnings: ConfigFile | undefined;
  /** `manual-v11.0.0` → file. */
  sidebars: Map<string, ConfigFile>;
  /** Schema name (`docs`, `blog`, `syntax`, `page`) → JSON Schema. */
  schemas: Map<string, ConfigFile>;
  /** version → library (`belt`, `core`, `toc_tree`) → file. */
  api: Map<string, Map<string, ConfigFile>>;
  /** Hash of every config byte: a config change invalidates every cached page. */
  hash: string;
}

export interface LoadResult {
  sources: SourceFile[];
  config: LoadedConfig;
  messages: Message[];
}

const VERSION_DIR = /^(v\d+(\.\d+)*(-[a-z]+\.\d+)?|latest|next)$/;

/** Where a content path renders and what kind of content it is. Routes follow files. */
export function classify(id: string): Pick<SourceFile, 'kind' | 'route' | 'slug'> & { section?: string; version?: string } {
  const noExt = id.replace(/\.mdx?$/, '');
  const parts = noExt.split('/');
  const [top, section, version, ...rest] = parts;
  if (top === 'docs' && section && version && VERSION_DIR.test(version) && rest.length > 0) {
    const slug = rest.join('/');
    const route = `/docs/${section}/${version}/${slug === 'index' ? '' : slug}`.replace(/\/$/, '') || '/';
    const kind: ContentKind = section === 'manual' && rest[0] === 'api' && rest.length > 1 ? 'api-legacy' : 'docs';
    return { kind, route, slug, section, version };
  }
  if (top === 'blog' && parts.length >= 2) {
    const file = parts[parts.length - 1]!;
    const slug = file.replace(/^\d{4}-\d{2}-\d{2}-/, '');
    if (file === 'index') return { kind: 'page', route: '/blog', slug: 'index' };
    return { kind: 'blog', route: `/blog/${slug}`, slug };
  }
  if (top === 'community' && parts.length === 2) {
    return { kind: 'community', route: `/community/${parts[1]}`, slug: parts[1]! };
  }
  if (top === 'syntax-lookup' && parts.length === 2) {
    return { kind: 'syntax', route: null, slug: parts[1]! };
  }
  const last = parts[parts.length - 1]!;
  if (last === 'index') {
    const dir = parts.slice(0, -1).join('/');
    return { kind: 'page', route: dir ? `/${dir}/` : '/', slug: last };
  }
  return { kind: 'page', route: `/${noExt}`, slug: last };
}

/** Splits YAML front matter off a file. Lines are 1-based; the YAML starts on line 2. */
export function extractFrontMatter(raw: string, file: string): FrontMatterBlock | undefined {
  const m = /^---[ \t]*\r?\n([\s\S]*?)\r?\n?---[ \t]*(\r?\n|$)/.exec(raw);
  if (!m) {
    // An opening `---` followed by `key: value` but never closed: front matter the author forgot
    // to end, not a thematic break (which the body would otherwise start with).
    if (/^---[ \t]*\r?\n[ \t]*[\w-]+[ \t]*:/.test(raw)) {
      return {
        data: undefined,
        lineCount: 0,
        positions: {},
        errors: [message(file, { line: 1, column: 1 }, 'error', 'Front matter is not closed: end it with a line of `---`', 'frontmatter-yaml')],
      };
    }
    return undefined;
  }
  const yamlText = m[1] ?? '';
  const lineCount = m[0].split('\n').length - (m[2] ? 1 : 0);
  const doc = parseFrontMatterLazily(yamlText, 1);
  return {
    data: doc.data ?? undefined,
    lineCount,
    get positions() {
      return doc.positions; // worked out when a message needs a place
    },
    errors: doc.errors.map((e) => message(file, e.place, 'error', `Invalid YAML front matter: ${e.reason}`, 'frontmatter-yaml')),
  };
}

export async function loadSource(config: ResolvedConfig, absPath: string): Promise<SourceFile> {
  const id = contentId(config, absPath);
  // Synchronous: a content file is small, and the promise API's open/read/close round trips
  // through the thread pool cost more than the read (~75 ms for 1,000 files on the main thread,
  // before any page could compile).
  const raw = readFileSync(absPath, 'utf8').replace(/^\uFEFF/, '');
  const shown = displayPath(config, absPath);
  const place = classify(id);
  const source: SourceFile = {
    id,
    absPath,
    displayPath: shown,
    kind: place.kind,
    route: place.route,
    slug: place.slug,
    raw,
    hash: sha1(raw),
    frontMatter: extractFrontMatter(raw, shown),
  };
  if (place.section !== undefined) source.section = place.section;
  if (place.version !== undefined) source.version = place.version;
  return source;
}

async function readConfigFile(config: ResolvedConfig, absPath: string, messages: Message[]): Promise<ConfigFile> {
  const text = await readFile(absPath, 'utf8');
  const shown = displayPath(config, absPath);
  const doc = parseJsonLazily(text);
  for (const e of doc.errors) messages.push(message(shown, e.place, 'error', `Invalid JSON: ${e.reason}`, 'config-json'));
  return { displayPath: shown, data: doc.data, doc };
}

/**
 * What only a strict parse of the config files finds (duplicate keys): run once the pages are
 * compiling, off the path to the first compiled page.
 */
export function strictConfigMessages(loaded: LoadedConfig): Message[] {
  const files = [loaded.site, loaded.versions, loaded.landing, loaded.warnings, ...loaded.sidebars.values(), ...loaded.schemas.values(), ...[...loaded.api.values()].flatMap((m) => [...m.values()])];
  return files.flatMap((f) =>
    f ? f.doc.strictErrors().map((e) => message(f.displayPath, e.place, 'error', `Invalid JSON: ${e.reason}`, 'config-json')) : [],
  );
}

async function loadConfig(config: ResolvedConfig, messages: Message[]): Promise<LoadedConfig> {
  const dir = config.configDir;
  const opt = async (name: string, builtin = false) => {
    for (const base of builtin ? [dir, config.builtinConfigDir] : [dir]) {
      if (existsSync(path.join(base, name))) return readConfigFile(config, path.join(base, name), messages);
    }
    return undefined;
  };
  const listJson = async (sub: string) =>
    existsSync(sub) ? (await readdir(sub)).filter((f) => f.endsWith('.json')).sort() : [];

  const sidebars = new Map<string, ConfigFile>();
  for (const f of await listJson(path.join(dir, 'sidebars'))) {
    sidebars.set(f.replace(/\.json$/, ''), await readConfigFile(config, path.join(dir, 'sidebars', f), messages));
  }
  // Project schemas override docsgen's built-in ones, name by name.
  const schemas = new Map<string, ConfigFile>();
  for (const base of [config.builtinConfigDir, dir]) {
    const schemaDir = path.join(base, 'schemas');
    for (const f of await listJson(schemaDir)) {
      const name = f.replace(/\.schema\.json$|\.json$/, '');
      const file = await readConfigFile(config, path.join(schemaDir, f), messages);
      const shipped = schemas.get(name);
      if (base === config.builtinConfigDir || (shipped?.builtin && JSON.stringify(shipped.data) === JSON.stringify(file.data))) file.builtin = true;
      schemas.set(name, file);
    }
  }
  const api = new Map<string, Map<string, ConfigFile>>();
  const apiDir = path.join(dir, 'api');
  if (existsSync(apiDir)) {
    for (const version of (await readdir(apiDir, { withFileTypes: true })).filter((d) => d.isDirectory())) {
      const libs = new Map<string, ConfigFile>();
      for (const f of await listJson(path.join(apiDir, version.name))) {
        libs.set(f.replace(/\.json$/, ''), await readConfigFile(config, path.join(apiDir, version.name, f), messages));
      }
      api.set(version.name, libs);
    }
  }
  const configFiles = existsSync(dir) ? await fg('**/*', { cwd: dir, onlyFiles: true }) : [];
  const hashes = await Promise.all(configFiles.sort().map(async (f) => `${f}:${sha1(await readFile(path.join(dir, f)))}`));
  return {
    site: await opt('site.json'),
    versions: await opt('versions.json'),
    landing: await opt('landing.json'),
    warnings: await opt('warnings.json', true),
    sidebars,
    schemas,
    api,
    hash: sha1(hashes.join('\n')),
  };
}

/** The content files, sorted (a directory listing, no reads): also sizes the worker pool early. */
export async function listContentFiles(config: ResolvedConfig): Promise<string[]> {
  const files = await fg('**/*.{md,mdx}', { cwd: config.contentDir, absolute: true, onlyFiles: true, dot: false });
  return files.sort();
}

/** A content file's id (path under content/, `/` separators). */
function contentId(config: ResolvedConfig, absPath: string): string {
  return path.relative(config.contentDir, absPath).split(path.sep).join('/');
}

/**
 * Drops files whose route another file already claims (`pipe.md` and `pipe.mdx`: ambiguous; the
 * first in sorted order is kept) and reports them. Routes come from paths, so this needs no reads.
 */
function dropRouteConflicts(config: ResolvedConfig, files: string[], messages: Message[]): string[] {
  const byRoute = new Map<string, string>();
  return files.filter((f) => {
    const route = classify(contentId(config, f)).route;
    if (route === null) return true;
    const other = byRoute.get(route);
    if (other !== undefined) {
      messages.push(message(displayPath(config, f), undefined, 'error', `Route ${route} is also produced by ${displayPath(config, other)}`, 'route-conflict'));
      return false;
    }
    byRoute.set(route, f);
    return true;
  });
}

/**
 * Reads every content file and config file. The only stage that reads content. `unchanged` gives
 * the source of a file known not to have changed since it was read (serve --watch), which is not read again.
 */
export async function loadContent(
  config: ResolvedConfig,
  listed?: string[],
  unchanged?: (absPath: string) => SourceFile | undefined,
): Promise<LoadResult> {
  const messages: Message[] = [];
  const files = listed ?? (await listContentFiles(config));
  const kept = dropRouteConflicts(config, files, messages);
  const read = (f: string) => unchanged?.(f) ?? loadSource(config, f);
  const [sources, loadedConfig] = await Promise.all([Promise.all(kept.map(read)), loadConfig(config, messages)]);
  return { sources, config: loadedConfig, messages };
}
