// link.js: the page's state as a link, and what the page says of a link it cannot follow.
import test from 'node:test';
import assert from 'node:assert/strict';
import { linkNotice, linkTo, readLink } from '../../web/js/link.js';
import { VIEW_IDS } from '../../web/js/views.js';

const OPTIONS = { maxN: 12, algorithms: ['sets', 'arrays', 'bitmask', 'naive', 'permutations'] };

test('a link restores n, algorithm, step, tab, presenting, the half search, the step unit and the code style', () => {
  const link = readLink('?n=8&algorithm=bitmask&step=1900&tab=watch&present=1&panels=code,log&half=1&by=lift&code=tutorial', OPTIONS);
  assert.deepEqual(link, {
    n: 8, algorithm: 'bitmask', step: 1900, tab: 'watch', present: true, panels: ['code', 'log'], half: true, by: 'lift',
    code: 'tutorial', problems: [],
  });
  const back = readLink(linkTo(link), OPTIONS);
  assert.deepEqual(back, link);
  assert.equal(linkTo({ n: 4, algorithm: 'sets', step: 0, tab: 'own' }), '?n=4&algorithm=sets&step=0&tab=own');
  assert.equal(linkTo({ n: 4, algorithm: 'sets', step: 0, tab: 'watch', code: 'page' }), '?n=4&algorithm=sets&step=0&tab=watch');
});

test('every value it cannot take is named, with what is allowed', () => {
  const link = readLink('?n=99&step=-1&tab=foo&algorithm=dfs&panels=code,chat&colour=red&by=row&code=leetcode', OPTIONS);
  assert.deepEqual([link.n, link.step, link.tab, link.algorithm, link.by, link.code], [null, null, null, null, null, null]);
  assert.deepEqual([...link.problems].sort(), [
    'n = "99" is not allowed: n is a whole number from 1 to 12',
    'algorithm = "dfs" is not one of sets, arrays, bitmask, naive, permutations',
    'step = "-1" is not allowed: step is a whole number from 0 to 1,000,000',
    `tab = "foo" is not one of ${VIEW_IDS.join(', ')}`,
    'panels: "chat" is not one of code, tree, log, counters, masks, gallery',
    'by = "row" is not one of event, place, lift, solution',
    'code = "leetcode" is not one of page, tutorial',
    '"colour" is not a setting of this page (it takes n, algorithm, step, tab, present, panels, half, by, code)',
  ].sort());
});

test('a value is quoted with its control characters escaped, and cut at 40 characters', () => {
  const link = readLink(`?n=%00&tab=${'x'.repeat(50)}`, OPTIONS);
  assert.equal(link.problems[0], 'n = "\\u0000" is not allowed: n is a whole number from 1 to 12');
  assert.equal(link.problems[1], `tab = "${'x'.repeat(40)}…" is not one of ${VIEW_IDS.join(', ')}`);
});

test('a setting given twice says which value it took', () => {
  const link = readLink('?n=4&n=8', OPTIONS);
  assert.equal(link.n, 4);
  assert.deepEqual([...link.problems].sort(), ['n is given 2 times ("4", "8"): the first is used']);
  assert.equal(linkNotice(link.problems, 'n = 4'),
    'This link could not be followed in full: n is given 2 times ("4", "8"): the first is used. Showing n = 4 instead.');
  assert.equal(linkNotice([], 'n = 4'), '');
});

test('the tabs a link can name are the registry\'s', () => {
  for (const tab of VIEW_IDS) assert.equal(readLink(`?tab=${tab}`, OPTIONS).tab, tab);
});
