// The build, as a list of named steps: the table of contents of docsgen.
import path from 'node:path';
import fg from 'fast-glob';
import { performance } from 'node:perf_hooks';
import { listContentFiles, loadContent, strictConfigMessages } from './load.ts';
import { apiSources } from './api-pages.ts';
import { validateContent } from './validate.ts';
import { CompilerPool, compilePages, pageTitle } from './compile-pages.ts';
import { buildGenerated, buildIndex } from './build-index.ts';
import { SYNTAX_ROUTE } from './syntax-lookup.ts';
import { buildSitePages, communityResources, decoratePage, pageSources, readPagesData } from './pages/index.ts';
import { checkLinks } from './check-links.ts';
import { bundleAssets } from './bundle.ts';
import { OutputWriter, outputPathOf } from './write.ts';
import { resolveSiteConfig, type ResolvedSiteConfig } from './site-config.ts';
import { dedupeMessages, sortMessages } from './messages.ts';
import { formatMs, type Logger } from './logger.ts';
import { createRenderContext, renderRoute } from '../render/render-route.tsx';
import type { CompileContext } from '../render/compile.ts';
import type { LoadedConfig } from './load.ts';
import type { ResolvedConfig } from './config.ts';
import type { CompiledPage, Message, Page, RouteEntry, SourceFile } from './types.ts';

export interface BuildOptions {
  /** false: check only (`docsgen check`), nothing is written. */
  write: boolean;
}

export interface BuildResult {
  ok: boolean;
  pages: number;
  errors: number;
  warnings: number;
  messages: Message[];
  ms: number;
  written: boolean;
}

/** Facts every page's Markdown compile needs. */
export function createCompileContext(sources: SourceFile[], config: LoadedConfig, site: ResolvedSiteConfig): CompileContext {
  const routeByFile: Record<string, string> = {};
  for (const s of sources) if (s.route !== null) routeByFile[s.id.replace(/\.mdx?$/, '')] = s.route;
  const rewriteAliases: Record<string, Record<string, string>> = {};
  for (const [section, sv] of Object.entries(site.sections)) {
    rewriteAliases[section] = Object.fromEntries(Object.entries(sv.aliases).filter(([alias]) => !sv.routed.includes(alias)));
  }
  const warnings = (config.warnings?.data as { warnings?: { number: number; description: string }[] } | undefined)?.warnings ?? [];
  return { routeByFile, rewriteAliases, warnings, communityLinks: communityResources(config) ?? site.site.community, supportLinks: site.site.support };
}

export async function runBuild(config: ResolvedConfig, log: Logger, opts: BuildOptions): Promise<BuildResult> {
  const start = performance.now();
  // Workers start now, so their start-up overlaps with reading content (sized by a quick count).
  const files = await listContentFiles(config);
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
  const loaded = await log.step('load', 'read content and config', () => loadContent(config, files));
  const site = resolveSiteConfig(loaded.config);
  // Generated sources (API reference) join the content here and are handled like any page.
  const api = apiSources(loaded.config);
  loaded.sources.push(...api.sources);
  // The landing page and missing llms pages, from config (src/pipeline/pages).
  const pagesData = readPagesData(loaded.config);
  loaded.sources.push(...pageSources(loaded.sources, pagesData, loaded.config, site));
  const validated = await log.step('validate', 'validate front matter', () =>
    validateContent({ sources: loaded.sources, config: loaded.config }),
  );
  const pages: Page[] = validated.pages;
  const ctx = createCompileContext(loaded.sources, loaded.config, site);
  // Titles are known before compiling, so the index (routes, sidebars, prev/next) is built first
  // and every page is rendered and written as soon as it is compiled: rendering overlaps compiling.
  const titles = new Map(pages.map((p) => [p.source.id, pageTitle(p)]));
  const index = await log.step('index', 'build indexes', () => buildIndex({ pages, titles, config: loaded.config, site }));
  const bundle = opts.write ? await log.step('bundle', 'bundle client islands', () => bundleAssets(config.cacheDir)) : undefined;

  const writer = opts.write && bundle ? new OutputWriter(config.outDir) : undefined;
  await writer?.open();
  try {
    const rctx = bundle ? createRenderContext(index, site, bundle, config.now) : undefined;
    const byId = new Map(pages.map((p) => [p.source.id, p]));
    const routesOf = new Map<string, RouteEntry[]>();
    for (const entry of index.routes.values()) routesOf.set(entry.pageId, [...(routesOf.get(entry.pageId) ?? []), entry]);
    let rendered = 0;
    const render = (entry: RouteEntry, page: Page, c: CompiledPage) => {
      writer!.write({ path: outputPathOf(entry.route), contents: renderRoute(entry, page, decoratePage(page, c, pagesData), rctx!) });
      rendered++;
    };
    const compiling = log.step('compile', `compile and render ${pages.length} pages`, () =>
      compilePages({
        pages,
        ctx,
        config,
        pool,
        onProgress: (d, t) => log.progress('compile', d, t),
        onPlan: (description) => log.debug('compile', description),
        onCache: (reused, reason) =>
          reason ? log.debug('compile', `cache not used: ${reason}`) : log.debug('compile', `${reused} pages from cache`),
        // The syntax lookup page is rendered last: it gathers every entry.
        ...(writer
          ? { onPage: (c: CompiledPage) => routesOf.get(c.id)?.forEach((e) => e.route !== SYNTAX_ROUTE && render(e, byId.get(c.id)!, c)) }
          : {}),
      }),
    );
    compiling.catch(() => undefined); // awaited just below
    // Checked while the pages compile, off the path to the first compiled page.
    const configMessages = strictConfigMessages(loaded.config);
    const { pages: compiled, settled } = await compiling;
    log.clearProgress();
    await pool?.close(); // free the workers' memory: peak RSS is what counts
    buildGenerated({ pages, compiled, site, index });
    buildSitePages({ pages, compiled, site, index, data: pagesData });
    const servedFiles = [
      ...index.files.map((f) => `/${f.path}`),
      ...(bundle?.files.map((f) => `/${f.path}`) ?? []),
      ...(await fg('**/*', { cwd: path.join(config.root, 'public'), dot: true })).map((f) => `/${f}`),
    ];
    const linkMessages = await log.step('links', 'check links and anchors', () =>
      checkLinks({ pages, compiled, index, files: servedFiles, level: config.links ?? site.site.links ?? config.linksDefault }),
    );

    const messages = sortMessages(
      dedupeMessages(
        [
          ...loaded.messages,
          ...configMessages,
          ...api.messages,
          ...pagesData.messages,
          ...validated.messages,
          ...[...compiled.values()].flatMap((c) => c.messages),
          ...index.messages,
          ...linkMessages,
        ]
          // A problem in a generated page is reported at its origin (the module in the API JSON).
          .map((m) => {
            const origin = api.origins.get(m.file);
            return origin ? { ...m, ...origin } : m;
          })
          .map((m) => (config.strict && m.severity === 'warning' ? { ...m, severity: 'error' as const } : m)),
      ),
    );
    const errors = messages.filter((m) => m.severity === 'error').length;
    const warnings = messages.filter((m) => m.severity === 'warning').length;
    const result: BuildResult = { ok: errors === 0, pages: index.routes.size, errors, warnings, messages, ms: 0, written: false };

    if (writer && bundle && (errors === 0 || config.force)) {
      await log.step('render', `render generated pages and write ${index.routes.size} pages`, async () => {
        for (const g of index.generated) {
          for (const entry of routesOf.get(g.page.source.id) ?? [index.routes.get(g.page.source.route ?? '')!].filter(Boolean)) {
            render(entry, g.page, g.compiled);
          }
        }
        for (const f of [...index.files, ...bundle.files]) writer.write(f);
        await writer.copyDir(path.join(config.root, 'public'));
      });
      await log.step('write', 'swap output directory', () => writer.commit());
      result.written = true;
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
  }
}

/** `✓ 812 pages in 2.1s` / `✗ 3 errors in 2 files`. */
export function summaryLine(result: BuildResult, log: Logger, verb = 'pages'): string {
  const time = formatMs(result.ms);
  const warn = result.warnings ? `, ${result.warnings} warning${result.warnings === 1 ? '' : 's'}` : '';
  if (result.errors > 0) {
    const files = new Set(result.messages.filter((m) => m.severity === 'error').map((m) => m.file)).size;
    return `${log.paint(31, '✗')} ${result.errors} error${result.errors === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}${warn} (${time})${result.written ? ', site written anyway (--force)' : ', nothing written'}`;
  }
  return `${log.paint(32, '✓')} ${result.pages} ${verb} in ${time}${warn}`;
}
