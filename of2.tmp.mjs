import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 375, height: 700 } });
await page.goto('http://127.0.0.1:3005/docs/manual/v11.0.0/long-words');
console.log(await page.evaluate(() => [...document.querySelectorAll('body *')].filter((e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX === 'visible').slice(0, 8).map((e) => e.tagName + '.' + e.className + ' ' + e.scrollWidth + '/' + e.clientWidth + ' ' + getComputedStyle(e).overflowWrap + ' ' + (e.textContent||'').slice(0, 30))));
await browser.close();
