// docsgen CLI: turns flags into an InlineConfig and runs the build. Exit codes: 0 success,
// 1 content errors (or a tool failure), 2 bad usage.
import { Command, InvalidArgumentError, Option } from 'commander';
import { resolveConfig, type InlineConfig } from '../pipeline/config.ts';
import { Logger } from '../pipeline/logger.ts';
import { DocsgenError } from '../pipeline/errors.ts';
import type { CheckLevel } from '../pipeline/types.ts';
import pkg from '../../package.json' with { type: 'json' };

interface CommonFlags {
  root?: string;
  content?: string;
  config?: string;
  out?: string;
  strict?: boolean;
  quiet?: boolean;
  verbose?: boolean;
  links?: CheckLevel;
  force?: boolean;
  workers?: number;
  /** false with `--no-cache`. */
  cache?: boolean;
}

function toInline(flags: CommonFlags): InlineConfig {
  const inline: InlineConfig = {};
  for (const key of ['root', 'content', 'config', 'out', 'strict', 'quiet', 'verbose', 'links', 'force', 'workers'] as const) {
    if (flags[key] !== undefined) (inline as Record<string, unknown>)[key] = flags[key];
  }
  if (flags.cache === false) inline.cache = false;
  return inline;
}

function parseLinks(value: string): CheckLevel {
  if (value === 'error' || value === 'warn' || value === 'off') return value;
  throw new InvalidArgumentError('expected error, warn or off');
}

function parseCount(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('expected a whole number');
  return n;
}

export function withCommonOptions(cmd: Command): Command {
  return cmd
    .option('--root <dir>', 'project root', '.')
    .option('--content <dir>', 'content directory (default: <root>/content)')
    .option('--config <dir>', 'config directory (default: <root>/config)')
    .option('--out <dir>', 'output directory (default: <root>/out)')
    .option('--strict', 'treat warnings as errors')
    .addOption(new Option('--links <level>', 'broken links and anchors: error, warn or off (default: site.json "links", else error; warn in serve)').argParser(parseLinks))
    .option('--quiet', 'print only problems and the summary')
    .option('--verbose', 'print every step with its time, and stack traces')
    .addOption(new Option('--workers <n>', 'page compiler threads (0 = all on the main thread; default: by pages and cores)').argParser(parseCount))
    .option('--no-cache', 'compile every page, neither reading nor writing the compiled-page cache');
}

function handleError(err: unknown, log: Logger): number {
  if (err instanceof DocsgenError) {
    log.error(`${log.paint(31, '✗')} ${err.message}\n  ${err.hint}`);
    if (log.verbose && err.stack) log.error(err.stack);
    return err.exitCode;
  }
  log.error(`${log.paint(31, '✗')} docsgen failed: ${err instanceof Error ? err.message : String(err)}`);
  if (err instanceof Error && err.stack) log.error(log.verbose ? err.stack : '  Run again with --verbose for details.');
  return 1;
}

async function buildOrCheck(flags: CommonFlags, write: boolean): Promise<number> {
  const log = new Logger({ quiet: flags.quiet ?? false, verbose: flags.verbose ?? false });
  try {
    const config = resolveConfig(toInline(flags));
    // Loaded on demand: `--help` and `--version` answer without loading the whole pipeline.
    const { runBuild, summaryLine } = await import('../pipeline/run.ts');
    const result = await runBuild(config, log, { write });
    log.report(result.messages);
    log.error(summaryLine(result, log, write ? 'pages' : 'pages checked'));
    return result.ok || (config.force && result.written) ? (result.ok ? 0 : 1) : 1;
  } catch (err) {
    return handleError(err, log);
  }
}

const program = new Command('docsgen')
  .description('Build the ReScript website (versioned docs, blog, community pages) from content/ and config/.')
  .version(pkg.version, '-v, --version')
  .showHelpAfterError()
  .exitOverride((err) => {
    process.exit(err.exitCode === 0 ? 0 : 2);
  });

withCommonOptions(
  program
    .command('build')
    .description('build the site into out/ (atomically: a failed build leaves the previous out/ intact)')
    .option('--force', 'write the site even when content has errors (they are still reported; exit 1)'),
).action(async (flags: CommonFlags) => {
  process.exitCode = await buildOrCheck(flags, true);
});

withCommonOptions(
  program.command('check').description('validate front matter, config, components, links and anchors without writing'),
).action(async (flags: CommonFlags) => {
  process.exitCode = await buildOrCheck(flags, false);
});

withCommonOptions(
  program
    .command('serve')
    .description('build the site into out/, then serve it on 127.0.0.1 with the playground\'s compiler; with --watch, rebuild on every change and reload the browser')
    .option('--watch', 'rebuild when content or config changes, with live reload')
    .option('--host <host>', 'interface to bind', '127.0.0.1')
    .addOption(new Option('--port <port>', 'port').argParser(parseCount).default(3000)),
).action(async (flags: CommonFlags & { watch?: boolean; host: string; port: number }) => {
  const log = new Logger({ quiet: flags.quiet ?? false, verbose: flags.verbose ?? false });
  try {
    const { serveCommand } = await import('./serve.ts');
    await serveCommand(resolveConfig({ ...toInline(flags), linksDefault: 'warn' }), log, flags);
  } catch (err) {
    process.exitCode = handleError(err, log);
  }
});

// `--out` names the export file here, so the common options are spelled out without it.
program
  .command('search')
  .description('site search tools: export the search records for a hosted index')
  .command('export')
  .description('write every search record (DocSearch shape, absolute URLs) as JSON, for upload to a hosted index')
  .option('--out <file>', 'write the records to this file (default: standard output)')
  .option('--root <dir>', 'project root', '.')
  .option('--content <dir>', 'content directory (default: <root>/content)')
  .option('--config <dir>', 'config directory (default: <root>/config)')
  .option('--strict', 'treat warnings as errors')
  .option('--quiet', 'print only problems and the summary')
  .option('--verbose', 'print every step with its time, and stack traces')
  .option('--no-cache', 'compile every page, neither reading nor writing the compiled-page cache')
  .action(async (flags: CommonFlags & { out?: string }) => {
    const log = new Logger({ quiet: flags.quiet ?? false, verbose: flags.verbose ?? false });
    try {
      const { exportSearchRecords } = await import('../search/export.ts');
      const { out, ...common } = flags;
      process.exitCode = await exportSearchRecords(resolveConfig({ ...toInline(common), links: 'off' }), log, out);
    } catch (err) {
      process.exitCode = handleError(err, log);
    }
  });

/** Runs the CLI (bin/docsgen.js starts this bundle through bin/load.cjs, which also sets V8 flags). */
export async function main(argv: string[]): Promise<void> {
  await program.parseAsync(argv);
  // Benchmarks read peak memory of the whole process (all threads) from here.
  if (process.env['DOCSGEN_STATS']) {
    const { stageTimes } = await import('../pipeline/stage-times.ts');
    process.stderr.write(`DOCSGEN_STATS ${JSON.stringify({ maxRssKb: process.resourceUsage().maxRSS, stagesMs: stageTimes() })}\n`);
  }
}
