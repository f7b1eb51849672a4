// LeetCode 51 and 52 on the page (issue 40, item 8): every solution as the board strings LeetCode
// returns, copyable, in Q/. or q/-; the count two ways, the tutorials' total_n_queens (2,057 nodes at
// n = 8) beside the fast symmetric count (505), in the learner's words; the header's n follows the tab.

import { expect, openPage, SCREENS, shot, step } from './harness.mjs';

async function answers(browser, base, screen) {
  await step(`${screen.name}: LeetCode 51: the boards as LeetCode returns them, copied whole, in either style`, async () => {
    const { context, page } = await openPage(browser, screen, 'leetcode 51', { permissions: ['clipboard-read', 'clipboard-write'] });
    await page.goto(`${base}?n=4&tab=solutions`);
    await page.waitForSelector('#answer[data-count="2"]', { timeout: 10_000 });
    const text = await page.textContent('#answer');
    expect(text === '[[".Q..",\n  "...Q",\n  "Q...",\n  "..Q."],\n ["..Q.",\n  "Q...",\n  "...Q",\n  ".Q.."]]',
      `the answer reads ${JSON.stringify(text)}`);
    await page.click('#answer-copy');
    await page.waitForFunction(() => /^Copied/.test(document.getElementById('answer-status').textContent), null, { timeout: 5000 });
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(JSON.stringify(JSON.parse(copied)) === JSON.stringify(JSON.parse(text)), `the clipboard holds ${copied}`);
    await page.check('input[name="glyphs"][value="q-"]');
    expect((await page.textContent('#answer')).startsWith('[["-q--",\n  "---q",\n  "q---",\n  "--q-"]'), 'the q and - style is not written');
    await page.selectOption('#n', '8');
    await page.waitForSelector('#answer[data-count="92"]', { timeout: 10_000 });
    const boards = JSON.parse(await page.textContent('#answer'));
    const valid = (rows) => {
      const cols = rows.map((row) => row.indexOf('q'));
      return cols.every((c, r) => c >= 0 && cols.every((d, s) => s === r || (c !== d && Math.abs(c - d) !== Math.abs(r - s))));
    };
    expect(boards.length === 92 && boards.every(valid) && new Set(boards.map(String)).size === 92, 'n = 8 does not show 92 distinct valid boards');
    await shot(page, `20-leetcode-51-${screen.name}`, { fullPage: false });
    await context.close();
  });
}

async function counts(browser, base, screen) {
  await step(`${screen.name}: LeetCode 52: the tutorials' count (2,057 nodes) beside the fast one (505), the header's n following`, async () => {
    const { context, page } = await openPage(browser, screen, 'leetcode 52');
    await page.goto(`${base}?n=6&tab=count`);
    await page.waitForFunction(() => document.querySelectorAll('#count-n option').length > 12);
    await page.selectOption('#count-n', '8');
    const puzzle = (await page.textContent('.puzzle')).replace(/\s+/g, ' ');
    expect(/put 8 queens on this 8 × 8 board/.test(puzzle), `the header says "${puzzle}" while the count is for n = 8`);
    await page.click('#count-start');
    await page.waitForSelector('#count-status[data-state="done"]', { timeout: 30_000 });
    const field = (way, name) => page.textContent(`.count-result[data-method="${way}"] [data-field="${name}"]`);
    expect(await field('plain', 'total') === '92' && await field('plain', 'nodes') === '2,057', 'the tutorials\' count is not 92 in 2,057 nodes');
    expect(await field('fast', 'total') === '92' && await field('fast', 'nodes') === '505' && await field('fast', 'unique') === '12',
      'the fast count is not 92 (12 unique) in 505 nodes');
    const words = await page.$$eval('.count-way .note', (notes) => notes.map((n) => n.textContent).join(' '));
    expect(/total_n_queens\(8\) from the tutorials/.test(words) && /"roughly two thousand"/.test(words), `the tutorials' count is not told: "${words}"`);
    expect(/505 nodes instead of the whole tree's 2,057/.test(words), `the fast count is not told beside the other: "${words}"`);
    expect(!/\b(units?|threads?|backtrack|--method)\b/.test(words), `the CLI's words: "${words}"`);
    expect(/92 solutions both ways/.test(await page.textContent('#count-status')), 'the status does not sum up both counts');
    await shot(page, `7-count-${screen.name}`);
    await page.click('#tab-watch');
    const back = (await page.textContent('.puzzle')).replace(/\s+/g, ' ');
    expect(/put 6 queens on this 6 × 6 board/.test(back), `back on Watch, the header says "${back}"`);
    await context.close();
  });
}

export async function leetcodeSteps(browser, base) {
  for (const screen of SCREENS) {
    await answers(browser, base, screen);
    await counts(browser, base, screen);
  }
}
