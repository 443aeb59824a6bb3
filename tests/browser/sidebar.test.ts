// Small screens (SPEC §2, §4) in Debian's Chromium: code blocks whose buttons stay off the code.
// (The sidebar drawer is tested with the rest of the shell in shell.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFixtureSite, scriptsReady, type FixtureSite } from '../helpers/browser.ts';

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
  await page.waitForFunction(scriptsReady);
  return { context, page };
}

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
