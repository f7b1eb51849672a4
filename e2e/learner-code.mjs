// The learner's page, continued (board.mjs runs these after learner.mjs): the tree's click, the
// mirror trick, axe-core on every view (from the page's registry) at every screen size, and the
// page's speed at n = 12.

import { createRequire } from 'node:module';
import { expect, SCREENS, shot, step, traceReady, watchPage } from './harness.mjs';
import { VIEW_IDS } from '../web/js/views.js';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const SIZES = [{ width: 1280, height: 800, name: 'desktop' }, { width: 375, height: 812, name: 'phone' }];

/** The step shown: its kind and its sentence. */
const shown = (page) => page.evaluate(() => ({
  type: document.getElementById('reason').dataset.type,
  reason: document.getElementById('reason').textContent,
}));

async function treeClick(page, base, size = 'desktop') {
  await step(`${size}: the tree: labelled nodes, faint refused tries, and a click goes to the step that reached a node`, async () => {
    await page.goto(`${base}?n=4&algorithm=sets&step=143`);
    await traceReady(page, 4);
    await page.waitForSelector('#tree svg.labelled');
    const tries = await page.locator('#tree .tried:not(.hidden)').count();
    const refused = await page.$$eval(['column', 'diagonal', 'anti'].map((k) => `#count-rej-${k}`).join(','),
      (counters) => counters.reduce((sum, c) => sum + Number(c.textContent), 0));
    expect(tries === refused && refused === 44, `the tree draws ${tries} refused tries, the counters say ${refused} (n = 4: 44)`);
    await page.locator('#tree').scrollIntoViewIfNeeded();
    const target = await page.evaluate(() => {
      const dots = [...document.querySelectorAll('#tree .node')];
      const labels = [...document.querySelectorAll('#tree .labels text')];
      const box = dots[6].getBoundingClientRect();
      return { x: box.left + box.width / 2, y: box.top + box.height / 2, col: labels[6].textContent };
    });
    await page.mouse.click(target.x, target.y);
    const s = await shown(page);
    const step6 = await page.$eval('#timeline', (t) => Number(t.value));
    expect(s.type === 'place' && s.reason.includes(`col ${target.col} is free`),
      `the click on node 6 (col ${target.col}) went to step ${step6}: "${s.reason}"`);
    await shot(page, `12-tree-click-${size}`);
    await page.goto(`${base}?n=8&algorithm=sets&step=1900`);
    await traceReady(page, 8);
    await page.locator('#tree').scrollIntoViewIfNeeded();
    await shot(page, `12-tree-n8-fit-${size}`);
  });
}

async function mirrorTrick(browser, base) {
  for (const size of SIZES) {
    await step(`${size.name}: the mirror trick, 46 + 46 = 92 for n = 8 and the middle column for n = 5`, async () => {
      const context = await browser.newContext({ viewport: size });
      const page = await context.newPage();
      watchPage(page, `mirror ${size.name}`);
      await page.goto(`${base}?n=8&tab=symmetry`);
      await page.waitForFunction(() => /= 92 solutions,/.test(document.getElementById('mirror-words').textContent), null, { timeout: 10_000 });
      const words = await page.textContent('#mirror-words');
      expect(/4 \+ 8 \+ 16 \+ 18 = 46 solutions/.test(words) && /46 \+ 46 = 92 solutions/.test(words) && /counts match/.test(words), `n = 8: "${words}"`);
      expect(await page.locator('#mirror-row .searched').count() === 4 && await page.locator('#mirror-row .mirrored').count() === 4,
        'n = 8 does not show 4 searched and 4 mirrored columns');
      await shot(page, `13-mirror-${size.name}`);
      await page.selectOption('#n', '5');
      await page.waitForFunction(() => /= 10 solutions,/.test(document.getElementById('mirror-words').textContent), null, { timeout: 10_000 });
      const odd = await page.textContent('#mirror-words');
      expect(/middle column, col 2/.test(odd) && /4 \+ 4 \+ 2 = 10 solutions/.test(odd), `n = 5: "${odd}"`);
      expect(await page.locator('#mirror-row .middle').count() === 1, 'n = 5 does not mark its middle column');
      await context.close();
    });
  }
}

async function axeClean(browser, base) {
  for (const size of SCREENS) {
    await step(`${size.name}: axe-core finds no violation on any view, nor while presenting`, async () => {
      // The page's Content-Security-Policy allows only its own scripts: the test's axe-core is let in.
      const context = await browser.newContext({ viewport: size, bypassCSP: true, hasTouch: Boolean(size.touch), isMobile: Boolean(size.touch) });
      const page = await context.newPage();
      watchPage(page, `axe ${size.name}`);
      const found = [];
      // Every view as it is, then presented (issue 53: every view can be), then Watch presented
      // with more panels beside the board, and at a solution (the log's current line in green).
      const views = [...VIEW_IDS, ...VIEW_IDS.map((id) => `${id}&present=1`), 'watch&present=1&panels=code,tree,log,counters'];
      const queries = [...views.map((tab) => `n=6&tab=${tab}&step=30`), 'n=4&tab=watch&step=59&present=1&panels=log,counters'];
      for (const query of queries) {
        const tab = new URLSearchParams(query).get('tab');
        await page.goto(`${base}?${query}`);
        await page.waitForSelector('#trace-status[data-state="ready"]', { state: 'attached', timeout: 20_000 });
        if (tab === 'symmetry') await page.waitForSelector('#fundamentals .fundamental', { timeout: 10_000 });
        await page.addScriptTag({ path: AXE });
        const violations = await page.evaluate(async () => (await window.axe.run()).violations
          .map((v) => `${v.id} (${v.nodes.length}: ${v.nodes.slice(0, 2).map((node) => node.target.join(' ')).join(', ')})`));
        found.push(...violations.map((v) => `${query}: ${v}`));
      }
      expect(found.length === 0, `axe-core: ${found.join('; ')}`);
      await context.close();
    });
  }
}

async function speed(page, base) {
  await step('n = 12: first paint and step times from the Performance API (reported)', async () => {
    await page.goto(`${base}?n=12`);
    await traceReady(page, 12);
    const paint = await page.evaluate(() => performance.getEntriesByType('paint').map((e) => [e.name, e.startTime]));
    const times = await page.evaluate(async () => {
      const button = document.getElementById('step-forward');
      const spent = [];
      for (let k = 0; k < 200; k++) {
        const t0 = performance.now();
        button.click();
        void document.body.offsetHeight; // the layout the step caused, in the measure
        spent.push(performance.now() - t0);
        if (k % 20 === 0) await new Promise(requestAnimationFrame);
      }
      return spent.sort((a, b) => a - b);
    });
    const fcp = paint.find(([name]) => name === 'first-contentful-paint')?.[1];
    const median = times[times.length >> 1];
    const worst = times.at(-1);
    console.log(`      n = 12: first contentful paint ${fcp?.toFixed(0)} ms; a step ${median.toFixed(2)} ms median, ` +
      `${worst.toFixed(2)} ms worst of ${times.length}`);
    expect(fcp !== undefined && times.length === 200, 'no paint entry or step times');
  });
}

export async function codeSteps(browser, base) {
  await mirrorTrick(browser, base);
  await axeClean(browser, base);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  watchPage(page, 'learner code');
  await treeClick(page, base);
  await speed(page, base);
  await context.close();
  const phone = await browser.newContext({ viewport: SIZES[1], hasTouch: true, isMobile: true });
  const small = await phone.newPage();
  watchPage(small, 'learner code phone');
  await treeClick(small, base, 'phone');
  await phone.close();
}
