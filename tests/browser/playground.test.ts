// /try in Chromium: the code from the URL in the editor, share links that round-trip, and real
// compiles through docsgen's server (the pinned ReScript 12 toolchain, as in the endpoint's test).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';
import { openFixtureSite, type FixtureSite } from '../helpers/browser.ts';
import { DEFAULT_EXAMPLE } from '../../src/components/playground/code-param.ts';

let site: FixtureSite;

beforeAll(async () => {
  site = await openFixtureSite('playground');
}, 300_000);

afterAll(async () => {
  await site?.close();
});

async function open(query = ''): Promise<Page> {
  const context = await site.browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await page.goto(`${site.origin}/try${query}`);
  await page.waitForSelector('.pg-editor .cm-content');
  return page;
}

/** The editor's text, line by line as CodeMirror shows it. */
const editorText = (page: Page) => page.$$eval('.pg-editor .cm-line', (lines) => lines.map((l) => l.textContent ?? '').join('\n'));
const outputText = (page: Page) => page.$$eval('.pg-output .cm-line', (lines) => lines.map((l) => l.textContent ?? '').join('\n'));
const settled = (page: Page) => page.waitForSelector('.playground[data-status="done"], .playground[data-status="unavailable"]', { timeout: 60_000 });

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe's WCAG 2 A/AA and best-practice violations in `selector` (the whole page by default), as `id at targets`. */
async function axeViolations(page: Page, selector?: string): Promise<string[]> {
  await page.addScriptTag({ content: AXE });
  return page.evaluate(
    async (within) =>
      (await (window as unknown as { axe: { run(ctx: Document | string, o: object): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe.run(within ?? document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      })).violations.map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    selector,
  );
}

describe('the /try playground', () => {
  it('opens the code of the `code` parameter in the editor, as text', async () => {
    const code = 'let html = "<img src=x onerror=\\"window.pwned=1\\">"\nConsole.log(html)\n';
    const page = await open(`?code=${compressToEncodedURIComponent(code)}`);
    await page.waitForFunction((first) => document.querySelector('.pg-editor .cm-line')?.textContent === first, code.split('\n')[0]);
    expect(await editorText(page)).toBe(code);
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
    expect(await page.locator('.pg-editor img').count()).toBe(0);
    await page.context().close();
  });

  it('opens the default example for missing or broken code, never an error page', async () => {
    const page = await open();
    for (const query of ['', '?code=%3Cscript%3E', '?code=zzzzzzzzzzzzzzzz']) {
      const response = await page.goto(`${site.origin}/try${query}`);
      expect(response?.status()).toBe(200);
      await page.waitForSelector('.pg-editor .cm-content');
      expect(await page.locator('h1').textContent()).toBe('Playground');
      expect((await editorText(page)).split('\n')[0], query).toBe(DEFAULT_EXAMPLE.split('\n')[0]);
    }
    await page.context().close();
  });

  it('compiles the code through the server and shows the JavaScript', async () => {
    const page = await open(`?code=${compressToEncodedURIComponent('let double = x => x * 2\n')}`);
    await settled(page);
    await page.waitForFunction(() => document.querySelector('.pg-output')?.textContent?.includes('function double'));
    expect(await outputText(page)).toMatch(/function double\(x\) \{/);
    expect(await page.locator('.pg-status').textContent()).toMatch(/^Compiled in \d+ ms · ReScript 12\./);
    // Typing compiles again.
    await page.locator('.pg-editor .cm-content').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('let triple = x => x * 3\n');
    await page.waitForFunction(() => document.querySelector('.pg-output')?.textContent?.includes('function triple'), undefined, { timeout: 60_000 });
    await page.context().close();
  });

  it('shows an error at its line and column, and clicking it puts the cursor there', async () => {
    const page = await open(`?code=${compressToEncodedURIComponent('let x = 1\nlet y: string = x + 1\n')}`);
    await page.waitForSelector('.pg-status-errors', { timeout: 60_000 });
    expect(await page.locator('.pg-status').textContent()).toBe('1 error');
    await page.waitForSelector('.pg-editor .cm-lintRange-error');
    // With no JavaScript yet, the output tab lists the error too.
    expect(await page.locator('.pg-panel-js .pg-problem-where').textContent()).toBe('Line 2, column 17');
    expect(await page.locator('.pg-editor .cm-lintRange-error').first().textContent()).toBe('x + 1');
    await page.getByRole('tab', { name: /Problems/ }).click();
    const problem = page.locator('.pg-panel-problems .pg-problem');
    expect(await problem.count()).toBe(1);
    expect(await problem.locator('.pg-problem-where').textContent()).toBe('Line 2, column 17');
    expect(await problem.locator('.pg-problem-message').textContent()).toContain("But it's expected to have type: string");
    await problem.click();
    const caret = await page.evaluate(() => {
      const sel = document.getSelection()!;
      const line = document.querySelector('.pg-editor .cm-activeLine')!;
      const range = document.createRange();
      range.setStart(line, 0);
      range.setEnd(sel.anchorNode!, sel.anchorOffset);
      return { line: document.querySelector('.pg-editor .cm-activeLineGutter')?.textContent, col: range.toString().length + 1, focused: document.activeElement?.classList.contains('cm-content') };
    });
    expect(caret).toEqual({ line: '2', col: 17, focused: true });
    await page.context().close();
  });

  it('shares: the URL holds the edited code and copying it opens the same code', async () => {
    const page = await open();
    await page.locator('.pg-editor .cm-content').click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('let shared = "a + b & c"\n');
    await page.getByRole('button', { name: 'Share' }).click();
    await page.waitForSelector('.pg-share-note:has-text("Link copied")');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/try');
    const code = await editorText(page);
    expect(code).toBe('let shared = "a + b & c"\n');
    expect(decompressFromEncodedURIComponent(url.searchParams.get('code')!.replace(/ /g, '+'))).toBe(code);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
    const again = await open(url.search);
    expect(await editorText(again)).toBe(code);
    await again.context().close();
    await page.context().close();
  });

  it('keeps the edited code in the address as you type: a reload opens it again, and the back button skips the edits', async () => {
    const page = await open();
    const entries = await page.evaluate(() => history.length);
    await page.locator('.pg-editor .cm-content').click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('let kept = 42\n');
    await page.waitForFunction(() => new URL(location.href).searchParams.has('code'));
    await page.waitForFunction(() => {
      const param = new URL(location.href).searchParams.get('code');
      return param !== null && param.length > 10;
    });
    await page.waitForFunction((want) => {
      const editor = [...document.querySelectorAll('.pg-editor .cm-line')].map((l) => l.textContent ?? '').join('\n');
      return editor === want;
    }, 'let kept = 42\n');
    // The address settles on the last edit (it follows the compile's pause in typing).
    await page.waitForFunction(() => document.querySelector('.playground')?.getAttribute('data-status') === 'done', undefined, { timeout: 60_000 });
    const param = new URL(page.url()).searchParams.get('code')!.replace(/ /g, '+');
    expect(decompressFromEncodedURIComponent(param)).toBe('let kept = 42\n');
    expect(await page.evaluate(() => history.length)).toBe(entries);
    await page.reload();
    await page.waitForSelector('.pg-editor .cm-content');
    expect(await editorText(page)).toBe('let kept = 42\n');
    await page.context().close();
  });

  it('says when code from older docs is compiled by a newer compiler, and only then', async () => {
    const code = `?code=${compressToEncodedURIComponent('let x = 1\n')}`;
    const older = await open(`?from=v9.0.0&${code.slice(1)}`);
    await settled(older);
    const note = older.getByRole('note');
    await note.waitFor();
    expect(await note.textContent()).toMatch(/^This code comes from the v9\.0\.0 docs; the playground compiles it with ReScript 12\.\d+\.\d+, so parts of it may need changes\.$/);
    await older.context().close();
    for (const query of [`?from=v12.0.0&${code.slice(1)}`, code, `?from=%3Cimg%20src%3Dx%3E&${code.slice(1)}`]) {
      const page = await open(query);
      await settled(page);
      expect(await page.getByRole('note').count(), query).toBe(0);
      await page.context().close();
    }
  });

  it('shares an empty editor as an empty program, not the default example', async () => {
    const page = await open();
    await page.locator('.pg-editor .cm-content').click();
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Delete');
    expect(await editorText(page)).toBe('');
    await page.getByRole('button', { name: 'Share' }).click();
    await page.waitForSelector('.pg-share-note:not(:empty)');
    const again = await open(new URL(page.url()).search);
    await again.waitForFunction(() => document.querySelector('.playground')?.getAttribute('data-status') !== 'starting');
    expect(await editorText(again)).toBe('');
    await again.context().close();
    await page.context().close();
  });

  it('without a compiler, tells the reader in plain words, still shares, and keeps the operator\'s hint for the console', async () => {
    const context = await site.browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    const console: string[] = [];
    page.on('console', (m) => console.push(m.text()));
    // What a static host answers.
    await page.route('**/api/compile', (route) => route.fulfill({ status: 404, contentType: 'text/html', body: '<!doctype html><title>Not found</title>' }));
    await page.goto(`${site.origin}/try`);
    await page.waitForSelector('.playground[data-status="unavailable"]', { timeout: 60_000 });
    const panel = (await page.locator('.pg-panel-js').textContent()) ?? '';
    expect(panel).toMatch(/can't reach the compiler/i);
    expect(panel).toMatch(/try again when you edit/i);
    for (const operatorWords of ['docsgen serve', 'config/playground.json', 'npm', 'HTTP 404', 'endpoint']) expect(panel).not.toContain(operatorWords);
    expect(console.join('\n')).toContain('config/playground.json');
    await page.getByRole('button', { name: 'Share' }).click();
    expect(new URL(page.url()).searchParams.get('code')).toBeTruthy();
    await context.close();
  });

  it('compiles again on the next edit after the compiler could not be reached', async () => {
    const page = await open(`?code=${compressToEncodedURIComponent('let one = 1\n')}`);
    await settled(page);
    // The network fails once (the server stopped, the connection dropped) …
    await page.route('**/api/compile', (route) => route.abort('connectionrefused'));
    await page.locator('.pg-editor .cm-content').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('let two = 2\n');
    await page.keyboard.press('Control+Enter');
    await page.waitForSelector('.playground[data-status="unavailable"]', { timeout: 60_000 });
    expect(await page.locator('.pg-panel-js').textContent()).not.toContain('Failed to fetch');
    // … and is back: the next edit compiles.
    await page.unroute('**/api/compile');
    await page.keyboard.type('let three = 3\n');
    await page.waitForFunction(() => document.querySelector('.pg-output')?.textContent?.includes('three'), undefined, { timeout: 60_000 });
    expect(await page.locator('.pg-status').textContent()).toMatch(/^Compiled in \d+ ms/);
    await page.context().close();
  });

  it('says compiling failed on the server when the endpoint answers 500', async () => {
    const page = await open();
    await page.route('**/api/compile', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'internal' }) }));
    await page.locator('.pg-editor .cm-content').click();
    await page.keyboard.press('Control+Enter');
    await page.waitForSelector('.pg-panel-js .pg-banner-error', { timeout: 60_000 });
    const banner = (await page.locator('.pg-panel-js .pg-banner-error').textContent()) ?? '';
    expect(banner).toMatch(/^Compiling failed on the server/);
    expect(banner).not.toMatch(/\binternal\b/);
    await page.context().close();
  });

  it('lets the keyboard reach and scroll the JavaScript output, and draws a focus ring around the editor', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 600 } });
    const page = await context.newPage();
    // Enough lines that the output scrolls.
    const code = Array.from({ length: 80 }, (_, i) => `let value${i} = ${i} * 2`).join('\n');
    await page.goto(`${site.origin}/try?code=${compressToEncodedURIComponent(code)}`);
    await page.waitForFunction(() => document.querySelector('.pg-output')?.textContent?.includes('value0'), undefined, { timeout: 60_000 });
    const scroller = page.getByRole('region', { name: 'Compiled JavaScript' });
    expect(await scroller.evaluate((el) => el.classList.contains('cm-scroller') && el.scrollHeight > el.clientHeight)).toBe(true);
    // Tab order: the editor (Escape, then Tab leaves it), the output tabs, then the output.
    await page.locator('.pg-editor .cm-content').click();
    expect(await page.locator('.pg-editor .cm-editor').evaluate((el) => {
      const style = getComputedStyle(el);
      return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    })).toBe(true);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await scroller.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await scroller.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
    await page.keyboard.press('PageDown');
    await page.waitForFunction(() => (document.querySelector('.pg-output .cm-scroller')?.scrollTop ?? 0) > 0);
    const violations = await axeViolations(page, '.playground');
    expect(violations).toEqual([]);
    await context.close();
  }, 120_000);

  it('formats the code with the compiler\'s formatter, as one edit that Ctrl+Z undoes, and says when a syntax error stops it', async () => {
    const messy = 'let   x=1\nlet f=(a,b)=>{a+b}\n';
    const page = await open(`?code=${compressToEncodedURIComponent(messy)}`);
    await settled(page);
    await page.getByRole('button', { name: 'Format' }).click();
    await page.waitForFunction(() => document.querySelector('.pg-editor .cm-line')?.textContent === 'let x = 1');
    expect(await editorText(page)).toBe('let x = 1\nlet f = (a, b) => {a + b}\n');
    expect(await page.locator('.pg-share-note').textContent()).toBe('Formatted');
    await page.locator('.pg-editor .cm-content').click();
    await page.keyboard.press('Control+z');
    expect(await editorText(page)).toBe(messy);
    // The keyboard shortcut, on code that does not parse.
    await page.keyboard.press('Control+End');
    await page.keyboard.type('let y =');
    await page.keyboard.press('Shift+Alt+F');
    await page.waitForFunction(() => document.querySelector('.pg-share-note')?.textContent?.startsWith('Cannot format'));
    expect(await page.locator('.pg-share-note').textContent()).toBe('Cannot format: syntax error at line 3');
    await page.context().close();
  });

  it('compiles to CommonJS when chosen, keeps the choice in the address, and says running needs ES modules', async () => {
    const page = await open(`?code=${compressToEncodedURIComponent('let sum = [1, 2]->Array.reduce(0, (a, b) => a + b)\n')}`);
    await settled(page);
    await page.getByLabel('Module').selectOption('commonjs');
    await page.waitForFunction(() => document.querySelector('.pg-output')?.textContent?.includes('require('), undefined, { timeout: 60_000 });
    expect(await outputText(page)).toContain('exports.sum = sum;');
    expect(new URL(page.url()).searchParams.get('module')).toBe('commonjs');
    await page.getByRole('tab', { name: 'Output' }).click();
    expect(await page.getByRole('button', { name: 'Run' }).isDisabled()).toBe(true);
    expect(await page.locator('.pg-run-status').textContent()).toBe('Running needs ES modules (Module above)');
    // A reload (or a shared link) opens with CommonJS still chosen.
    await page.reload();
    await settled(page);
    expect(await page.getByLabel('Module').inputValue()).toBe('commonjs');
    await page.waitForFunction(() => document.querySelector('.pg-output')?.textContent?.includes('require('), undefined, { timeout: 60_000 });
    await page.context().close();
  });

  describe('Output tab', () => {
    /** Opens `code`, waits for its compile, and runs it from the Output tab. */
    async function run(code: string): Promise<Page> {
      const page = await open(`?code=${compressToEncodedURIComponent(code)}`);
      await settled(page);
      await page.getByRole('tab', { name: 'Output' }).click();
      await page.getByRole('button', { name: 'Run' }).click();
      await page.waitForFunction(() => /^(Ran in|Rendered in|Stopped)/.test(document.querySelector('.pg-run-status')?.textContent ?? ''), undefined, { timeout: 30_000 });
      return page;
    }
    const printed = (page: Page) => page.$$eval('.pg-console li', (lines) => lines.map((l) => [l.className.replace('pg-line pg-line-', ''), l.textContent ?? '']));

    it('never runs code by itself, not even code from a shared link', async () => {
      const page = await open(`?code=${compressToEncodedURIComponent('Console.log("ran")\n')}`);
      await settled(page);
      await page.getByRole('tab', { name: 'Output' }).click();
      expect(await page.locator('.pg-panel-output .pg-empty').textContent()).toMatch(/^Run the code to see what it prints/);
      expect(await page.locator('.pg-console').count()).toBe(0);
      await page.context().close();
    });

    it('runs the compiled code with the ReScript runtime and shows what it prints, values as the console shows them', async () => {
      const code = [
        'type user = {name: string, age: int}',
        'Console.log({name: "Ada", age: 36})',
        'Console.log([1, 2, 3]->Array.map(x => x * 2))',
        'Console.log2("two", Some(1))',
        'Console.warn("careful")',
        'let _ = setTimeout(() => Console.log("later"), 50)',
        '',
      ].join('\n');
      const page = await run(code);
      expect(await printed(page)).toEqual([
        ['log', '{name: "Ada", age: 36}'],
        ['log', '[2, 4, 6]'],
        ['log', 'two 1'],
        ['warn', 'Warningcareful'],
        ['log', 'later'],
      ]);
      expect(await page.locator('.pg-run-status').textContent()).toMatch(/^Ran in \d+ ms$/);
      await page.context().close();
    });

    it('shows an uncaught exception, and stops code that never ends without freezing the page', async () => {
      const thrown = await run('Console.log("before")\nlet _ = JsError.throwWithMessage("boom")\n');
      expect(await printed(thrown)).toEqual([
        ['log', 'before'],
        ['exception', expect.stringMatching(/^ErrorUncaught Error: boom/)],
      ]);
      await thrown.context().close();
      const page = await run('let rec loop = () => loop()\nloop()\n');
      expect(await page.locator('.pg-run-status').textContent()).toBe('Stopped after 5 s: the code was still running');
      // The page answered all along: the editor still takes input.
      await page.locator('.pg-editor .cm-content').click();
      await page.keyboard.type('// still here');
      expect(await editorText(page)).toContain('// still here');
      await page.context().close();
    });

    it('says which imports it cannot load instead of running code that needs them', async () => {
      const page = await open(`?code=${compressToEncodedURIComponent('@module("left-pad") external leftPad: (string, int) => string = "default"\nConsole.log(leftPad("a", 3))\n')}`);
      await settled(page);
      await page.getByRole('tab', { name: 'Output' }).click();
      await page.getByRole('button', { name: 'Run' }).click();
      expect(await page.locator('.pg-panel-output .pg-banner').textContent()).toContain('left-pad');
      expect(await page.locator('.pg-console').count()).toBe(0);
      await page.context().close();
    });

    it('passes axe with printed, warning and error lines, on a desktop (light) and a phone (dark)', async () => {
      const found: string[] = [];
      for (const [width, colorScheme] of [[1280, 'light'], [390, 'dark']] as const) {
        const page = await run('Console.log("plain")\nConsole.warn("careful")\nConsole.error("bad")\nlet _ = JsError.throwWithMessage("boom")\n');
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme });
        found.push(...(await axeViolations(page)).map((v) => `${width}px ${colorScheme}: ${v}`));
        expect(await page.locator('.pg-console li').count()).toBe(4);
        await page.context().close();
      }
      expect(found).toEqual([]);
    }, 120_000);

    it('follows the output to its last line, as a console does, and keeps the first 500 lines of a flood', async () => {
      const page = await run('for i in 1 to 600 {\n  Console.log(i)\n}\n');
      expect(await page.locator('.pg-console li').count()).toBe(500);
      expect(await page.locator('.pg-run-status').textContent()).toMatch(/the first 500 lines shown$/);
      await page.waitForFunction(() => {
        const el = document.querySelector('.pg-panel-output')!;
        return el.scrollHeight - el.scrollTop - el.clientHeight < 8;
      }, undefined, { timeout: 5000 });
      await page.context().close();
    });

    it('stays where the reader scrolled up to while lines keep coming', async () => {
      const code = 'let count = ref(0)\nlet rec tick = () => {\n  count := count.contents + 1\n  Console.log(count.contents)\n  if count.contents < 80 {\n    let _ = setTimeout(tick, 15)\n  }\n}\ntick()\n';
      const page = await open(`?code=${compressToEncodedURIComponent(code)}`);
      await settled(page);
      await page.getByRole('tab', { name: 'Output' }).click();
      await page.getByRole('button', { name: 'Run' }).click();
      await page.waitForFunction(() => document.querySelectorAll('.pg-console li').length >= 40);
      await page.locator('.pg-panel-output').evaluate((el) => el.scrollTo({ top: 0 }));
      await page.waitForFunction(() => /^Ran in/.test(document.querySelector('.pg-run-status')?.textContent ?? ''), undefined, { timeout: 10_000 });
      expect(await page.locator('.pg-console li').count()).toBe(80);
      expect(await page.locator('.pg-panel-output').evaluate((el) => el.scrollTop)).toBe(0);
      await page.context().close();
    });

    it('renders the module App in a sandboxed frame that reaches nothing of the page, and keeps printing from its events', async () => {
      const code = [
        'module App = {',
        '  @react.component',
        '  let make = () => {',
        '    let (count, setCount) = React.useState(() => 0)',
        '    <button onClick={_ => {',
        '      Console.log(`click ${Int.toString(count + 1)}`)',
        '      setCount(c => c + 1)',
        '    }}>',
        '      {React.string(`Clicked ${Int.toString(count)} times`)}',
        '    </button>',
        '  }',
        '}',
        'Console.log([1, 2]->Array.map(x => x * 2))',
        '',
      ].join('\n');
      const page = await run(code);
      expect(await page.locator('.pg-run-status').textContent()).toMatch(/^Rendered in \d+ ms$/);
      const frame = page.frameLocator('.pg-render iframe');
      const button = frame.getByRole('button');
      expect(await button.textContent()).toBe('Clicked 0 times');
      await button.click();
      await button.click();
      expect(await button.textContent()).toBe('Clicked 2 times');
      await page.waitForFunction(() => document.querySelectorAll('.pg-console li').length === 3);
      expect(await printed(page)).toEqual([
        ['log', '[2, 4]'],
        ['log', 'click 1'],
        ['log', 'click 2'],
      ]);
      // Its own opaque origin: no storage, no cookies, no way into the page.
      expect(await page.locator('.pg-render iframe').getAttribute('sandbox')).toBe('allow-scripts');
      const inside = page.frames().find((f) => f !== page.mainFrame())!;
      expect(await inside.evaluate(() => [origin, (() => { try { return typeof localStorage.length; } catch { return 'blocked'; } })(), (() => { try { return typeof parent.document; } catch { return 'blocked'; } })()])).toEqual([
        'null',
        'blocked',
        'blocked',
      ]);
      // A new run replaces the frame.
      await page.getByRole('button', { name: 'Run' }).click();
      await page.waitForFunction(() => document.querySelectorAll('.pg-render iframe').length === 1 && /^Rendered/.test(document.querySelector('.pg-run-status')?.textContent ?? ''));
      expect(await page.frameLocator('.pg-render iframe').getByRole('button').textContent()).toBe('Clicked 0 times');
      await page.context().close();
    });

    it('renders the code\'s own make without a module App; says how to show a component when there is neither; stops a frame still busy after 5 s', async () => {
      const own = await run('@react.component\nlet make = () => <p> {React.string("my own make")} </p>\n');
      expect(await own.locator('.pg-run-status').textContent()).toMatch(/^Rendered in \d+ ms$/);
      expect(await own.frameLocator('.pg-render iframe').locator('#root').textContent()).toBe('my own make');
      await own.context().close();

      // A component that throws as it renders: the error, without React's own frames, and no frame.
      const thrown = await run('@react.component\nlet make = () => {\n  let _ = JsError.throwWithMessage("render failed")\n  <p> {React.string("never")} </p>\n}\n');
      expect(await thrown.locator('.pg-run-status').textContent()).toMatch(/^Ran in \d+ ms$/);
      const lines = await printed(thrown);
      expect(lines).toHaveLength(1);
      const [level, text] = lines[0]!;
      expect(level).toBe('exception');
      expect(text).toMatch(/^ErrorUncaught Error: render failed/);
      expect(text).not.toContain('<anonymous>');
      expect(await thrown.locator('.pg-render').isHidden()).toBe(true);
      await thrown.context().close();

      const page = await run('let greeting = <p> {React.string("hi")} </p>\nConsole.log("ran")\n');
      expect(await page.locator('.pg-run-status').textContent()).toMatch(/^Ran in \d+ ms$/);
      expect(await printed(page)).toEqual([['log', 'ran']]);
      expect(await page.locator('.pg-panel-output .pg-banner').textContent()).toContain('module App');
      expect(await page.locator('.pg-render').isHidden()).toBe(true);
      await page.context().close();

      // Busy without a loop of its own (a regex that backtracks for minutes): the time limit stops it.
      const busy = await run('module App = {\n  @react.component\n  let make = () => React.null\n}\nConsole.log(/(a+)+b/->RegExp.test(String.repeat("a", 40) ++ "c"))\n');
      expect(await busy.locator('.pg-run-status').textContent()).toBe('Stopped after 5 s: the code was still running');
      expect(await busy.locator('.pg-render iframe').count()).toBe(0);
      await busy.locator('.pg-editor .cm-content').click();
      await busy.keyboard.type('// still here');
      expect(await editorText(busy)).toContain('// still here');
      await busy.context().close();
    });

    it('stops a loop that never ends in the frame after 1 s with an error of its own, at the top, in a render and in an event', async () => {
      const stopped = /^ErrorUncaught RangeError: A loop ran for more than 1 s and was stopped \(does it ever end\?\)/;
      const top = await run('module App = {\n  @react.component\n  let make = () => React.null\n}\nlet rec loop = () => loop()\nloop()\n');
      expect(await top.locator('.pg-run-status').textContent()).toMatch(/^Ran in \d+ ms$/);
      const [level, text] = (await printed(top))[0]!;
      expect(level).toBe('exception');
      expect(text).toMatch(stopped);
      await top.context().close();

      const render = await run('@react.component\nlet make = () => {\n  let rec spin = n => spin(n + 1)\n  let _ = spin(0)\n  <p> {React.string("never")} </p>\n}\n');
      expect(await render.locator('.pg-run-status').textContent()).toMatch(/^Ran in \d+ ms$/);
      expect((await printed(render)).map(([, t]) => t).join('\n')).toMatch(/RangeError: A loop ran for more than 1 s/);
      expect(await render.locator('.pg-render').isHidden()).toBe(true);
      await render.context().close();

      const code = [
        'module App = {',
        '  @react.component',
        '  let make = () => {',
        '    let (count, setCount) = React.useState(() => 0)',
        '    <div>',
        '      <button onClick={_ => {',
        '        let i = ref(0)',
        '        while i.contents >= 0 { i := i.contents + 1 }',
        '      }}> {React.string("spin")} </button>',
        '      <button onClick={_ => setCount(c => c + 1)}> {React.string(`count ${Int.toString(count)}`)} </button>',
        '    </div>',
        '  }',
        '}',
        '',
      ].join('\n');
      const page = await run(code);
      expect(await page.locator('.pg-run-status').textContent()).toMatch(/^Rendered in \d+ ms$/);
      const frame = page.frameLocator('.pg-render iframe');
      await frame.getByRole('button', { name: 'spin' }).click();
      await page.waitForFunction(() => document.querySelectorAll('.pg-console li').length === 1, undefined, { timeout: 10_000 });
      expect((await printed(page))[0]![1]).toMatch(stopped);
      // The component lives on.
      await frame.getByRole('button', { name: 'count 0' }).click();
      expect(await frame.getByRole('button', { name: /^count/ }).textContent()).toBe('count 1');
      await page.context().close();
    });

    it('runs again after each compile once the reader has run the code', async () => {
      const page = await run('Console.log("one")\n');
      expect(await printed(page)).toEqual([['log', 'one']]);
      await page.locator('.pg-editor .cm-content').click();
      await page.keyboard.press('Control+End');
      await page.keyboard.type('Console.log("two")\n');
      await page.waitForFunction(() => document.querySelectorAll('.pg-console li').length === 2, undefined, { timeout: 60_000 });
      expect(await printed(page)).toEqual([['log', 'one'], ['log', 'two']]);
      await page.context().close();
    });
  });

  it('passes axe (WCAG 2 A/AA, best practices) with problems shown, on a desktop (light) and a phone (dark)', async () => {
    const found: string[] = [];
    for (const [width, colorScheme] of [[1280, 'light'], [390, 'dark']] as const) {
      const context = await site.browser.newContext({ viewport: { width, height: 900 }, colorScheme });
      const page = await context.newPage();
      await page.goto(`${site.origin}/try?code=${compressToEncodedURIComponent('let x = 1\nlet y: string = x + 1\nlet f = a => {\n  let unused = 2\n  a\n}\n')}`);
      await page.waitForSelector('.pg-status-errors', { timeout: 60_000 });
      for (const tab of ['JavaScript', 'Output', 'Problems']) {
        await page.getByRole('tab', { name: new RegExp(tab) }).click();
        found.push(...(await axeViolations(page)).map((v) => `${width}px ${colorScheme} ${tab}: ${v}`));
      }
      await context.close();
    }
    expect(found).toEqual([]);
  }, 120_000);

  it('without its scripts shows the example as a code sample the keyboard can scroll, and passes axe', async () => {
    const context = await site.browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    // As a reader whose scripts did not load sees it (axe itself is injected afterwards).
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto(`${site.origin}/try`);
    const sample = page.locator('pre.pg-fallback');
    expect(await sample.textContent()).toBe(DEFAULT_EXAMPLE);
    expect(await sample.evaluate((el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight)).toBe(true);
    await sample.focus();
    expect(await sample.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
