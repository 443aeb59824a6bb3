// The three ways a build can spread its work (everything on the main thread, code highlighted on a
// thread of its own, whole pages compiled on worker threads) must produce the same site, byte for
// byte. The generated pages are enough (60) for the highlight thread to be the default.
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { copyFixture, docsgen } from '../helpers/cli.ts';

const PAGES = 60;

function pageSource(i: number): string {
  return `---
title: Generated page ${i}
---

# Generated page ${i}

A page with code in several languages.

\`\`\`res prelude
let base = ${i}
\`\`\`

\`\`\`res example
let double = x => x * 2
let answer = double(base + ${i}) // comment ${i}
\`\`\`

\`\`\`js {2}
const first = "same on every page";
const second = \`page \${${i}}\`;
\`\`\`

<CodeTab labels={["ReScript", "JS Output"]}>

\`\`\`res
type shape = Circle(float) | Square(float)
let area = shape => switch shape { | Circle(r) => r *. r *. 3.14 | Square(s) => s *. s }
\`\`\`

\`\`\`js
function area(shape) { return shape.TAG === "Circle" ? shape._0 * shape._0 * 3.14 : shape._0 * shape._0; }
\`\`\`

</CodeTab>

\`\`\`sh
npm install rescript@${i % 2 ? '11' : '12'}
\`\`\`

\`\`\`brainfuck
+[-->-]<${i}
\`\`\`
`;
}

let root: string;
const builds: Record<string, Map<string, string>> = {};
const logs: Record<string, string> = {};

function build(name: string, args: string[]): void {
  const out = path.join(root, `out-${name}`);
  const r = docsgen(['build', '--root', root, '--out', out, '--no-cache', '--verbose', ...args]);
  expect(r.code, r.stderr).toBe(0);
  logs[name] = r.stderr;
  builds[name] = new Map(fg.sync('**/*', { cwd: out }).map((f) => [f, readFileSync(path.join(out, f), 'utf8')]));
}

beforeAll(() => {
  root = copyFixture('dialect');
  mkdirSync(path.join(root, 'content', 'gen'));
  for (let i = 1; i <= PAGES; i++) writeFileSync(path.join(root, 'content', 'gen', `page-${i}.md`), pageSource(i));
  build('main-thread', ['--workers', '0']);
  build('highlight-thread', []);
  build('page-workers', ['--workers', '2']);
}, 120_000);

describe('spreading a build over threads', () => {
  it('picks the highlight thread by default for this many pages, else does as --workers says', () => {
    expect(logs['highlight-thread']).toContain('pages compiled on the main thread, code highlighted on a thread of its own');
    expect(logs['main-thread']).toMatch(/pages compiled on the main thread\n/);
    expect(logs['page-workers']).toContain('pages compiled on 2 worker threads');
  });

  it('highlights every generated page', () => {
    const html = builds['highlight-thread']!.get('gen/page-7.html')!;
    expect(html).toContain('page 7');
    expect(html.match(/<pre class="shiki docsgen"/g)?.length).toBe(6);
    expect(html).toMatch(/<span class="line highlighted">/);
    expect(html).not.toContain('\u0000');
  });

  it('writes the same site on the main thread, with a highlight thread and with page workers', () => {
    const reference = builds['main-thread']!;
    expect(reference.size).toBeGreaterThan(PAGES);
    for (const name of ['highlight-thread', 'page-workers']) {
      const other = builds[name]!;
      expect([...other.keys()].sort(), name).toEqual([...reference.keys()].sort());
      const differing = [...reference].filter(([file, contents]) => other.get(file) !== contents).map(([file]) => file);
      expect(differing, name).toEqual([]);
    }
  });
});
