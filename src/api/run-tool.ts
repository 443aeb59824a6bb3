// Runs the extractors' external tools, a bounded number at a time (the build machine has few cores).
// node:child_process is loaded when a tool first runs: loading it costs every docsgen start ~10 ms,
// and most builds run no tool (the extracted API data is cached). Required, not imported: a
// bundle started from a V8 code cache cannot import() (bin/load.cjs).
import { createRequire } from 'node:module';

export interface Limit {
  active: number;
  max: number;
  queue: (() => void)[];
}

export function limit(max: number): Limit {
  return { active: 0, max, queue: [] };
}

/** stdout of `cmd args` (in `cwd`), or a rejection naming the command and its stderr. */
export async function run(l: Limit, cmd: string, args: string[], cwd?: string): Promise<string> {
  if (l.active >= l.max) await new Promise<void>((resolve) => l.queue.push(resolve));
  l.active++;
  try {
    const { execFile } = createRequire(import.meta.url)('node:child_process') as typeof import('node:child_process');
    return await new Promise<string>((resolve, reject) => {
      execFile(cmd, args, { cwd, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' }, (err, stdout, stderr) => {
        if (err) reject(new Error(`${[cmd, ...args].join(' ')} failed: ${(stderr || err.message).trim().split('\n').slice(0, 5).join('\n')}`));
        else resolve(stdout);
      });
    });
  } finally {
    l.active--;
    l.queue.shift()?.();
  }
}
