// Browser test of the site's own pages (landing, blog, packages) on the repository's site, built
// once, served by docsgen's server and driven in Debian's Chromium through playwright-core.
import { mkdtempSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import lz from 'lz-string';
import { CHROMIUM, scriptsReady } from '../helpers/browser.ts';
import { docsgen, repo } from '../helpers/cli.ts';
import { startServer } from '../../src/serve/server.ts';

const landing = JSON.parse(readFileSync(path.join(repo, 'config', 'landing.json'), 'utf8')) as {
  example: { res: string };
  community: { carousel: { intervalMs: number; images: unknown[] } };
};
const site = JSON.parse(readFileSync(path.join(repo, 'config', 'site.json'), 'utf8')) as { url: string };
const packages = (JSON.parse(readFileSync(path.join(repo, 'config', 'packages.json'), 'utf8')) as { packages: { name: string; official: boolean; description: string; keywords?: string[] }[] }).packages;

let browser: Browser | undefined;
let server: Server | undefined;
let origin = '';

beforeAll(async () => {
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'docsgen-pages-')), 'out');
  const build = docsgen(['build', '--out', out]);
  expect(build.code, build.stderr).toBe(0);
  server = await startServer({ outDir: out, host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
});

interface Opened {
  context: BrowserContext;
  page: Page;
  problems: string[];
}

async function open(route: string, options: { clipboard?: boolean; fakeClock?: boolean; javaScript?: boolean } = {}): Promise<Opened> {
  const context = await browser!.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: options.javaScript ?? true });
  if (options.clipboard) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (msg) => {
    if ((msg.type() === 'error' && !/status of 404/.test(msg.text())) || /hydrat/i.test(msg.text())) problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  // A missing image, script or site icon is a problem.
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`${res.status()} ${res.url()}`);
  });
  if (options.fakeClock) await page.clock.install();
  await page.goto(origin + route);
  if (options.javaScript !== false) {
    await page.waitForFunction(scriptsReady);
  }
  return { context, page, problems };
}

/** Pauses the fake clock so timers fire only when the test advances time. */
async function pauseClock(page: Page): Promise<void> {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
}

describe('the landing page', () => {
  it('lines up the items of each row of its grids and draws one rule between sections', async () => {
    const { context, page, problems } = await open('/');
    const rows = await page.evaluate(() =>
      ['.logo-grid > li', '.resource-grid > li'].map((selector) => {
        const tops = [...document.querySelectorAll(selector)].map((li) => li.getBoundingClientRect().top);
        return { selector, count: tops.length, rows: new Set(tops.map(Math.round)).size };
      }),
    );
    // Six logos in a row, six cards in two rows of three, at 1280 px.
    expect(rows).toEqual([
      { selector: '.logo-grid > li', count: 6, rows: 1 },
      { selector: '.resource-grid > li', count: 6, rows: 2 },
    ]);
    // A section's heading draws no rule of its own under the section's.
    const ruled = await page.evaluate(() => [...document.querySelectorAll('.landing h2')].filter((h) => getComputedStyle(h).borderTopStyle !== 'none').length);
    expect(ruled).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('links to the installation guide, build performance, the forum and the curated resources', async () => {
    const { context, page, problems } = await open('/');
    try {
      const hrefs = await page.locator('main a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      expect(await page.getByRole('link', { name: 'Get started' }).getAttribute('href')).toBe('/docs/manual/latest/installation');
      expect(hrefs).toContain('/docs/manual/latest/build-performance');
      expect(await page.getByRole('link', { name: 'Join our Forum' }).getAttribute('href')).toMatch(/^https:\/\/forum\./);
      expect(await page.getByRole('link', { name: 'Add Your Logo' }).count()).toBe(1);
      const cards = await page.locator('.resource-card h3 a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      expect(cards.slice(0, 4)).toEqual([
        '/docs/manual/latest/introduction',
        '/docs/react/latest/introduction',
        '/docs/manual/latest/installation#integrate-into-an-existing-js-project',
        '/docs/manual/latest/typescript-integration',
      ]);
      expect(cards.slice(4).every((h) => h?.startsWith('https://'))).toBe(true);
      expect(await page.locator('.logo-grid img').count()).toBeGreaterThan(3);
      // Every internal link of the page leads to a page of the site.
      for (const href of new Set(hrefs.filter((h): h is string => !!h && h.startsWith('/')))) {
        const res = await page.request.get(origin + href.replace(/#.*$/, ''));
        expect(res.status(), href).toBe(200);
      }
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('opens its example in the playground: the link, built on the client, carries the example', async () => {
    const { context, page, problems } = await open('/');
    try {
      const link = page.getByRole('link', { name: /Edit this example in the Playground/ });
      await expect.poll(() => link.getAttribute('href')).toMatch(/^\/try\?code=/);
      const url = new URL((await link.getAttribute('href'))!, origin);
      expect(lz.decompressFromEncodedURIComponent(url.searchParams.get('code') ?? '')).toBe(landing.example.res);
      await link.click();
      await page.waitForURL(/\/try\?code=/);
      expect(new URL(page.url()).searchParams.get('code')).toBe(url.searchParams.get('code'));
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('copies an install command and shows "Copied!" for 2 s, the button disabled meanwhile', async () => {
    const { context, page, problems } = await open('/', { clipboard: true, fakeClock: true });
    try {
      const command = page.locator('.copy-command', { hasText: 'npm install rescript' });
      const button = command.getByRole('button', { name: 'Copy "npm install rescript"' });
      const badge = command.locator('[role="status"]');
      expect(await badge.textContent()).toBe('');
      await pauseClock(page);
      await button.click();
      await expect.poll(() => badge.textContent()).toBe('Copied!');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('npm install rescript');
      expect(await button.isDisabled()).toBe(true);
      expect(await button.evaluate((b) => b === document.activeElement)).toBe(true); // focus kept
      expect(await badge.isVisible()).toBe(true);
      await page.clock.runFor(1_900);
      expect(await badge.textContent()).toBe('Copied!');
      await page.clock.runFor(200);
      await expect.poll(() => badge.textContent()).toBe('');
      expect(await button.isEnabled()).toBe(true);
      // The other command has its own button and badge.
      const other = page.locator('.copy-command', { hasText: 'npx create-rescript-app' });
      await other.getByRole('button').click();
      await expect.poll(() => other.locator('[role="status"]').textContent()).toBe('Copied!');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('npx create-rescript-app');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('cycles the carousel on its timer and wraps; clicking the image advances; an indicator selects', async () => {
    const { context, page, problems } = await open('/', { fakeClock: true });
    try {
      const { intervalMs, images } = landing.community.carousel;
      expect(images.length).toBe(3);
      const carousel = page.locator('.carousel');
      const current = async () => Number(await carousel.getAttribute('data-current'));
      const indicators = page.getByRole('group', { name: 'Choose an image' }).getByRole('button');
      expect(await indicators.count()).toBe(3);
      expect(await indicators.nth(1).getAttribute('aria-label')).toBe('Show image 2 of 3');
      // The cross-fade takes 1000 ms.
      expect(await page.locator('.carousel-image').first().evaluate((el) => getComputedStyle(el).transitionDuration)).toBe('1s');

      await pauseClock(page);
      // Pausing and playing restarts the timer at a known time (the page ran in real time so far).
      await page.getByRole('button', { name: 'Pause slideshow' }).click();
      await page.getByRole('button', { name: 'Play slideshow' }).click();
      const start = await current();
      const after = (n: number) => (start + n) % images.length;
      await page.clock.runFor(intervalMs - 100);
      expect(await current()).toBe(start);
      await page.clock.runFor(200);
      await expect.poll(current).toBe(after(1));
      await page.clock.runFor(intervalMs);
      await expect.poll(current).toBe(after(2));
      await page.clock.runFor(intervalMs);
      await expect.poll(current).toBe(after(3)); // wrapped round to where it started
      await indicators.nth(2).click();
      await expect.poll(current).toBe(2);
      await page.clock.runFor(intervalMs);
      await expect.poll(current).toBe(0); // from the last image to the first

      await page.locator('.carousel-stage').click();
      await expect.poll(current).toBe(1);
      expect(await page.locator('.carousel-image.is-current').getAttribute('src')).toBe(await page.locator('.carousel-image').nth(1).getAttribute('src'));

      await indicators.nth(2).click();
      await expect.poll(current).toBe(2);
      expect(await indicators.nth(2).getAttribute('aria-current')).toBe('true');
      await indicators.nth(0).click();
      await expect.poll(current).toBe(0);

      // Paused, it stays put.
      await page.getByRole('button', { name: 'Pause slideshow' }).click();
      await page.clock.runFor(intervalMs * 2);
      expect(await current()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('starts the carousel paused, without the fade, for readers who ask for reduced motion', async () => {
    const context = await browser!.newContext({ reducedMotion: 'reduce' });
    try {
      const page = await context.newPage();
      await page.clock.install();
      await page.goto(`${origin}/`);
      await page.waitForFunction(() => document.querySelector('.carousel')?.closest('[data-island]')?.hasAttribute('data-hydrated'));
      await expect.poll(() => page.locator('.carousel').getAttribute('data-auto')).toBe('off');
      await page.clock.runFor(landing.community.carousel.intervalMs * 2);
      expect(await page.locator('.carousel').getAttribute('data-current')).toBe('0');
      expect(await page.locator('.carousel-image').first().evaluate((el) => getComputedStyle(el).transitionDuration)).toBe('0s');
    } finally {
      await context.close();
    }
  });
});

describe('card grids', () => {
  it.each([
    ['/community/overview', '.community-content ul > li'],
    ['/packages', '.package-list > li'],
  ])('%s: the items of each row of %s start at the same height', async (route, selector) => {
    const { context, page } = await open(route);
    const rows = await page.evaluate((sel) => {
      // Items whose tops are within 20 px of each other share a row; a row's tops must be equal.
      const tops = [...document.querySelectorAll(sel)].map((el) => el.getBoundingClientRect().top).sort((a, b) => a - b);
      const groups: number[][] = [];
      for (const top of tops) {
        const row = groups.at(-1);
        if (row && top - row[0]! < 20) row.push(top);
        else groups.push([top]);
      }
      return { items: tops.length, uneven: groups.filter((g) => Math.max(...g) - Math.min(...g) > 0.5).length, wide: groups.some((g) => g.length > 1) };
    }, selector);
    expect(rows.items).toBeGreaterThan(3);
    expect(rows.wide).toBe(true);
    expect(rows.uneven).toBe(0);
    await context.close();
  });
});

describe('the blog', () => {
  it('lists posts newest first with US-English short dates, and its feed is valid RSS 2.0 with absolute links', async () => {
    const { context, page, problems } = await open('/blog');
    try {
      const dates = await page.locator('.blog-list time').evaluateAll((ts) => ts.map((t) => [t.getAttribute('datetime')!, t.textContent!]));
      expect(dates.length).toBeGreaterThanOrEqual(5);
      const iso = dates.map(([d]) => d);
      expect(iso).toEqual([...iso].sort().reverse());
      for (const [d, shown] of dates) {
        expect(shown).toBe(new Date(`${d}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }));
        expect(shown).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
      }
      expect(await page.locator('link[rel="alternate"][type="application/rss+xml"]').getAttribute('href')).toBe('/blog/feed.xml');
      const listed = await page.locator('.blog-list h2 a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));

      const feed = await page.evaluate(async () => {
        const xml = await (await fetch('/blog/feed.xml')).text();
        const doc = new DOMParser().parseFromString(xml, 'application/xml');
        return {
          error: doc.querySelector('parsererror')?.textContent ?? null,
          version: doc.documentElement.getAttribute('version'),
          root: doc.documentElement.nodeName,
          channel: ['title', 'link', 'description'].map((n) => doc.querySelector(`channel > ${n}`)?.textContent ?? ''),
          items: Array.from(doc.querySelectorAll('item'), (i) => ({
            title: i.querySelector('title')?.textContent ?? '',
            link: i.querySelector('link')?.textContent ?? '',
            pubDate: i.querySelector('pubDate')?.textContent ?? '',
          })),
        };
      });
      expect(feed.error).toBeNull();
      expect(feed.root).toBe('rss');
      expect(feed.version).toBe('2.0');
      expect(feed.channel.every((v) => v.length > 0)).toBe(true);
      expect(feed.items.length).toBe(Math.min(10, listed.length));
      expect(feed.items.map((i) => i.link)).toEqual(listed.slice(0, 10).map((h) => site.url + h));
      for (const item of feed.items) {
        expect(item.title.length).toBeGreaterThan(0);
        expect(Number.isNaN(Date.parse(item.pubDate))).toBe(false);
      }
      // A post shows its date, author and badge.
      await page.locator('.blog-list h2 a').first().click();
      await page.waitForURL(new RegExp(`${listed[0]}$`));
      expect(await page.locator('.blog-post-head time').textContent()).toBe(dates[0]![1]);
      expect(await page.locator('.blog-post-head .blog-author').textContent()).toMatch(/^By \S/);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the packages page', () => {
  it('filters by text and by official or community', async () => {
    const { context, page, problems } = await open('/packages');
    try {
      const names = () => page.locator('.package-card h2').allTextContents();
      expect((await names()).length).toBe(packages.length);
      const search = page.getByRole('searchbox', { name: 'Filter packages' });
      await search.fill('graphql');
      const graphql = packages.filter((p) => `${p.name} ${p.description} ${(p.keywords ?? []).join(' ')}`.toLowerCase().includes('graphql'));
      await expect.poll(names).toEqual(expect.arrayContaining(graphql.map((p) => p.name)));
      expect((await names()).length).toBe(graphql.length);
      expect(await page.getByRole('status').textContent()).toBe(`${graphql.length} of ${packages.length} packages`);

      await search.fill('');
      await page.getByRole('radio', { name: 'Official' }).check();
      await expect.poll(async () => (await names()).length).toBe(packages.filter((p) => p.official).length);
      await page.getByRole('radio', { name: 'Community' }).check();
      await expect.poll(async () => (await names()).length).toBe(packages.filter((p) => !p.official).length);
      expect(await page.locator('.badge-official').count()).toBe(0);

      await search.fill('no such package anywhere');
      await expect.poll(async () => (await names()).length).toBe(0);
      expect(await page.getByText('No package matches').count()).toBe(1);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('lists every package without JavaScript, and hides the controls that could not work', async () => {
    const { context, page } = await open('/packages', { javaScript: false });
    try {
      expect(await page.locator('.package-card').count()).toBe(packages.length);
      expect(await page.getByRole('searchbox').isVisible()).toBe(false);
    } finally {
      await context.close();
    }
  });
});

describe('the API reference', () => {
  it('leads from a type in a signature to its definition, by mouse or keyboard, on the alias too', async () => {
    const { context, page, problems } = await open('/docs/manual/latest/api/core/array');
    try {
      // A type of another module: its page, scrolled to the type's heading.
      await page.locator('#value-fromIterator ~ .code-sig a.code-ref', { hasText: 'Iterator.t' }).first().click();
      await page.waitForURL('**/docs/manual/latest/api/core/iterator#type-t');
      const heading = await page.locator('#type-t').boundingBox();
      expect(heading!.y).toBeGreaterThanOrEqual(0);
      expect(heading!.y).toBeLessThan(900 / 2);
      // The module's own type, from the keyboard: an anchor on the same page.
      await page.goto(`${origin}/docs/manual/v12.0.0/api/belt/map`);
      const own = page.locator('#value-get ~ .code-sig a.code-ref', { hasText: /^t$/ }).first();
      await own.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL('**/docs/manual/v12.0.0/api/belt/map#type-t');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
