// End-to-end test of the `nqueens serve` page in a real headless browser.
//
//   cargo build --release -p nqueens-cli && cd e2e && npm install && node board.mjs
//
// Starts `$NQUEENS_BIN serve --port 0` (default: target/release/nqueens under the repo root)
// once for each of two lanes, in which the groups below run at once, reads the URLs they print, drives Debian's chromium (/usr/bin/chromium, never a downloaded
// browser) with playwright-core through the page, and exits non-zero on any failure, naming
// it. Any console error or warning, uncaught exception or failed request is a failure too.
// Screenshots of the key moments go to target/e2e/ (presenting mode at every screen size among
// them: 16-present-*.png). The steps are grouped by what they check: learner*.mjs, screen.mjs
// (one screen, presenting), keyboard.mjs, links.mjs, python.mjs (the code panel against
// sys.settrace), search.mjs, leetcode.mjs, reads.mjs (what the marked line reads, in sight),
// pace.mjs (Play stops on solutions, what a jump skipped), room.mjs (presenting for a room).

import fs from 'node:fs';
import { chromium } from 'playwright-core';
import { expect, failures, ignoredAborts, log, seconds, shot, SHOTS, startServer, step, traceReady, watchPage } from './harness.mjs';
import { learnerSteps } from './learner.mjs';
import { codeSteps } from './learner-code.mjs';
import { screenSteps } from './screen.mjs';
import { keyboardSteps } from './keyboard.mjs';
import { linkSteps } from './links.mjs';
import { pythonSteps } from './python.mjs';
import { searchSteps } from './search.mjs';
import { leetcodeSteps } from './leetcode.mjs';
import { readsSteps } from './reads.mjs';
import { paceSteps } from './pace.mjs';
import { roomSteps } from './room.mjs';
import { VIEW_IDS } from '../web/js/views.js';

const LANES = 2; // groups run at once
const LONGEST_FIRST = ['reads', 'python', 'search', 'learner', 'code', 'links', 'room', 'basics'].reverse(); // by their time alone
const DEADLINE_MS = 900_000; // a hang guard for the whole run (about 4.5 min on a quiet two-core machine), well under CI's budget

/** The board as the test sees it: queens' columns by row, classes present, the reason. */
const boardState = (page) => page.evaluate(() => {
  const squares = [...document.querySelectorAll('#board [data-row][data-col]')];
  const n = Math.round(Math.sqrt(squares.length));
  const columns = new Array(n).fill(-1);
  squares.filter((s) => s.classList.contains('queen')).forEach((s) => { columns[+s.dataset.row] = +s.dataset.col; });
  const has = (c) => squares.some((s) => s.classList.contains(c));
  const reason = document.getElementById('reason');
  return {
    columns, queens: columns.filter((c) => c >= 0).length,
    attacked: has('attacked'), attacker: has('attacker'), trying: has('trying'),
    reason: reason.textContent, type: reason.dataset.type,
  };
});

async function watchSteps(page) {
  await step('the page opens on n = 4 and states the puzzle', async () => {
    await traceReady(page, 4);
    const puzzle = await page.textContent('.puzzle');
    expect(/put 4 queens on this 4 × 4 board so that no two share a row, a column or a diagonal/.test(puzzle.replace(/\s+/g, ' ')),
      `the puzzle is not stated for n = 4: "${puzzle}"`);
  });
  await step('n = 8 is one click away, and back', async () => {
    await page.click('#n-switch');
    await traceReady(page, 8);
    expect(await page.textContent('#n-switch') === 'Back to n = 4', 'the switch does not offer n = 4 back');
    await page.click('#n-switch');
    await traceReady(page, 4);
  });
  await step('step forward to the first solution: columns [1, 3, 0, 2]', async () => {
    let [sawAttacked, rejection, s] = [false, null, null];
    for (let i = 0; i < 200; i++) {
      await page.click('#step-forward');
      s = await boardState(page);
      sawAttacked ||= s.attacked;
      if (!rejection && s.type === 'reject') {
        rejection = s;
        await shot(page, '1-rejection');
      }
      if (s.queens === 4) break;
    }
    expect(s.queens === 4, 'no board with 4 queens after 200 steps');
    expect(s.columns.join() === '1,3,0,2', `queens at columns [${s.columns}], not [1,3,0,2]`);
    expect(sawAttacked, 'no pale-yellow attacked square was shown on the way');
    expect(rejection, 'no rejection was shown on the way');
    expect(rejection.attacker, 'the attacking queen was not highlighted at a rejection');
    expect(/row \d+, col \d+ is (in the same column as|on the [↘↗] (anti-)?diagonal of) the queen at row \d+, col \d+/
      .test(rejection.reason), `the rejection reason is not in words: "${rejection.reason}"`);
    await page.click('#step-forward'); // the solution event itself
    expect((await boardState(page)).type === 'solution', 'the step after the last queen is not the solution');
    expect(await page.locator('#gallery .mini-card').count() === 1, 'the gallery does not hold the first solution');
    await shot(page, '2-first-solution');
    await page.click('#step-back');
  });
  await step('step back: the last queen is gone', async () => {
    await page.click('#step-back');
    const s = await boardState(page);
    expect(s.queens === 3 && s.columns[3] === -1, `after stepping back the queens are at [${s.columns}]`);
  });
  await step('keyboard: → steps forward, ← steps back', async () => {
    const position = () => page.$eval('#timeline', (t) => Number(t.value));
    await page.locator('#log-title').click(); // focus off the controls
    const before = await position();
    await page.keyboard.press('ArrowRight');
    expect(await position() === before + 1, '→ did not step forward');
    await page.keyboard.press('ArrowLeft');
    expect(await position() === before, '← did not step back');
  });
  await step('scrub the timeline to the end: 2 solutions in the gallery', async () => {
    await page.focus('#timeline');
    await page.keyboard.press('End');
    await page.waitForFunction(() => document.querySelectorAll('#gallery .mini-card').length === 2, null, { timeout: 5000 });
    const counter = (id) => page.textContent(`#count-${id}`);
    expect(await counter('solutions') === '2', 'the solutions counter is not 2 at the end');
    expect(await counter('nodes') === '17' && await counter('tested') === '60' && await counter('dead-ends') === '4',
      'the counters at the end are not those of the 4-queens search (17 nodes, 60 squares, 4 dead ends)');
    expect(/search finished/i.test(await page.textContent('#reason')), 'the last step is not the end of the search');
    await shot(page, '3-gallery');
  });
}

async function ownSteps(page) {
  const square = (r, c) => `#own-board [data-row="${r}"][data-col="${c}"]`;
  await step('place your own: a conflicting pair is reported in words', async () => {
    await page.click('#tab-own');
    await page.click(square(0, 0));
    await page.click(square(1, 1));
    await page.waitForSelector('#own-conflicts li', { timeout: 5000 });
    const text = await page.textContent('#own-conflicts');
    expect(/row 0, col 0/.test(text) && /row 1, col 1/.test(text) && /diagonal/.test(text),
      `the conflict is not described: "${text}"`);
    expect(await page.locator('#own-board .conflict').count() === 2, 'the conflicting pair is not highlighted');
    await shot(page, '4-conflict');
  });
  await step('place your own: complete a legal partial board', async () => {
    await page.click('#own-clear');
    await page.waitForFunction(() => !document.querySelector('#own-board .queen'));
    await page.click(square(0, 1));
    await page.keyboard.press('ArrowDown'); // the board is keyboard-reachable too: (1, 1)
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight'); // (1, 3)
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('#own-board .queen').length === 2);
    await page.click('#own-complete');
    await page.waitForSelector('#own-verdict[data-valid="true"]', { timeout: 5000 });
    const columns = await page.$$eval('#own-board .queen', (qs) => qs.map((q) => [+q.dataset.row, +q.dataset.col]));
    expect(columns.length === 4, `the completed board has ${columns.length} queens`);
    expect(/completed/i.test(await page.textContent('#own-message')), 'the completion is not announced');
    await shot(page, '5-completion');
  });
}

async function otherSteps(page) {
  await step('symmetry: n = 4 has one class of 2 boards', async () => {
    await page.click('#tab-symmetry');
    await page.waitForSelector('#fundamentals .fundamental', { timeout: 5000 });
    expect(await page.locator('#fundamentals .fundamental').count() === 1, 'n = 4 should have 1 fundamental solution');
    expect(await page.locator('#images .mini-card').count() === 8, 'the class is not shown as 8 images');
    expect(await page.locator('#images .duplicate').count() === 6, 'the 6 repeated images are not marked');
  });
  await step('the count menu offers n = 1 up to the server\'s count_max_n', async () => {
    const { limits } = await page.evaluate(() => fetch('/api/limits').then((r) => r.json()));
    const menu = await countMenu(page, limits.count_max_n);
    expect(menu.last === String(limits.count_max_n), `menu up to ${menu.last}, not ${limits.count_max_n}`);
  });
}

/** The count menu's sizes, and the one chosen, once it offers `count` of them. */
async function countMenu(page, count) {
  const sizes = () => page.$$eval('#count-n option', (options) => options.length);
  await page.waitForFunction((k) => document.querySelectorAll('#count-n option').length === k, count, { timeout: 5000 })
    .catch(async () => { throw new Error(`the count menu offers ${await sizes()} sizes, not ${count}`); });
  return page.$eval('#count-n', (s) => ({ last: s.options[s.options.length - 1].value, chosen: s.value }));
}

async function limitSteps(context, base) {
  // The real server's count_max_n is the page's fallback too: answer /api/limits with another
  // value, so that the menu shows it read the answer.
  await step('the count menu goes up to /api/limits\' count_max_n', async () => {
    const page = await context.newPage();
    watchPage(page, 'limits');
    await page.route('**/api/limits', (route) => route.fulfill({ json: { limits: { count_max_n: 10 } } }));
    await page.goto(base);
    const menu = await countMenu(page, 10);
    expect(menu.last === '10' && menu.chosen === '8', `menu up to ${menu.last}, ${menu.chosen} chosen`);
    await page.close();
  });
  await step('without /api/limits the count menu keeps n = 1..18', async () => {
    const page = await context.newPage(); // not watched: its failed request is the point
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.route('**/api/limits', (route) => route.abort());
    await page.goto(base);
    const menu = await countMenu(page, 18);
    expect(menu.last === '18' && menu.chosen === '8', `menu up to ${menu.last}, ${menu.chosen} chosen`);
    expect(errors.length === 0, `uncaught: ${errors.join('; ')}`);
    await page.close();
  });
}

async function narrowSteps(context, base) {
  const page = await context.newPage();
  watchPage(page, '375px');
  await page.setViewportSize({ width: 375, height: 740 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await step('375 px viewport: nothing overflows horizontally', async () => {
    await page.goto(base);
    await traceReady(page, 4);
    await page.selectOption('#n', '12'); // the widest board and masks
    await traceReady(page, 12);
    await page.click('#next-solution');
    const overflows = await page.$eval('#masks', (m) => m.scrollWidth > m.clientWidth + 1);
    expect(!overflows || await page.isVisible('#masks .masks-scroll'), 'the masks table scrolls sideways with no cue');
    for (const tab of VIEW_IDS.map((id) => `tab-${id}`)) {
      await page.click(`#${tab}`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width <= 375, `the ${tab} view is ${width} px wide`);
    }
    await page.click('#tab-watch');
    await shot(page, '6-narrow');
  });
  await page.close();
}

async function main() {
  // A server for each lane: a group's requests never meet another's limits (a busy server's 429).
  const servers = Array.from({ length: LANES }, () => startServer());
  const watchdog = setTimeout(() => {
    console.error(`FAIL: the run took longer than ${DEADLINE_MS / 1000} s`);
    servers.forEach(({ server }) => server.kill('SIGTERM'));
    process.exit(1);
  }, DEADLINE_MS);
  let browser;
  try {
    const bases = await Promise.all(servers.map(({ url }) => url));
    log(`servers at ${bases.join(', ')}`);
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium', // Debian's: never a downloaded browser
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    const suites = {
      basics: async (base) => {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        const page = await context.newPage();
        watchPage(page, 'desktop');
        await page.goto(base);
        await watchSteps(page);
        await ownSteps(page);
        await otherSteps(page);
        await limitSteps(context, base);
        await narrowSteps(context, base);
        await context.close();
      },
      learner: (base) => learnerSteps(browser, base),
      code: (base) => codeSteps(browser, base),
      screen: (base) => screenSteps(browser, base),
      keyboard: (base) => keyboardSteps(browser, base),
      links: (base) => linkSteps(browser, base),
      python: (base) => pythonSteps(browser, base),
      search: (base) => searchSteps(browser, base),
      leetcode: (base) => leetcodeSteps(browser, base),
      reads: (base) => readsSteps(browser, base),
      pace: (base) => paceSteps(browser, base),
      room: (base) => roomSteps(browser, base),
    };
    // E2E_ONLY=screen,keyboard runs those groups alone (a developer's shortcut; CI runs them all).
    const only = process.env.E2E_ONLY?.split(',').filter(Boolean);
    if (!only) fs.rmSync(SHOTS, { recursive: true, force: true }); // no picture left from an older run
    const unknown = (only ?? []).filter((name) => !suites[name]);
    expect(unknown.length === 0, `E2E_ONLY names no group ${unknown.join(', ')}: the groups are ${Object.keys(suites).join(', ')}`);
    // The groups run in LANES at once, the longest first: most of a step's time is the page's own
    // frames, which a second page fills (each group has its own contexts and its lane's server).
    const queue = Object.entries(suites).filter(([name]) => !only || only.includes(name))
      .sort(([a], [b]) => LONGEST_FIRST.indexOf(b) - LONGEST_FIRST.indexOf(a)).map(([, run]) => run);
    await Promise.all(bases.map(async (base) => {
      while (queue.length) await queue.shift()(base);
    }));
  } catch (error) {
    failures.push(error.message);
  } finally {
    await browser?.close();
    servers.forEach(({ server }) => server.kill('SIGTERM'));
    clearTimeout(watchdog);
  }
  if (failures.length) {
    console.log(`\nFAILED (${failures.length}):\n${failures.map((f) => `  - ${f}`).join('\n')}`);
    process.exit(1);
  }
  if (ignoredAborts.length) log(`note: ${ignoredAborts.length} answered request(s) reported as aborted: ${ignoredAborts.join(' ')}`);
  console.log(`\nPASS in ${seconds()} s; screenshots in ${SHOTS}`);
}

await main();
