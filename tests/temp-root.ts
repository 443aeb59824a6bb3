// vitest globalSetup: every temporary directory the tests make (mkdtemp under os.tmpdir(), in this
// process, its test workers and the builds they spawn) goes under one directory of this run, which
// is removed when the run ends. Tests build whole sites into their temporary directories: left
// behind, a run of the suite left ~1 GB under /tmp, every run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export default function setup(): () => void {
  const previous = process.env['TMPDIR'];
  const root = mkdtempSync(path.join(tmpdir(), 'docsgen-tests-'));
  process.env['TMPDIR'] = root;
  return () => {
    if (previous === undefined) delete process.env['TMPDIR'];
    else process.env['TMPDIR'] = previous;
    rmSync(root, { recursive: true, force: true });
  };
}
