import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const bin = path.join(repo, 'bin', 'docsgen.js');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI (npm test builds dist/ first) as a user would. */
export function docsgen(args: string[], cwd = repo, env: Record<string, string> = {}): CliResult {
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...env },
    timeout: 600_000,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** A fresh copy of a fixture site in a temp dir. */
export function copyFixture(name: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `docsgen-${name.replace(/\W/g, '-')}-`));
  const from = path.join(repo, 'tests', 'fixtures', name);
  // Not a cache a local run may have left in the fixture.
  cpSync(from, dir, { recursive: true, filter: (f) => !path.relative(from, f).split(path.sep).includes('node_modules') });
  return dir;
}
