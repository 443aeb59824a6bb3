// Browser test of site search: the search fixture built once, DocSearch's modal driven in Debian's
// Chromium. Everything answers from the embedded index the build wrote (no service).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openFixtureSite, type FixtureSite } from '../helpers/browser.ts';
import { startServer } from '../../src/serve/server.ts';

let site: FixtureSite | undefined;
let browser: Browser | undefined;
let origin = '';

beforeAll(async () => {
  site = await openFixtureSite('search');
  ({ browser, origin } = site);
});

afterAll(async () => {
  await site?.close();
});

/** The v1 docs read at their alias: hits under /docs/manual/v1.0.0/ are shown under /latest/. */
const PIPE = '/docs/manual/latest/pipe';
const INPUT = '.DocSearch-Input';

async function open(route = PIPE, viewport = { width: 1280, height: 900 }): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser!.newContext({ viewport });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.location().url.endsWith('/favicon.ico')) errors.push(m.text());
  });
  await page.goto(origin + route);
  return { context, page, errors };
}

async function hitTitles(page: Page): Promise<string[]> {
  await page.locator('.DocSearch-Hit').first().waitFor();
  return page.locator('.DocSearch-Hit a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
}

describe('site search', () => {
  it('shows a search button, opens on "/" with no recent searches, finds hits and Enter goes to the first', async () => {
    const { context, page, errors } = await open();
    const button = page.getByRole('button', { name: 'Search' });
    await expect(button.textContent()).resolves.toContain('Search');
    await page.keyboard.press('/');
    const input = page.locator(INPUT);
    await input.waitFor();
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await input.inputValue()).toBe(''); // the "/" opened the modal, it was not typed
    await expect(page.locator('.DocSearch-StartScreen').textContent()).resolves.toContain('No recent searches');
    await input.fill('promse');
    expect((await hitTitles(page))[0]).toBe('/docs/manual/latest/promise'); // v1 is read at its alias
    await page.keyboard.press('Enter');
    await page.waitForURL(`${origin}/docs/manual/latest/promise`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens on ctrl+K and the button, closes on Escape, and leaves "/" alone while typing in a field', async () => {
    const { context, page } = await open();
    await page.keyboard.press('Control+k');
    await page.locator(INPUT).waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.DocSearch-Modal').waitFor({ state: 'detached' });
    // Opened from the keyboard on the Search button, closed with Escape: focus is back on the button.
    const button = page.getByRole('button', { name: 'Search' });
    await button.focus();
    await page.keyboard.press('Enter');
    await page.locator(INPUT).waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.DocSearch-Modal').waitFor({ state: 'detached' });
    await expect.poll(() => button.evaluate((b) => b === document.activeElement)).toBe(true);
    await page.evaluate(() => {
      const field = document.createElement('input');
      field.setAttribute('aria-label', 'Name');
      document.querySelector('main')!.prepend(field);
      field.focus();
    });
    await page.keyboard.type('a/b');
    await page.keyboard.press('Control+k');
    expect(await page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('a/b');
    expect(await page.locator('.DocSearch-Modal').count()).toBe(0);
    await context.close();
  });

  it('keeps what is typed while the modal loads as its query, and calls the opening off on Escape', async () => {
    const { context, page, errors } = await open();
    // The modal's settings held back: the keys below are typed before its field exists, as on a
    // slow network (on this machine's loopback a 20 ms typist already lost the first letter).
    let release = () => {};
    let asked = 0;
    await page.route('**/search/config.json', async (route) => {
      asked++;
      await new Promise<void>((r) => (release = r));
      await route.continue();
    });
    await page.keyboard.press('/');
    await page.keyboard.type('promsx');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('e');
    await expect.poll(() => asked).toBe(1);
    expect(await page.locator(INPUT).count()).toBe(0);
    release();
    const input = page.locator(INPUT);
    await input.waitFor();
    expect(await input.inputValue()).toBe('promse');
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
    expect((await hitTitles(page))[0]).toBe('/docs/manual/latest/promise');
    await page.keyboard.type('s'); // typing goes on at the end of the query
    expect(await input.inputValue()).toBe('promses');

    // Escape while it loads: nothing opens, and the next "/" opens an empty modal.
    await page.goto(origin + PIPE);
    await page.keyboard.press('/');
    await page.keyboard.type('ab');
    await expect.poll(() => asked).toBe(2);
    await page.keyboard.press('Escape');
    release();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.DocSearch-Modal').count()).toBe(0);
    await page.keyboard.press('/');
    await input.waitFor();
    expect(await input.inputValue()).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('finds ReScript names and operators, API-style names and attributes', async () => {
    const { context, page } = await open();
    await page.keyboard.press('/');
    const input = page.locator(INPUT);
    await input.fill('->');
    expect(await hitTitles(page)).toContain('/docs/manual/latest/pipe');
    await input.fill('Array.map');
    expect((await hitTitles(page))[0]).toBe('/docs/manual/latest/pipe#reading-left-to-right');
    await input.fill('@module');
    expect((await hitTitles(page))[0]).toBe('/docs/manual/latest/pattern-matching#attributes');
    await context.close();
  });

  it('shows only the current docs version, with blog and community pages', async () => {
    const { context, page } = await open('/docs/manual/v2.0.0/pipe');
    await page.keyboard.press('/');
    const input = page.locator(INPUT);
    await input.fill('dictionary');
    expect(await hitTitles(page)).toEqual(['/docs/manual/v2.0.0/dictionaries']);
    await input.fill('slash key');
    expect(await hitTitles(page)).toEqual(['/blog/search-arrives']);
    await input.fill('promise'); // only in v1
    await page.locator('.DocSearch-NoResults').waitFor();
    await context.close();
  });

  it('shows the React docs\' guides on a manual page, and the manual\'s on a React page', async () => {
    const { context, page } = await open('/docs/manual/v2.0.0/pipe');
    await page.keyboard.press('/');
    await page.locator(INPUT).fill('useState');
    expect(await hitTitles(page)).toEqual(['/docs/react/latest/hooks#usestate']);
    await page.goto(`${site!.origin}/docs/react/latest/hooks`);
    await page.keyboard.press('/');
    await page.locator(INPUT).fill('pipe');
    // The newest manual (latest stands for v1.0.0), at the alias's address.
    expect((await hitTitles(page))[0]).toBe('/docs/manual/latest/pipe');
    await context.close();
  });

  it('says when nothing matches, with the "Let us know" link', async () => {
    const { context, page } = await open();
    await page.keyboard.press('/');
    await page.locator(INPUT).fill('xyzzyq');
    const screen = page.locator('.DocSearch-NoResults');
    await screen.waitFor();
    const text = (await screen.textContent()) ?? '';
    expect(text).toContain('No results for "xyzzyq"');
    expect(text).toContain('Believe this query should return results?');
    expect(await screen.getByRole('link', { name: 'Let us know.' }).getAttribute('href')).toBe('https://example.org/issues/new?title=xyzzyq');
    await context.close();
  });

  it('stores a chosen hit as a recent search under the index name and lists it next time', async () => {
    const { context, page } = await open();
    await page.keyboard.press('/');
    await page.locator(INPUT).fill('placeholders');
    await page.locator('.DocSearch-Hit').first().waitFor();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.hash === '#placeholders');
    await page.locator('.DocSearch-Modal').waitFor({ state: 'detached' });
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('__DOCSEARCH_RECENT_SEARCHES__fixture') ?? '[]') as { url: string }[]);
    expect(stored.map((s) => s.url)).toEqual(['/docs/manual/latest/pipe#placeholders']);
    await page.reload();
    await page.keyboard.press('/');
    await page.locator('.DocSearch-Hit-source', { hasText: 'Recent' }).waitFor();
    await context.close();
  });

  it('keeps the keyboard in the open dialog: Tab and Shift+Tab cycle through its controls, with or without a query', async () => {
    const { context, page } = await open();
    await page.keyboard.press('/');
    const input = page.locator(INPUT);
    await input.waitFor();
    const inModal = () => page.evaluate(() => !!document.activeElement?.closest('.DocSearch-Modal'));
    for (const query of ['', 'pipe']) {
      await input.fill(query);
      if (query) await page.locator('.DocSearch-Hit').first().waitFor();
      for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
        await page.keyboard.press(key);
        expect(await inModal(), `${key} with query "${query}"`).toBe(true);
      }
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.DocSearch-Modal').count()).toBe(0);
    await context.close();
  });

  it('is announced as a modal dialog, and axe finds nothing in it but what DocSearch\'s hit markup itself needs', async () => {
    const { context, page } = await open();
    await page.keyboard.press('/');
    await page.locator(INPUT).waitFor();
    const dialog = page.getByRole('dialog', { name: 'Search the docs' });
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    const audit = async () => {
      await page.addScriptTag({ content: AXE });
      const violations = (await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: { id: string }[] }> } }).axe;
        return (await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } })).violations.map((v) => v.id);
      })) as string[];
      // A hit is an option holding a link (DocSearch's markup): kept out of the tab order, which axe
      // still counts as nested.
      return violations.filter((id) => id !== 'nested-interactive');
    };
    expect(await audit()).toEqual([]);
    await page.locator(INPUT).fill('pipe');
    await page.locator('.DocSearch-Hit').first().waitFor();
    expect(await audit()).toEqual([]);
    expect(await page.locator('[role="option"] a[href]').first().getAttribute('tabindex')).toBe('-1');
    await context.close();
  });

  it('starts with the selected text, cut to 64 characters', async () => {
    const { context, page } = await open();
    await page.evaluate(() => {
      const p = document.createElement('p');
      p.id = 'long';
      p.textContent = 'pipe '.repeat(30);
      document.querySelector('main')!.append(p);
      const range = document.createRange();
      range.selectNodeContents(p);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
    });
    await page.keyboard.press('/');
    const value = await page.locator(INPUT).inputValue();
    expect(value).toBe('pipe '.repeat(30).slice(0, 64));
    await context.close();
  });

  it('snippets 10 words of text, 5 on a narrow screen', async () => {
    for (const [width, words] of [[1280, 10], [700, 5]] as const) {
      const { context, page } = await open(PIPE, { width, height: 900 });
      await page.keyboard.press('/');
      await page.locator(INPUT).fill('network');
      const title = page.locator('.DocSearch-Hit-title').first();
      await title.waitFor();
      const text = ((await title.textContent()) ?? '').replace(/…/g, ' ').trim();
      expect(text.split(/\s+/)).toHaveLength(words);
      expect(text).toContain('network');
      await context.close();
    }
  });

  it('stays open when a hit is chosen with a modifier key held', async () => {
    const { context, page } = await open();
    await page.keyboard.press('/');
    await page.locator(INPUT).fill('promise');
    const hit = page.locator('.DocSearch-Hit a').first();
    await hit.waitFor();
    const popup = context.waitForEvent('page');
    await hit.click({ modifiers: ['ControlOrMeta'] });
    await (await popup).close();
    expect(await page.locator('.DocSearch-Modal').count()).toBe(1);
    expect(page.url()).toBe(origin + PIPE);
    await context.close();
  });

  it('keeps the open modal’s text at 4.5:1 contrast in the light and dark schemes', async () => {
    const axe = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser!.newContext({ viewport: { width: 1280, height: 900 }, colorScheme });
      const page = await context.newPage();
      await page.goto(origin + PIPE);
      await page.keyboard.press('/');
      await page.locator(INPUT).fill('promise');
      await page.locator('.DocSearch-Hit[aria-selected="true"]').waitFor();
      await page.addScriptTag({ content: axe });
      const violations = await page.evaluate(async () => {
        const run = (window as unknown as { axe: { run(el: Element, o: object): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe.run;
        const result = await run(document.querySelector('.DocSearch-Modal')!, { runOnly: { type: 'rule', values: ['color-contrast'] } });
        return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')}`));
      });
      expect(violations, colorScheme).toEqual([]);
      await context.close();
    }
  });

  it('shows the error screen when the index cannot be fetched', async () => {
    const { context, page } = await open();
    await page.route(/\/search\/v1\.0\.0-\w+\.json$/, (route) => route.abort());
    await page.keyboard.press('/');
    await page.locator(INPUT).fill('pipe');
    const screen = page.locator('.DocSearch-ErrorScreen');
    await screen.waitFor();
    expect(await screen.textContent()).toContain('Unable to fetch results');
    expect(await screen.textContent()).toContain('You might want to check your network connection.');
    await context.close();
  });
});

/** docsgen servers on loopback ports acting as the hosted index's hosts; counts the searches each gets. */
async function hosts(count: number): Promise<{ origins: string[]; asked: number[]; stop(i: number): Promise<void>; close(): Promise<void> }> {
  const asked = Array.from({ length: count }, () => 0);
  const servers: (Server | undefined)[] = [];
  for (let i = 0; i < count; i++) {
    servers.push(
      await startServer({
        outDir: site!.outDir,
        host: '127.0.0.1',
        port: 0,
        handlers: [
          (req) => {
            if (req.method === 'POST' && req.url?.startsWith('/1/indexes/')) asked[i]!++;
            return false;
          },
        ],
      }),
    );
  }
  const origins = servers.map((s) => `http://127.0.0.1:${(s!.address() as AddressInfo).port}`);
  const stop = async (i: number) => {
    const s = servers[i];
    servers[i] = undefined;
    s?.closeAllConnections();
    await new Promise<void>((resolve) => (s ? s.close(() => resolve()) : resolve()));
  };
  return { origins, asked, stop, close: async () => void (await Promise.all(servers.map((_, i) => stop(i)))) };
}

/** The page reads its search settings from /search/config.json: here, a hosted index on `origins`. */
async function useHostedIndex(page: Page, origins: string[]): Promise<void> {
  await page.route(/\/search\/config\.json$/, async (route) => {
    const config = (await (await route.fetch()).json()) as Record<string, unknown>;
    await route.fulfill({ json: { ...config, provider: 'algolia', indexes: {}, algolia: { appId: 'fixture', apiKey: 'search-key', hosts: origins, insights: false } } });
  });
}

describe('site search with a hosted (Algolia-protocol) index', () => {
  it('asks the read host, fails over past hosts that are down, and never reads from the write host', async () => {
    const h = await hosts(5); // read, write, three fallbacks
    try {
      await h.stop(0);
      await h.stop(2);
      await h.stop(3);
      const { context, page } = await open();
      await useHostedIndex(page, h.origins);
      await page.keyboard.press('/');
      await page.locator(INPUT).fill('promse');
      expect((await hitTitles(page))[0]).toBe('/docs/manual/latest/promise');
      expect(h.asked[4]).toBeGreaterThan(0);
      expect(h.asked[1]).toBe(0);
      await context.close();
    } finally {
      await h.close();
    }
  });

  it('shows the error screen when no host answers', async () => {
    const h = await hosts(5);
    try {
      for (const i of [0, 2, 3, 4]) await h.stop(i);
      const { context, page } = await open();
      await useHostedIndex(page, h.origins);
      await page.keyboard.press('/');
      await page.locator(INPUT).fill('pipe');
      const screen = page.locator('.DocSearch-ErrorScreen');
      await screen.waitFor();
      expect(await screen.textContent()).toContain('Unable to fetch results');
      expect(h.asked[1]).toBe(0);
      await context.close();
    } finally {
      await h.close();
    }
  });
});
