// A developer's look: screenshots of the first screen at both sizes (not part of the test).
import { chromium } from 'playwright-core';
import { startServer } from './harness.mjs';
const { server, url } = startServer();
const base = await url;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const out = process.env.PEEK_DIR ?? '/tmp/shots';
const query = process.env.PEEK_QUERY ?? '';
for (const [w, h] of [[1280, 800], [375, 812]]) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  page.on('console', (m) => console.log(`console ${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => console.log(`pageerror: ${e.message}`));
  await page.goto(base + query);
  await page.waitForSelector('#trace-status[data-state="ready"]', { timeout: 20000 }).catch(() => console.log('not ready'));
  for (const action of (process.env.PEEK_CLICKS ?? '').split(',').filter(Boolean)) await page.click(action);
  await page.waitForTimeout(300);
  const boxes = await page.evaluate(() => Object.fromEntries(['board', 'play', 'step-forward', 'reason', 'timeline'].map((id) => {
    const r = document.getElementById(id).getBoundingClientRect();
    return [id, [Math.round(r.left), Math.round(r.top), Math.round(r.right), Math.round(r.bottom)]];
  })));
  console.log(w, JSON.stringify(boxes), 'url', page.url());
  await page.screenshot({ path: `${out}/first-${w}.png` });
  // PEEK_ELEMENT=#tree: that element alone, as well.
  if (process.env.PEEK_ELEMENT) await page.locator(process.env.PEEK_ELEMENT).screenshot({ path: `${out}/element-${w}.png` });
  await page.close();
}
await browser.close();
server.kill();
