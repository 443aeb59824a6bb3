// Browser test of the client's interactive parts on the built dialect fixture, served by docsgen's
// own server and driven in Debian's Chromium through playwright-core: the code blocks (copy button,
// code tabs, playground link: plain script, src/client/code-blocks.ts) and the hydration of the
// islands that remain React (the syntax lookup's search box).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import lz from 'lz-string';
import { openFixtureSite, scriptsReady, type FixtureSite } from '../helpers/browser.ts';

/** CI installs Debian's package (`apt-get install -y chromium`); the suite never downloads a browser. */
const ROUTE = '/docs/manual/v1.0.0/dialect';
const SYNTAX_ROUTE = '/syntax-lookup';
/** The page's `res prelude` block: hidden, but sent to the playground ahead of every example. */
const PRELUDE = 'let greeting = "hello"';
const EXAMPLE_CODE = 'let a = 1\nlet b = 2\nlet c = a + b\nConsole.log(c)';
const RESCRIPT_TAB_CODE = 'let sum = 1 + 2';
const JS_TAB_CODE = 'let sum = 3;';
const COPY_NAME = 'Copy code to clipboard';
const PLAYGROUND_NAME = 'Run in playground';
/**
 * 404s that are not script errors: media the fixture references but does not ship, the favicon
 * Chromium requests on its own (the fixture site has none), and the pages the shell prefetches when
 * a link to them is hovered or focused that the fixture does not have (its home page, /try).
 */
const EXPECTED_404S = ['/img/logo.svg', '/media/demo.mp4', '/favicon.ico', '/', '/try'];

let site: FixtureSite | undefined;
let browser: Browser | undefined;
let origin = '';

beforeAll(async () => {
  site = await openFixtureSite();
  ({ browser, origin } = site);
});

afterAll(async () => {
  await site?.close();
});

interface Opened {
  context: BrowserContext;
  page: Page;
  /** Console errors, hydration warnings and uncaught page errors, in order. */
  problems: string[];
  /** Paths of the scripts the page loaded. */
  scripts: string[];
}

/** A fresh context and page at `route` that record every console error, hydration warning and uncaught error. */
async function open(
  options: { route?: string; clipboard?: boolean; fakeClock?: boolean; init?: () => void; html?: (html: string) => string } = {},
): Promise<Opened> {
  const route = options.route ?? ROUTE;
  const context = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
  if (options.clipboard) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (msg) => {
    const expected404 = /status of 404/.test(msg.text()) && EXPECTED_404S.some((p) => msg.location().url === origin + p);
    if (msg.type() === 'error' && !expected404) problems.push(`console.error: ${msg.text()} (${msg.location().url})`);
    if (msg.type() === 'warning' && /hydrat|did not match|mismatch/i.test(msg.text())) problems.push(`console.warn: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  if (options.init) await page.addInitScript(options.init);
  if (options.html) {
    const rewrite = options.html;
    await page.route(origin + route, async (r) => {
      const response = await r.fetch();
      await r.fulfill({ response, body: rewrite(await response.text()) });
    });
  }
  if (options.fakeClock) await page.clock.install();
  await page.goto(origin + route);
  await page.waitForFunction(scriptsReady);
  return { context, page, problems, scripts };
}

/** Pauses the page's fake clock so a timer fires only when the test advances time. */
async function pauseClock(page: Page): Promise<void> {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
/** The "Copied to clipboard" notice (matched by text, so an always-present, empty live region would also pass). */
const copiedNotice = (scope: Page | Locator) => scope.getByRole('status').filter({ hasText: 'Copied to clipboard' });
const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);
/** The copy button's icon, per state: a copy symbol, a check mark, a cross. */
const ICONS = { initial: 'M5 5V2.5h8.5V11H11M2.5 5H11v8.5H2.5z', copied: 'M13.5 4 6 11.5 2.5 8', failed: 'M4 4l8 8M12 4l-8 8' };
const icon = (button: Locator) => button.locator('svg path').getAttribute('d');

/** The single (non-tab) code block whose code contains `text`. */
function codeBlock(page: Page, text: string): Locator {
  return page.locator('article .code-block:not(.code-tabs)', { has: page.locator('pre', { hasText: text }) });
}

/** The code that the playground link of `link` opens, decompressed from its href. */
async function playgroundCode(link: Locator): Promise<string> {
  const href = (await link.getAttribute('href')) ?? '';
  // The page documents release v1.0.0 of the compiler: the playground is told where the code is from.
  expect(href.startsWith('/try?from=v1.0.0&code=')).toBe(true);
  const url = new URL(href, origin);
  return lz.decompressFromEncodedURIComponent(url.searchParams.get('code') ?? '');
}

describe('islands', () => {
  it('hydrates the island of a page without console errors or hydration warnings', async () => {
    const { context, page, problems } = await open({ route: SYNTAX_ROUTE });
    try {
      expect(await page.locator('[data-island]').count()).toBe(1);
      expect(await page.locator('[data-island="SyntaxSearch"][data-hydrated]').count()).toBe(1);
      // Hydrated: the search box, hidden in the server's markup, is shown.
      expect(await page.getByRole('searchbox', { name: 'Search syntax' }).isVisible()).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('would notice a hydration mismatch (the console check is not vacuous)', async () => {
    // The client renders the label from the component; the server HTML is edited so the two disagree.
    const { context, problems } = await open({ route: SYNTAX_ROUTE, html: (html) => html.replace('>Search syntax</label>', '>Search syntx</label>') });
    try {
      await expect.poll(() => problems.length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(problems.join('\n')).toMatch(/hydrat|did not match|#418|#425/i);
    } finally {
      await context.close();
    }
  });
});

describe('code blocks in the browser', () => {
  it('works the code blocks of a docs page with plain script: no island, no React, no console errors', async () => {
    const { context, page, problems, scripts } = await open();
    try {
      expect(await page.locator('article .code-block:not(.code-tabs)').count()).toBe(8);
      expect(await page.locator('article .code-tabs').count()).toBe(1);
      expect(await page.locator('[data-island]').count()).toBe(0);
      expect(await page.locator('script[type="module"][src^="/assets/islands-"]').count()).toBe(1);
      // React's client names the devtools hook; none of the page's scripts may carry it.
      const withReact = scripts.filter((f) => readFileSync(path.join(site!.outDir, f), 'utf8').includes('__REACT_DEVTOOLS_GLOBAL_HOOK__'));
      expect(scripts.length).toBeGreaterThan(1);
      expect(withReact).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('copies a code block, shows "Copied to clipboard" with the button disabled, and resets after 3 s', async () => {
    const { context, page, problems } = await open({ clipboard: true, fakeClock: true });
    try {
      const block = codeBlock(page, 'Console.log(c)');
      expect(await block.count()).toBe(1);
      expect(await block.locator('pre').textContent()).toBe(EXAMPLE_CODE);
      const button = block.getByRole('button', { name: COPY_NAME });
      expect(await button.getAttribute('data-state')).toBe('initial');
      expect(await button.isEnabled()).toBe(true);
      expect(await copiedNotice(block).count()).toBe(0);
      await page.evaluate(() => navigator.clipboard.writeText('something else'));

      await pauseClock(page);
      await button.click();
      await expect.poll(() => button.getAttribute('data-state')).toBe('copied');
      expect(await clipboard(page)).toBe(EXAMPLE_CODE);
      expect(await button.isDisabled()).toBe(true);
      // Disabled without losing keyboard focus (the `disabled` property sent focus to the page).
      expect(await button.evaluate((b) => b === document.activeElement)).toBe(true);
      await page.evaluate(() => navigator.clipboard.writeText('something else'));
      await button.click({ force: true });
      expect(await clipboard(page)).toBe('something else'); // no second copy while it says copied
      const notice = copiedNotice(block);
      expect(await notice.count()).toBe(1);
      expect(await notice.isVisible()).toBe(true);
      expect((await notice.textContent())?.trim()).toBe('Copied to clipboard');
      expect(await icon(button)).toBe(ICONS.copied);

      await page.clock.runFor(2_900);
      expect(await button.getAttribute('data-state')).toBe('copied');
      expect(await button.isDisabled()).toBe(true);
      expect(await copiedNotice(block).count()).toBe(1);

      await page.clock.runFor(200);
      await expect.poll(() => button.getAttribute('data-state')).toBe('initial');
      expect(await button.isEnabled()).toBe(true);
      expect(await copiedNotice(block).count()).toBe(0);
      expect(await icon(button)).toBe(ICONS.initial);
      expect(await button.getAttribute('aria-label')).toBe(COPY_NAME);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('enters the failed state without a notice when the clipboard rejects, and lets the user retry', async () => {
    const { context, page, problems } = await open({
      init: () => {
        const attempts: string[] = [];
        (window as unknown as { clipboardAttempts: string[] }).clipboardAttempts = attempts;
        Object.defineProperty(navigator.clipboard, 'writeText', {
          configurable: true,
          value: (text: string) => {
            attempts.push(text);
            return Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
          },
        });
      },
    });
    try {
      const block = codeBlock(page, 'Console.log(c)');
      const button = block.locator('.copy-button');
      const attempts = () => page.evaluate(() => (window as unknown as { clipboardAttempts: string[] }).clipboardAttempts);

      await button.click();
      await expect.poll(() => button.getAttribute('data-state')).toBe('failed');
      expect(await attempts()).toEqual([EXAMPLE_CODE]);
      expect(await button.isEnabled()).toBe(true);
      expect(await copiedNotice(page).count()).toBe(0);
      expect(await page.getByText('Copied to clipboard').count()).toBe(0);
      expect(await button.getAttribute('aria-label')).toBe('Copying failed, try again');
      expect(await button.getAttribute('title')).toBe('Copying failed');
      expect(await icon(button)).toBe(ICONS.failed);

      await button.click();
      await expect.poll(attempts).toEqual([EXAMPLE_CODE, EXAMPLE_CODE]);
      expect(await button.getAttribute('data-state')).toBe('failed');
      expect(await copiedNotice(page).count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('links a res example block to the playground with the prelude and its code, and no other block', async () => {
    const { context, page, problems } = await open();
    try {
      const link = codeBlock(page, 'Console.log(c)').getByRole('link', { name: PLAYGROUND_NAME });
      expect(await link.count()).toBe(1);
      // Built when the link is pointed at (or focused, or followed), not for every block at startup.
      expect(await link.getAttribute('href')).toBe('/try');
      await link.hover();
      expect(await playgroundCode(link)).toBe(`${PRELUDE}\n\n${EXAMPLE_CODE}`);
      expect(await codeBlock(page, 'template').locator('.playground-link').count()).toBe(0);
      expect(await codeBlock(page, 'console.log("hi")').locator('.playground-link').count()).toBe(0);
      expect(await page.locator('article .code-block:not(.code-tabs) .playground-link').count()).toBe(1);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('builds the playground link on focus, and on a click that came without hover or focus', async () => {
    const { context, page } = await open();
    try {
      const link = codeBlock(page, 'Console.log(c)').getByRole('link', { name: PLAYGROUND_NAME });
      await link.focus();
      expect(await playgroundCode(link)).toBe(`${PRELUDE}\n\n${EXAMPLE_CODE}`);
    } finally {
      await context.close();
    }
    const other = await open();
    try {
      const link = codeBlock(other.page, 'Console.log(c)').getByRole('link', { name: PLAYGROUND_NAME });
      expect(await link.getAttribute('href')).toBe('/try');
      // A synthetic click (as a script or some screen readers send): no pointer or focus event first.
      await link.dispatchEvent('click');
      await other.page.waitForURL((url) => url.pathname === '/try');
      const code = new URL(other.page.url()).searchParams.get('code') ?? '';
      expect(lz.decompressFromEncodedURIComponent(code)).toBe(`${PRELUDE}\n\n${EXAMPLE_CODE}`);
    } finally {
      await other.context.close();
    }
  });
});

describe('code tabs in the browser', () => {
  const parts = (page: Page) => {
    const tabs = page.locator('article .code-tabs');
    return {
      tabs,
      rescript: tabs.getByRole('tab', { name: 'ReScript' }),
      js: tabs.getByRole('tab', { name: 'JS Output' }),
      panels: tabs.locator('[role="tabpanel"]'),
      playground: tabs.getByRole('link', { name: PLAYGROUND_NAME }),
      copy: tabs.getByRole('button', { name: COPY_NAME }),
    };
  };

  /** Asserts which tab is selected, focusable, and whose panel is the only one shown. */
  async function expectSelected(page: Page, index: 0 | 1): Promise<void> {
    const { rescript, js, panels } = parts(page);
    const [selected, other] = index === 0 ? [rescript, js] : [js, rescript];
    await expect.poll(() => selected.getAttribute('aria-selected')).toBe('true');
    expect(await other.getAttribute('aria-selected')).toBe('false');
    expect(await selected.getAttribute('tabindex')).toBe('0');
    expect(await other.getAttribute('tabindex')).toBe('-1');
    const panel = page.locator(`[id="${await selected.getAttribute('aria-controls')}"]`);
    expect(await panel.getAttribute('role')).toBe('tabpanel');
    expect(await panel.getAttribute('aria-labelledby')).toBe(await selected.getAttribute('id'));
    expect(await panel.isVisible()).toBe(true);
    expect(await panels.nth(index).isVisible()).toBe(true);
    expect(await panels.nth(1 - index).isHidden()).toBe(true);
  }

  it('selects the first tab by default and switches tab, playground link and copied code on click', async () => {
    const { context, page, problems } = await open({ clipboard: true, fakeClock: true });
    try {
      const { tabs, rescript, js, panels, playground, copy } = parts(page);
      expect(await tabs.count()).toBe(1);
      expect(await tabs.getByRole('tablist', { name: 'Code examples' }).count()).toBe(1);
      expect(await panels.count()).toBe(2);
      expect(await panels.nth(0).locator('pre').textContent()).toBe(RESCRIPT_TAB_CODE);
      expect(await panels.nth(1).locator('pre').textContent()).toBe(JS_TAB_CODE);

      await expectSelected(page, 0);
      expect(await playground.count()).toBe(1);
      await playground.hover();
      expect(await playgroundCode(playground)).toBe(`${PRELUDE}\n\n${RESCRIPT_TAB_CODE}`);

      await tabs.scrollIntoViewIfNeeded();
      await page.screenshot({ path: '/tmp/islands.png' });

      await pauseClock(page);
      await copy.click();
      await expect.poll(() => copy.getAttribute('data-state')).toBe('copied');
      expect(await clipboard(page)).toBe(RESCRIPT_TAB_CODE);
      expect(await copiedNotice(tabs).isVisible()).toBe(true);
      await page.clock.runFor(3_100);
      await expect.poll(() => copy.getAttribute('data-state')).toBe('initial');

      await js.click();
      await expectSelected(page, 1);
      expect(await playground.count()).toBe(0);
      expect(await tabs.locator('.playground-link').isHidden()).toBe(true);
      await copy.click();
      await expect.poll(() => copy.getAttribute('data-state')).toBe('copied');
      expect(await clipboard(page)).toBe(JS_TAB_CODE);
      await page.clock.runFor(3_100);
      await expect.poll(() => copy.getAttribute('data-state')).toBe('initial');

      // Switching back builds the link's code at once (no hover needed): it may show the JS tab's before.
      await tabs.locator('.playground-link').evaluate((a) => a.setAttribute('href', '/try'));
      await rescript.click();
      await expectSelected(page, 0);
      await expect.poll(() => playground.count()).toBe(1);
      expect(await playgroundCode(playground)).toBe(`${PRELUDE}\n\n${RESCRIPT_TAB_CODE}`);
      await copy.click();
      await expect.poll(() => copy.getAttribute('data-state')).toBe('copied');
      expect(await clipboard(page)).toBe(RESCRIPT_TAB_CODE);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('moves selection and focus with ArrowRight, ArrowLeft, Home and End', async () => {
    const { context, page, problems } = await open();
    try {
      const { rescript, js, playground } = parts(page);
      await rescript.focus();
      expect(await isFocused(rescript)).toBe(true);

      const steps: [key: string, index: 0 | 1][] = [
        ['ArrowRight', 1],
        ['ArrowRight', 0], // wraps from the last tab to the first
        ['ArrowLeft', 1], // wraps from the first tab to the last
        ['ArrowLeft', 0],
        ['End', 1],
        ['Home', 0],
      ];
      for (const [key, index] of steps) {
        await page.keyboard.press(key);
        await expectSelected(page, index);
        expect(await isFocused(index === 0 ? rescript : js), `focus after ${key}`).toBe(true);
        expect(await playground.count(), `playground link after ${key}`).toBe(index === 0 ? 1 : 0);
      }
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('keyboard accessibility of the code blocks', () => {
  it('gives every code block button and link an accessible name', async () => {
    const { context, page, problems } = await open();
    try {
      const controls = page.locator('article .code-block button, article .code-block a');
      const names = await controls.evaluateAll((els) => els.map((el) => (el.getAttribute('aria-label') ?? el.textContent ?? '').trim()));
      expect(names.length).toBe(9 + 2 + 2); // 9 copy buttons, 2 tabs, 2 playground links
      expect(names.filter((n) => n === '')).toEqual([]);
      // The same names as the accessibility tree computes them.
      const blocks = page.locator('article .code-block');
      expect(await blocks.getByRole('button', { name: COPY_NAME, exact: true }).count()).toBe(9);
      expect(await blocks.getByRole('link', { name: PLAYGROUND_NAME, exact: true }).count()).toBe(2);
      expect(await blocks.getByRole('tab', { name: 'ReScript', exact: true }).count()).toBe(1);
      expect(await blocks.getByRole('tab', { name: 'JS Output', exact: true }).count()).toBe(1);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('reaches every code block control with Tab (inactive tabs by arrow keys) and operates the copy button with Enter', async () => {
    const { context, page, problems } = await open({ clipboard: true });
    try {
      type Tagged = Window & { blockControls: Element[] };
      const described = await page.evaluate(() => {
        const controls = Array.from(document.querySelectorAll('article .code-block button, article .code-block a'));
        (window as unknown as Tagged).blockControls = controls;
        return controls.map((el) => ({
          name: el.getAttribute('aria-label') ?? el.textContent ?? '',
          inactiveTab: el.getAttribute('role') === 'tab' && el.getAttribute('aria-selected') !== 'true',
        }));
      });
      // Roving tabindex (WAI-ARIA tabs): only the selected tab is in the Tab sequence.
      const expected = described.flatMap((c, i) => (c.inactiveTab ? [] : [i]));
      expect(expected.length).toBe(described.length - 1);

      const reached: number[] = [];
      await page.locator('body').focus();
      for (let press = 0; press < 500; press++) {
        await page.keyboard.press('Tab');
        const state = await page.evaluate(() => ({
          index: (window as unknown as Tagged).blockControls.indexOf(document.activeElement as Element),
          atEnd: document.activeElement === document.body || document.activeElement === null,
        }));
        if (state.index >= 0 && !reached.includes(state.index)) reached.push(state.index);
        if (state.atEnd && press > 0) break;
      }
      const sorted = [...reached].sort((a, b) => a - b);
      // Names first, so a failure says which control was never reached.
      expect(sorted.map((i) => described[i]?.name)).toEqual(expected.map((i) => described[i]?.name));
      expect(sorted).toEqual(expected);

      // Tab to the tab bar's copy button, then Enter copies the visible tab.
      const copy = page.locator('article .code-tabs .copy-button');
      await page.locator('article .code-tabs [role="tab"][aria-selected="true"]').focus();
      for (let press = 0; press < 5 && !(await isFocused(copy)); press++) await page.keyboard.press('Tab');
      expect(await isFocused(copy)).toBe(true);
      await page.keyboard.press('Enter');
      await expect.poll(() => copy.getAttribute('data-state')).toBe('copied');
      expect(await clipboard(page)).toBe(RESCRIPT_TAB_CODE);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
