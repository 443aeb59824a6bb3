// Build-time API data: `config/api-sources.json` names, per docs version, the installed npm package
// the version's API is extracted from. The extracted JSON is cached on disk, keyed by the package's
// version (and the tool's, and the extractor's format), so a warm build never runs an extractor.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseJsonLazily, placedOnDemand, type LazyDocument } from '../util/yaml-positions.ts';
import { moduleSummary, SUMMARY } from './summary.ts';
import { readAgain, readUtf8, writeFileWhole } from '../util/files.ts';
import { placeOf } from '../util/yaml-positions.ts';
import { sha1 } from '../util/text.ts';
import { message } from '../pipeline/messages.ts';
import { toolDir } from '../pipeline/config.ts';
import { extractLegacy } from './extract-legacy.ts';
import { extractWithTools } from './extract-tools.ts';
import { publicModuleNames, usePublicNames } from './public-names.ts';
import { limit as makeLimit } from './run-tool.ts';
import type { ResolvedConfig } from '../pipeline/config.ts';
import type { Message } from '../pipeline/types.ts';
import type { GeneratedFile } from './pages.ts';
import type { ApiModule, GeneratedApi } from './types.ts';
import { markApiDataUsed, pruneApiData } from './cache-files.ts';

/** Bump when an extractor's output changes: its old cache files are then not read. */
const FORMAT = { 'rescript-tools': 6, legacy: 7 };
/** The libraries whose modules code names by their path (`Belt.Id`, `Js.Re`): src/api/public-names.ts. */
const LIBRARY_ROOTS = [
  { module: 'Js', path: 'Js' },
  { module: 'Belt', path: 'Belt' },
];
/** External tools run at once (the build machine has 2 cores). */
const PARALLEL = 2;

export interface ApiSourceEntry {
  extractor: 'rescript-tools' | 'legacy';
  /** npm package (often an alias, `rescript-12`) holding the compiler and its libraries. */
  package: string;
  /** v11: the `rescript-tools` package (`@rescript/tools`). */
  tools?: string;
  /** v11: `@rescript/core`, documented as Core. */
  core?: string;
}

export interface ApiSourcesConfig {
  versions: Record<string, ApiSourceEntry>;
}

export const API_SOURCES_FILE = 'api-sources.json';

interface Resolved {
  dir: string;
  version: string;
}

/** A package as Node would find it from `from` (its own `exports` may hide `package.json`). */
function findPackage(from: string, name: string): Resolved | undefined {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const pj = path.join(dir, 'node_modules', name, 'package.json');
    if (existsSync(pj)) return { dir: path.dirname(pj), version: (JSON.parse(readFileSync(pj, 'utf8')) as { version: string }).version };
    if (path.dirname(dir) === dir) return undefined;
  }
}

/**
 * From the site, else from docsgen's own install (`bin/docsgen.js`), else from the packages
 * `npm ci` installs into docsgen's `tools/api` (scripts/install-api-packages.mjs), else from the
 * working dir.
 */
function resolvePackage(from: string, name: string): Resolved | undefined {
  for (const dir of [from, path.dirname(process.argv[1] ?? from), path.join(toolDir(), 'tools', 'api'), process.cwd()]) {
    const found = findPackage(dir, name);
    if (found) return found;
  }
  return undefined;
}

function platformPackage(): string {
  return `@rescript/${process.platform}-${process.arch}`;
}

function platformDir(): string {
  const arch = process.arch === 'arm64' ? 'arm64' : '';
  return process.platform === 'linux' ? `linux${arch}` : process.platform === 'darwin' ? `darwin${arch}` : 'win32';
}

export interface GenerateResult {
  data: Map<string, GeneratedFile>;
  messages: Message[];
  /** Versions extracted in this run (not from the cache). */
  extracted: string[];
}

/** The API data of every version `config/api-sources.json` lists, from the cache or extracted. */
export async function generateApi(config: ResolvedConfig): Promise<GenerateResult> {
  const result: GenerateResult = { data: new Map(), messages: [], extracted: [] };
  const file = path.join(config.configDir, API_SOURCES_FILE);
  if (!existsSync(file)) return result;
  const display = path.relative(config.root, file);
  const doc = parseJsonLazily(readFileSync(file, 'utf8'));
  const cfg = doc.data as ApiSourcesConfig | undefined;
  if (!cfg || typeof cfg !== 'object' || !cfg.versions || typeof cfg.versions !== 'object') {
    result.messages.push(message(display, doc.errors[0]?.place, 'error', 'config/api-sources.json must be an object with "versions"', 'api-sources'));
    return result;
  }
  const cacheRoot = config.cacheDir ? config.cacheDir : path.join(config.root, 'node_modules', '.cache', 'docsgen');
  const limit = makeLimit(PARALLEL);
  await Promise.all(
    Object.entries(cfg.versions).map(async ([version, entry]): Promise<void> => {
      const place = placeOf(doc.positions, `/versions/${version.replace(/~/g, '~0').replace(/\//g, '~1')}`);
      const fail = (reason: string, note?: string): void => void result.messages.push(message(display, place, 'error', reason, 'api-sources', note));
      const pkg = resolvePackage(config.root, entry.package);
      if (!pkg) return fail(`Not found data for ${version}: package "${entry.package}" is not installed`, 'run npm ci (it is a devDependency of the site)');
      const parts = [`${entry.package}@${pkg.version}`];
      let tools: Resolved | undefined;
      let core: Resolved | undefined;
      if (entry.tools) {
        tools = resolvePackage(config.root, entry.tools);
        if (!tools) return fail(`Not found data for ${version}: package "${entry.tools}" is not installed`);
        parts.push(`${entry.tools}@${tools.version}`);
      }
      if (entry.core) {
        core = resolvePackage(config.root, entry.core);
        if (!core) return fail(`Not found data for ${version}: package "${entry.core}" is not installed`);
        parts.push(`${entry.core}@${core.version}`);
      }
      const label = parts.join(' + ');
      const key = sha1(JSON.stringify({ format: FORMAT[entry.extractor], version, entry, label, platform: process.platform })).slice(0, 16);
      const cacheFile = path.join(cacheRoot, `api-${version}-${key}.json`);
      const displayPath = path.relative(config.root, cacheFile);
      // The extracted data is a function of the key, so the key (with the file's size) is its hash.
      const outline = config.cacheDir && existsSync(cacheFile) ? readOutline(cacheRoot, cacheFile) : undefined;
      if (outline) {
        markApiDataUsed(cacheFile);
        result.data.set(version, { api: outline.api, file: lazyFile(displayPath, outline.full, readAgain(cacheFile), `${key}:${outline.size}`) });
        return;
      }
      let text: string | undefined;
      if (config.cacheDir && existsSync(cacheFile)) {
        text = await readFile(cacheFile, 'utf8');
        markApiDataUsed(cacheFile);
      }
      if (text === undefined) {
        const work = path.join(cacheRoot, 'api-work', version);
        let api: GeneratedApi;
        try {
          if (entry.extractor === 'legacy') {
            api = await extractLegacy(version, { dir: pkg.dir, label: `${entry.package.replace(/-\d+$/, '')}@${pkg.version}` }, work, limit);
            usePublicNames(api, publicModuleNames([path.join(pkg.dir, 'lib', 'ocaml')], LIBRARY_ROOTS));
          } else {
            const v12 = !entry.tools;
            const runtime = v12 ? resolvePackage(pkg.dir, '@rescript/runtime') : undefined;
            const bin = v12 ? resolvePackage(pkg.dir, platformPackage()) : undefined;
            const tool = v12 ? path.join(bin?.dir ?? '', 'bin', 'rescript-tools.exe') : path.join(tools!.dir, 'binaries', platformDir(), 'rescript-tools.exe');
            const libDir = v12 ? path.join(runtime?.dir ?? '', 'lib', 'ocaml') : path.join(pkg.dir, 'lib', 'ocaml');
            if (!existsSync(tool)) return fail(`Not found data for ${version}: no rescript-tools at ${path.relative(config.root, tool)}`);
            const find = (base: string) => ['.res', '.ml'].map((e) => base + e).find((f) => existsSync(path.join(libDir, f))) ?? `${base}.res`;
            const cased = (n: string) => (v12 ? n : n.toLowerCase());
            const input: Parameters<typeof extractWithTools>[0] = {
              version,
              source: label,
              tool,
              libDir,
              entries: [
                ...(v12 ? [{ lib: 'stdlib', file: 'Stdlib.res', display: 'Stdlib' }] : []),
                { lib: 'belt', file: find(cased('Belt')), display: 'Belt' },
                { lib: 'js', file: find(cased('Js')), display: 'Js' },
                { lib: 'dom', file: find(cased('Dom')), display: 'Dom' },
              ],
              work,
            };
            if (core) input.core = { dir: core.dir, compiler: pkg.dir };
            api = await extractWithTools(input, limit);
            // The standard library is opened in every file: its modules are written without a prefix.
            const standard = v12 ? { module: 'Stdlib', path: '' } : { module: 'RescriptCore', path: '' };
            usePublicNames(api, publicModuleNames(core ? [libDir, path.join(core.dir, 'src')] : [libDir], [standard, ...LIBRARY_ROOTS]));
          }
        } catch (err) {
          return fail(`Not found data for ${version}: extracting from ${label} failed`, (err as Error).message);
        }
        text = JSON.stringify(api, null, 1);
        if (config.cacheDir) {
          // Kept for the next build when the cache folder can take it (not on a full disk); this
          // build goes on with the data in hand.
          const stored = await writeFileWhole(cacheFile, text).then(() => true, () => false);
          if (stored) pruneApiData(cacheRoot, version);
        }
        result.extracted.push(version);
      }
      // Parsed once; its places (for messages only) come from the file on disk when asked for.
      const data = JSON.parse(text) as GeneratedApi;
      const size = Buffer.byteLength(text);
      if (config.cacheDir) await writeOutline(cacheRoot, cacheFile, data, size).catch(() => undefined);
      const positioned = placedOnDemand(data, config.cacheDir ? readAgain(cacheFile) : keep(text));
      result.data.set(version, { api: data, file: { displayPath, data, doc: positioned, hash: `${key}:${size}` } });
    }),
  );
  // In the config's order, whatever order the versions finished in: the page list (and with it the
  // compiled-page cache's key) must not depend on timing.
  const order = Object.keys(cfg.versions);
  result.data = new Map([...result.data].sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0])));
  return result;
}

/**
 * A data file's outline, beside it in the cache (`outlines/`): what every build needs of the data
 * (libraries, modules' names, ids, slugs and summaries, the table of contents) without what only a
 * compile of the module's page needs (its items and docstrings). Reading and parsing the repo
 * site's 5.6 MB of extracted data, and holding it, cost every build ~40 ms plus the garbage
 * collector's time; a one-edit build compiles no API page, so it never reads the data itself.
 */
interface Outline {
  format: number;
  /** Bytes of the data file it was made from: another file means another outline. */
  size: number;
  version: string;
  layout: GeneratedApi['layout'];
  source: string;
  toc: GeneratedApi['toc'];
  libs: Record<string, Record<string, { id?: string; name: string; slug?: string; summary: string }>>;
}

const OUTLINE_FORMAT = 1;

function outlineFile(cacheRoot: string, cacheFile: string): string {
  return path.join(cacheRoot, 'outlines', path.basename(cacheFile));
}

async function writeOutline(cacheRoot: string, cacheFile: string, data: GeneratedApi, size: number): Promise<void> {
  const libs: Outline['libs'] = {};
  for (const [lib, mods] of Object.entries(data.libs)) {
    libs[lib] = {};
    for (const [key, mod] of Object.entries(mods)) {
      libs[lib][key] = { ...(mod.id !== undefined ? { id: mod.id } : {}), name: mod.name, ...(mod.slug !== undefined ? { slug: mod.slug } : {}), summary: moduleSummary(mod) };
    }
  }
  const outline: Outline = { format: OUTLINE_FORMAT, size, version: data.version, layout: data.layout, source: data.source, toc: data.toc, libs };
  await writeFileWhole(outlineFile(cacheRoot, cacheFile), JSON.stringify(outline));
}

/**
 * The data as its outline gives it: each module's `docstrings` and `items` read the whole file
 * (once, for all modules) when first asked for. Undefined when there is no outline of this file.
 */
function readOutline(cacheRoot: string, cacheFile: string): { api: GeneratedApi; full: () => GeneratedApi; size: number } | undefined {
  let outline: Outline;
  let size: number;
  try {
    outline = JSON.parse(readFileSync(outlineFile(cacheRoot, cacheFile), 'utf8')) as Outline;
    size = statSync(cacheFile).size;
  } catch {
    return undefined;
  }
  if (outline.format !== OUTLINE_FORMAT || outline.size !== size) return undefined;
  const full = fullData(cacheFile);
  const libs: GeneratedApi['libs'] = {};
  for (const [lib, mods] of Object.entries(outline.libs)) {
    libs[lib] = {};
    for (const [key, { summary, ...named }] of Object.entries(mods)) libs[lib][key] = outlineModule(named, summary, () => full().libs[lib]?.[key]);
  }
  return { api: { version: outline.version, layout: outline.layout, source: outline.source, toc: outline.toc, libs }, full, size };
}

/** A module from an outline: its heavy fields read from the full data when asked for. */
function outlineModule(named: Omit<ApiModule, 'docstrings' | 'items'>, summary: string, whole: () => ApiModule | undefined): ApiModule {
  const mod = { ...named } as ApiModule;
  Object.defineProperty(mod, 'docstrings', { get: () => whole()?.docstrings, enumerable: true });
  Object.defineProperty(mod, 'items', { get: () => whole()?.items, enumerable: true });
  Object.defineProperty(mod, SUMMARY, { value: summary, enumerable: false });
  return mod;
}

/** The whole data file, parsed on first use and kept (the build compiles its pages one after another). */
function fullData(file: string): () => GeneratedApi {
  let data: GeneratedApi | undefined;
  return () => (data ??= JSON.parse(readUtf8(file)) as GeneratedApi);
}

/** A generated data file as a config file whose data is parsed when first read. */
function lazyFile(displayPath: string, full: () => GeneratedApi, readText: () => string, hash: string): GeneratedFile['file'] {
  let doc: LazyDocument | undefined;
  const positioned = () => (doc ??= placedOnDemand(full(), readText));
  return {
    displayPath,
    hash,
    get data() {
      return full();
    },
    get doc() {
      return positioned();
    },
  };
}

/** The data's text, kept (no cache file to read it from). A function of its own, like readAgain. */
function keep(text: string): () => string {
  return () => text;
}
