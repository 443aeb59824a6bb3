// A front matter field the page's schema does not name is most often a misspelling: the build says
// so with a guess, as a warning (the page still builds), and --strict makes it an error.
import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { copyFixture, docsgen } from '../helpers/cli.ts';

describe('unknown front matter fields', () => {
  it('are warnings at their place with the likeliest field, and errors under --strict', () => {
    const root = copyFixture('shell');
    const file = path.join(root, 'content/docs/manual/v12.0.0/pipe.mdx');
    writeFileSync(file, readFileSync(file, 'utf8').replace('description:', 'descripton:').replace('title: Pipe', 'title: Pipe\ndraft: yes'));
    const r = docsgen(['build', '--root', root, '--out', path.join(root, 'out')]);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stderr.split('\n');
    const typo = lines.findIndex((l) => l.includes('Unknown front matter field `descripton`'));
    expect(lines[typo]).toMatch(/^content\/docs\/manual\/v12\.0\.0\/pipe\.mdx:\d+:\d+  warning  .*  frontmatter-unknown$/);
    expect(lines[typo + 1]?.trim()).toBe('Did you mean `description`?');
    const other = lines.findIndex((l) => l.includes('Unknown front matter field `draft`'));
    expect(lines[other + 1]?.trim()).toMatch(/^Known fields: `title`, /);
    expect(docsgen(['build', '--root', root, '--out', path.join(root, 'out'), '--strict']).code).toBe(1);
  });
});
