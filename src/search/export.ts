// `docsgen search export [--out file]`: every search record as JSON, for upload to a hosted
// Algolia-compatible index. Pages are compiled as `docsgen check` compiles them; nothing is written
// to out/. Content errors are reported and nothing is exported (exit 1), as a build would.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ResolvedConfig } from '../pipeline/config.ts';
import type { Logger } from '../pipeline/logger.ts';
import { exportRecords } from './build-search.ts';

export async function exportSearchRecords(config: ResolvedConfig, log: Logger, out: string | undefined): Promise<number> {
  const { runBuild, summaryLine } = await import('../pipeline/run.ts');
  const result = await runBuild(config, log, { write: false });
  log.report(result.messages);
  if (!result.ok) {
    log.error(summaryLine(result, log, 'pages checked'));
    return 1;
  }
  // A check-only build always compiles every page, so its records are there.
  const search = result.search!;
  const records = exportRecords(search.all(), search.siteUrl);
  const json = `${JSON.stringify(records, null, 2)}\n`;
  if (out) {
    const file = path.resolve(out);
    await writeFile(file, json);
    log.error(`${log.paint(32, '✓')} ${records.length} search records from ${result.pages} pages written to ${path.relative(process.cwd(), file) || file}`);
  } else {
    process.stdout.write(json);
  }
  return 0;
}
