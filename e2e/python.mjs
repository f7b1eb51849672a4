// The code panel is exact (issue 40, item 5): at every step of n = 4, for all five algorithms,
// the page's marked line, call stack and variables are those of the listing itself run under
// Python's sys.settrace (e2e/frames.py), step by step.

import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, openPage, ROOT, SCREENS, shot, step, traceReady } from './harness.mjs';

const ALGORITHMS = ['permutations', 'naive', 'sets', 'arrays', 'bitmask'];

/** The panel at every step, read in the page: Step, then the line, the calls and the variables. */
const everyStep = () => {
  const rows = [];
  const button = document.getElementById('step-forward');
  const length = Number(document.getElementById('timeline').max);
  for (let p = 1; p <= length; p++) {
    button.click();
    const line = document.querySelector('#code li.current');
    rows.push({
      line: line ? Number(line.dataset.line) : null,
      // The page lists the calls innermost first; Python's stack is read from solve() down.
      stack: [...document.querySelectorAll('#call-stack li')].reverse().map((li) => ({
        call: li.querySelector('.py-call').textContent,
        col: li.querySelector('.frame-col') ? Number(li.querySelector('.frame-col').textContent.replace(' col = ', '')) : null,
      })),
      vars: Object.fromEntries([...document.querySelectorAll('.code-vars dt')].map((dt) => [dt.textContent,
        dt.nextElementSibling.querySelector('.py').textContent])),
    });
  }
  return rows;
};

async function compare(page, base, algorithm, expected) {
  await page.goto(`${base}?n=4&algorithm=${algorithm}`);
  await traceReady(page, 4);
  await page.waitForSelector('#code li');
  const shown = await page.evaluate(everyStep);
  const wrong = [];
  expect(shown.length === expected.length, `${algorithm}: the page has ${shown.length} steps, Python ${expected.length}`);
  expected.forEach((want, i) => {
    const got = shown[i];
    const problems = [];
    if ((want.line ?? null) !== got.line) problems.push(`line ${got.line}, Python's ${want.line}`);
    if (JSON.stringify(got.stack) !== JSON.stringify(want.stack)) {
      problems.push(`calls ${got.stack.map((f) => f.call + (f.col === null ? '' : ` col=${f.col}`)).join(' > ')}, Python's ` +
        `${want.stack.map((f) => f.call + (f.col === null ? '' : ` col=${f.col}`)).join(' > ')}`);
    }
    const names = new Set([...Object.keys(want.vars), ...Object.keys(got.vars)]);
    for (const name of names) {
      if (got.vars[name] !== want.vars[name]) problems.push(`${name} = ${got.vars[name]}, Python's ${want.vars[name]}`);
    }
    if (problems.length) wrong.push(`step ${i + 1} (${want.type}): ${problems.join('; ')}`);
  });
  return wrong;
}

async function screenSteps(browser, base, screen, expected) {
  await step(`${screen.name}: the code panel at every step of n = 4 is the listing run under sys.settrace, for all five algorithms`, async () => {
    const { context, page } = await openPage(browser, screen, 'python');
    const wrong = [];
    let steps = 0;
    for (const algorithm of ALGORITHMS) {
      wrong.push(...(await compare(page, base, algorithm, expected[algorithm])).map((w) => `${algorithm} ${w}`));
      steps += expected[algorithm].length;
    }
    expect(wrong.length === 0, `${wrong.length} of ${steps} steps differ from Python: ${wrong.slice(0, 3).join(' | ')}`);
    await page.goto(`${base}?n=4&algorithm=permutations&step=5`);
    await traceReady(page, 4);
    await shot(page, `11-code-permutations-clash-${screen.name}`, { fullPage: false });
    await context.close();
  });
}

export async function pythonSteps(browser, base) {
  const expected = JSON.parse(execFileSync('python3', [path.join(ROOT, 'e2e', 'frames.py'), '4'], { maxBuffer: 1 << 26 }));
  for (const screen of SCREENS) await screenSteps(browser, base, screen, expected);
}
