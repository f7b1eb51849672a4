// More of the learner's page (see learner.mjs): the shading of your own board, and the words of
// every step of whole traces, read through the page's own modules.

import { expect, shot, step } from './harness.mjs';

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
