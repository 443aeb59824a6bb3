import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
const routes = readFileSync('/tmp/overflow-routes.txt', 'utf8').trim().split('\n');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--no-first-run'] });
const page = await browser.newPage({ viewport: { width: 375, height: 700 } });
let bad = 0;
for (const r of routes) {
  await page.goto('http://127.0.0.1:' + (process.env.PORT || 3000) + r);
  const o = await page.evaluate(() => {
    const w = document.documentElement.clientWidth;
    const over = document.documentElement.scrollWidth - w;
    if (over <= 0) return null;
    const culprits = [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > w + 1 && !e.closest('pre, .table-wrap, [hidden]')).slice(0, 3).map((e) => e.tagName + '.' + e.className + ':' + (e.textContent || '').slice(0, 40));
    return { over, culprits };
  });
  if (o) { bad++; if (bad < 15) console.log(r, JSON.stringify(o)); }
}
console.log('overflowing', bad, 'of', routes.length);
await browser.close();
