// A second `docsgen build` with unchanged inputs reuses the last site (the build manifest in the
// cache dir); any change to content, config or out/ itself makes it render again and, with
// --verbose, say why.
import { describe, expect, it } from 'vitest';
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { copyFixture, docsgen } from '../helpers/cli.ts';

describe('warm docsgen build', () => {
  it('reuses an unchanged site, and rebuilds with a reason when content, config or out/ changed', () => {
    const root = copyFixture('watch');
    const build = () => docsgen(['build', '--verbose', '--root', root]);
    const first = build();
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain('rendering every page: no earlier build recorded');
    const page = path.join(root, 'out/docs/manual/v1.0.0/pipe.html');
    const mtime = statSync(page).mtimeMs;

    const warm = build();
    expect(warm.code, warm.stderr).toBe(0);
    expect(warm.stderr).toMatch(/✓ 9 pages in .* \(unchanged since the last build\)/);
    expect(statSync(page).mtimeMs).toBe(mtime);

    const file = path.join(root, 'content/docs/manual/v1.0.0/pipe.mdx');
    writeFileSync(file, readFileSync(file, 'utf8').replace('passes the value', 'gives the value'));
    const edited = build();
    expect(edited.stderr).toContain('rendering every page: 1 content file changed (docs/manual/v1.0.0/pipe.mdx)');
    expect(readFileSync(page, 'utf8')).toContain('gives the value');

    const site = path.join(root, 'config/site.json');
    writeFileSync(site, readFileSync(site, 'utf8').replace('"Watch Fixture"', '"Watch"'));
    expect(build().stderr).toContain('rendering every page: config changed');

    rmSync(path.join(root, 'out/about.html'));
    const repaired = build();
    expect(repaired.stderr).toContain('rendering every page: out/ changed since the last build (about.html)');
    expect(statSync(path.join(root, 'out/about.html')).isFile()).toBe(true);
    expect(build().stderr).toContain('(unchanged since the last build)');
  });
});
