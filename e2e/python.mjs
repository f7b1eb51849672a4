// The code panel is exact (issue 40, item 5; issue 53, item 3): at every step of n = 4, for all
// five algorithms, the page's marked line, call stack and variables are those of the listing
// itself run under Python's sys.settrace (e2e/frames.py), step by step; in the tutorials' names
// (code=tutorial) too, at every step of n = 4 and at 200 steps spread over each trace of n = 8.

import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, openPage, ROOT, SCREENS, shot, step, traceReady } from './harness.mjs';

const ALGORITHMS = ['permutations', 'naive', 'sets', 'arrays', 'bitmask'];
const SAMPLES = 200; // the steps of n = 8 compared in the tutorials' names, spread over each trace

/** Python's record of the listings in `style` on n (only `steps`, numbered from 1, when given). */
function python(n, style, algorithm = null, steps = null) {
  const args = [path.join(ROOT, 'e2e', 'frames.py'), String(n), '--style', style];
  if (algorithm) args.push('--algorithm', algorithm);
  if (steps) args.push('--steps', steps.join(','));
  return JSON.parse(execFileSync('python3', args, { maxBuffer: 1 << 28 }));
}

/**
 * In the page: the panel at each step (every step, by pressing Step, or the `steps` given, by
 * the timeline): the marked line, the calls and the variables.
 */
const panelAt = ({ steps }) => {
  const read = () => ({
    line: Number(document.querySelector('#code li.current')?.dataset.line ?? 0) || null,
    // The page lists the calls innermost first; Python's stack is read from the outer call down.
    stack: [...document.querySelectorAll('#call-stack li')].reverse().map((li) => ({
      call: li.querySelector('.py-call').textContent,
      col: li.querySelector('.frame-col') ? Number(li.querySelector('.frame-col').textContent.replace(/^.*= /, '')) : null,
    })),
    vars: Object.fromEntries([...document.querySelectorAll('.code-vars dt')].map((dt) => [dt.textContent,
      dt.nextElementSibling.querySelector('.py').textContent])),
  });
  const timeline = document.getElementById('timeline');
  const rows = [];
  if (steps) {
    for (const p of steps) {
      timeline.value = String(p);
      timeline.dispatchEvent(new Event('input', { bubbles: true }));
      rows.push(read());
    }
    return rows;
  }
  const button = document.getElementById('step-forward');
  for (let p = 1; p <= Number(timeline.max); p++) {
    button.click();
    rows.push(read());
  }
  return rows;
};

/** What differs between the page's panel (`shown`) and Python's steps (`expected`), in words. */
function differences(algorithm, shown, expected) {
  const wrong = [];
  expect(shown.length === expected.length, `${algorithm}: the page has ${shown.length} steps, Python ${expected.length}`);
  const calls = (stack) => stack.map((f) => f.call + (f.col === null ? '' : ` col=${f.col}`)).join(' > ');
  expected.forEach((want, i) => {
    const got = shown[i];
    const problems = [];
    if ((want.line ?? null) !== got.line) problems.push(`line ${got.line}, Python's ${want.line}`);
    if (JSON.stringify(got.stack) !== JSON.stringify(want.stack)) problems.push(`calls ${calls(got.stack)}, Python's ${calls(want.stack)}`);
    const names = new Set([...Object.keys(want.vars), ...Object.keys(got.vars)]);
    for (const name of names) {
      if (got.vars[name] !== want.vars[name]) problems.push(`${name} = ${got.vars[name]}, Python's ${want.vars[name]}`);
    }
    if (problems.length) wrong.push(`${algorithm} step ${want.step ?? i + 1} (${want.type}): ${problems.join('; ')}`);
  });
  return wrong;
}

/** Opens n's trace of `algorithm` with the code in `style`, ready to read; the trace's length. */
async function open(page, base, n, algorithm, style) {
  await page.goto(`${base}?n=${n}&algorithm=${algorithm}${style === 'page' ? '' : `&code=${style}`}`);
  await traceReady(page, n);
  await page.waitForSelector('#code li.current, #code li:first-child');
  return page.evaluate(() => Number(document.getElementById('timeline').max));
}

async function screenSteps(browser, base, screen, expected) {
  await step(`${screen.name}: the code panel at every step of n = 4 is the listing run under sys.settrace, for all five algorithms`, async () => {
    const { context, page } = await openPage(browser, screen, 'python');
    const wrong = [];
    let steps = 0;
    for (const algorithm of ALGORITHMS) {
      await open(page, base, 4, algorithm, 'page');
      wrong.push(...differences(algorithm, await page.evaluate(panelAt, { steps: null }), expected[algorithm]));
      steps += expected[algorithm].length;
    }
    expect(wrong.length === 0, `${wrong.length} of ${steps} steps differ from Python: ${wrong.slice(0, 3).join(' | ')}`);
    await page.goto(`${base}?n=4&algorithm=permutations&step=5`);
    await traceReady(page, 4);
    await shot(page, `11-code-permutations-clash-${screen.name}`, { fullPage: false });
    await context.close();
  });
}

/** The tutorials' names: every step of n = 4, then 200 steps spread over each trace of n = 8. */
async function tutorialSteps(browser, base, screen) {
  await step(`${screen.name}: in the tutorials' names the panel is Python's at every step of n = 4 and ${SAMPLES} of n = 8`, async () => {
    const { context, page } = await openPage(browser, screen, 'python-tutorial');
    const whole = python(4, 'tutorial');
    const wrong = [];
    let steps = 0;
    for (const algorithm of ALGORITHMS) {
      await open(page, base, 4, algorithm, 'tutorial');
      wrong.push(...differences(`n = 4 ${algorithm}`, await page.evaluate(panelAt, { steps: null }), whole[algorithm]));
      steps += whole[algorithm].length;
      const length = await open(page, base, 8, algorithm, 'tutorial');
      const sampled = [...new Set(Array.from({ length: SAMPLES }, (_, k) => 1 + Math.floor((k * (length - 1)) / (SAMPLES - 1))))];
      const want = python(8, 'tutorial', algorithm, sampled)[algorithm];
      expect(want.length === sampled.length, `n = 8 ${algorithm}: Python took ${want.length} of the ${sampled.length} steps sampled`);
      wrong.push(...differences(`n = 8 ${algorithm}`, await page.evaluate(panelAt, { steps: sampled }), want));
      steps += sampled.length;
    }
    expect(steps >= 5 * SAMPLES, `only ${steps} steps compared`);
    expect(wrong.length === 0, `${wrong.length} of ${steps} steps differ from Python: ${wrong.slice(0, 3).join(' | ')}`);
    // bitmask's masks panel speaks the code's names: chosen while a placement is shown, it
    // changes at once, its `free` the code's own (the tutorials' loop drops the bit first).
    await open(page, base, 4, 'bitmask', 'page');
    await page.evaluate(() => { const t = document.getElementById('timeline'); t.value = '2'; t.dispatchEvent(new Event('input')); });
    const masks = () => page.evaluate(() => ({
      rows: [...document.querySelectorAll('.mask-table tr th[scope="row"]')].map((th) => th.textContent),
      free: [...document.querySelectorAll('.mask-table tr.free td')].map((td) => td.textContent).join(''),
      code: [...document.querySelectorAll('.code-vars dt')].find((dt) => dt.textContent === 'free')?.nextElementSibling.textContent,
    }));
    const before = await masks();
    expect(before.rows.includes('diag') && before.free === '1111', `the page's names: ${JSON.stringify(before)}`);
    await page.selectOption('#code-style', 'tutorial');
    await page.waitForFunction(() => document.querySelector('#code li')?.textContent === 'def total_n_queens(n):');
    const after = await masks();
    expect(after.rows.includes('d1') && !after.rows.includes('diag') && after.free === '1110' && after.code?.startsWith('0b1110'),
      `the tutorials' names: ${JSON.stringify(after)}`);
    for (const [algorithm, at] of [['sets', 6], ['bitmask', 12]]) {
      await page.goto(`${base}?n=4&algorithm=${algorithm}&step=${at}&code=tutorial`);
      await traceReady(page, 4);
      await shot(page, `11-code-tutorial-${algorithm}-${screen.name}`, { fullPage: false });
    }
    await context.close();
  });
}

export async function pythonSteps(browser, base) {
  const expected = python(4, 'page');
  for (const screen of SCREENS) await screenSteps(browser, base, screen, expected);
  await tutorialSteps(browser, base, SCREENS[0]);
}
