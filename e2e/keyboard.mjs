// The page by keyboard alone (issue 40, items 9 and 10): Tab reaches every control (the log is one
// tab stop, the tree another), the focus survives the log being redrawn step after step, the
// tree's nodes are reached and opened with the arrow keys and Enter, and a choice in a menu
// leaves the focus out of the menu, so that → steps the search instead of changing the menu.

import { expect, openPage, SCREENS, step, traceReady } from './harness.mjs';

/** What has the focus, as a short name (its id, or its role and text). */
const focused = (page) => page.evaluate(() => {
  const e = document.activeElement;
  if (!e || e === document.body) return 'body';
  if (e.id) return `#${e.id}`;
  if (e.closest('#log')) return `log step ${e.dataset.step}`;
  return `${e.tagName.toLowerCase()} "${e.textContent.trim().slice(0, 30)}"`;
});

/** Every control a keyboard must reach in the header and the Watch view, by the name `focused` gives. */
const controls = (page) => page.evaluate(() => {
  const visible = (e) => e.offsetParent !== null && !e.disabled && getComputedStyle(e).visibility !== 'hidden';
  const all = [...document.querySelectorAll('header button, header select, header input, #panel-watch button, #panel-watch select, ' +
    '#panel-watch input, #panel-watch [tabindex="0"]')].filter(visible);
  return all.filter((e) => !e.closest('#log') && e.getAttribute('role') !== 'tab').map((e) => `#${e.id}`)
    .concat(['#tab-watch', 'log step']);
});

async function tabWalk(browser, base, screen) {
  await step(`${screen.name}: Tab reaches every control, the log and the tree once each, and never drops to the page`, async () => {
    const { context, page } = await openPage(browser, screen, 'keyboard');
    await page.goto(`${base}?n=4&algorithm=sets&step=20`);
    await traceReady(page, 4);
    await page.waitForSelector('#tree svg');
    const wanted = await controls(page);
    const seen = [];
    for (let k = 0; k < 150; k++) {
      await page.keyboard.press('Tab');
      const name = (await focused(page)).replace(/^log step \d+$/, 'log step');
      if (name === 'body' && seen.length) break; // past the last control: the walk is done
      seen.push(name);
    }
    const missed = wanted.filter((name) => !seen.includes(name));
    expect(missed.length === 0, `never reached by Tab: ${missed.join(', ')} (the walk: ${seen.join(' → ')})`);
    const logStops = seen.filter((name) => name === 'log step').length;
    expect(logStops === 1, `the log takes ${logStops} tab stops`);
    expect(seen.length < 60, `${seen.length} tab stops`);
    await context.close();
  });
}

async function logFocus(browser, base, screen) {
  await step(`${screen.name}: the log: arrows move inside it, Enter goes to a step, and the focus survives many steps`, async () => {
    const { context, page } = await openPage(browser, screen, 'log focus');
    await page.goto(`${base}?n=8&algorithm=sets&step=40`);
    await traceReady(page, 8);
    await page.focus('#log a[tabindex="0"]');
    expect(await focused(page) === 'log step 40', `the log's tab stop is ${await focused(page)}, not the current step`);
    for (let k = 0; k < 3; k++) await page.keyboard.press('ArrowUp');
    expect(await focused(page) === 'log step 37', `three ↑ went to ${await focused(page)}`);
    await page.keyboard.press('Enter');
    expect(await page.$eval('#timeline', (t) => Number(t.value)) === 37, 'Enter did not go to step 37');
    // The search moves on while the focus stays in the log: 20 steps redraw it each time.
    for (let k = 0; k < 20; k++) await page.evaluate(() => document.getElementById('step-forward').click());
    const now = await focused(page);
    expect(now.startsWith('log step'), `after 20 steps the focus is on ${now}`);
    await page.keyboard.press('Shift+Tab');
    const back = await focused(page);
    expect(back === '#show-future', `Shift+Tab from the log went to ${back}, not the control before it`);
    await context.close();
  });
}

async function treeKeys(browser, base, screen) {
  await step(`${screen.name}: the tree: the arrow keys move between nodes and Enter goes to the step that reached one`, async () => {
    const { context, page } = await openPage(browser, screen, 'tree keys');
    await page.goto(`${base}?n=4&algorithm=sets&step=143`);
    await traceReady(page, 4);
    await page.focus('#tree');
    const words = () => page.textContent('#tree-cursor');
    expect(/^Node: the root/.test(await words()) || /^Node: row/.test(await words()), `the tree's focus says "${await words()}"`);
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowRight']) await page.keyboard.press(key);
    const said = await words();
    const [, row, col, at] = said.match(/^Node: row (\d+), col (\d+)[^.]*, reached at step (\d+)\./) ?? [];
    expect(row === '1', `↓ ↓ → should reach a node of row 1: "${said}"`);
    await page.keyboard.press('Enter');
    expect(await page.$eval('#timeline', (t) => t.value) === at, `Enter did not go to step ${at}`);
    expect(new RegExp(`row 1, col ${col} is free: place a queen`).test(await page.textContent('#reason')), 'the step is not that queen\'s placing');
    await page.keyboard.press('ArrowUp');
    expect(/^Node: row 0,/.test(await words()), `↑ did not go to the parent: "${await words()}"`);
    await context.close();
  });
}

async function menus(browser, base, screen) {
  await step(`${screen.name}: after a choice in a menu the focus leaves it: → steps the search, not the menu`, async () => {
    const { context, page } = await openPage(browser, screen, 'menus');
    await page.goto(`${base}?n=4&algorithm=sets`);
    await traceReady(page, 4);
    await page.focus('#n');
    await page.keyboard.press('ArrowDown'); // a closed menu takes the next value at once: n = 5
    await traceReady(page, 5);
    expect(!/^#(n|algorithm|step-by)$/.test(await focused(page)), `the focus stayed in ${await focused(page)}`);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await page.$eval('#n', (s) => s.value) === '5', 'the → keys changed n');
    expect(await page.$eval('#timeline', (t) => t.value) === '2', '→ did not step the search');
    await page.focus('#step-by');
    await page.keyboard.press('ArrowDown'); // by queen placed
    expect(await page.$eval('#step-by', (s) => s.value) === 'place', 'the step unit did not change');
    expect(await focused(page) === '#step-forward', `after choosing the unit the focus is on ${await focused(page)}`);
    await page.keyboard.press('ArrowRight');
    expect(await page.$eval('#step-by', (s) => s.value) === 'place', '→ changed the step unit');
    expect(await page.$eval('#reason', (r) => r.dataset.type) === 'place', '→ did not step by a queen placed');
    // The code's names: the tutorials' listing at once, kept in the link and after a reload.
    const firstLine = () => page.waitForFunction((text) => document.querySelector('#code li')?.textContent === text,
      'def solve_n_queens(n):', { timeout: 10_000 });
    await page.focus('#code-style');
    await page.keyboard.press('ArrowDown'); // the tutorials'
    await firstLine();
    expect(await focused(page) === '#step-forward', `after choosing the names the focus is on ${await focused(page)}`);
    const at = await page.$eval('#timeline', (t) => t.value);
    expect(await page.$eval('#code li.current', (li) => li.textContent.trim()) === 'queens.append(c)',
      'the placement is not marked in the tutorials\' listing');
    // The address follows the view once it has settled (main.js: followLink).
    await page.waitForFunction(() => new URLSearchParams(location.search).get('code') === 'tutorial', null, { timeout: 5_000 })
      .catch(() => expect(false, `the link does not keep the names: ${page.url()}`));
    await page.reload();
    await traceReady(page, 5);
    await firstLine();
    expect(await page.$eval('#code-style', (s) => s.value) === 'tutorial', 'the reloaded page chose the page\'s names');
    expect(await page.$eval('#timeline', (t) => t.value) === at, 'the reloaded page is at another step');
    await context.close();
  });
}

export async function keyboardSteps(browser, base) {
  for (const screen of SCREENS) {
    await tabWalk(browser, base, screen);
    await menus(browser, base, screen);
    await logFocus(browser, base, screen);
    await treeKeys(browser, base, screen);
  }
}
