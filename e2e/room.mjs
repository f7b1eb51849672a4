// Presenting sized for a room (issue 53, item 2): at 1280 × 800 the code and the step's sentence
// are at least 24 px, the variables 22 px, the tree's labels 16 px (the current path's always
// shown), a board square 64 px, for n = 4 and n = 8; nothing scrolls the page at 1280 × 800,
// 1920 × 1080 and 853 × 533; at 1920 × 1080 presenting shows at least as many code lines,
// variables and calls as the page does; and every view can be presented (?present=1 honoured).

import { expect, openPage, SCREENS, shot, step, traceReady } from './harness.mjs';
import { VIEW_IDS } from '../web/js/views.js';

const DESKTOPS = SCREENS.filter((s) => !s.touch);
const ROOM = { code: 24, reason: 24, vars: 22, labels: 16, square: 64 };

/** In the page: resolves after three frames, once the layout's observers (sizes, boxes) have run. */
const settled = () => new Promise((resolve) => {
  let frames = 3;
  const next = () => (--frames ? requestAnimationFrame(next) : resolve());
  requestAnimationFrame(next);
});

/** In the page: the type and sizes a room sees, and whether the page scrolls. */
const measure = () => {
  const px = (selector) => {
    const element = document.querySelector(selector);
    return element ? parseFloat(getComputedStyle(element).fontSize) : 0;
  };
  const shownLabels = [...document.querySelectorAll('#tree .labels text')].filter((t) => t.getBoundingClientRect().width > 0);
  const pathNodes = document.querySelectorAll('#tree .node.path').length;
  return {
    code: px('#code li'), reason: px('#reason'), vars: Math.min(px('.code-vars dt'), px('.code-vars dd .py')),
    labels: Math.min(...shownLabels.map((t) => parseFloat(getComputedStyle(t).fontSize))),
    pathLabels: shownLabels.filter((t) => t.classList.contains('path')).length, pathNodes,
    square: document.querySelector('#board .square').getBoundingClientRect().width,
    scrolls: document.documentElement.scrollHeight > innerHeight + 1 || document.documentElement.scrollWidth > innerWidth + 1,
  };
};

/** In the page: how many code lines, variables and calls are wholly in sight in their boxes. */
const inSight = () => {
  const whole = (element, box) => {
    const r = element.getBoundingClientRect();
    const b = box.getBoundingClientRect();
    return r.height > 0 && r.top >= b.top - 0.5 && r.bottom <= b.bottom + 0.5 && r.bottom <= innerHeight + 0.5;
  };
  const [code, side] = ['code', 'code-side'].map((id) => document.getElementById(id));
  return {
    lines: [...code.querySelectorAll('li')].filter((li) => whole(li, code)).length,
    vars: [...side.querySelectorAll('.code-vars dt')].filter((dt) => whole(dt, side)).length,
    calls: [...side.querySelectorAll('#call-stack li')].filter((li) => whole(li, side)).length,
  };
};

async function watchRoom(browser, base, screen) {
  await step(`${screen.name}: presenting Watch: type for the back of the room, nothing scrolls, n = 4 and 8`, async () => {
    const { context, page } = await openPage(browser, screen, 'room');
    const problems = [];
    for (const [n, at] of [[4, 6], [8, 300]]) {
      await page.goto(`${base}?n=${n}&algorithm=sets&step=${at}&present=1`);
      await traceReady(page, n);
      await page.waitForSelector('#tree svg');
      await page.evaluate(settled); // the layout's observers have had their frames
      const m = await page.evaluate(measure);
      if (m.scrolls) problems.push(`n = ${n}: the page scrolls`);
      if (m.pathLabels < m.pathNodes - 1) problems.push(`n = ${n}: ${m.pathLabels} of the path's ${m.pathNodes - 1} labels shown`);
      if (screen.name === '1280x800') {
        for (const [what, least] of Object.entries(ROOM)) {
          if (!(m[what] >= least - 0.05)) problems.push(`n = ${n}: ${what} ${m[what].toFixed(1)} px, less than ${least}`);
        }
      }
      await shot(page, `19-room-${screen.name}-n${n}`, { fullPage: false });
      if (screen.name === '1920x1080') {
        const presented = await page.evaluate(inSight);
        await page.goto(`${base}?n=${n}&algorithm=sets&step=${at}`);
        await traceReady(page, n);
        await page.evaluate(settled);
        const plain = await page.evaluate(inSight);
        for (const what of ['lines', 'vars', 'calls']) {
          if (presented[what] < plain[what]) problems.push(`n = ${n}: presenting shows ${presented[what]} ${what}, the page ${plain[what]}`);
        }
      }
    }
    expect(problems.length === 0, problems.join('; '));
    await context.close();
  });
}

async function everyView(browser, base, screen) {
  await step(`${screen.name}: every view can be presented, and ?present=1 keeps the view`, async () => {
    const { context, page } = await openPage(browser, screen, 'room views');
    const problems = [];
    for (const view of VIEW_IDS.filter((id) => id !== 'watch')) {
      await page.goto(`${base}?n=8&tab=${view}&present=1`);
      await page.waitForFunction(() => document.documentElement.classList.contains('presenting'), null, { timeout: 10_000 });
      if (view === 'solutions') await page.waitForSelector('#answer[data-count="92"]', { timeout: 10_000 });
      if (view === 'symmetry') await page.waitForSelector('#fundamentals .fundamental', { timeout: 10_000 });
      const state = await page.evaluate((id) => ({
        selected: document.getElementById(`tab-${id}`)?.getAttribute('aria-selected'),
        shown: !document.getElementById(`panel-${id}`).hidden,
        type: parseFloat(getComputedStyle(document.querySelector(`#panel-${id} p, #panel-${id} h2`)).fontSize),
        scrolls: document.documentElement.scrollHeight > innerHeight + 1,
      }), view);
      if (state.selected !== 'true' || !state.shown) problems.push(`${view} is not the view shown`);
      if (state.scrolls) problems.push(`${view}: the page scrolls`);
      if (screen.name === '1280x800' && state.type < 22) problems.push(`${view}: its type is ${state.type} px`);
      await shot(page, `19-room-${screen.name}-${view}`, { fullPage: false });
      await page.keyboard.press('Escape');
      if (await page.evaluate(() => document.documentElement.classList.contains('presenting'))) problems.push(`${view}: Escape does not end presenting`);
    }
    const rows = await page.goto(`${base}?n=4&tab=solutions&present=1`).then(() => page.waitForSelector('#answer[data-count="2"]'))
      .then(() => page.textContent('#answer'));
    if (!rows.startsWith('[[".Q..",\n  "...Q",')) problems.push(`the boards are not LeetCode's stacked rows: ${JSON.stringify(rows.slice(0, 40))}`);
    expect(problems.length === 0, problems.join('; '));
    await context.close();
  });
}

/**
 * A lecture's walk (the closing note narrates it): n = 4 presented at 1280 × 800 from the empty
 * board to the first solution, by the keys a presenter's clicker sends, each moment a screenshot
 * (21-lecture-*.png) and its sentence printed; the walk must end on [1, 3, 0, 2].
 */
async function lecture(browser, base) {
  await step('1280x800: a lecture: n = 4 presented from the empty board to the first solution, by the clicker\'s keys', async () => {
    const screen = DESKTOPS.find((s) => s.name === '1280x800');
    const { context, page } = await openPage(browser, screen, 'lecture');
    await page.goto(`${base}?n=4&algorithm=sets&present=1`);
    await traceReady(page, 4);
    const moments = [[0, 'start'], [2, 'first-queen'], [4, 'first-refusal'], [12, 'anti-diagonal'], [17, 'dead-end'],
      [18, 'back-up']];
    for (const [at, name] of moments) {
      while (await page.$eval('#timeline', (t) => Number(t.value)) < at) await page.keyboard.press('PageDown');
      const said = await page.textContent('#reason');
      console.log(`      step ${at} (${name}): ${said}`);
      await shot(page, `21-lecture-${String(at).padStart(2, '0')}-${name}`, { fullPage: false });
    }
    await page.keyboard.press('s');
    const queens = await page.$$eval('#board .square.queen', (qs) => qs.map((q) => [+q.dataset.row, +q.dataset.col])
      .sort((a, b) => a[0] - b[0]).map(([, c]) => c).join(','));
    const at = await page.$eval('#timeline', (t) => Number(t.value));
    console.log(`      step ${at} (first solution): ${await page.textContent('#reason')} | ${await page.textContent('#skipped')}`);
    await shot(page, `21-lecture-${at}-first-solution`, { fullPage: false });
    expect(queens === '1,3,0,2', `the walk ended on [${queens}], not the first solution [1, 3, 0, 2]`);
    await context.close();
  });
}

export async function roomSteps(browser, base) {
  await lecture(browser, base);
  for (const screen of DESKTOPS) {
    await watchRoom(browser, base, screen);
    await everyView(browser, base, screen);
  }
}
