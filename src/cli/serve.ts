import path from 'node:path';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { toolDir, type ResolvedConfig } from '../pipeline/config.ts';
import type { Logger } from '../pipeline/logger.ts';
import { DocsgenError } from '../pipeline/errors.ts';
import { forgetBundle } from '../pipeline/bundle.ts';
import { runBuild, summaryLine, type BuildResult } from '../pipeline/run.ts';
import { settleTierUp } from '../pipeline/jit.ts';
import { startServer } from '../serve/server.ts';
import { defaultSearchDirs, resolveCompiler } from '../pipeline/rescript-toolchain.ts';
import { WatchSession } from '../watch/session.ts';
import { LiveReload, RELOAD_CLIENT } from '../watch/live-reload.ts';
import type { CommitResult } from '../pipeline/write-in-place.ts';

/**
 * The error list as printed in the terminal and shown in the overlay: `file:line:col  error  reason
 * rule`, each with its hint (the known components, the field it probably meant) on the next line.
 */
function problemsText(result: BuildResult): string | null {
  const errors = result.messages.filter((m) => m.severity === 'error');
  return errors.length ? errors.map((m) => `${m.file}:${m.line}:${m.column}  error  ${m.reason}  ${m.ruleId}${m.note ? `\n  ${m.note}` : ''}`).join('\n') : null;
}

export async function serveCommand(
  config: ResolvedConfig,
  log: Logger,
  flags: { watch?: boolean; host: string; port: number },
): Promise<void> {
  if (!flags.watch) {
    if (!existsSync(config.outDir)) {
      const result = await runBuild(config, log, { write: true });
      log.report(result.messages);
      log.error(summaryLine(result, log));
    }
    await listen(config, log, flags);
    return;
  }
  await watchAndServe(config, log, flags);
}

async function listen(config: ResolvedConfig, log: Logger, flags: { host: string; port: number }, live?: LiveReload): Promise<void> {
  settleTierUp(0, true); // a server lives for hours: V8's own tier-up budget
  await startServer({
    outDir: config.outDir,
    host: flags.host,
    port: flags.port,
    ...(live ? { inject: RELOAD_CLIENT, handlers: [live.handler] } : {}),
  }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'EADDRINUSE') throw new DocsgenError('PortInUse', String(flags.port));
    throw err;
  });
  log.info('serve', `http://${flags.host}:${flags.port}/ (serving ${path.relative(config.root, config.outDir) || '.'})`);
  // Which compiler /try gets from this server, so an operator sees why it cannot compile.
  const compiler = resolveCompiler(defaultSearchDirs());
  log.info(
    'serve',
    compiler
      ? `playground: ReScript ${compiler.version} compiles, formats and runs /try code`
      : 'playground: no ReScript compiler (12 or later) found: /try edits and shares code but cannot compile it; `npm install rescript` in the site',
  );
}

/**
 * `serve --watch`: one path (STYLE rule 10): file event → session → queued incremental build →
 * reload of the pages whose output changed, or the error overlay. Events during a build wait for
 * the next one.
 */
async function watchAndServe(config: ResolvedConfig, log: Logger, flags: { host: string; port: number }): Promise<void> {
  const session = new WatchSession({ outDir: config.outDir, configDir: config.configDir });
  const live = new LiveReload(config.outDir);
  let lastCommit: CommitResult = { written: [], removed: [] };
  session.writer.onCommit = (result) => {
    lastCommit = result;
    session.committed(result);
  };
  let lastReport = '';
  const build = async () => {
    const start = performance.now();
    lastCommit = { written: [], removed: [] };
    try {
      session.startBuild();
      const result = await runBuild(config, log, { write: true, session });
      if (!result.written) session.failed();
      // Printed once: the same problems after another save are not printed again.
      const report = JSON.stringify(result.messages);
      if (report !== lastReport) log.report(result.messages);
      lastReport = report;
      const problems = problemsText(result);
      live.setProblems(problems);
      const changed = new Set([...lastCommit.written, ...lastCommit.removed]);
      const reloaded = live.changed(changed);
      const rendered = session.rendered === 'all' ? `all routes (${session.fullReason ?? 'full'})` : `${session.rendered} routes`;
      log.debug('watch', `rendered ${rendered}; ${lastCommit.written.length} files written, ${lastCommit.removed.length} removed; ${reloaded} pages reloaded`);
      log.error(`${summaryLine(result, log)}${result.written ? `, ${changed.size} file${changed.size === 1 ? '' : 's'} changed` : ''}`);
      log.debug('watch', `edit to reload ${Math.round(performance.now() - start)}ms`);
    } catch (err) {
      session.failed();
      const text = err instanceof Error ? err.message : String(err);
      live.setProblems(text);
      log.error(`${log.paint(31, '✗')} ${text}`);
    }
  };
  await build();
  await listen(config, log, flags, live);

  // Loaded here, not imported: only `serve --watch` needs it.
  const { watch } = createRequire(import.meta.url)('chokidar') as typeof import('chokidar');
  // public/: its files are copied into the site and checked against images and links; the client
  // sources: the island bundle (and every page that references its hashed names).
  const publicDir = path.join(config.root, 'public');
  const clientDirs = ['src/client', 'src/components'].map((d) => path.join(toolDir(), d)).filter((d) => existsSync(d));
  const watched = [config.contentDir, config.configDir, ...(existsSync(publicDir) ? [publicDir] : []), ...clientDirs];
  const watcher = watch(watched, { ignoreInitial: true, ignored: isEditorScratch });
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let again = false;
  const run = async () => {
    if (running) {
      again = true; // events during a build are batched into the next one
      return;
    }
    running = true;
    await build();
    running = false;
    if (again) {
      again = false;
      void run();
    }
  };
  watcher.on('all', (event, file) => {
    log.info('watch', `${event} ${path.relative(config.root, file)}`);
    if (clientDirs.some((d) => file.startsWith(d + path.sep))) forgetBundle();
    session.fileChanged(file);
    // A short pause: an editor's save is often several events.
    clearTimeout(timer);
    timer = setTimeout(() => void run(), 20);
  });
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  log.debug('watch', `watching ${watched.map((d) => path.relative(config.root, d) || '.').join(', ')}`);
}

/**
 * Editors' backup, swap and temporary files, which are not sources: saving through one (vim's
 * `.swp`, `name~`, Emacs' `.#name` locks, `name.tmp` then a rename) rebuilt the site once more for
 * nothing.
 */
export function isEditorScratch(file: string): boolean {
  return /(^|[\\/])(\.#[^\\/]*|[^\\/]*(~|\.swp|\.swx|\.tmp|\.crswap))$/.test(file);
}
