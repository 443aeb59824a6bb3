import { createRequire } from 'node:module';

/**
 * node:child_process, loaded on first use: loading it (with dgram and net) cost every docsgen start
 * ~10 ms, and most runs spawn nothing. Required, not imported: a bundle started from a V8 code
 * cache cannot import() (bin/load.cjs).
 */
export function childProcess(): typeof import('node:child_process') {
  return createRequire(import.meta.url)('node:child_process') as typeof import('node:child_process');
}

/** Whether another process with this id runs (this one's own id is not "another": containers reuse ids). */
export function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // running, as another user
  }
}
