import path from 'node:path';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { isUtf8 } from 'node:buffer';
import fg from 'fast-glob';
import { parseFrontMatterLazily, parseJsonLazily, type PositionedDocument } from '../util/yaml-positions.ts';
import { sha1 } from '../util/text.ts';
import { readAgain, readScratch, readUtf8 } from '../util/files.ts';
import { displayPath, type ResolvedConfig } from './config.ts';
import { message } from './messages.ts';
import { validateConfigFiles } from './config-schema.ts';
import { playgroundConfigMessages } from '../components/playground/config-messages.ts';
import type { ConfigFile, ContentKind, FrontMatterBlock, LoadedConfig, Message, Point, SourceFile } from './types.ts';

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
  // A copy, not a slice of the file's text: the parsed values (slices of this) outlive the page's
  // compile, and a slice of `raw` would keep the whole file in memory (see releaseText).
  const yamlText = ownCopy(m[1] ?? '');
  const lineCount = m[0].split('\n').length - (m[2] ? 1 : 0);
  const doc = parseFrontMatterLazily(yamlText, 1);
  return new FrontMatter(doc, lineCount, doc.errors.map((e) => message(file, e.place, 'error', `Invalid YAML front matter: ${e.reason}`, 'frontmatter-yaml')));
}

/** A page's front matter: kept for the whole build, so a class (no closure, no getter of its own). */
class FrontMatter implements FrontMatterBlock {
  readonly data: unknown;

  constructor(
    private readonly doc: PositionedDocument,
    readonly lineCount: number,
    readonly errors: Message[],
  ) {
    this.data = doc.data ?? undefined;
  }

  /** Worked out when a message needs a place. */
  get positions(): FrontMatterBlock['positions'] {
    return this.doc.positions;
  }
}

/** A string of its own (V8 makes a long substring a view into the string it was cut from). */
function ownCopy(text: string): string {
  return text.length < 13 ? text : (JSON.parse(JSON.stringify(text)) as string);
}

/** A content file's text, without a byte order mark. */
function readText(absPath: string): string {
  return readUtf8(absPath).replace(/^\uFEFF/, '');
}

/**
 * Where a file read as UTF-8 stops being UTF-8 (a Latin-1 or Windows-1252 file, a stray byte): the
 * decoder put U+FFFD (�) in place of the bytes there. Only a text holding U+FFFD is looked at again.
 */
function invalidUtf8(absPath: string, text: string): Point | undefined {
  if (!text.includes('\uFFFD')) return undefined;
  const bytes = readFileSync(absPath);
  if (isUtf8(bytes)) return undefined;
  const decoded = bytes.toString('utf8');
  const replaced = Buffer.from('\uFFFD');
  for (let i = decoded.indexOf('\uFFFD'); i >= 0; i = decoded.indexOf('\uFFFD', i + 1)) {
    const at = Buffer.byteLength(decoded.slice(0, i));
    if (bytes.subarray(at, at + replaced.length).equals(replaced)) continue; // a real U+FFFD in the file
    const lineStart = decoded.lastIndexOf('\n', i - 1);
    // A byte order mark is no column of the first line (readText drops it too).
    const bom = lineStart < 0 && decoded.startsWith('\uFEFF') ? 1 : 0;
    return { line: decoded.slice(0, i).split('\n').length, column: i - lineStart - bom };
  }
  return undefined;
}

/** The text of each source read from a content file (loadSource), until releaseText lets it go. */
const texts = new WeakMap<SourceFile, string>();

/**
 * `raw` of a source read from a content file: its text, or the file read again once released. One
 * getter shared by every such source, defined when the source is made: a data property turned
 * into a getter later made each source a dictionary-mode object (4 MB of property tables at ×4 of
 * the bench corpus).
 */
function rawOf(this: SourceFile): string {
  return texts.get(this) ?? readText(this.absPath);
}

/**
 * Lets go of a source's text once its page is compiled: every page's text was ~10 MB of the live
 * heap at the end of a cold build of the bench corpus ×4, and most of what grew with the site.
 * Asked for again (a watch rebuild that compiles the page again), it is read from the file.
 * Sources made by docsgen (API modules, the landing page) have no file and keep theirs.
 */
export function releaseText(source: SourceFile): void {
  texts.delete(source);
}

export async function loadSource(config: ResolvedConfig, absPath: string): Promise<SourceFile> {
  const id = contentId(config, absPath);
  // Synchronous: a content file is small, and the promise API's open/read/close round trips
  // through the thread pool cost more than the read (~75 ms for 1,000 files on the main thread,
  // before any page could compile).
  const raw = readText(absPath);
  const shown = displayPath(config, absPath);
  const place = classify(id);
  const source = {
    id,
    absPath,
    displayPath: shown,
    kind: place.kind,
    route: place.route,
    slug: place.slug,
    hash: sha1(raw),
    frontMatter: extractFrontMatter(raw, shown),
  } as SourceFile;
  const notUtf8 = invalidUtf8(absPath, raw);
  if (notUtf8) source.notUtf8 = notUtf8;
  Object.defineProperty(source, 'raw', { get: rawOf, enumerable: true, configurable: true });
  texts.set(source, raw);
  if (place.section !== undefined) source.section = place.section;
  if (place.version !== undefined) source.version = place.version;
  return source;
}

/**
 * Config files from this size on (authored API data: ~1.6 MB per version, UTF-16 in memory once a
 * docstring has a non-Latin-1 character) are read again from disk for places and the strict parse
 * instead of kept as text: kept, they were ~46 MB at ×4 of the bench corpus for the whole build.
 */
const REREAD_FROM = 256 * 1024;

/** A config file's JSON, parsed lazily (places only when a message needs them); syntax errors go to `messages`. */
function parseConfigFile(text: string, shown: string, messages: Message[], abs?: string): ConfigFile {
  const large = abs !== undefined && text.length >= REREAD_FROM;
  const doc = parseJsonLazily(text, large ? readAgain(abs) : undefined);
  for (const e of doc.errors) messages.push(message(shown, e.place, 'error', `Invalid JSON: ${e.reason}`, 'config-json'));
  const file: ConfigFile = { displayPath: shown, data: doc.data, doc };
  if (doc.errors.length > 0) file.invalid = true; // reported once: its consumers do not see it
  else if (large) file.readData = readDataAgain(abs);
  return file;
}

/** A JSON file's data again (likewise). */
function readDataAgain(abs: string): () => unknown {
  const read = readAgain(abs);
  return () => JSON.parse(read()) as unknown;
}

/**
 * What only a strict parse of the config files finds (duplicate keys): run once the pages are
 * compiling, off the path to the first compiled page.
 */
export function strictConfigMessages(loaded: LoadedConfig): Message[] {
  const files = new Set([...loaded.files.values(), ...loaded.schemas.values()]);
  if (loaded.warnings) files.add(loaded.warnings);
  return [
    ...[...files].flatMap((f) => f.doc.strictErrors().map((e) => message(f.displayPath, e.place, 'error', `Invalid JSON: ${e.reason}`, 'config-json'))),
    ...playgroundConfigMessages(loaded.playground),
  ];
}

/**
 * Reads every file under config/ once (for the config hash, and each JSON file parsed), validates
 * each JSON file against its schema (config-schema.ts: before anything is built), then hands the
 * consumers their views. A file that breaks its schema is reported and not used, like one that
 * does not parse; site.json and versions.json are used key by key (site-config.ts), so one bad
 * value does not take every version's routes with it.
 */
async function loadConfig(config: ResolvedConfig, messages: Message[]): Promise<LoadedConfig> {
  const dir = config.configDir;
  // Synchronous, like the content (see listContentFiles): a few dozen small files.
  const names = existsSync(dir) ? fg.sync('**/*', { cwd: dir, onlyFiles: true }).sort() : [];
  const shownOf = (abs: string) => displayPath(config, abs);

  // Project schemas override docsgen's built-in ones, name by name.
  const schemas = new Map<string, ConfigFile>();
  const builtinSchemaDir = path.join(config.builtinConfigDir, 'schemas');
  if (path.resolve(builtinSchemaDir) !== path.resolve(dir, 'schemas') && existsSync(builtinSchemaDir)) {
    for (const f of readdirSync(builtinSchemaDir).filter((n) => n.endsWith('.json')).sort()) {
      const abs = path.join(builtinSchemaDir, f);
      const file = parseConfigFile(readFileSync(abs, 'utf8'), shownOf(abs), messages);
      file.builtin = true;
      schemas.set(f.replace(/\.schema\.json$|\.json$/, ''), file);
    }
  }
  // Every other JSON file under config/, by its path there (`site.json`, `sidebars/manual-v11.0.0.json`).
  // Each file read, hashed and parsed in turn (not every file's bytes at once: 24 MB at ×4 of the
  // bench corpus).
  const files = new Map<string, ConfigFile>();
  const hashes = names.map((rel) => {
    const abs = path.join(dir, rel);
    const bytes = readScratch(abs);
    const fileHash = sha1(bytes);
    if (!rel.endsWith('.json')) return fileHash;
    const file = parseConfigFile(bytes.toString('utf8'), shownOf(abs), messages, abs);
    file.hash = fileHash;
    const schema = /^schemas\/([^/]+)$/.exec(rel);
    if (!schema) {
      files.set(rel, file);
      return fileHash;
    }
    const name = schema[1]!.replace(/\.schema\.json$|\.json$/, '');
    const shipped = schemas.get(name);
    if (path.resolve(dir) === path.resolve(config.builtinConfigDir) || (shipped?.builtin && JSON.stringify(shipped.data) === JSON.stringify(file.data))) {
      file.builtin = true;
    }
    schemas.set(name, file);
    return fileHash;
  });
  const hash = sha1(names.map((f, i) => `${f}:${hashes[i]}`).join('\n'));

  messages.push(...validateConfigFiles(files, schemas));
  const usable = (rel: string) => {
    const f = files.get(rel);
    return f && !f.invalid ? f : undefined;
  };

  const sidebars = new Map<string, ConfigFile>();
  const api = new Map<string, Map<string, ConfigFile>>();
  for (const [rel, file] of files) {
    const sidebar = /^sidebars\/([^/]+)\.json$/.exec(rel);
    if (sidebar && !file.invalid) sidebars.set(sidebar[1]!, file);
    const lib = /^api\/([^/]+)\/([^/]+)\.json$/.exec(rel);
    if (lib) {
      // A version directory with no usable file still exists (its routes are reported elsewhere).
      const libs = api.get(lib[1]!) ?? new Map<string, ConfigFile>();
      api.set(lib[1]!, libs);
      if (!file.invalid) libs.set(lib[2]!, file);
    }
  }
  let warnings = files.get('warnings.json');
  if (!warnings) {
    const builtin = path.join(config.builtinConfigDir, 'warnings.json');
    if (existsSync(builtin)) warnings = { ...parseConfigFile(readFileSync(builtin, 'utf8'), shownOf(builtin), messages), builtin: true };
  } else if (warnings.invalid) warnings = undefined;
  return {
    site: files.get('site.json'),
    versions: files.get('versions.json'),
    landing: usable('landing.json'),
    packages: usable('packages.json'),
    community: usable('community.json'),
    warnings,
    playground: usable('playground.json'),
    search: usable('search.json'),
    sidebars,
    schemas,
    api,
    files,
    hash,
  };
}

/**
 * The content files, sorted (a directory listing, no reads): also sizes the worker pool early.
 * Synchronous, with paths joined here: fast-glob's promises waited behind the thread pool, and its
 * `absolute` option resolves every path (466 files of the repo site: 18–22 → 10–12 ms).
 */
export async function listContentFiles(config: ResolvedConfig): Promise<string[]> {
  const dir = config.contentDir;
  const files = fg.sync('**/*.{md,mdx}', { cwd: dir, onlyFiles: true, dot: false });
  const base = dir.endsWith(path.sep) ? dir : `${dir}${path.sep}`;
  const absolute = path.sep === '/' && path.isAbsolute(dir) ? (f: string) => `${base}${f}` : (f: string) => path.resolve(dir, f);
  return files.map(absolute).sort();
}

/** A content file's id (path under content/, `/` separators). */
function contentId(config: ResolvedConfig, absPath: string): string {
  // A prefix cut for the files listed under content/: path.relative resolves both paths on every
  // call (11 ms of every build of the repo site).
  const base = config.contentDir + path.sep;
  const rel = absPath.startsWith(base) ? absPath.slice(base.length) : path.relative(config.contentDir, absPath);
  return path.sep === '/' ? rel : rel.split(path.sep).join('/');
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
