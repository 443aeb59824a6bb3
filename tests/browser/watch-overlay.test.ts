// `serve --watch` in Debian's Chromium: a broken save shows the terminal's message in an overlay on
// every open page, the fix clears it; a page reloads only when its own output changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { bin, copyFixture } from '../helpers/cli.ts';
import { CHROMIUM } from '../helpers/browser.ts';

let root: string;
let child: ChildProcess;
let browser: Browser;
let origin: string;
let output = '';

async function waitFor(check: () => boolean, ms = 120_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out; output so far:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} not found: the browser tests need Debian's Chromium; they never download one`);
  root = copyFixture('watch');
  const port = 4900 + Math.floor(Math.random() * 90);
  origin = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, [bin, 'serve', '--watch', '--root', root, '--port', String(port)], { env: { ...process.env, NO_COLOR: '1' } });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  await waitFor(() => output.includes(`${origin}/`));
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
});

afterAll(async () => {
  await browser?.close();
  child?.kill();
});

/** Opens a page and marks its window: the mark is gone once the page reloaded. */
async function open(route: string): Promise<Page> {
  const page = await browser.newPage();
  const connected = page.waitForResponse((r) => r.url().includes('/__docsgen/events'));
  await page.goto(origin + route);
  await connected;
  await page.evaluate(() => ((window as unknown as { marked: boolean }).marked = true));
  return page;
}
const marked = (page: Page) => page.evaluate(() => (window as unknown as { marked?: boolean }).marked === true);

describe('serve --watch in the browser', () => {
  it('shows a broken edit in an overlay with the terminal’s message and clears it on the fix; other pages do not reload', async () => {
    const pipe = await open('/docs/manual/v1.0.0/pipe');
    const about = await open('/about');
    const file = path.join(root, 'content/docs/manual/v1.0.0/pipe.mdx');
    const original = readFileSync(file, 'utf8');

    const start = output.length;
    writeFileSync(file, original.replace('The pipe operator', 'The <Nope /> pipe operator'));
    const message = 'content/docs/manual/v1.0.0/pipe.mdx:6:5  error  Unknown component <Nope>';
    await waitFor(() => output.slice(start).includes(message));
    for (const page of [pipe, about]) {
      const overlay = page.getByRole('alert', { name: 'Build errors' });
      await expect.poll(() => overlay.textContent()).toContain(message);
      // With the terminal's hint, and a word on what the page shows.
      expect(await overlay.textContent()).toContain('Known components: CodeTab');
      expect(await overlay.textContent()).toContain('this page is the last good build');
    }
    // It can be put away to read the page underneath.
    await about.getByRole('button', { name: 'Hide' }).click();
    expect(await about.getByRole('alert', { name: 'Build errors' }).count()).toBe(0);

    writeFileSync(file, original.replace('passes the value', 'gives the value'));
    await expect.poll(() => pipe.getByRole('alert', { name: 'Build errors' }).count()).toBe(0);
    await expect.poll(() => pipe.locator('article').textContent()).toContain('gives the value');
    expect(await marked(pipe)).toBe(false); // reloaded: its output changed
    await expect.poll(() => about.getByRole('alert', { name: 'Build errors' }).count()).toBe(0);
    expect(await marked(about)).toBe(true); // not reloaded: its output did not change
  });
});
