import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { copyFixture, docsgen, repo } from '../helpers/cli.ts';

interface Expected {
  file: string;
  line: number;
  column: number;
  ruleId: string;
  reason?: string;
  note?: string;
}

const cases = readdirSync(path.join(repo, 'tests/fixtures/bad'));

describe('bad input', () => {
  it.each(cases)('%s: reports file:line:col and rule, exits 1, leaves the previous out/ intact', (name) => {
    const expected = JSON.parse(readFileSync(path.join(repo, 'tests/fixtures/bad', name, 'expected.json'), 'utf8')) as Expected;
    const root = copyFixture(`bad/${name}`);
    mkdirSync(path.join(root, 'out'));
    writeFileSync(path.join(root, 'out', 'index.html'), 'previous build');

    const r = docsgen(['build', '--root', root]);

    expect(r.code).toBe(1);
    const lines = r.stderr.split('\n');
    const at = `${expected.file}:${expected.line}:${expected.column}  error  `;
    const line = lines.find((l) => l.startsWith(at));
    expect(line, r.stderr).toBeDefined();
    expect(line!.endsWith(`  ${expected.ruleId}`)).toBe(true);
    if (expected.reason) expect(line).toContain(expected.reason);
    if (expected.note) expect(lines[lines.indexOf(line!) + 1]?.trim()).toBe(expected.note);
    expect(r.stderr).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/); // no stack traces for user errors
    // The summary names the file(s) with errors when they are one or two.
    expect(r.stderr).toMatch(/✗ \d+ errors? in (\S+( and \S+)?|\d+ files) /);
    expect(r.stderr.split('\n').find((l) => l.startsWith('✗'))).toMatch(new RegExp(`✗ \\d+ errors? in (.* )?${expected.file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( |$)|in \\d+ files`));
    // The previous site is untouched and no staging directory is left behind.
    expect(readFileSync(path.join(root, 'out', 'index.html'), 'utf8')).toBe('previous build');
    expect(readdirSync(root).filter((f) => f.startsWith('out.'))).toEqual([]);
  });

  it('a page the file system refuses fails the build, says why, and leaves the previous out/ intact', () => {
    const root = copyFixture('dialect');
    mkdirSync(path.join(root, 'out'));
    writeFileSync(path.join(root, 'out', 'index.html'), 'previous build');
    // A legal file name (254 bytes) whose page, `.md` → `.html`, is one byte over the 255 allowed.
    writeFileSync(path.join(root, 'content', `${'a'.repeat(251)}.md`), '# A long name\n');

    const r = docsgen(['build', '--root', root]);

    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/✗ Could not write the site: .*(ENAMETOOLONG|name too long)/);
    expect(r.stderr).toContain('the previous output is untouched');
    expect(r.stderr).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);
    expect(readFileSync(path.join(root, 'out', 'index.html'), 'utf8')).toBe('previous build');
    expect(readdirSync(root).filter((f) => f.startsWith('out.'))).toEqual([]);
  });

  it('exits 2 on bad usage', () => {
    expect(docsgen(['build', '--links', 'sometimes']).code).toBe(2);
    expect(docsgen(['frobnicate']).code).toBe(2);
    const missing = docsgen(['build', '--root', '/nonexistent-docsgen-root']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Content directory not found');
  });

  it('downgrades broken links to warnings with --links warn and builds', () => {
    const root = copyFixture('bad/link-broken');
    const r = docsgen(['build', '--root', root, '--links', 'warn']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('content/docs/manual/v11.0.0/pipe.mdx:7:5  warning  Broken link');
    expect(existsSync(path.join(root, 'out/docs/manual/v11.0.0/pipe.html'))).toBe(true);
  });

  it('reports a bad version alias once, and the links it breaks as one message beside it', () => {
    const r = docsgen(['build', '--root', copyFixture('bad/config-alias-folded')]);
    const errors = r.stderr.split('\n').filter((l) => /  error  /.test(l));
    expect(errors.map((l) => l.split('  ')[0])).toEqual(['config/versions.json:5:28', 'content/docs/manual/v11.0.0/pipe.mdx:7:5']);
    expect(errors[1]).toContain('nothing is built under /docs/manual/latest/, and 6 links in 3 files point there');
  });

  it('fails on warnings with --strict', () => {
    const root = copyFixture('bad/link-broken');
    expect(docsgen(['build', '--root', root, '--links', 'warn', '--strict']).code).toBe(1);
  });
});

describe('link severity from config', () => {
  it('takes site.json "links" when no flag is given, and the flag wins over it', () => {
    const root = copyFixture('bad/link-broken');
    mkdirSync(path.join(root, 'config'), { recursive: true });
    writeFileSync(path.join(root, 'config', 'site.json'), JSON.stringify({ links: 'warn' }));
    expect(docsgen(['build', '--root', root]).code).toBe(0);
    expect(docsgen(['build', '--root', root, '--links', 'error']).code).toBe(1);
  });
});
