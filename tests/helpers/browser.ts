// Shared setup of the browser tests: the dialect fixture built with the real CLI, served by
// docsgen's own server, and Debian's Chromium driven through playwright-core (never downloaded).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { copyFixture, docsgen, repo } from './cli.ts';
import { startServer } from '../../src/serve/server.ts';

export const CHROMIUM = '/usr/bin/chromium';

export interface FixtureSite {
  browser: Browser;
  origin: string;
  /** Where the site was built. */
  outDir: string;
  close(): Promise<void>;
}

export async function openFixtureSite(fixture = 'dialect'): Promise<FixtureSite> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} not found: the browser tests need Debian's Chromium (apt-get install -y chromium); they never download one`);
  }
  if (!existsSync(path.join(repo, 'dist', 'cli.cjs'))) {
    const cli = spawnSync(process.execPath, ['scripts/build-cli.mjs'], { cwd: repo, encoding: 'utf8' });
    expect(cli.status, cli.stderr).toBe(0);
  }
  const root = copyFixture(fixture);
  const outDir = path.join(root, 'out');
  const build = docsgen(['build', '--root', root, '--out', outDir]);
  expect(build.code, build.stderr).toBe(0);
  const server: Server = await startServer({ outDir, host: '127.0.0.1', port: 0 });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  return {
    browser,
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    outDir,
    async close() {
      await browser.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * For `page.waitForFunction`, run in the page: its scripts are ready. Every island hydrated, and on
 * a page with code blocks, their script's listeners installed (it is fetched after the entry runs).
 */
export function scriptsReady(): boolean {
  const hydrated = [...document.querySelectorAll('[data-island]')].every((el) => el.hasAttribute('data-hydrated'));
  return hydrated && (!document.querySelector('.code-block') || document.documentElement.dataset['codeBlocks'] === 'ready');
}
