// Small screens (SPEC §2, §4) in Debian's Chromium: the docs sidebar as a drawer behind a button,
// and code blocks whose buttons stay off the code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFixtureSite, type FixtureSite } from '../helpers/browser.ts';

let site: FixtureSite | undefined;

beforeAll(async () => {
  site = await openFixtureSite();
});

afterAll(async () => {
  await site?.close();
});

async function open(width: number) {
  const context = await site!.browser.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${site!.origin}/docs/manual/v1.0.0/dialect`);
  await page.waitForSelector('[data-island="SidebarToggle"][data-hydrated]', { state: 'attached' });
  return { context, page };
}

describe('docs sidebar drawer', () => {
  it('is closed by default on a small screen, opens from a named button, closes on Escape and on a hash change', async () => {
    const { context, page } = await open(390);
    try {
      const toggle = page.getByRole('button', { name: 'Pages in this section' });
      const sidebar = page.locator('#docs-sidebar');
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await sidebar.isVisible()).toBe(false);

      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => sidebar.isVisible()).toBe(true);
      const close = page.getByRole('button', { name: 'Close menu' });
      expect(await close.getAttribute('aria-expanded')).toBe('true');
      expect(await page.getByRole('link', { name: 'Links', exact: true }).first().isVisible()).toBe(true);

      await page.keyboard.press('Escape');
      await expect.poll(() => sidebar.isVisible()).toBe(false);

      await toggle.click();
      await expect.poll(() => sidebar.isVisible()).toBe(true);
      await page.evaluate(() => (location.hash = '#components'));
      await expect.poll(() => sidebar.isVisible()).toBe(false);
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    } finally {
      await context.close();
    }
  });

  it('is always shown, with no toggle, on a wide screen', async () => {
    const { context, page } = await open(1280);
    try {
      expect(await page.locator('#docs-sidebar').isVisible()).toBe(true);
      expect(await page.locator('.sidebar-toggle').isVisible()).toBe(false);
    } finally {
      await context.close();
    }
  });
});

describe('code blocks on a small screen', () => {
  it('keep their buttons off the code: no button covers a line of any block', async () => {
    const { context, page } = await open(390);
    try {
      const overlaps = await page.evaluate(() => {
        const hits: string[] = [];
        const meet = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        for (const block of document.querySelectorAll('article .code-block')) {
          const buttons = [...block.querySelectorAll('button, a.playground-link')].map((el) => el.getBoundingClientRect());
          for (const line of block.querySelectorAll('pre .line')) {
            const range = document.createRange();
            range.selectNodeContents(line);
            for (const r of range.getClientRects()) if (buttons.some((b) => meet(b, r))) hits.push(line.textContent ?? '');
          }
        }
        return hits;
      });
      expect(overlaps).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
