// Links (issue 40, item 11): a shared link keeps its step over a slow connection (the address is
// written only from a loaded state) and shows it before the rest of the trace has come (issue 53),
// a link with several problems says each, a setting given twice says which value was taken, and
// the notice goes when the learner changes n.

import { expect, openPage, SCREENS, shot, step, traceReady } from './harness.mjs';

/** Records every address the page writes, from before its first script runs. */
const RECORD_ADDRESSES = () => {
  window.addressesWritten = [];
  const replace = history.replaceState.bind(history);
  history.replaceState = (state, title, url) => {
    window.addressesWritten.push(String(url));
    return replace(state, title, url);
  };
};

async function slowLink(browser, base, screen) {
  await step(`${screen.name}: a link opened at 200 ms and 4 Mbit/s keeps its step: the address is written only once loaded`, async () => {
    const { context, page } = await openPage(browser, screen, 'slow link');
    await page.addInitScript(RECORD_ADDRESSES);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false, latency: 200, downloadThroughput: (4e6 / 8), uploadThroughput: (4e6 / 8),
    });
    const link = '?n=8&algorithm=sets&step=1900&tab=watch';
    await page.goto(`${base}${link}`);
    // The step is shown as soon as its events are in, before the rest of the trace (34,233 events).
    await page.waitForFunction(() => document.getElementById('position-label').textContent.startsWith('step 1,900 of'),
      null, { timeout: 60_000 });
    const loading = await page.$eval('#trace-status', (s) => s.dataset.state);
    const board = await page.$$eval('#board .square.queen', (qs) => qs.length);
    expect(loading === 'loading' && board > 0, `step 1,900 was shown only once the trace was ${loading}, with ${board} queens`);
    await traceReady(page, 8);
    expect(await page.$eval('#timeline', (t) => Number(t.value)) === 1900, 'the page is not at step 1,900');
    await page.waitForFunction(() => window.addressesWritten.length > 0, null, { timeout: 5000 });
    const written = await page.evaluate(() => window.addressesWritten);
    expect(written.every((url) => url.includes('step=1900')), `the address was written as ${written.join(', ')}`);
    expect(new URL(page.url()).search === link, `the address is ${page.url()}`);
    await context.close();
  });
}

async function problems(browser, base, screen) {
  await step(`${screen.name}: a link says each of its problems, which of two values it took, and the notice goes with a new n`, async () => {
    const { context, page } = await openPage(browser, screen, 'link problems');
    await page.goto(`${base}?n=99&step=999999`);
    await traceReady(page, 4);
    await page.waitForFunction(() => /past the end/.test(document.getElementById('link-message').textContent), null, { timeout: 5000 })
      .catch(() => {});
    const both = await page.textContent('#link-message');
    expect(/n = "99" is not allowed: n is a whole number from 1 to 12/.test(both), `n = 99 is not said: "${both}"`);
    expect(/step = 999999 is past the end of this search \(143 steps\)/.test(both), `the step is not said: "${both}"`);
    await shot(page, `10-bad-link-${screen.name}`);
    await page.goto(`${base}?n=4&n=8`);
    await traceReady(page, 4);
    const twice = await page.textContent('#link-message');
    expect(/n is given 2 times \("4", "8"\): the first is used/.test(twice), `n twice: "${twice}"`);
    await page.selectOption('#n', '5');
    await traceReady(page, 5);
    expect(await page.isHidden('#link-message'), 'the notice stays after the learner changed n');
    await page.goto(`${base}?n=20&algorithm=foo`);
    await traceReady(page, 4);
    const bad = await page.textContent('#link-message');
    expect(/algorithm = "foo" is not one of sets, arrays, bitmask, naive, permutations/.test(bad), `algorithm = foo: "${bad}"`);
    await page.goto(`${base}?n=8&algorithm=bitmask&step=1900&tab=watch`);
    await traceReady(page, 8);
    expect(await page.isHidden('#link-message'), 'a good link shows a notice');
    await page.click('#step-forward');
    await page.waitForFunction(() => location.search.includes('step=1901'), null, { timeout: 5000 });
    await page.goto(`${base}?n=4&tab=symmetry`);
    await page.waitForSelector('#fundamentals .fundamental', { timeout: 5000 });
    expect(await page.isVisible('#panel-symmetry'), 'tab=symmetry does not open the symmetry tab');
    await context.close();
  });
}

export async function linkSteps(browser, base) {
  for (const screen of SCREENS) {
    await slowLink(browser, base, screen);
    await problems(browser, base, screen);
  }
}
