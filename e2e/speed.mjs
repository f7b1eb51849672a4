// Two builds' pages side by side (bench/page.sh runs it): each serves its page, and Debian's
// chromium opens ?n=12 on each in turn, ROUNDS times (default 15), reading from the Performance API
// the first contentful paint and the time of 200 steps (each a click on Step and the layout it
// causes). Prints the medians and NEW / OLD as ratios of the medians.
//   node e2e/speed.mjs OLD_BINARY NEW_BINARY

import { spawn } from 'node:child_process';
import { chromium } from 'playwright-core';

const [oldBin, newBin] = process.argv.slice(2);
if (!oldBin || !newBin) {
  console.error('usage: node e2e/speed.mjs OLD_BINARY NEW_BINARY');
  process.exit(2);
}
const ROUNDS = Number(process.env.ROUNDS ?? 15);

/** `BIN serve --port 0`, and the URL it prints. */
const serve = (bin) => new Promise((resolve, reject) => {
  const server = spawn(bin, ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  server.on('error', reject);
  server.stdout.on('data', (d) => {
    const match = String(d).match(/http:\/\/127\.0\.0\.1:\d+\//);
    if (match) resolve({ server, base: match[0] });
  });
});

/** One look at n = 12: the first contentful paint and the 200 steps' times, sorted. */
async function measure(browser, base) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${base}?n=12`);
  await page.waitForFunction(() => document.querySelectorAll('#board .square').length === 144, null, { timeout: 30_000 });
  await page.waitForSelector('#trace-status[data-state="ready"]', { state: 'attached', timeout: 30_000 });
  const fcp = await page.evaluate(() => performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint').startTime);
  const steps = await page.evaluate(async () => {
    const button = document.getElementById('step-forward');
    const spent = [];
    for (let k = 0; k < 200; k++) {
      const t0 = performance.now();
      button.click();
      void document.body.offsetHeight; // the layout the step caused, in the measure
      spent.push(performance.now() - t0);
      if (k % 20 === 0) await new Promise(requestAnimationFrame);
    }
    return spent.sort((a, b) => a - b);
  });
  await context.close();
  return { fcp, median: steps[steps.length >> 1], worst: steps.at(-1) };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const builds = { old: await serve(oldBin), new: await serve(newBin) };
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium', headless: true, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const seen = { old: [], new: [] };
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of round % 2 ? ['new', 'old'] : ['old', 'new']) seen[name].push(await measure(browser, builds[name].base));
  }
} finally {
  await browser.close();
  Object.values(builds).forEach(({ server }) => server.kill());
}
const figures = Object.fromEntries(Object.entries(seen).map(([name, runs]) => [name, {
  fcp: median(runs.map((r) => r.fcp)), median: median(runs.map((r) => r.median)), worst: median(runs.map((r) => r.worst)),
}]));
console.log(`n = 12 at 1280×800, medians of ${ROUNDS} runs each, alternating`);
console.log('| | first contentful paint (ms) | a step, median (ms) | a step, worst of 200 (ms) |');
console.log('| --- | --- | --- | --- |');
for (const [name, f] of Object.entries(figures)) console.log(`| ${name} | ${f.fcp.toFixed(0)} | ${f.median.toFixed(2)} | ${f.worst.toFixed(1)} |`);
const ratio = (key) => (figures.new[key] / figures.old[key]).toFixed(2);
console.log(`| new / old | ${ratio('fcp')} | ${ratio('median')} | ${ratio('worst')} |`);
