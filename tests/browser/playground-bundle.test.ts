// /try on a static host: no compile endpoint answers, so the playground compiles with the official
// browser compiler that config/playground.json names. The bundle here is a stand-in served by the
// test (the real one is on the ReScript CDN, out of reach offline); the page's side of the
// protocol is what is under test: which compiler it asks, which files it loads, what it shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { compressToEncodedURIComponent } from 'lz-string';
import { openFixtureSite, type FixtureSite } from '../helpers/browser.ts';

let site: FixtureSite;

beforeAll(async () => {
  site = await openFixtureSite('playground-bundle');
}, 300_000);

afterAll(async () => {
  await site?.close();
});

/** A stand-in for `{base}/{version}/compiler.js`: `rescript_compiler.make()` as the official bundle defines it. */
function fakeCompiler(version: string): string {
  // The v12 stand-in formats (trims each line's end, one newline at the end); the v11 one has no formatter.
  const format = version.startsWith('12')
    ? `format(code) {
          if (code.includes('oops')) return { type: 'syntax_error', errors: [{ fullMsg: 'I was expecting an expression', shortMsg: 'I was expecting an expression', row: 1, column: 8, endRow: 1, endColumn: 12 }] };
          return { type: 'success', code: code.split('\\n').map((l) => l.trimEnd()).join('\\n').trimEnd() + '\\n', fromLang: 'res', toLang: 'res' };
        },`
    : '';
  return `globalThis.rescript_compiler = { make() {
    let system = 'es6';
    return {
      rescript: {
        version: ${JSON.stringify(version)},
        ${format}
        compile(code) {
          // What a program using the runtime compiles to, its import written the way a bundle may.
          if (code.includes('SUM')) return { type: 'success', js_code: 'import * as Stdlib_Array from "./stdlib/Stdlib_Array.js";\\nconsole.log("sum", Stdlib_Array.reduce([1, 2, 3], 0, (a, b) => a + b));\\n', warnings: [] };
          if (code.includes('APP')) return { type: 'success', js_code: 'import * as Stdlib_Array from "./stdlib/Stdlib_Array.js";\\nimport * as JsxRuntime from "react/jsx-runtime";\\nfunction make() { return JsxRuntime.jsx("p", { children: "total " + Stdlib_Array.reduce([4, 5], 0, (a, b) => a + b) }); }\\nlet App = { make };\\nexport { App }\\n', warnings: [] };
          if (code.includes('oops')) return { type: 'syntax_error', errors: [{ fullMsg: 'I was expecting an expression', shortMsg: 'I was expecting an expression', row: 1, column: 8, endRow: 1, endColumn: 12 }] };
          return { type: 'success', js_code: '// compiled by the ${version} bundle (' + system + ')\\n' + code.split('\\n').map((l) => '// ' + l).join('\\n'), warnings: [] };
        },
      },
      setModuleSystem(s) { system = s; return true; },
      setOpenModules() { return true; },
    };
  } };`;
}

/** A page whose /api/compile answers as a static host does, with the bundle host served by the test; `loaded` lists what it fetched there. */
async function staticHost(query: string, endpoint = false): Promise<{ page: Page; context: BrowserContext; loaded: string[] }> {
  const context = await site.browser.newContext();
  const page = await context.newPage();
  const loaded: string[] = [];
  if (!endpoint) await page.route('**/api/compile', (route) => route.fulfill({ status: 404, contentType: 'text/html', body: '<!doctype html><title>Not found</title>' }));
  await page.route('https://cdn.example.test/**', (route) => {
    const url = new URL(route.request().url());
    loaded.push(url.pathname);
    const [, version, ...rest] = url.pathname.split('/');
    const body = rest.join('/') === 'compiler.js' ? fakeCompiler(version!.replace(/^v/, '')) : '/* a library of the bundle */';
    return route.fulfill({ status: 200, contentType: 'text/javascript', headers: { 'access-control-allow-origin': '*' }, body });
  });
  await page.goto(`${site.origin}/try${query}`);
  await page.waitForSelector('.playground[data-status="done"], .playground[data-status="unavailable"]', { timeout: 60_000 });
  return { page, context, loaded };
}

const outputText = (page: Page) => page.$$eval('.pg-output .cm-line', (lines) => lines.map((l) => l.textContent ?? '').join('\n'));

describe('the /try playground on a static host', () => {
  it('compiles with the browser compiler the config names, offers its versions, and shows its errors', async () => {
    const { page, context, loaded } = await staticHost(`?code=${compressToEncodedURIComponent('let double = x => x * 2\n')}`);
    await page.waitForFunction(() => document.querySelector('.pg-output')?.textContent?.includes('compiled by the 12.3.1 bundle'));
    expect(await outputText(page)).toContain('// let double = x => x * 2');
    expect(await page.locator('.pg-status').textContent()).toMatch(/^Compiled in \d+ ms · ReScript 12\.3\.1$/);
    // The compiler first, then its libraries (they register into its file system).
    expect(loaded).toEqual(['/v12.3.1/compiler.js', '/v12.3.1/@rescript/react/cmij.js', '/v12.3.1/compiler-builtins/cmij.js']);
    // Its versions to choose from.
    const select = page.getByRole('combobox', { name: 'Compiler' });
    expect(await select.locator('option').allTextContents()).toEqual(['v12.3.1', 'v11.1.2']);
    // Its formatter, as one edit.
    await page.locator('.pg-editor .cm-content').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('let y = 1   ');
    await page.getByRole('button', { name: 'Format' }).click();
    await page.waitForFunction(() => document.querySelector('.pg-share-note')?.textContent === 'Formatted');
    expect(await page.$$eval('.pg-editor .cm-line', (lines) => lines.map((l) => l.textContent).join('\n'))).toBe('let double = x => x * 2\nlet y = 1\n');
    await select.selectOption('v11.1.2');
    await page.waitForFunction(() => document.querySelector('.pg-output')?.textContent?.includes('compiled by the 11.1.2 bundle'));
    expect(loaded).toContain('/v11.1.2/@rescript/core/cmij.js');
    expect(await page.locator('.pg-status').textContent()).toMatch(/ReScript 11\.1\.2$/);
    // A bundle without a formatter: no Format button.
    expect(await page.getByRole('button', { name: 'Format' }).count()).toBe(0);
    // CommonJS goes to the bundle as its module system.
    await page.getByRole('combobox', { name: 'Module' }).selectOption('commonjs');
    await page.waitForFunction(() => document.querySelector('.pg-output')?.textContent?.includes('bundle (nodejs)'));
    // A syntax error, at its place.
    await page.locator('.pg-editor .cm-content').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('let y = oops');
    await page.keyboard.press('Control+Enter');
    await page.waitForSelector('.pg-status-errors');
    expect(await page.locator('.pg-status').textContent()).toBe('1 error');
    await context.close();
  });

  it('runs what the bundle compiled with the ReScript runtime the build published beside the site, in a worker and in a frame', async () => {
    // The build wrote the installed runtime (12.3.1, the first bundle's version) for the page.
    expect(existsSync(path.join(site.outDir, 'playground', 'runtime', '12.3.1', 'Stdlib_Array.js'))).toBe(true);
    const { page, context } = await staticHost(`?code=${compressToEncodedURIComponent('// SUM\n')}`);
    await page.waitForFunction(() => document.querySelector('.pg-output')?.textContent?.includes('Stdlib_Array'));
    const runtimeRequests: string[] = [];
    page.on('request', (r) => void (r.url().includes('/playground/runtime/') && runtimeRequests.push(new URL(r.url()).pathname)));
    await page.getByRole('tab', { name: 'Output' }).click();
    await page.getByRole('button', { name: 'Run' }).click();
    await page.waitForFunction(() => /^Ran in/.test(document.querySelector('.pg-run-status')?.textContent ?? ''), undefined, { timeout: 15_000 });
    expect(await page.$$eval('.pg-console li', (lines) => lines.map((l) => l.textContent))).toEqual(['sum 6']);
    expect(runtimeRequests).toContain('/playground/runtime/12.3.1/Stdlib_Array.js');
    // A component, rendered in the frame with the same runtime.
    await page.locator('.pg-editor .cm-content').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('// APP\n');
    await page.waitForFunction(() => /^Rendered in/.test(document.querySelector('.pg-run-status')?.textContent ?? ''), undefined, { timeout: 15_000 });
    expect(await page.frameLocator('.pg-render iframe').locator('#root').textContent()).toBe('total 9');
    // Another version's bundle has no runtime here: the note says which compiler runs the code.
    await page.getByRole('combobox', { name: 'Compiler' }).selectOption('v11.1.2');
    await page.locator('.pg-editor .cm-content').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('// SUM\n');
    await page.waitForSelector('.pg-panel-output .pg-banner');
    expect(await page.locator('.pg-panel-output .pg-banner').textContent()).toMatch(/cannot load what this code imports here: \.\/stdlib\/Stdlib_Array\.js\..*choose the compiler v12\.3\.1 to run the code\./);
    await context.close();
  });

  it('opens code from older docs with the bundle of that release', async () => {
    const { page, context, loaded } = await staticHost(`?code=${compressToEncodedURIComponent('let x = 1\n')}&from=v11.0.0`);
    await page.waitForFunction(() => document.querySelector('.pg-output')?.textContent?.includes('compiled by the 11.1.2 bundle'));
    expect(loaded[0]).toBe('/v11.1.2/compiler.js');
    expect(await page.getByRole('combobox', { name: 'Compiler' }).inputValue()).toBe('v11.1.2');
    await context.close();
  });

  it('under docsgen serve, compiles on the server and never loads the bundle', async () => {
    const { page, context, loaded } = await staticHost(`?code=${compressToEncodedURIComponent('let double = x => x * 2\n')}`, true);
    await page.waitForFunction(() => document.querySelector('.pg-output')?.textContent?.includes('function double'));
    expect(loaded).toEqual([]);
    expect(await page.getByRole('button', { name: 'Format' }).count()).toBe(1);
    expect(await page.getByRole('combobox', { name: 'Compiler' }).count()).toBe(0);
    await context.close();
  });

  it('says the compiler is unreachable when neither the server nor the bundle answers, and asks again at the next edit', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    const warnings: string[] = [];
    page.on('console', (m) => void (m.type() === 'warning' && warnings.push(m.text())));
    await page.route('**/api/compile', (route) => route.fulfill({ status: 404, contentType: 'text/html', body: 'Not found' }));
    await page.route('https://cdn.example.test/**', (route) => route.abort('internetdisconnected'));
    await page.goto(`${site.origin}/try`);
    await page.waitForSelector('.playground[data-status="unavailable"]', { timeout: 60_000 });
    expect(warnings.join('\n')).toMatch(/the server: .*; the browser compiler: Could not load https:\/\/cdn\.example\.test\/v12\.3\.1\/compiler\.js/);
    // The network is back: the next edit compiles.
    await page.unroute('https://cdn.example.test/**');
    await page.route('https://cdn.example.test/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: route.request().url().endsWith('/compiler.js') ? fakeCompiler('12.3.1') : '' }),
    );
    await page.waitForSelector('.pg-editor .cm-content');
    await page.locator('.pg-editor .cm-content').click();
    await page.keyboard.type('// again\n');
    await page.waitForFunction(() => document.querySelector('.pg-output')?.textContent?.includes('compiled by the 12.3.1 bundle'), undefined, { timeout: 10_000 });
    await context.close();
  });
});
