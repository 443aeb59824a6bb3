// The /syntax-lookup page of the repository's own site in Debian's Chromium: fuzzy filtering as you
// type, clearing, `#id` deep links, keyboard use, accessible names, untrusted input, and the page
// without scripts. The site is built once for the file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import lz from 'lz-string';
import { CHROMIUM, scriptsReady } from '../helpers/browser.ts';
import { docsgen } from '../helpers/cli.ts';
import { startServer } from '../../src/serve/server.ts';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const ROUTE = '/syntax-lookup';

let server: Server | undefined;
let browser: Browser | undefined;
let origin = '';
let total = 0;

beforeAll(async () => {
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'docsgen-syntax-')), 'out');
  const build = docsgen(['build', '--out', out]);
  expect(build.code, build.stderr).toBe(0);
  total = (readFileSync(path.join(out, 'syntax-lookup.html'), 'utf8').match(/<details class="syntax-entry/g) ?? []).length;
  server = await startServer({ outDir: out, host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

interface Opened {
  context: BrowserContext;
  page: Page;
  problems: string[];
}

async function open(hash = '', options: { javaScriptEnabled?: boolean } = {}): Promise<Opened> {
  const context = await browser!.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (msg) => {
    // Chromium asks for a favicon on its own; the site has none.
    if (msg.type() === 'error' && !msg.location().url.endsWith('/favicon.ico')) problems.push(`console.error: ${msg.text()}`);
    if (/hydrat|did not match|mismatch/i.test(msg.text())) problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.goto(origin + ROUTE + hash);
  if (options.javaScriptEnabled !== false) {
    await page.waitForFunction(scriptsReady);
    await page.getByRole('searchbox', { name: 'Search syntax' }).waitFor();
  }
  return { context, page, problems };
}

const visibleIds = (page: Page) =>
  page.$$eval('details.syntax-entry', (els) => els.filter((el) => (el as HTMLElement).offsetParent !== null).map((el) => el.id));
const status = (page: Page) => page.locator('#syntax-search-status').textContent();
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.closest('details')?.id ?? document.activeElement?.id ?? '');

describe('syntax lookup in the browser', () => {
  it('filters as you type, best match first, and clearing restores every entry in order', async () => {
    const { context, page, problems } = await open();
    try {
      expect(total).toBeGreaterThanOrEqual(60);
      const all = await visibleIds(page);
      expect(all.length).toBe(total);
      const search = page.getByRole('searchbox', { name: 'Search syntax' });

      await search.pressSequentially('swithc'); // a typo
      await expect.poll(() => status(page)).toMatch(/^\d+ of \d+ entries match “swithc”\.$/);
      const typo = await visibleIds(page);
      expect(typo[0]).toBe('switch');
      expect(typo.length).toBeLessThan(10);
      // While searching, the matches are one ranked list: no categories, no category chips.
      expect(await page.locator('section.syntax-results').isVisible()).toBe(true);
      expect(await page.locator('section.syntax-category:visible').count()).toBe(0);
      expect(await page.locator('nav.syntax-categories').isVisible()).toBe(false);

      await search.fill('->');
      await expect.poll(() => visibleIds(page)).toEqual(['pipe']);
      await search.fill('@');
      await expect.poll(async () => (await visibleIds(page)).every((id) => id.endsWith('-decorator'))).toBe(true);

      await search.fill('zzzzqqq');
      await expect.poll(() => status(page)).toBe('No syntax matches “zzzzqqq”.');
      expect(await visibleIds(page)).toEqual([]);

      await page.getByRole('button', { name: 'Clear' }).click();
      await expect.poll(() => visibleIds(page)).toEqual(all);
      expect(await page.locator('section.syntax-category:visible').count()).toBe(6);
      expect(await page.locator('nav.syntax-categories').isVisible()).toBe(true);
      expect(await page.locator('section.syntax-results').isVisible()).toBe(false);
      expect(await search.inputValue()).toBe('');
      expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await status(page)).toBe(`${total} entries`);

      // Escape clears too, and the reordered lists go back to their order.
      await search.fill('pipe');
      await expect.poll(async () => (await visibleIds(page)).length).toBeLessThan(total);
      await search.press('Escape');
      await expect.poll(() => visibleIds(page)).toEqual(all);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('lists the entry a query names first, whatever its category, and nothing that only contains the query', async () => {
    const { context, page, problems } = await open();
    try {
      const search = page.getByRole('searchbox', { name: 'Search syntax' });
      await search.fill('let');
      await expect.poll(async () => (await visibleIds(page))[0]).toBe('let-binding');
      await search.fill('option');
      await expect.poll(async () => (await visibleIds(page))[0]).toBe('some-none');
      await search.fill('as');
      await expect.poll(async () => (await visibleIds(page)).slice(0, 2)).toEqual(['as-decorator', 'pattern-alias']);
      const as = await visibleIds(page);
      for (const id of ['set-decorator', 'new-decorator', 'get-decorator']) expect(as).not.toContain(id);
      expect(as.length).toBeLessThan(10);
      // Enter opens the best match.
      await search.fill('option');
      await expect.poll(async () => (await visibleIds(page))[0]).toBe('some-none');
      await search.press('Enter');
      expect(await focusedId(page)).toBe('some-none');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('opens the entry a #id deep link names and scrolls it into view, also on a later hash change', async () => {
    const { context, page, problems } = await open('#unboxed-decorator');
    try {
      const entry = page.locator('details#unboxed-decorator');
      await expect.poll(() => entry.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
      expect(await entry.locator('.syntax-body').isVisible()).toBe(true);
      expect(await entry.locator('summary').evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(900);
      expect(await entry.locator('summary').evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
      expect(await focusedId(page)).toBe('unboxed-decorator');
      // Other entries stay closed; the code blocks' script needs no setup per block, so this one's tabs
      // and buttons work as it opens (listeners on the document).
      expect(await page.locator('details.syntax-entry[open]').count()).toBe(1);
      const rescriptTab = entry.getByRole('tab', { name: 'ReScript' });
      const jsTab = entry.getByRole('tab', { name: 'JS Output' });
      const playground = entry.locator('.playground-link');
      await jsTab.click();
      expect(await jsTab.getAttribute('aria-selected')).toBe('true');
      expect(await entry.getByRole('tabpanel').textContent()).toContain('function describe(value)');
      expect(await playground.isHidden()).toBe(true);
      await page.keyboard.press('ArrowRight'); // wraps to the first tab
      expect(await rescriptTab.getAttribute('aria-selected')).toBe('true');
      expect(await rescriptTab.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await playground.isVisible()).toBe(true);
      const code = new URL((await playground.getAttribute('href'))!, origin).searchParams.get('code') ?? '';
      expect(lz.decompressFromEncodedURIComponent(code)).toBe((await entry.getByRole('tabpanel').locator('pre').textContent())!);

      // A link to an entry the current search hides clears the search, then opens the entry.
      await page.getByRole('searchbox', { name: 'Search syntax' }).fill('pipe');
      await expect.poll(() => page.locator('details#builtin-ref').isVisible()).toBe(false);
      await page.evaluate(() => (window.location.hash = '#builtin-ref'));
      const ref = page.locator('details#builtin-ref');
      await expect.poll(() => ref.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
      expect(await ref.isVisible()).toBe(true);
      expect(await page.getByRole('searchbox', { name: 'Search syntax' }).inputValue()).toBe('');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('opens an entry from the link the editor extension\'s hover makes, and from an entry\'s old id', async () => {
    const { context, page, problems } = await open('#module-decorator');
    try {
      const opened = () => page.$$eval('details.syntax-entry[open]', (els) => els.map((el) => el.id));
      await expect.poll(opened).toEqual(['module-decorator']);
      // An old id is an alias: it opens the entry, and the address bar shows the entry's own id.
      await page.evaluate(() => (window.location.hash = '#decorator-as'));
      await expect.poll(() => page.locator('details#as-decorator').evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
      expect(new URL(page.url()).hash).toBe('#as-decorator');
      expect(await focusedId(page)).toBe('as-decorator');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('reopens an entry from a link to the hash the address already has', async () => {
    const { context, page, problems } = await open('#builtin-throw');
    try {
      const exception = page.locator('details#exception');
      await page.evaluate(() => (window.location.hash = '#exception'));
      await expect.poll(() => exception.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
      await exception.locator('summary').click(); // the reader closes it
      expect(await exception.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
      // builtin-throw's text links to #exception, the hash the address has: no hashchange comes.
      await page.locator('details#builtin-throw a[href="/syntax-lookup#exception"]').first().click();
      await expect.poll(() => exception.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
      expect(await focusedId(page)).toBe('exception');
      // Again, after closing it a second time.
      await exception.locator('summary').click();
      expect(await exception.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
      await page.locator('details#builtin-throw a[href="/syntax-lookup#exception"]').first().click();
      await expect.poll(() => exception.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('says so when the hash names no entry, and searches for the words of the id', async () => {
    const { context, page, problems } = await open('#raises-decorator');
    try {
      const note = page.locator('.syntax-hash-note');
      await expect.poll(() => note.textContent()).toBe('No entry has the id “#raises-decorator”. Showing what matches “raises”.');
      expect(await note.getAttribute('role')).toBe('status');
      expect(await page.getByRole('searchbox', { name: 'Search syntax' }).inputValue()).toBe('raises');
      // A known entry's hash takes the note away.
      await page.evaluate(() => (window.location.hash = '#switch'));
      await expect.poll(() => note.textContent()).toBe('');
      await expect.poll(() => page.locator('details#switch').evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
      // A category is no entry, but it is on the page: no note.
      await page.evaluate(() => (window.location.hash = '#category-operators'));
      await page.waitForTimeout(50);
      expect(await note.textContent()).toBe('');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('works with the keyboard: arrow down to the results, Enter opens, Escape clears', async () => {
    const { context, page, problems } = await open();
    try {
      const search = page.getByRole('searchbox', { name: 'Search syntax' });
      await page.keyboard.press('Tab'); // skip link
      for (let i = 0; i < 40 && !(await search.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
      expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);

      await page.keyboard.type('exception');
      await expect.poll(async () => (await visibleIds(page))[0]).toBe('exception');
      await page.keyboard.press('ArrowDown');
      expect(await focusedId(page)).toBe('exception');
      expect(await page.locator('details#exception').evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
      await page.keyboard.press('Enter'); // a summary toggles its entry
      expect(await page.locator('details#exception').evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);

      await search.fill('raw');
      await search.press('Enter'); // opens the first result and moves to it
      const first = (await visibleIds(page))[0]!;
      expect(await focusedId(page)).toBe(first);
      expect(await page.locator(`details#${first}`).evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('treats the search text and the hash as text: nothing is injected or run', async () => {
    const payload = '<img src=x onerror="window.__pwned=1">';
    const { context, page, problems } = await open(`#${encodeURIComponent(payload)}`);
    try {
      await page.getByRole('searchbox', { name: 'Search syntax' }).fill(payload);
      await expect.poll(() => status(page)).toBe(`No syntax matches “${payload}”.`);
      await page.evaluate(() => (window.location.hash = '#"]),body{x:y}'));
      await page.waitForTimeout(0);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      expect(await page.locator('article img').count()).toBe(0);
      expect(await page.locator('details.syntax-entry[open]').count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('gives every control an accessible name and passes axe (WCAG 2.x A/AA)', async () => {
    const { context, page } = await open('#pipe');
    try {
      expect(await page.getByRole('search').count()).toBe(1);
      expect(await page.getByRole('navigation', { name: 'Categories' }).getByRole('link').count()).toBe(6);
      expect(await page.getByRole('link', { name: 'Link to -> (pipe)' }).count()).toBe(1);
      await page.addScriptTag({ content: AXE });
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run(ctx: object, o: object): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
        // Highlighted code (thousands of spans) is audited on the fixture pages (a11y.test.ts).
        const r = await axe.run({ exclude: [['pre']] }, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
        return r.violations.map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
      });
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('lists every entry without scripts, with the search box hidden and entries that still open', async () => {
    const { context, page } = await open('', { javaScriptEnabled: false });
    try {
      expect((await visibleIds(page)).length).toBe(total);
      expect(await page.locator('form.syntax-search').isVisible()).toBe(false);
      await page.locator('details#switch summary').click();
      expect(await page.locator('details#switch .syntax-body').isVisible()).toBe(true);
      // Chromium opens the closed entry around a fragment's target, an alias's anchor too.
      await page.goto(`${origin}${ROUTE}#decorator-as`);
      await expect.poll(() => page.locator('details#as-decorator').evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
    } finally {
      await context.close();
    }
  });
});
