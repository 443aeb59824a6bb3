// Every page the dialect fixture builds, audited by axe-core (the accessibility rules engine most
// audits use) in Debian's Chromium against WCAG 2.x A and AA and axe's best practices: on a desktop
// in the light scheme, and on the narrowest phone WCAG's Reflow names (320 px; the sidebar is a
// drawer there) in the dark one (its own colours, contrast included), where no page may scroll
// sideways.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fg from 'fast-glob';
import { openFixtureSite, scriptsReady, type FixtureSite } from '../helpers/browser.ts';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const RULES = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

let site: FixtureSite | undefined;

beforeAll(async () => {
  site = await openFixtureSite();
});

afterAll(async () => {
  await site?.close();
});

interface Violation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string[] }[];
}

/** `a/b.html` → `/a/b`, `a/index.html` → `/a/`. */
const routeOf = (file: string) => `/${file.replace(/index\.html$/, '').replace(/\.html$/, '')}`;

/** Audits each route in turn in one context per screen and scheme (a context per page doubled the time). */
async function audit(routes: string[], width: number, colorScheme: 'light' | 'dark'): Promise<string[]> {
  const context = await site!.browser.newContext({ viewport: { width, height: 900 }, colorScheme });
  const found: string[] = [];
  try {
    const page = await context.newPage();
    for (const route of routes) {
      await page.goto(site!.origin + route);
      // Audit the page as a reader meets it: islands hydrated, code blocks' script running.
      await page.waitForFunction(scriptsReady);
      await page.addScriptTag({ content: AXE });
      const violations = (await page.evaluate(
        async (tags) => (await (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: unknown[] }> } }).axe.run(document, { runOnly: { type: 'tag', values: tags } })).violations,
        RULES,
      )) as Violation[];
      found.push(...violations.map((v) => `${route} @${width}px ${colorScheme}: ${v.impact} ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`));
      // WCAG 1.4.10 Reflow (AA), which axe does not check: at 320 px nothing but a code block or
      // table (scrolled within itself) may make the page scroll sideways.
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (sideways > 0) found.push(`${route} @${width}px ${colorScheme}: the page scrolls sideways by ${sideways}px (WCAG 1.4.10 Reflow)`);
    }
  } finally {
    await context.close();
  }
  return found;
}

describe('accessibility of the built pages', () => {
  it('finds no WCAG 2 A/AA or best-practice violation on any page, on a desktop (light) and the narrowest phone (dark)', async () => {
    const pages = (await fg('**/*.html', { cwd: site!.outDir })).sort();
    expect(pages.length).toBeGreaterThan(10);
    const routes = pages.map(routeOf);
    const found = [...(await audit(routes, 1280, 'light')), ...(await audit(routes, 320, 'dark'))];
    expect(found).toEqual([]);
  }, 300_000);

  it('puts a table in the tab order only while it is wider than the screen, and every table without scripts', async () => {
    const context = await site!.browser.newContext({ viewport: { width: 390, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto(`${site!.origin}/docs/manual/v1.0.0/dialect`);
      const table = page.locator('article table').filter({ hasText: 'wide cells scroll' });
      await expect.poll(() => table.getAttribute('tabindex')).toBe('0');
      await page.setViewportSize({ width: 1280, height: 900 });
      await expect.poll(() => table.getAttribute('tabindex')).toBeNull();
      // Without the page's script every table stays in the tab order: a wide one can still be scrolled.
      await page.setViewportSize({ width: 390, height: 900 });
      await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
      await page.reload();
      expect(await table.getAttribute('tabindex')).toBe('0');
      await table.focus();
      expect(await table.evaluate((el) => el === document.activeElement && el.scrollWidth > el.clientWidth)).toBe(true);
    } finally {
      await context.close();
    }
  });
});
