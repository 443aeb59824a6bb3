// scripts/check-landing.mjs: the landing page's JavaScript is what the real compiler produces for
// its ReScript (tools/rescript/v12, installed by `npm test`'s check-examples step).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const script = join(repoRoot, 'scripts', 'check-landing.mjs');
const landing = JSON.parse(readFileSync(join(repoRoot, 'config', 'landing.json'), 'utf8')) as { example: { compiler: string; res: string; js: string } };
const major = landing.example.compiler.split('.')[0];
const hasCompiler = existsSync(join(repoRoot, 'tools', 'rescript', `v${major}`, 'node_modules', '.bin', 'rescript'));
const TIMEOUT = 300_000;

const run = (configDir: string) => spawnSync(process.execPath, [script, '--config', configDir], { encoding: 'utf8', timeout: TIMEOUT });

describe.skipIf(!hasCompiler)('the landing example', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsgen-landing-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('shows the JavaScript the compiler produces for it', () => {
    const r = run(join(repoRoot, 'config'));
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  }, TIMEOUT);

  it('fails, naming the first differing line, when the JavaScript was edited by hand', () => {
    const edited = { ...landing, example: { ...landing.example, js: landing.example.js.replace('Math.PI', '3.14159') } };
    writeFileSync(join(dir, 'landing.json'), JSON.stringify(edited));
    const r = run(dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/example\.js differs from the compiler's output \(first at line \d+/);
    expect(r.stderr).toContain('3.14159');
  }, TIMEOUT);
});
