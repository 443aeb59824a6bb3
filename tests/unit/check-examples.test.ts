// scripts/check-examples.mjs against a tiny content tree in a temp dir, compiled with the real
// ReScript 12 toolchain from tools/rescript/v12.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const script = join(repoRoot, 'scripts', 'check-examples.mjs');
const hasV12 = existsSync(join(repoRoot, 'tools', 'rescript', 'v12', 'node_modules', '.bin', 'rescript'));
const TIMEOUT = 300_000; // a real compiler build; slow on a busy machine

const FRONT = (slug: string) => `---\ntitle: "Demo"\ndescription: "A fixture page."\ncanonical: "/docs/manual/v12.0.0/${slug}"\n---\n`;

// One compiling example inside a CodeTab (it uses the prelude's type), one that does not type check.
const DEMO = `${FRONT('demo')}
# Demo

\`\`\`res prelude
type point = {x: int, y: int}
\`\`\`

<CodeTab labels={["ReScript", "JS Output"]}>

\`\`\`res example
let origin = {x: 0, y: 0}
\`\`\`

\`\`\`js
let origin = {
  x: 0,
  y: 0
};
\`\`\`

</CodeTab>

A plain \`res\` fence is a fragment and is not compiled:

\`\`\`res
let broken =
\`\`\`

\`\`\`res example
let p = {x: 1, y: 2}
let label: string = p.x
\`\`\`
`;

// An example indented inside a list item: the reported column includes the indentation.
const LIST = `${FRONT('steps')}
# Steps

1. Declare it:

   \`\`\`res example {1}
   let n: int = "three"
   \`\`\`
`;

// A JS Output tab that is not what the compiler prints (written by hand, or by an older compiler).
const STALE = `${FRONT('stale')}
# Stale

<CodeTab labels={["ReScript", "JS Output"]}>

\`\`\`res example
let twice = x => x * 2
\`\`\`

\`\`\`js
function twice(x) {
  return x * 2;
}
\`\`\`

</CodeTab>
`;

// Not valid MDX: an unclosed component tag.
const BROKEN = `${FRONT('broken')}
# Broken

<Info>

Text that never closes the tag.
`;

const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

function writePage(root: string, slug: string, text: string) {
  const dir = join(root, 'content', 'docs', 'manual', 'v12.0.0');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${slug}.mdx`), text);
}

function check(cwd: string) {
  const r = spawnSync(process.execPath, [script, '--content', 'content', '--versions', 'v12.0.0'], {
    cwd,
    encoding: 'utf8',
    timeout: TIMEOUT,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe.skipIf(!hasV12)(
  'check-examples (skipped when tools/rescript/v12/node_modules is absent: run `npm ci --prefix tools/rescript/v12`)',
  () => {
    let failing: string;
    let passing: string;

    beforeAll(() => {
      failing = mkdtempSync(join(tmpdir(), 'check-examples-fail-'));
      writePage(failing, 'demo', DEMO);
      writePage(failing, 'steps', LIST);
      writePage(failing, 'broken', BROKEN);
      writePage(failing, 'stale', STALE);
      passing = mkdtempSync(join(tmpdir(), 'check-examples-pass-'));
      writePage(passing, 'demo', DEMO.replace('let label: string = p.x', 'let label: int = p.x'));
    });

    afterAll(() => {
      for (const dir of [failing, passing]) if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it(
      'reports each compile error at its .mdx line and column and exits 1',
      () => {
        const { status, stdout, stderr } = check(failing);
        expect(status, stderr).toBe(1);
        const lines = stdout.trim().split('\n');
        const demoLine = lineOf(DEMO, 'let label: string = p.x');
        const listLine = lineOf(LIST, 'let n: int = "three"');
        expect(lines.filter((l) => l.endsWith('example-compile'))).toEqual([
          expect.stringMatching(new RegExp(`^content/docs/manual/v12\\.0\\.0/demo\\.mdx:${demoLine}:21  error  \\S.*  example-compile$`)),
          expect.stringMatching(new RegExp(`^content/docs/manual/v12\\.0\\.0/steps\\.mdx:${listLine}:17  error  \\S.*  example-compile$`)),
        ]);
        expect(lines.find((l) => l.includes('demo.mdx'))).toMatch(/type: int/);
        expect(lines.find((l) => l.includes('steps.mdx'))).toMatch(/type: string/);
        // The unparsable page is reported at its unclosed tag, and the other pages are still checked.
        expect(lines).toContainEqual(
          expect.stringMatching(new RegExp(`^content/docs/manual/v12\\.0\\.0/broken\\.mdx:${lineOf(BROKEN, '<Info>')}:1  error  cannot parse as MDX: .*  mdx-parse$`)),
        );
        // A JS Output tab is held to what the compiler printed, reported at its first wrong line.
        expect(lines).toContainEqual(
          `content/docs/manual/v12.0.0/stale.mdx:${lineOf(STALE, 'return x * 2;')}:1  error  the JS Output tab shows \`return x * 2;\`, which rescript v12 does not print for this example  example-js-output`,
        );
        expect(lines.at(-1)).toBe('✗ 4 errors in 4 files (2 of 4 examples failed; manual v12.0.0 (v12): 4)');
      },
      TIMEOUT,
    );

    it(
      'exits 0 and counts the examples when everything compiles',
      () => {
        const { status, stdout, stderr } = check(passing);
        expect(status, stderr).toBe(0);
        expect(stdout.trim()).toBe('✓ 2 examples compiled (manual v12.0.0 (v12): 2)');
      },
      TIMEOUT,
    );
  },
);

const hasV11 = existsSync(join(repoRoot, 'tools', 'rescript', 'v11', 'node_modules', '.bin', 'rescript'));

// A syntax lookup entry: one example for both compilers, one (dict literal) marked for ReScript 12 only.
const ENTRY = `---
id: demo
keywords: ["demo"]
name: "demo"
summary: "A fixture entry."
category: Operators
---

\`\`\`res example
let total = 1 + 2
\`\`\`

\`\`\`res example v12
let prices = dict{"apple": 0.5}
\`\`\`
`;

describe.skipIf(!hasV11 || !hasV12)('check-examples on syntax lookup entries (needs the v11 and v12 toolchains)', () => {
  it(
    'compiles the entries with ReScript 11 and 12, leaving examples marked v12 to ReScript 12',
    () => {
      const root = mkdtempSync(join(tmpdir(), 'check-examples-syntax-'));
      try {
        mkdirSync(join(root, 'content', 'syntax-lookup'), { recursive: true });
        writeFileSync(join(root, 'content', 'syntax-lookup', 'demo.mdx'), ENTRY);
        const r = spawnSync(process.execPath, [script, '--content', 'content', '--versions', 'syntax-lookup/v11,syntax-lookup/v12'], {
          cwd: root,
          encoding: 'utf8',
          timeout: TIMEOUT,
        });
        expect(r.status, r.stdout + r.stderr).toBe(0);
        expect(r.stdout.trim()).toBe('✓ 3 examples compiled (syntax-lookup v11 (v11): 1, syntax-lookup v12 (v12): 2)');
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
    TIMEOUT,
  );
});
