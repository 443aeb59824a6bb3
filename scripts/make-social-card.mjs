#!/usr/bin/env node
// Draws public/img/social-card.png, the 1200×630 picture link previews show for the site's pages
// (config/site.json `image`, written as og:image). Social networks do not show SVG previews, so the
// card is a PNG, drawn here from HTML by Debian's Chromium rather than kept as an opaque binary.
// Run again after changing the text or colours below:
//
//   node scripts/make-social-card.mjs
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const site = JSON.parse(readFileSync(join(root, 'config', 'site.json'), 'utf8'));
const logo = readFileSync(join(root, 'public', 'favicon.svg'), 'utf8');
/** `The ReScript language: fast, simple…` → `Fast, simple…` (the card already names it). */
const tagline = (d) => d.replace(/^[^:]*:\s*/, '').replace(/^./, (c) => c.toUpperCase());
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

const html = `<!doctype html><meta charset="utf-8"><style>
  html, body { margin: 0; width: 1200px; height: 630px; }
  body { font-family: system-ui, 'DejaVu Sans', sans-serif; color: #fff; display: flex; flex-direction: column; justify-content: center;
    padding: 0 96px; box-sizing: border-box; background: #14161c; border-bottom: 12px solid #e6484f; }
  .brand { display: flex; align-items: center; gap: 28px; font-size: 84px; font-weight: 800; letter-spacing: -2px; }
  .brand svg { width: 96px; height: 96px; }
  p { font-size: 40px; line-height: 1.35; color: #d4d7de; max-width: 900px; margin: 40px 0 0; }
  .code { margin-top: 48px; font: 30px 'DejaVu Sans Mono', monospace; color: #ff8a8f; }
</style><div class="brand">${logo}<span>${esc(site.title)}</span></div>
<p>${esc(tagline(site.description))}</p>
<div class="code">let greeting = name =&gt; \`Hello, \${name}!\`</div>`;

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(html);
const out = join(root, 'public', 'img', 'social-card.png');
await page.screenshot({ path: out });
await browser.close();
console.log(`wrote ${out}`);
