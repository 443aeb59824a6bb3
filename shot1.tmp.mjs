import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
const [route, w, h, file] = process.argv.slice(2);
const page = await browser.newPage({ viewport: { width: +w, height: +h } });
await page.goto('http://127.0.0.1:3000' + route, { waitUntil: 'networkidle' });
await page.screenshot({ path: file });
await browser.close();
