// The caches are an optimisation: a disk that cannot take them (full, or a file-size limit) must not
// fail the build, nor leave half-written files in the cache folder.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bin, copyFixture, docsgen } from '../helpers/cli.ts';

/** Adds pages enough for the compiled-page cache to outgrow any single file of out/. */
function addPages(root: string, count: number): void {
  const dir = path.join(root, 'content/docs/manual/v1.0.0/more');
  mkdirSync(dir, { recursive: true });
  const body = Array.from({ length: 40 }, (_, i) => `Line ${i} of a page that is long enough to make the cache big.`).join('\n\n');
  const code = Array.from({ length: 30 }, (_, i) => `let value${i} = ${i} + 1`).join('\n');
  for (let i = 1; i <= count; i++) {
    writeFileSync(path.join(dir, `page-${i}.mdx`), `---\ntitle: "Page ${i}"\ndescription: "Page ${i}."\n---\n\n${body}\n\n\`\`\`res\n${code}\n\`\`\`\n`);
  }
}

/** `docsgen build` with files limited to `kb` KiB (`ulimit -f`): a bigger write fails with EFBIG. */
function buildWithFileLimit(root: string, kb: number) {
  const r = spawnSync('bash', ['-c', `ulimit -f ${kb} && exec "$0" "$@"`, process.execPath, bin, 'build', '--links', 'off', '--root', root], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    timeout: 300_000,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

describe('a disk that cannot take the caches', () => {
  it('builds the site anyway, says the pages were not cached, and leaves no partial file', () => {
    const root = copyFixture('watch');
    addPages(root, 120);
    const cache = path.join(root, 'node_modules/.cache/docsgen');

    const limited = buildWithFileLimit(root, 512);
    expect(limited.code, limited.stderr).toBe(0);
    expect(limited.stderr).toMatch(/compiled pages not cached \(EFBIG[^)]*\): the next build compiles them again/);
    expect(existsSync(path.join(root, 'out/docs/manual/v1.0.0/more/page-120.html'))).toBe(true);
    expect(readdirSync(cache).filter((f) => f.endsWith('.tmp') || f === 'compiled.v8')).toEqual([]);

    // With room again, an edit's build finds no compiled page to reuse, compiles them and caches them.
    const page = path.join(root, 'content/docs/manual/v1.0.0/more/page-1.mdx');
    writeFileSync(page, readFileSync(page, 'utf8').replace('Line 0 of', 'Line zero of'));
    const free = docsgen(['build', '--verbose', '--links', 'off', '--root', root]);
    expect(free.code, free.stderr).toBe(0);
    expect(free.stderr).toContain('cache not used: no cache yet');
    expect(readFileSync(path.join(root, 'out/docs/manual/v1.0.0/more/page-1.html'), 'utf8')).toContain('Line zero of');
    expect(existsSync(path.join(cache, 'compiled.v8'))).toBe(true);
  });
});
