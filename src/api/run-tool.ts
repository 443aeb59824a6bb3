// Runs the extractors' external tools, a bounded number at a time (the build machine has few cores).
import { childProcess } from '../util/process.ts';

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
    const { execFile } = childProcess(); // most builds run no tool: loaded when one first runs
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
