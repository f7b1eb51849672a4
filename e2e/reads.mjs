// What the marked line reads is always in sight (issue 53, item 1): at every screen size, for
// every algorithm, at 50 steps spread over the trace of n = 4 (and of n = 8 for sets; n = 4's
// first 50 steps one after another; and in the tutorials' names, where one `if` reads five
// variables, for arrays, naive and bitmask), each
// variable that the marked line names is shown whole, inside the viewport and inside the
// variables box as it is scrolled, and so is the innermost call. On the phone the page scrolls:
// the code panel's foot (the listing's box, then what its line reads) is brought into view first,
// as a reader scrolls to it.

import { expect, openPage, SCREENS, shot, step, traceReady } from './harness.mjs';

const ALGORITHMS = ['permutations', 'naive', 'sets', 'arrays', 'bitmask'];
const SAMPLES = 50;

/** In the page: goes to each sampled step and lists what the marked line reads that is not in sight. */
const unseen = async ({ samples, phone, from = 0 }) => {
  const timeline = document.getElementById('timeline');
  const side = document.getElementById('code-side');
  const length = Number(timeline.max);
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const outside = (element) => {
    const r = element.getBoundingClientRect();
    const box = side.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return 'not shown';
    if (r.top < -0.5 || r.bottom > innerHeight + 0.5 || r.left < -0.5 || r.right > innerWidth + 0.5) return 'outside the viewport';
    if (r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5) return 'scrolled out of its box';
    return null;
  };
  const problems = [];
  let checked = 0;
  for (let k = 0; k < samples; k++) {
    // Spread over the trace, or (from > 0) one step after another, where the frames often stay
    // the same while the marked line moves.
    const p = from > 0 ? from + k : 1 + Math.floor((k * (length - 1)) / Math.max(1, samples - 1));
    timeline.value = String(p);
    timeline.dispatchEvent(new Event('input', { bubbles: true }));
    await frame();
    if (phone) {
      side.closest('.code-panel').scrollIntoView({ block: 'end' });
      await frame();
    }
    const line = document.querySelector('#code li.current')?.textContent ?? '';
    const words = new Set(line.replace(/#.*$/, '').match(/[A-Za-z_]\w*/g) ?? []);
    const named = [...document.querySelectorAll('.code-vars dt')].filter((dt) => words.has(dt.textContent));
    for (const dt of named) {
      checked += 1;
      if (!dt.classList.contains('read')) problems.push(`step ${p}: ${dt.textContent} is not marked as read`);
      const why = outside(dt) ?? outside(dt.nextElementSibling.querySelector('.py'));
      if (why) problems.push(`step ${p} "${line.trim()}": ${dt.textContent} ${why}`);
    }
    const innermost = document.querySelector('#call-stack li');
    const why = innermost && outside(innermost);
    if (why) problems.push(`step ${p}: the innermost call ${innermost.textContent} ${why}`);
    if (innermost && !innermost.classList.contains('current')) problems.push(`step ${p}: the first call listed is not the innermost`);
  }
  return { problems, checked };
};

async function sizeSteps(browser, base, screen) {
  await step(`${screen.name}: the variables the marked line reads and the innermost call are in sight at ${SAMPLES} steps, every algorithm`, async () => {
    const { context, page } = await openPage(browser, screen, 'reads');
    const problems = [];
    let checked = 0;
    const runs = [...ALGORITHMS.map((algorithm) => [4, algorithm, 0]), [8, 'sets', 0], [4, 'sets', 1],
      ...['arrays', 'naive', 'bitmask'].map((algorithm) => [4, algorithm, 0, 'tutorial'])];
    for (const [n, algorithm, from, style = 'page'] of runs) {
      await page.goto(`${base}?n=${n}&algorithm=${algorithm}&code=${style}`);
      await traceReady(page, n);
      await page.waitForSelector('#code li');
      const found = await page.evaluate(unseen, { samples: SAMPLES, phone: Boolean(screen.touch), from });
      problems.push(...found.problems.map((p) => `n = ${n} ${algorithm} (${style}) ${p}`));
      checked += found.checked;
    }
    expect(checked > 100, `only ${checked} variables were read by the marked lines sampled`);
    expect(problems.length === 0, `${problems.length} out of sight: ${problems.slice(0, 4).join(' | ')}`);
    await page.goto(`${base}?n=4&algorithm=sets&step=6`);
    await traceReady(page, 4);
    if (screen.touch) await page.locator('.code-panel').scrollIntoViewIfNeeded();
    await shot(page, `18-reads-${screen.name}`, { fullPage: false });
    await context.close();
  });
}

export async function readsSteps(browser, base) {
  for (const screen of SCREENS) await sizeSteps(browser, base, screen);
}
