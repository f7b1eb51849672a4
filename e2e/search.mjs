// The search shows itself (issue 40, items 4, 6, 7 and 12): "let the search finish it" runs the
// real search from the learner's queens, the board and the step's words in sight at every size
// (issue 53), and says why when there is no completion; bitmask's panel
// tells the narration's story in the code's names and Python's bit order, and only for bitmask;
// the mirror trick runs in the Watch view; and the words: real minus signs, no "squares tested"
// for bitmask, no outline left after a lift, no word broken on a phone.

import { expect, openPage, SCREENS, shot, step, traceReady } from './harness.mjs';

/**
 * Every step the finishing search shows, recorded in the page as it goes (no timing involved):
 * its position, its words, and whether the board and the line under it were wholly on screen.
 */
const RECORD_FINISH = () => {
  window.finishing = [];
  const inView = (element) => {
    const r = element.getBoundingClientRect();
    return r.height > 0 && r.top >= -0.5 && r.bottom <= innerHeight + 0.5;
  };
  new MutationObserver(() => {
    const board = document.getElementById('own-board');
    const now = document.getElementById('finish-now');
    if (board.dataset.finishing) {
      window.finishing.push([Number(board.dataset.finishing), document.getElementById('own-message').textContent,
        inView(board) && inView(now), now.textContent]);
    }
  }).observe(document.getElementById('own-board'), { attributes: true, attributeFilter: ['data-finishing'] });
  window.toldUnder = [];
  const now = document.getElementById('finish-now');
  new MutationObserver(() => window.toldUnder.push(now.textContent)).observe(now, { childList: true, characterData: true, subtree: true });
};

async function finishIt(browser, base, screen) {
  await step(`${screen.name}: "let the search finish it" runs the search from your queens, or says why it cannot`, async () => {
    const { context, page } = await openPage(browser, screen, 'finish');
    await page.goto(`${base}?n=4&tab=own`);
    await page.waitForSelector('#own-board .square');
    await page.click('#own-board [data-row="0"][data-col="0"]');
    await page.waitForSelector('#own-verdict[data-finishable="false"]', { timeout: 5000 });
    const before = await page.textContent('#own-verdict');
    expect(!/No conflicts so far/.test(before) && /no solution keeps it/.test(before), `the verdict for (0, 0): "${before}"`);
    await page.evaluate(RECORD_FINISH);
    await page.selectOption('#finish-speed', '16');
    await page.click('#own-finish');
    await page.waitForFunction(() => /found no completion/.test(document.getElementById('own-message').textContent), null, { timeout: 20_000 });
    const log = await page.$$eval('#finish-log li', (items) => items.map((li) => [li.dataset.type, li.textContent]));
    const kinds = new Set(log.map(([type]) => type));
    expect(['try', 'reject', 'place', 'dead_end', 'lift'].every((k) => kinds.has(k)), `the search showed only ${[...kinds]}`);
    expect(log.some(([type, words]) => type === 'reject' && /is in the same column as the queen at row 0, col 0/.test(words)),
      'no refusal names your queen and its column');
    expect(log.filter(([type]) => type === 'dead_end').length === 2, 'the two dead ends of the tutorials are not shown');
    const seen = await page.evaluate(() => window.finishing);
    expect(seen.length >= 2 && seen.every(([p], i) => i === 0 || p > seen[i - 1][0]), `the board moved as ${JSON.stringify(seen.map(([p]) => p))}`);
    const away = seen.filter(([, , shown]) => !shown).map(([p]) => p);
    expect(away.length === 0, `the board or the line under it was out of sight at steps ${away.join(', ')} (scrollY ${await page.evaluate(() => scrollY)})`);
    const said = seen.filter(([, message, , under]) => message !== under).map(([p]) => p);
    expect(said.length === 0, `the line under the board and the panel disagree at steps ${said.join(', ')}`);
    // One count of steps: every "Step N of M" says the same M (N rising; a busy machine may show
    // several steps in one frame), and the outcome says M steps.
    const told = await page.evaluate(() => window.toldUnder.filter((text) => text.startsWith('Step ')));
    const counts = told.map((text) => (/^Step (\d+) of (\d+)/.exec(text) ?? []).slice(1).map(Number));
    const total = counts[0]?.[1];
    expect(total > 30 && counts.every(([k, m], i) => m === total && k <= m && (i === 0 || k > counts[i - 1][0])),
      `the steps told under the board: ${told.slice(-3).join(' | ')}`);
    expect((await page.textContent('#own-message')).includes(`tried everything in ${total} steps`),
      `the outcome counts other steps than "of ${total}": ${await page.textContent('#own-message')}`);
    expect(await page.textContent('#finish-now') === await page.textContent('#own-message'), 'the outcome is not told under the board');
    const why = await page.textContent('#own-message');
    expect(/every way to fill row 1 fails: col 0 is in the same column .*col 2 leads on to row 2, where every square is attacked; col 3 leads on to row 3/.test(why),
      `why there is none: "${why}"`);
    expect(/no solution keeps it/.test(await page.textContent('#own-verdict')), 'the verdict says all is well');
    await shot(page, `14-finish-none-${screen.name}`);
    await page.goto(`${base}?n=8&tab=own`);
    await page.waitForSelector('#own-board .square');
    await page.click('#own-board [data-row="0"][data-col="0"]');
    await page.waitForSelector('#own-verdict[data-finishable="true"]', { timeout: 5000 });
    await page.selectOption('#finish-speed', '64');
    await page.click('#own-finish');
    await page.waitForSelector('#own-verdict[data-valid="true"]', { timeout: 30_000 }).catch(async () => {
      const [message, verdict] = await Promise.all(['#own-message', '#own-verdict'].map((id) => page.textContent(id)));
      throw new Error(`the search from (0, 0) of n = 8 did not end in a solution: "${message}", "${verdict}"`);
    });
    const queens = await page.$$eval('#own-board .queen', (qs) => qs.map((q) => [+q.dataset.row, +q.dataset.col]).sort((a, b) => a[0] - b[0]));
    expect(queens.map(([, c]) => c).join() === '0,4,7,5,2,6,1,3', `the search finished (0, 0) as ${JSON.stringify(queens)}`);
    expect(/The search finished your board in \d+ steps: columns \[0, 4, 7, 5, 2, 6, 1, 3\]/.test(await page.textContent('#own-message')),
      'the completion is not announced');
    await context.close();
  });
}

async function masks(browser, base, screen) {
  await step(`${screen.name}: bitmask's panel: only for bitmask, the narration's story, the code's names, one bit order`, async () => {
    const { context, page } = await openPage(browser, screen, 'masks');
    await page.goto(`${base}?n=4&algorithm=sets&step=12`);
    await traceReady(page, 4);
    expect(await page.isHidden('[data-panel="masks"]'), 'the masks panel shows for sets');
    await page.goto(`${base}?n=4&algorithm=bitmask`);
    await traceReady(page, 4);
    const disagreements = await page.evaluate(() => {
      const found = [];
      const length = Number(document.getElementById('timeline').max);
      for (let p = 1; p < length; p++) {
        document.getElementById('step-forward').click();
        const said = document.getElementById('reason').textContent;
        const story = document.querySelector('#masks .mask-story')?.textContent ?? '';
        const heads = [...document.querySelectorAll('#masks th[scope="col"]')].slice(1).map((th) => th.textContent).join('');
        const freeBits = [...document.querySelectorAll('#masks tr.free td')].map((td) => td.textContent).join('');
        const freeVar = [...document.querySelectorAll('.code-vars dt')].find((dt) => dt.textContent === 'free');
        const backsUp = /no free bit is left|every column is attacked|a dead end/.test(said);
        if (backsUp !== /no free bit is left|free = 0/.test(story) && !/^Solution|solution/.test(said)) found.push(`step ${p}: "${said}" / "${story}"`);
        if (heads && heads !== '3210') found.push(`step ${p}: columns written ${heads}`);
        if (freeVar && freeBits && `0b${freeBits}` !== freeVar.nextElementSibling.querySelector('.py').textContent) {
          found.push(`step ${p}: free is ${freeBits} in the table, ${freeVar.nextElementSibling.textContent} in the code`);
        }
      }
      if (/\bd[12]\b/.test(document.body.innerText)) found.push('d1 or d2 on the page');
      return found;
    });
    expect(disagreements.length === 0, disagreements.slice(0, 3).join(' | '));
    expect(/squares read/.test(await page.textContent('#label-tested')), 'bitmask\'s counter says it tests squares');
    await shot(page, `18-masks-bitmask-${screen.name}`);
    await context.close();
  });
}

async function halfSearch(browser, base, screen) {
  await step(`${screen.name}: the mirror trick runs in Watch: the left half searched, its nodes beside the whole's, doubled`, async () => {
    const { context, page } = await openPage(browser, screen, 'half');
    await page.goto(`${base}?n=8&algorithm=sets`);
    await traceReady(page, 8);
    await page.check('#half');
    await page.click('#to-end');
    const words = await page.textContent('#reason');
    expect(/It visited 1,029 nodes \(the whole search: 2,057\) and found 46 solutions/.test(words) && /46 \+ 46 = 92 solutions/.test(words),
      `the half search's end says "${words}"`);
    expect(await page.textContent('#count-nodes') === '1,029', 'the counters are not the half search\'s');
    expect(/step [\d,]+ of [\d,]+ \(the half search\)/.test(await page.textContent('#position-label')), 'the timeline is not the half search\'s');
    await page.waitForFunction(() => location.search.includes('half=1'), null, { timeout: 5000 });
    await shot(page, `19-half-search-${screen.name}`, { fullPage: false });
    await page.goto(`${base}?n=5&algorithm=bitmask&half=1`);
    await traceReady(page, 5);
    await page.click('#to-end');
    expect(/4 \+ 4 \+ 2 = 10 solutions/.test(await page.textContent('#reason')), `n = 5: "${await page.textContent('#reason')}"`);
    await page.goto(`${base}?n=4&tab=symmetry`);
    await page.waitForFunction(() => /= 2 solutions/.test(document.getElementById('mirror-words').textContent), null, { timeout: 10_000 });
    const mirror = await page.textContent('#mirror-words');
    expect(/0 \+ 1 = 1 solution\./.test(mirror) && !/\b1 solutions/.test(mirror), `n = 4's mirror: "${mirror}"`);
    await context.close();
  });
}

async function words(browser, base) {
  await step('words: a real minus everywhere, no outline left after a brute-force lift, no word broken on a phone', async () => {
    const { context, page } = await openPage(browser, SCREENS[0], 'words');
    await page.goto(`${base}?n=4&algorithm=permutations`);
    await traceReady(page, 4);
    const left = await page.evaluate(() => {
      const found = [];
      const length = Number(document.getElementById('timeline').max);
      for (let p = 1; p <= length; p++) {
        document.getElementById('step-forward').click();
        const text = document.querySelector('main').innerText.replace(document.getElementById('code').innerText, '');
        if (/r - c|= -\d/.test(text)) found.push(`step ${p}: a hyphen for a minus`);
        if (document.getElementById('reason').dataset.type !== 'lift') continue;
        const rings = document.querySelectorAll('#board .pending, #board .trying, #board .rejected');
        if (rings.length) found.push(`step ${p}: ${rings.length} outlined squares after a lift`);
        const queens = [...document.querySelectorAll('#board .queen')].length;
        const path = document.querySelectorAll('#tree .node.path').length;
        if (path !== queens + 1) found.push(`step ${p}: the tree's path has ${path} nodes for ${queens} queens`);
      }
      return found;
    });
    expect(left.length === 0, left.slice(0, 3).join(' | '));
    await context.close();
    const phone = await openPage(browser, SCREENS[3], 'words');
    await phone.page.goto(`${base}?n=8&tab=symmetry`);
    await phone.page.waitForSelector('#mirror-row .mirror-cell');
    const broken = await phone.page.$$eval('#mirror-row small', (smalls) => smalls
      .filter((s) => s.getClientRects().length > 1 || s.scrollWidth > s.parentElement.clientWidth).map((s) => s.textContent));
    expect(broken.length === 0, `words broken on a phone: ${broken.join(', ')}`);
    await shot(phone.page, '13-mirror-phone');
    await phone.context.close();
  });
}

export async function searchSteps(browser, base) {
  for (const screen of SCREENS) {
    await finishIt(browser, base, screen);
    await masks(browser, base, screen);
    await halfSearch(browser, base, screen);
  }
  await words(browser, base);
}
