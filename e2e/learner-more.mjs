// More of the learner's page (see learner.mjs): links that restore a view or say what is
// wrong with them, the shading of your own board, the count's words, and the words of every
// step of whole traces, read through the page's own modules.

import { expect, shot, step, traceReady } from './harness.mjs';

const ready = traceReady;

export async function linkSteps(page, base) {
  await step('a link restores n, algorithm, step and tab', async () => {
    await page.goto(`${base}?n=8&algorithm=bitmask&step=1900&tab=watch`);
    await ready(page, 8);
    expect(await page.$eval('#algorithm', (s) => s.value) === 'bitmask', 'the algorithm is not bitmask');
    expect(await page.$eval('#timeline', (t) => Number(t.value)) === 1900, 'the step is not 1,900');
    const words = await page.textContent('#reason');
    const line = await page.$eval('#code li.current', (li) => li.textContent).catch(() => '');
    expect(/lowest free bit|read row|free \^= bit|solution/.test(words) && line.trim().length > 0,
      `step 1,900 of bitmask reads "${words}", with the code line "${line}"`);
    expect(await page.isHidden('#link-message'), 'a good link shows a message');
    await page.click('#step-forward');
    await page.waitForFunction(() => location.search.includes('step=1901'), null, { timeout: 5000 });
    await page.goto(`${base}?n=4&tab=symmetry`);
    await page.waitForSelector('#fundamentals .fundamental', { timeout: 5000 });
    expect(await page.isVisible('#panel-symmetry'), 'tab=symmetry does not open the symmetry tab');
  });
  await step('a bad link is a visible message, and the page shows its default', async () => {
    await page.goto(`${base}?n=20&algorithm=foo`);
    await ready(page, 4);
    const message = await page.textContent('#link-message');
    expect(await page.isVisible('#link-message'), 'no message for a bad link');
    expect(/n = "20" is not allowed: n is a whole number from 1 to 12/.test(message), `n = 20 is not explained: "${message}"`);
    expect(/algorithm = "foo" is not one of sets, arrays, bitmask, naive, permutations/.test(message),
      `algorithm = foo is not explained: "${message}"`);
    await shot(page, '10-bad-link');
    await page.goto(`${base}?n=4&step=999`);
    await ready(page, 4);
    expect(/step = 999 is past the end of this search \(143 steps\)/.test(await page.textContent('#link-message')),
      'a step past the end is not explained');
  });
}

export async function ownShading(page, size = '') {
  await step(`${size}place your own: the squares the queens attack are shaded, live`, async () => {
    await page.click('#tab-own');
    const square = (r, c) => `#own-board [data-row="${r}"][data-col="${c}"]`;
    const attacked = (r, c) => page.$eval(square(r, c), (s) => s.classList.contains('attacked'));
    await page.click(square(0, 0));
    for (const [r, c] of [[0, 3], [3, 0], [2, 2], [1, 1]]) expect(await attacked(r, c), `(${r}, ${c}) is not shaded`);
    for (const [r, c] of [[1, 2], [2, 1], [3, 2]]) expect(!(await attacked(r, c)), `(${r}, ${c}) is shaded but safe`);
    await page.click(square(1, 2));
    expect(await attacked(3, 2) && await attacked(2, 3), 'the second queen\'s squares are not shaded');
    expect(/attacked/.test(await page.getAttribute(square(3, 2), 'aria-label')), 'a shaded square does not say so');
    await shot(page, `11-own-shading${size ? '-phone' : ''}`);
    await page.click('#own-clear');
  });
}

export async function countWords(page) {
  await step('count: its n follows the page\'s, and it says its method, threads and why its nodes differ', async () => {
    await page.click('#tab-watch');
    await page.click('#n-switch'); // n = 8, whose trace is then loaded
    await ready(page, 8);
    await page.click('#tab-count');
    expect(await page.$eval('#count-n', (s) => s.value) === '8', 'the count\'s n is not the page\'s');
    expect(await page.isHidden('#toolbar'), 'the page\'s own n is still shown beside the count\'s');
    await page.click('#count-start');
    await page.waitForSelector('#count-status[data-state="done"]', { timeout: 20_000 });
    const why = await page.textContent('#count-why');
    expect(/Counted by backtrack on 1 thread/.test(why), `the method and threads are not said: "${why}"`);
    expect(/one board of each symmetry class/.test(why) && /505 nodes against the Watch tab's 2,057 for n = 8/.test(why),
      `why the nodes differ is not said: "${why}"`);
    expect(/92 solutions, 12 unique/.test(await page.textContent('#count-status')), 'the count status is wrong');
    await page.click('#tab-watch');
  });
}

/** Every step of whole traces in words: no "1 solutions", a real minus, no column that is not there. */
export async function stepWords(page) {
  await step('the words of every step (n = 2, 4, 6): plurals, minus signs, lifts and dead ends', async () => {
    const problems = await page.evaluate(async () => {
      const { Trace } = await import('/js/trace.js');
      const { describe } = await import('/js/narrate.js');
      const { getNdjson } = await import('/js/api.js');
      const found = [];
      // bitmask's own story: rows read at once, lowest free bits taken, bits dropped.
      const bitmaskWords = (type) => ({
        scan: /^read row \d+ at once: free = full & ~\(cols \| diag \| anti\) (= 0, every column is attacked|leaves col [\d, ]+ free.*the lowest free bit is col \d+)$/,
        place: /^✓ take the lowest free bit, col \d+/,
        lift: /free \^= bit drops col \d+/,
      })[type] ?? /./;
      for (const [n, algorithm] of [[2, 'sets'], [4, 'sets'], [6, 'sets'], [4, 'bitmask'], [6, 'bitmask']]) {
        const trace = new Trace(n, algorithm);
        (await getNdjson(`/api/trace?n=${n}&algorithm=${algorithm}&until=all`)).forEach((e) => trace.push(e));
        for (let i = 0; i < trace.length; i++) {
          const words = describe(trace, i);
          const e = trace.event(i);
          const bad = /\b1 solutions\b/.test(words) || /= -\d/.test(words) || /is full/.test(words)
            || (e.type === 'lift' && e.col === n - 1 && /col \d+ of row/.test(words))
            || (i > 0 && words === describe(trace, i - 1))
            || (algorithm === 'bitmask' && !bitmaskWords(e.type).test(words));
          if (bad) found.push(`${algorithm}, n = ${n}, step ${i + 1}: "${words}"`);
        }
        if (n === 2 && !/every column of row 0 has been tried/.test(describe(trace, trace.length - 2))) {
          found.push(`n = 2's last lift: "${describe(trace, trace.length - 2)}"`);
        }
      }
      return found;
    });
    expect(problems.length === 0, `steps badly worded: ${problems.slice(0, 4).join('; ')}`);
  });
}
