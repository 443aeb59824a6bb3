// The build, as a list of named steps: the table of contents of docsgen.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { countContentFiles, loadContent } from './load.ts';
import { apiSources } from './api-pages.ts';
import { validateContent } from './validate.ts';
import { CompilerPool, compilePages } from './compile-pages.ts';
import { buildIndex } from './build-index.ts';
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
import type { Message, Page, SourceFile } from './types.ts';

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
  return { routeByFile, rewriteAliases, warnings, communityLinks: site.site.community, supportLinks: site.site.support };
}

export async function runBuild(config: ResolvedConfig, log: Logger, opts: BuildOptions): Promise<BuildResult> {
  const start = performance.now();
  // Workers start now, so their start-up overlaps with reading content (sized by a quick count).
  const pool = CompilerPool.start(config, await countContentFiles(config));
  try {
    return await build(config, log, opts, start, pool);
  } finally {
    await pool?.close();
  }
}

async function build(config: ResolvedConfig, log: Logger, opts: BuildOptions, start: number, pool: CompilerPool | undefined): Promise<BuildResult> {
  const loaded = await log.step('load', 'read content and config', () => loadContent(config));
  const site = resolveSiteConfig(loaded.config);
  // Generated sources (API reference) join the content here and are handled like any page.
  const api = apiSources(loaded.config);
  loaded.sources.push(...api.sources);
  const validated = await log.step('validate', 'validate front matter', () =>
    validateContent({ sources: loaded.sources, config: loaded.config }),
  );
  const pages: Page[] = validated.pages;
  const ctx = createCompileContext(loaded.sources, loaded.config, site);
  // Client assets do not depend on content: bundle them while the pages compile.
  const bundling = opts.write ? bundleAssets(config.cacheDir) : undefined;
  bundling?.catch(() => undefined);
  const compiled = await log.step('compile', `compile ${pages.length} pages`, () =>
    compilePages({
      pages,
      ctx,
      config,
      pool,
      onProgress: (d, t) => log.progress('compile', d, t),
      onCache: (reused, reason) =>
        reason ? log.debug('compile', `cache not used: ${reason}`) : log.debug('compile', `${reused} pages from cache`),
    }),
  );
  log.clearProgress();
  await pool?.close(); // free the workers' memory before rendering: peak RSS is what counts
  const index = await log.step('index', 'build indexes', () => buildIndex({ pages, compiled, config: loaded.config, site }));
  const bundle = bundling ? await log.step('bundle', 'bundle client islands', () => bundling) : undefined;
  const servedFiles = [...index.files.map((f) => `/${f.path}`), ...(bundle?.files.map((f) => `/${f.path}`) ?? [])];
  const linkMessages = await log.step('links', 'check links and anchors', () =>
    checkLinks({ pages, compiled, index, files: servedFiles, level: config.links ?? site.site.links ?? config.linksDefault }),
  );

  const messages = sortMessages(
    dedupeMessages(
      [
        ...loaded.messages,
        ...api.messages,
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

  if (opts.write && bundle && (errors === 0 || config.force)) {
    const writer = new OutputWriter(config.outDir);
    await writer.open();
    try {
      await log.step('render', `render and write ${index.routes.size} pages`, async () => {
        const rctx = createRenderContext(index, site, bundle, config.now);
        const byId = new Map([...pages, ...index.generated.map((g) => g.page)].map((p) => [p.source.id, p]));
        let done = 0;
        for (const entry of index.routes.values()) {
          const page = byId.get(entry.pageId)!;
          const c = compiled.get(entry.pageId)!;
          await writer.write({ path: outputPathOf(entry.route), contents: renderRoute(entry, page, c, rctx) });
          log.progress('render', ++done, index.routes.size);
        }
        log.clearProgress();
        for (const f of [...index.files, ...bundle.files]) await writer.write(f);
        await writer.copyDir(path.join(config.root, 'public'));
      });
      await log.step('write', 'swap output directory', () => writer.commit());
      result.written = true;
    } catch (err) {
      await writer.abort();
      throw err;
    }
  }
  result.ms = performance.now() - start;
  return result;
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
