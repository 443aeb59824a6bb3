// The repository's own site: every route SPEC §2 lists renders a real page, with zero broken links.
import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { docsgen, repo } from '../helpers/cli.ts';
import { $, attr, parse, text } from '../helpers/html.ts';
import { manualPages, reactPages } from '../spec-pages.mjs';

let out: string;
let result: { code: number; stderr: string };

beforeAll(() => {
  out = path.join(mkdtempSync(path.join(tmpdir(), 'docsgen-site-')), 'out');
  // --links error is the default for build: a broken link or anchor fails this build.
  result = docsgen(['build', '--out', out]);
});

const routes = [
  ...Object.entries(manualPages).flatMap(([v, slugs]) => slugs.map((s) => `/docs/manual/${v}/${s}`)),
  ...manualPages['v11.0.0']!.map((s) => `/docs/manual/latest/${s}`),
  ...Object.entries(reactPages).flatMap(([v, slugs]) => slugs.map((s) => `/docs/react/${v}/${s}`)),
];

describe('the ReScript site', () => {
  it('builds with no errors: every link and anchor resolves', () => {
    expect(result.code, result.stderr.split('\n').slice(-40).join('\n')).toBe(0);
  });

  it.each(routes)('%s has a title, a description and a body', (route) => {
    const file = path.join(out, `${route.slice(1)}.html`);
    expect(existsSync(file), `${route} was not built`).toBe(true);
    const tree = parse(readFileSync(file, 'utf8'));
    expect(text($(tree, 'title'))).toMatch(/^\S.* \| ReScript /);
    expect(attr($(tree, 'meta[name="description"]'), 'content')?.trim().length ?? 0).toBeGreaterThan(10);
    expect(text($(tree, 'article h1')).length).toBeGreaterThan(0);
    expect(text($(tree, 'article')).length).toBeGreaterThan(400);
  });
});

export const siteRoot = repo;
