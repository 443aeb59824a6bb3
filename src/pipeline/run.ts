// The build, as a list of named steps: the table of contents of docsgen.
import path from 'node:path';
import { listContentFiles, loadContent, strictConfigMessages } from './load.ts';
import { apiSources, generateApi } from './api-pages.ts';
import { validateContent } from './validate.ts';
import { CompilerPool, compilePages, pageTitle, type CompileMemory } from './compile-pages.ts';
import { buildGenerated, buildIndex } from './build-index.ts';
import { SYNTAX_ROUTE } from './syntax-lookup.ts';
import { blogAround, buildSitePages, communityResources, decoratePage, pageSources, readPagesData } from './pages/index.ts';
import { checkLinks } from './check-links.ts';
import { bundleAssets } from './bundle.ts';
import { OutputWriter, outputPathOf } from './write.ts';
import { InPlaceWriter } from './write-in-place.ts';
import { checkSiteManifest, removeSiteManifest, siteKey, writeSiteManifest, type PreviousBuild, type SiteKey } from './cache.ts';
import { generatedKeys, keptGroups, keptSearchIndexes, recordGroups } from './incremental/generated.ts';
import { DepGraph } from './incremental/dep-graph.ts';
import { recordRoutes, routesToRender, type PlanInput, type Snapshot } from './incremental/route-facts.ts';
import { resolveSiteConfig, siteFileMessages, siteLinks, type ResolvedSiteConfig } from './site-config.ts';
import { dedupeMessages, sortMessages } from './messages.ts';
import { formatMs, type Logger } from './logger.ts';
import { createRenderContext, NOT_FOUND_PATH, renderNotFound, renderRoute } from '../render/render-route.tsx';
import { redirectPages } from '../render/layouts/redirect.ts';
import { SearchRecords, searchFiles } from '../search/build-search.ts';
import { resolveSearchSettings } from '../search/settings.ts';
import { searchCompanions, skippableVersions } from '../search/companions.ts';
import { sha1 } from '../util/text.ts';
import { listTree, type TreeFile } from '../util/files.ts';
import type { CompileContext } from '../render/compile.ts';
import type { BundleResult, CompiledPage, LoadedConfig, Message, OutputFile, Page, RouteEntry, SiteWriter, SourceFile } from './types.ts';
import { resolvePlaygroundSettings, type PlaygroundSettings } from '../components/playground/config.ts';
import { runtimeToPublish } from './playground-runtime.ts';
import type { ResolvedConfig } from './config.ts';
import { timeStage } from './stage-times.ts';
import { settleTierUp } from './jit.ts';

export interface BuildOptions {
  /** false: check only (`docsgen check`), nothing is written. */
  write: boolean;
  /** A long-lived session (`serve --watch`, src/watch/) that makes this build incremental. */
  session?: BuildSession;
}


/** What an incremental build takes from the session that keeps state between builds. */
export interface BuildSession {
  /** Compiled pages kept in memory from the previous build. */
  memory: CompileMemory;
  /** A content file's source from the previous build, when the file has not changed since. */
  unchanged(absPath: string): SourceFile | undefined;
  /** Writes only the files whose bytes changed, in place. */
  writer: SiteWriter;
  /** Told the new index before rendering: the routes to render, or undefined for all of them. */
  plan(input: PlanInput): ReadonlySet<string> | undefined;
}

export interface BuildResult {
  ok: boolean;
  pages: number;
  errors: number;
  warnings: number;
  messages: Message[];
  ms: number;
  written: boolean;
  /** Search records of every page (for `docsgen search export`); absent when nothing was built. */
  search?: SearchRecords;
  /** Nothing to do: inputs and out/ as the last build left them. */
  unchanged?: boolean;
}

/** Facts every page's Markdown compile needs. */
export function createCompileContext(sources: SourceFile[], config: LoadedConfig, site: ResolvedSiteConfig, playground: PlaygroundSettings): CompileContext {
  const routeByFile: Record<string, string> = {};
  for (const s of sources) if (s.route !== null) routeByFile[s.id.replace(/\.mdx?$/, '')] = s.route;
  const rewriteAliases: Record<string, Record<string, string>> = {};
  for (const [section, sv] of Object.entries(site.sections)) {
    rewriteAliases[section] = Object.fromEntries(Object.entries(sv.aliases).filter(([alias]) => !sv.routed.includes(alias)));
  }
  const warnings = (config.warnings?.data as { warnings?: { number: number; description: string }[] } | undefined)?.warnings ?? [];
  return { routeByFile, rewriteAliases, warnings, communityLinks: communityResources(config) ?? site.site.community, supportLinks: site.site.support, playground };
}

export async function runBuild(config: ResolvedConfig, log: Logger, opts: BuildOptions): Promise<BuildResult> {
  const start = performance.now();
  // Workers start now, so their start-up overlaps with reading content (sized by a quick count).
  const files = await listContentFiles(config);
  // The tier-up budget by the build's size: the content files first, the pages once generated ones join.
  settleTierUp(files.length, Boolean(opts.session));
  const pool = CompilerPool.start(config, files.length);
  try {
    return await build(config, log, opts, start, pool, files);
  } finally {
    await pool?.close();
  }
}

async function build(
  config: ResolvedConfig,
  log: Logger,
  opts: BuildOptions,
  start: number,
  pool: CompilerPool | undefined,
  files: string[],
): Promise<BuildResult> {
  // The client assets do not depend on content: their check (reading and hashing the client
  // sources, reading the prebuilt bundle) overlaps with reading content. Its failure is reported at
  // its own step below, or not at all if the build fails before.
  const bundling = opts.write ? bundleAssets(config.cacheDir) : undefined;
  bundling?.catch(() => undefined);
  const loaded = await log.step('load', 'read content and config', () => loadContent(config, files, opts.session?.unchanged));
  const site = resolveSiteConfig(loaded.config);
  const searchSettings = resolveSearchSettings(loaded.config.search, loaded.config.schemas.get('search'));
  const search = new SearchRecords(site, searchSettings.settings, opts.write);
  // Generated sources (API reference) join the content here and are handled like any page.
  const generated = await log.step('api', 'API data from the installed packages', () => generateApi(config));
  const api = apiSources(loaded.config, 'manual', generated.data);
  api.messages.push(...generated.messages);
  loaded.sources.push(...api.sources);
  // The landing page and missing llms pages, from config (src/pipeline/pages).
  const pagesData = readPagesData(loaded.config);
  loaded.sources.push(...pageSources(loaded.sources, pagesData, loaded.config, site));
  const validated = await log.step('validate', 'validate front matter', () =>
    validateContent({ sources: loaded.sources, config: loaded.config }),
  );
  const pages: Page[] = validated.pages;
  settleTierUp(pages.length, Boolean(opts.session));
  // The ReScript runtime, published for the playground's browser compiler on static hosts.
  const playground = resolvePlaygroundSettings(loaded.config.playground?.data).settings;
  const playgroundRuntime = runtimeToPublish(playground, config.root);
  const ctx = createCompileContext(loaded.sources, loaded.config, site, playgroundRuntime ? { ...playground, runtime: playgroundRuntime.runtime } : playground);
  // Titles are known before compiling, so the index (routes, sidebars, prev/next) is built first
  // and every page is rendered and written as soon as it is compiled: rendering overlaps compiling.
  const titles = new Map(pages.map((p) => [p.source.id, pageTitle(p)]));
  const index = await log.step('index', 'build indexes', () => buildIndex({ pages, titles, config: loaded.config, site, apiSidebars: api.sidebars }));
  const bundle = bundling ? await log.step('bundle', 'bundle client islands', () => bundling) : undefined;

  // public/ is listed once: the site's key, the files links may point at.
  const publicFiles = listTree(path.join(config.root, 'public'));
  // A warm build with nothing changed since the last one has nothing to do (STYLE rule 8).
  const key = opts.write && !opts.session && bundle && config.cacheDir !== false ? buildKey(config, loaded, bundle, publicFiles) : undefined;
  let previous: PreviousBuild | undefined;
  if (key) {
    const last = await log.step('write', 'compare with the last build', () => checkSiteManifest(config.cacheDir as string, key, config.outDir));
    if ('manifest' in last) {
      const { messages, pages: count } = last.manifest;
      const warnings = messages.filter((m) => m.severity === 'warning').length;
      return { ok: true, pages: count, errors: 0, warnings, messages, ms: performance.now() - start, written: false, unchanged: true };
    }
    previous = last.previous;
    log.debug('write', `${previous ? 'rendering the pages the change reaches' : 'rendering every page'}: ${last.reason}`);
  }

  // Incremental: only the routes a change reaches are rendered (generated files always are), from
  // the last build's facts: kept by the watch session, or (docsgen build) in the site manifest.
  // Each blog post's neighbours: what its footer links to, and a fact of its route.
  const around = blogAround(pages);
  const planInput: PlanInput | undefined = bundle && { pages, index, bundle, site, ctx, blogAround: around };
  const planned = key && planInput && !opts.session ? planFromManifest(planInput, previous) : undefined;
  const snapshot = planned?.snapshot;
  const only = planInput && (opts.session ? opts.session.plan(planInput) : planned?.only);
  // The routes known now and not reached: kept as the last build wrote them. Routes made later
  // from other pages (blog index, packages) are not in the index yet: they are always rendered.
  const skip = new Set(only ? [...index.routes.keys()].filter((route) => !only.has(route)) : []);
  if (only) log.debug('render', `${index.routes.size - skip.size} of ${index.routes.size} routes to render`);
  // Generated files made from many pages (search indexes, llms files) are kept when those pages are.
  const companions = searchCompanions(site.sections);
  const groupKeys = key ? generatedKeys(pages, searchSettings.settings.defaultVersion, companions) : undefined;
  const kept = groupKeys && only ? keptGroups(previous?.generated, groupKeys) : new Map<string, string[]>();
  const keptFiles = [...kept.values()].flat();
  const keptIndexes = keptSearchIndexes(kept);
  search.skip(skippableVersions(keptIndexes.keys(), companions));
  if (kept.size > 0) log.debug('index', `${kept.size} groups of generated files kept (${keptFiles.length} files)`);
  const writer: SiteWriter | undefined = opts.write && bundle ? (opts.session?.writer ?? siteWriter(config, previous, only, index.routes.size)) : undefined;
  if (writer instanceof InPlaceWriter && !opts.session) log.debug('write', 'changed files written into out/ in place, once every check has passed');
  await writer?.open();
  let releaseCompiled: (() => Promise<void>) | undefined;
  try {
    const rctx = bundle ? createRenderContext(index, site, bundle, config.now) : undefined;
    if (writer?.reuse) {
      for (const route of skip) writer.reuse(outputPathOf(route));
      for (const file of keptFiles) writer.reuse(file);
    }
    const byId = new Map(pages.map((p) => [p.source.id, p]));
    const routesOf = new Map<string, RouteEntry[]>();
    for (const entry of index.routes.values()) routesOf.set(entry.pageId, [...(routesOf.get(entry.pageId) ?? []), entry]);
    let rendered = 0;
    const render = (entry: RouteEntry, page: Page, c: CompiledPage) => {
      if (skip.has(entry.route)) return;
      const contents = timeStage('render', () => renderRoute(entry, page, decoratePage(page, c, pagesData, around), rctx!));
      timeStage('write', () => writer!.write({ path: outputPathOf(entry.route), contents }));
      rendered++;
    };
    const compiling = log.step('compile', `compile and render ${pages.length} pages`, () =>
      compilePages({
        pages,
        ctx,
        config,
        pool,
        memory: opts.session?.memory,
        // The highlight thread also writes the files while the pages compile: a thread of the
        // writer's own would boot one more Node environment (~40 ms of CPU on the two busy cores).
        lendThread: writer instanceof OutputWriter ? (thread) => writer.hostOn(thread) : undefined,
        onProgress: (d, t) => log.progress('compile', d, t),
        onPlan: (description) => log.debug('compile', description),
        onCache: (reused, reason) =>
          reason ? log.debug('compile', `cache not used: ${reason}`) : log.debug('compile', `${reused} pages from cache`),
        onCacheUnwritten: (reason) => log.info('compile', `compiled pages not cached (${reason}): the next build compiles them again`),
        // A build that writes keeps each page's search lines in its cache record.
        derive: writer ? (c: CompiledPage) => search.linesFor(byId.get(c.id)!, c) : undefined,
        // The syntax lookup page is rendered last: it gathers every entry.
        onPage: (c: CompiledPage) => {
          timeStage('search', () => search.add(byId.get(c.id)!, c));
          if (writer) routesOf.get(c.id)?.forEach((e) => e.route !== SYNTAX_ROUTE && render(e, byId.get(c.id)!, c));
        },
      }),
    );
    compiling.catch(() => undefined); // awaited just below
    // Checked while the pages compile, off the path to the first compiled page.
    const configMessages = strictConfigMessages(loaded.config);
    const { pages: compiled, settled, release } = await compiling;
    releaseCompiled = release;
    log.clearProgress();
    await pool?.close(); // free the workers' memory: peak RSS is what counts
    // Generated files made from many pages (llms files, search indexes: ~100 MB at ×4 of the bench
    // corpus) go to the writer as each is made, not held until the build's end; their paths are kept.
    const emit =
      writer &&
      ((f: OutputFile) => {
        timeStage('write', () => writer.write(f));
        index.written.push({ path: f.path, ...(f.group ? { group: f.group } : {}) });
      });
    buildGenerated({ pages, compiled, site, index, kept, emit, memo: opts.session !== undefined });
    buildSitePages({ pages, compiled, site, index, data: pagesData });
    if (writer && playgroundRuntime) index.files.push(...playgroundRuntime.files());
    if (writer) index.files.push(...timeStage('search', () => searchFiles(search, searchSettings.settings, site, keptIndexes, emit, companions).files));
    const servedFiles = [
      ...index.files.map((f) => `/${f.path}`),
      ...index.written.map((f) => `/${f.path}`),
      ...index.redirects.flatMap((r) => [r.from, r.from.slice(0, -1)]),
      ...keptFiles.map((f) => `/${f}`),
      ...(bundle?.files.map((f) => `/${f.path}`) ?? []),
      ...publicFiles.map((f) => `/${f.path}`),
    ];
    const siteFile = loaded.config.site;
    const linkMessages = await log.step('links', 'check links and anchors', () =>
      checkLinks({
        pages,
        compiled,
        index,
        files: servedFiles,
        level: config.links ?? site.site.links ?? config.linksDefault,
        // site.json's own links (top bar, footer…), reported in that file.
        extra: siteFile ? [{ displayPath: siteFile.displayPath, links: siteLinks(siteFile, site.site) }] : [],
      }),
    );

    const messages = sortMessages(
      dedupeMessages(
        [
          ...loaded.messages,
          ...configMessages,
          ...searchSettings.messages,
          ...api.messages,
          ...pagesData.messages,
          ...validated.messages,
          ...[...compiled.values()].flatMap((c) => c.messages),
          ...index.messages,
          ...linkMessages,
          ...siteFileMessages(loaded.config, site.site, new Set(servedFiles)),
        ]
          // A problem in a generated page is reported at its origin (the module in the API JSON).
          .map((m) => {
            return api.originOf(m) ?? m;
          })
          .map((m) => (config.strict && m.severity === 'warning' ? { ...m, severity: 'error' as const } : m)),
      ),
    );
    const errors = messages.filter((m) => m.severity === 'error').length;
    const warnings = messages.filter((m) => m.severity === 'warning').length;
    const result: BuildResult = { ok: errors === 0, pages: index.routes.size, errors, warnings, messages, ms: 0, written: false, search };

    if (writer && bundle && (errors === 0 || config.force)) {
      await log.step('render', `render generated pages and write ${index.routes.size} pages`, async () => {
        for (const g of index.generated) {
          for (const entry of routesOf.get(g.page.source.id) ?? [index.routes.get(g.page.source.route ?? '')!].filter(Boolean)) {
            render(entry, g.page, g.compiled);
          }
        }
        for (const f of index.files) writer.write(f);
        for (const f of redirectPages(index, byId, compiled, rctx!)) writer.write(f);
        // The client assets' names carry their hash, and the last build's key had the same ones:
        // an incremental build finds them in out/ as they are (~1 MB not read back and compared).
        for (const f of bundle.files) {
          if (previous && writer.reuse) writer.reuse(f.path);
          else writer.write(f);
        }
        if (!index.routes.has('/404')) writer.write({ path: NOT_FOUND_PATH, contents: renderNotFound(rctx!) });
        await writer.copyDir(path.join(config.root, 'public'));
      });
      // The manifest describes the site in out/: it goes before the swap, and comes back after it.
      if (key) await removeSiteManifest(config.cacheDir as string);
      await log.step('write', 'swap output directory', () => writer.commit());
      result.written = true;
      if (key && snapshot && errors === 0) {
        const outputs = writer instanceof InPlaceWriter ? writer.outputs() : undefined;
        const groups = recordGroups(groupKeys!, kept, [...index.files, ...index.written]);
        await log.step('write', 'record the build', () =>
          writeSiteManifest(config.cacheDir as string, key, config.outDir, result, snapshot, groups, outputs).catch(() => undefined),
        );
      }
      log.debug('render', `${rendered} pages rendered`);
    } else {
      await writer?.abort(); // content errors: the previous site stays as it was
    }
    await settled; // the compiled-page cache on disk, the highlight thread gone
    result.ms = performance.now() - start;
    return result;
  } catch (err) {
    await writer?.abort();
    throw err;
  } finally {
    await releaseCompiled?.();
  }
}

/**
 * `docsgen build`'s plan: this build's route facts, and the routes the last build's facts say must
 * be rendered again. The dependency graph is needed for the plan alone; made in here, it is garbage
 * once the plan is made (kept in build()'s frame, it lived through the whole compile: 4.7 MB of a
 * cold build's live heap at ×4 of the bench corpus).
 */
function planFromManifest(input: PlanInput, previous: PreviousBuild | undefined): { snapshot: Snapshot; only: Set<string> | undefined } {
  const graph = new DepGraph();
  const snapshot = recordRoutes(graph, input);
  return { snapshot, only: routesToRender(graph, previous?.rendered, snapshot, input) };
}

/**
 * A build that renders only a few of the routes (one edit) writes them into out/ in place, after
 * every check, each file under a temporary name renamed over the old one: a staging directory
 * would need a hard link for every other file and the old site's removal (~0.2 s of a one-edit
 * build of the repo site, more than all the rendering). The manifest is removed before and
 * written after, so a build killed halfway leaves no manifest and the next build renders all.
 * Beyond 64 routes and 1/8 of them, the pages waiting in memory until the checks are done would be
 * too many (an API page is ~400 KB): those builds use the staging directory, the other files
 * hard-linked.
 */
const IN_PLACE_ROUTES = 64;

function siteWriter(
  config: ResolvedConfig,
  previous: { outputs: Record<string, number> } | undefined,
  only: ReadonlySet<string> | undefined,
  routes: number,
): SiteWriter {
  if (previous && only && only.size <= Math.max(IN_PLACE_ROUTES, routes / 8)) return new InPlaceWriter(config.outDir, { known: previous.outputs });
  return new OutputWriter(config.outDir);
}

/** `✓ 812 pages in 2.1s` / `✗ 3 errors in 2 files`. */
export function summaryLine(result: BuildResult, log: Logger, verb = 'pages'): string {
  const time = formatMs(result.ms);
  const warn = result.warnings ? `, ${result.warnings} warning${result.warnings === 1 ? '' : 's'}` : '';
  if (result.errors > 0) {
    // The files are named when they are few: in `serve --watch`, an error in one file holds back
    // every later edit, and the summary of each rebuild is what the author sees.
    const files = [...new Set(result.messages.filter((m) => m.severity === 'error').map((m) => m.file))];
    const where = files.length <= 2 ? files.join(' and ') : `${files.length} files`;
    const outcome = verb !== 'pages' ? '' : result.written ? ', site written anyway (--force)' : ', nothing written';
    return `${log.paint(31, '✗')} ${result.errors} error${result.errors === 1 ? '' : 's'} in ${where}${warn} (${time})${outcome}`;
  }
  return `${log.paint(32, '✓')} ${result.pages} ${verb} in ${time}${warn}${result.unchanged ? ' (unchanged since the last build)' : ''}`;
}

/** What a written site depends on besides docsgen itself: config, content, client assets, public/, options. */
function buildKey(config: ResolvedConfig, loaded: { sources: SourceFile[]; config: LoadedConfig }, bundle: BundleResult, publicFiles: TreeFile[]): SiteKey {
  const builtinSchemas = [...loaded.config.schemas].filter(([, f]) => f.builtin).map(([name, f]) => [name, f.data]);
  return siteKey(
    config.toolVersion,
    {
      config: sha1(`${loaded.config.hash}:${JSON.stringify(builtinSchemas)}`),
      assets: `${bundle.css} ${bundle.entry}`,
      public: sha1(publicFiles.map((f) => `${f.path}:${f.size}:${f.mtimeMs}`).join('\n')),
      options: JSON.stringify([config.strict, config.links, config.linksDefault, config.force, config.outDir, config.now.getFullYear()]),
    },
    Object.fromEntries(loaded.sources.map((s) => [s.id, s.hash])),
  );
}
