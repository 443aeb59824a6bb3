// The docs sidebar on small screens: a drawer behind a button (SPEC §2, §4), in Debian's Chromium.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { copyFixture, docsgen } from '../helpers/cli.ts';
import { startServer } from '../../src/serve/server.ts';

const CHROMIUM = '/usr/bin/chromium';
let server: Server | undefined;
let browser: Browser | undefined;
let origin = '';

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} not found: run apt-get install -y chromium (tests never download a browser)`);
  const root = copyFixture('dialect');
  const build = docsgen(['build', '--root', root]);
  expect(build.code, build.stderr).toBe(0);
  server = await startServer({ outDir: path.join(root, 'out'), host: '127.0.0.1', port: 0 });
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

async function open(width: number) {
  const context = await browser!.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${origin}/docs/manual/v1.0.0/dialect`);
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
