// The page on a projector (issue 40, items 1–3): at 1280 × 800, 1920 × 1080 and 853 × 533 (the
// laptop at 150 %) the board, the step's sentence, the controls, the code with its marked line and
// the search tree are all on one screen for n = 4 and n = 8, and the board stays put when the rest
// scrolls; presenting mode at every size (its screenshots are for a person to look at); and on a
// phone the constraint a tap breaks is named in view, in the words of a touch screen.

import { expect, outOfView, openPage, SCREENS, shot, step, traceReady } from './harness.mjs';

const DESKTOPS = SCREENS.filter((s) => !s.touch);
const PHONE = SCREENS.find((s) => s.touch);
const CONTROLS = ['#play', '#step-back', '#step-forward', '#step-by', '#next-solution', '#to-end', '#reset', '#timeline'];
const ON_ONE_SCREEN = ['#board', '#reason', ...CONTROLS, '#code-title', '#tree-title', '#tree'];

/** What is not on the screen of the ones that must be, with why (and the code's marked line, unless told not). */
async function missing(page, selectors, { line = true } = {}) {
  const found = [];
  for (const selector of selectors) {
    const why = await outOfView(page, selector);
    if (why) found.push(why);
  }
  const marked = line && await outOfView(page, '#code li.current', '#code');
  if (marked) found.push(`the marked line: ${marked}`);
  return found;
}

async function oneScreen(browser, base, screen) {
  await step(`${screen.name}: board, sentence, controls, the code's marked line and the tree on one screen (n = 4 and 8)`, async () => {
    const { context, page } = await openPage(browser, screen, 'layout');
    for (const [n, at] of [[4, 12], [8, 300]]) {
      await page.goto(`${base}?n=${n}&algorithm=sets&step=${at}`);
      await traceReady(page, n);
      await page.waitForSelector('#tree svg');
      const gone = await missing(page, ON_ONE_SCREEN);
      expect(gone.length === 0, `n = ${n}: ${gone.join('; ')}`);
      expect(await page.evaluate(() => scrollY === 0 && document.documentElement.scrollWidth <= innerWidth), 'the page had to scroll');
      await shot(page, `15-one-screen-${screen.name}-n${n}`, { fullPage: false });
    }
    const cut = await page.$$eval('#code li', (lines) => lines.filter((li) => li.scrollWidth > li.clientWidth + 1).map((li) => li.textContent));
    expect(cut.length === 0, `code lines cut: ${cut.join(' | ')}`);
    const below = await page.$$eval('[data-panel="counters"], [data-panel="gallery"]', (panels) => panels.map((p) => p.getBoundingClientRect().top));
    expect(below.every((top) => top >= screen.height - 1), `the secondary panels are not below the first screen: ${below}`);
    await page.evaluate(() => scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => scrollY > 0), 'the page does not scroll to its other panels');
    const stuck = await missing(page, ['#board', '#reason', '#step-forward'], { line: false });
    expect(stuck.length === 0, `scrolled down, the board does not stay: ${stuck.join('; ')}`);
    await context.close();
  });
}

async function presenting(browser, base, screen) {
  await step(`${screen.name}: presenting mode: larger type, the chosen panels only, keys, no steps to come`, async () => {
    const { context, page } = await openPage(browser, screen, 'presenting');
    await page.goto(`${base}?n=4&algorithm=sets&step=3`);
    await traceReady(page, 4);
    const plain = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
    await page.click('#present');
    await page.waitForFunction(() => document.documentElement.classList.contains('presenting'));
    const type = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
    expect(type > plain, `presenting type ${type}px is not larger than ${plain}px`);
    const shown = await page.$$eval('.workspace [data-panel]', (ps) => ps.filter((p) => p.offsetParent).map((p) => p.dataset.panel));
    expect(shown.join() === 'code,tree', `presenting shows the panels ${shown}`);
    expect(await page.isHidden('#tablist'), 'the tabs are still shown');
    const gone = await missing(page, screen.touch ? ['#board', '#reason', '#step-forward'] : ON_ONE_SCREEN, { line: !screen.touch });
    expect(gone.length === 0, `presenting: ${gone.join('; ')}`);
    const at = () => page.$eval('#timeline', (t) => Number(t.value));
    await page.keyboard.press('PageDown');
    await page.keyboard.press('ArrowRight');
    expect(await at() === 5, `PageDown and → went to step ${await at()}, not 5`);
    await page.keyboard.press('PageUp');
    expect(await at() === 4, `PageUp went to step ${await at()}, not 4`);
    await page.click('#present-menu summary');
    await page.check('#present-panels input[value="log"]');
    await page.click('#present-menu summary');
    await page.waitForSelector('#log .log-line');
    const squeezed = !screen.touch && await outOfView(page, '#code li.current', '#code');
    expect(!squeezed, `with the log beside the code, the marked line: ${squeezed}`);
    const lines = await page.$$eval('#log .log-line', (ls) => ls.map((l) => [Number(l.dataset.step), l.classList.contains('ahead')]));
    expect(lines.length === 4 && lines.every(([s, ahead]) => s <= 4 && !ahead), `the log shows ${JSON.stringify(lines)} at step 4`);
    await page.waitForFunction(() => /present=1&panels=code%2Ctree%2Clog/.test(location.search), null, { timeout: 5000 })
      .catch(() => { throw new Error(`the link does not keep presenting: ${page.url()}`); });
    await shot(page, `16-present-${screen.name}`, { fullPage: false });
    await page.check('#show-future');
    expect(await page.locator('#log .log-line.ahead').count() > 0, 'the steps to come are not shown when asked for');
    await page.uncheck('#show-future');
    await page.keyboard.press('Escape');
    expect(!(await page.evaluate(() => document.documentElement.classList.contains('presenting'))), 'Escape does not end presenting');
    await page.goto(`${base}?n=8&step=300&present=1&panels=code,tree`);
    await traceReady(page, 8);
    const again = await missing(page, screen.touch ? ['#board', '#reason'] : ON_ONE_SCREEN, { line: !screen.touch });
    expect(again.length === 0, `?present=1 at n = 8: ${again.join('; ')}`);
    await shot(page, `16-present-${screen.name}-n8`, { fullPage: false });
    await context.close();
  });
}

async function phoneTap(browser, base) {
  await step(`${PHONE.name}: place your own: after a tap, the broken constraint is named in view, in tap words`, async () => {
    const { context, page } = await openPage(browser, PHONE, 'own tap');
    await page.goto(`${base}?n=8&tab=own`);
    await page.waitForSelector('#own-board .square');
    const how = await page.evaluate(() => [...document.querySelectorAll('.own-how, .tool legend')].map((e) => e.innerText).join(' '));
    expect(/Tap a square/.test(how) && /A tap puts/.test(how) && !/[Cc]lick/.test(how), `the words are not a touch screen's: "${how}"`);
    await page.tap('#own-board [data-row="2"][data-col="2"]');
    await page.tap('#own-board [data-row="5"][data-col="5"]');
    await page.waitForSelector('#own-conflicts li');
    const text = await page.textContent('#own-conflicts li');
    expect(/share the ↘ diagonal r − c = 0/.test(text), `the conflict does not name its line: "${text}"`);
    const gone = await outOfView(page, '#own-conflicts li');
    expect(!gone, `the named constraint is not in view: ${gone}`);
    await shot(page, '17-own-tap-phone', { fullPage: false });
    await context.close();
  });
}

export async function screenSteps(browser, base) {
  for (const screen of DESKTOPS) await oneScreen(browser, base, screen);
  for (const screen of SCREENS) await presenting(browser, base, screen);
  await phoneTap(browser, base);
}
