// A pace that reaches the story (issue 53, item 4): Play stops on each solution (ticking the
// option off plays through), "Next solution" is one press to the first solution with a line
// saying what it skipped (its counts checked against the server's own trace), and a link keeps
// the unit Step moves by.

import { expect, openPage, SCREENS, step, traceReady } from './harness.mjs';

const at = (page) => page.$eval('#timeline', (t) => Number(t.value));
const playing = (page) => page.$eval('#play', (b) => b.getAttribute('aria-pressed') === 'true');
const stopped = (page) => page.waitForFunction(() => document.getElementById('play').getAttribute('aria-pressed') === 'false',
  null, { timeout: 60_000 });
const setSpeed = (page, index) => page.$eval('#speed', (s, v) => { s.value = String(v); s.dispatchEvent(new Event('input')); }, index);

/** The positions just after each solution event of the server's trace. */
const solutionPositions = (events) => events.flatMap((e, i) => (e.type === 'solution' ? [i + 1] : []));

async function playStops(browser, base, screen, events) {
  await step(`${screen.name}: Play stops on each solution and says how to go on; unticked, it plays through`, async () => {
    const { context, page } = await openPage(browser, screen, 'pace');
    await page.goto(`${base}?n=4&algorithm=sets&step=50`);
    await traceReady(page, 4);
    const [first, second] = solutionPositions(events);
    await setSpeed(page, 0); // ¼×: a step a second, so that the button is read while it plays
    await page.click('#play');
    // Pause is a drawn icon and a word: ⏸ is missing from many fonts (an empty box there).
    const pause = await page.$eval('#play', (b) => ({ text: b.textContent.trim(), icon: Boolean(b.querySelector('svg.icon')) }));
    expect(pause.text === 'Pause' && pause.icon, `while playing the button shows ${JSON.stringify(pause)}`);
    await setSpeed(page, 4); // 4×
    await stopped(page);
    expect(await at(page) === first, `Play from step 50 stopped at ${await at(page)}, not on the solution at ${first}`);
    expect(await page.$eval('#reason', (r) => r.dataset.type) === 'solution', 'the step Play stopped on is not a solution');
    const note = await page.textContent('#skipped');
    expect(/^Play stopped on solution 1: press Play to go on/.test(note), `the note says "${note}"`);
    await setSpeed(page, 8); // 64×
    await page.click('#play');
    await stopped(page);
    expect(await at(page) === second, `Play went on to ${await at(page)}, not to the next solution at ${second}`);
    await page.click('#reset');
    expect(await page.isHidden('#skipped'), 'the note stays after another move');
    await page.uncheck('#stop-at-solution');
    await page.click('#play');
    await stopped(page);
    const end = await page.$eval('#timeline', (t) => Number(t.max));
    expect(await at(page) === end && !(await playing(page)), `unticked, Play ended at ${await at(page)}, not the end (${end})`);
    await page.click('#reset');
    for (const k of [1, 2]) {
      await page.click('#next-solution');
      const note = await page.textContent('#skipped');
      expect(new RegExp(`on the way to solution ${k}:`).test(note), `Next solution's note for solution ${k}: "${note}"`);
    }
    await page.click('#next-solution'); // n = 4 has two: the third press says so, and the old note goes
    expect(/No more solutions/.test(await page.textContent('#reason')) && await page.isHidden('#skipped'),
      `past the last solution: "${await page.textContent('#reason')}", note "${await page.textContent('#skipped')}"`);
    await context.close();
  });
}

async function nextSolution(browser, base, screen, events) {
  await step(`${screen.name}: n = 8: one press of Next solution reaches the first, and says what it skipped`, async () => {
    const { context, page } = await openPage(browser, screen, 'pace');
    await page.goto(`${base}?n=8&algorithm=sets&by=lift`);
    await traceReady(page, 8);
    expect(await page.$eval('#step-by', (s) => s.value) === 'lift', 'the link\'s by=lift is not the step unit');
    await page.click('#next-solution');
    const [first] = solutionPositions(events);
    expect(await at(page) === first, `Next solution went to ${await at(page)}, not ${first}`);
    const skipped = events.slice(0, first - 1);
    const count = (type) => skipped.filter((e) => e.type === type).length.toLocaleString('en');
    const want = `Skipped ${(first - 1).toLocaleString('en')} steps on the way to solution 1: ${count('place')} queens placed and ` +
      `${count('lift')} lifted, ${count('dead_end')} dead ends, ${count('reject')} squares refused.`;
    const note = await page.textContent('#skipped');
    expect(note === want, `the note says "${note}", the trace "${want}"`);
    await page.waitForFunction(() => new URLSearchParams(location.search).get('by') === 'lift', null, { timeout: 5000 })
      .catch(() => { throw new Error(`the address does not keep by=lift: ${page.url()}`); });
    await context.close();
  });
}

export async function paceSteps(browser, base) {
  const api = async (n) => {
    const answer = await fetch(`${base}api/trace?n=${n}&algorithm=sets&until=all`);
    expect(answer.ok, `the server answered ${answer.status} for the trace of n = ${n}`);
    return (await answer.text()).split('\n').filter(Boolean).map((line) => JSON.parse(line));
  };
  const [four, eight] = [await api(4), await api(8)];
  const events = (list) => list.filter((e) => e.type !== 'done');
  for (const screen of SCREENS) {
    await playStops(browser, base, screen, events(four));
    await nextSolution(browser, base, screen, events(eight));
  }
}
