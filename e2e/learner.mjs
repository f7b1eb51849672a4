// The page as a learner meets it (board.mjs runs these after its own steps): the first screen
// at both sizes, stepping by queen and by solution, the top speed, the log's links, the
// shading of your own board, and the words of every step of a few whole traces.

import { expect, shot, step, traceReady, watchPage } from './harness.mjs';
import { ownShading, stepWords } from './learner-more.mjs';

const SIZES = [{ width: 1280, height: 800, name: 'desktop' }, { width: 375, height: 812, name: 'phone' }];

const ready = traceReady;
const position = (page) => page.$eval('#timeline', (t) => Number(t.value));
const queens = (page) => page.$$eval('#board .square.queen', (qs) => {
  const columns = new Array(Math.round(Math.sqrt(document.querySelectorAll('#board .square').length))).fill(-1);
  qs.forEach((q) => { columns[+q.dataset.row] = +q.dataset.col; });
  return columns.join();
});

/** The first screen: board, Play and Step, and the sentence inside the viewport. */
async function firstScreen(browser, base) {
  for (const size of SIZES) {
    await step(`${size.name} ${size.width}×${size.height}: board, controls and sentence on the first screen`, async () => {
      const touch = size.name === 'phone';
      const context = await browser.newContext({ viewport: size, hasTouch: touch, isMobile: touch });
      const page = await context.newPage();
      watchPage(page, size.name);
      await page.goto(base);
      await ready(page, 4);
      for (const id of ['board', 'reason', 'play', 'step-forward', 'step-back']) {
        const box = await page.locator(`#${id}`).boundingBox();
        expect(box && box.y >= 0 && box.y + box.height <= size.height && box.x + box.width <= size.width,
          `#${id} is not inside the ${size.width}×${size.height} viewport: ${JSON.stringify(box)}`);
      }
      const words = await page.textContent('#reason');
      expect(touch ? /Tap Play/.test(words) && !/→/.test(words) : /Press Play/.test(words),
        `the first sentence does not fit the device: "${words}"`);
      await shot(page, `8-first-screen-${size.name}`);
      await context.close();
    });
  }
}

/** Stepping by placed queen and by solution, the top speed and "to the end". */
async function stepping(page, size = '', { play = true } = {}) {
  await step(`${size}step by queen placed: each step ends on a placement`, async () => {
    await page.click('#reset');
    await page.selectOption('#step-by', 'place');
    for (let k = 1; k <= 3; k++) {
      await page.click('#step-forward');
      const type = await page.$eval('#reason', (r) => r.dataset.type);
      expect(type === 'place', `step ${k} by queen ended on a ${type}`);
    }
    await page.click('#step-back');
    expect(await page.$eval('#reason', (r) => r.dataset.type) === 'place', 'a step back by queen did not end on a placement');
  });
  await step(`${size}step by solution: [1,3,0,2], then [2,0,3,1], then no more`, async () => {
    await page.click('#reset');
    await page.selectOption('#step-by', 'solution');
    await page.click('#step-forward');
    expect(await queens(page) === '1,3,0,2', `the first solution step shows [${await queens(page)}]`);
    await page.click('#step-forward');
    expect(await queens(page) === '2,0,3,1', `the second solution step shows [${await queens(page)}]`);
    await page.click('#step-forward');
    expect(/No further solution/.test(await page.textContent('#reason')), 'a third solution step does not say there is none');
    await page.selectOption('#step-by', 'event');
  });
  if (play) await step(`${size}n = 8 at 64×: Play stops on the first solution, step 1,900, no further (time reported)`, async () => {
    await page.selectOption('#n', '8');
    await ready(page, 8);
    await page.$eval('#speed', (s) => { s.value = s.max; s.dispatchEvent(new Event('input')); });
    expect(await page.textContent('#speed-label') === '64×', 'the top speed is not 64×');
    const started = Date.now();
    await page.click('#play');
    await page.waitForFunction(() => document.getElementById('play').getAttribute('aria-pressed') === 'false', null, { timeout: 60_000 });
    const seconds = (Date.now() - started) / 1000;
    const at = await page.$eval('#timeline', (t) => Number(t.value));
    expect(at === 1900, `Play stopped at step ${at}, not on the first solution (1,900)`);
    console.log(`      n = 8 at 64×: stopped on the first solution after ${seconds.toFixed(1)} s of play (1,900 steps at 256 a second: 7.4 s)`);
  });
  await step(`${size}to the end: the whole search, 92 solutions`, async () => {
    if (!play) {
      await page.selectOption('#n', '8');
      await ready(page, 8);
    }
    await page.click('#to-end');
    expect(/search finished: 2,057 nodes, 92 solutions/i.test(await page.textContent('#reason')),
      `the last step is not the end of the search: "${await page.textContent('#reason')}"`);
    await page.$eval('#speed', (s) => { s.value = '2'; s.dispatchEvent(new Event('input')); });
  });
}

/** The log scrolls over the whole trace, numbered by the real step, and its lines are links. */
async function logLinks(page, size = '') {
  await step(`${size}the log: real step numbers, and a line is a link to its step`, async () => {
    const current = await page.$eval('#log .log-line.current', (line) => line.textContent);
    const length = await page.$eval('#timeline', (t) => Number(t.max));
    expect(current.startsWith(`${length.toLocaleString('en')}.`), `the current line is not numbered ${length}: "${current}"`);
    await page.$eval('#log', (log) => { log.scrollTop = 0; });
    await page.waitForSelector('#log .log-line[data-step="5"] a');
    const text = await page.textContent('#log .log-line[data-step="5"] a');
    await page.click('#log .log-line[data-step="5"] a');
    expect(await position(page) === 5, `the link to step 5 went to step ${await position(page)}`);
    const reason = (await page.textContent('#reason')).toLowerCase();
    expect(text.toLowerCase().includes(reason.slice(0, 20)), `step 5 says "${reason}", its line "${text}"`);
    await shot(page, `9-log-link${size ? `-${size.trim().replace(':', '')}` : ''}`);
  });
}

export async function learnerSteps(browser, base) {
  await firstScreen(browser, base);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  watchPage(page, 'learner');
  await page.goto(base);
  await ready(page, 4);
  await stepping(page);
  await logLinks(page);
  await ownShading(page);
  await stepWords(page);
  await context.close();
  await onAPhone(browser, base);
}

/** Stepping, the log's links and the own board's shading again on a 375 × 812 touch screen. */
async function onAPhone(browser, base) {
  const context = await browser.newContext({ viewport: SIZES[1], hasTouch: true, isMobile: true });
  const page = await context.newPage();
  watchPage(page, 'learner phone');
  await page.goto(base);
  await ready(page, 4);
  await stepping(page, 'phone: ', { play: false });
  await logLinks(page, 'phone: ');
  await ownShading(page, 'phone: ');
  await context.close();
}
