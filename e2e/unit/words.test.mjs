// The pure words of the mirror trick, the search from given queens, and LeetCode's answer.
import test from 'node:test';
import assert from 'node:assert/strict';
import { explain, halfWords } from '../../web/js/mirror.js';
import { failureWords } from '../../web/js/finish.js';
import { answerText } from '../../web/js/answer.js';
import { VIEWS } from '../../web/js/views.js';
import { traceOf } from './fixtures.mjs';

test('the mirror trick adds up, in the singular where there is one', () => {
  assert.match(explain(4, [0, 1, 1, 0], 2), /col 0–1\): 0 \+ 1 = 1 solution\. .* 1 \+ 1 = 2 solutions, every solution of n = 4/);
  assert.match(explain(8, [4, 8, 16, 18, 18, 16, 8, 4], 92), /4 \+ 8 \+ 16 \+ 18 = 46 solutions\. .*46 \+ 46 = 92 solutions/);
  assert.match(explain(5, [2, 2, 2, 2, 2], 10), /middle column, col 2, .* 4 \+ 4 \+ 2 = 10 solutions/);
});

test('the half search beside the whole one: its nodes, its solutions doubled', () => {
  const words = halfWords(traceOf('sets 4'));
  assert.match(words, /tried col 0–1 only\. It visited 9 nodes \(the whole search: 17\) and found 1 solution\./);
  assert.match(words, /1 \+ 1 = 2 solutions, as many as the whole search finds \(2\)/);
  assert.match(halfWords(traceOf('sets 5')), /4 \+ 4 \+ 2 = 10 solutions/);
});

test('a search from given queens that finds nothing says why, row by row', () => {
  const words = failureWords(traceOf('given sets 4 queens=0:0', [[0, 0]]));
  assert.equal(words, 'every way to fill row 1 fails: col 0 is in the same column as the queen at row 0, col 0; ' +
    'col 1 is on the ↘ diagonal of the queen at row 0, col 0 (r − c = 0); ' +
    'col 2 leads on to row 2, where every square is attacked; col 3 leads on to row 3, where every square is attacked.');
});

test('LeetCode 51\'s answer: one board per line, in Q and . or in q and -', () => {
  const boards = [['.Q..', '...Q', 'Q...', '..Q.'], ['..Q.', 'Q...', '...Q', '.Q..']];
  assert.equal(answerText(boards), '[[".Q..",\n  "...Q",\n  "Q...",\n  "..Q."],\n ["..Q.",\n  "Q...",\n  "...Q",\n  ".Q.."]]');
  assert.deepEqual(JSON.parse(answerText(boards)), boards);
  assert.equal(answerText(boards.slice(0, 1), ['q', '-']), '[["-q--",\n  "---q",\n  "q---",\n  "--q-"]]');
  assert.equal(answerText([]), '[]');
});

test('the registry names each view once, with a panel id the page can find', () => {
  const ids = VIEWS.map((v) => v.id);
  assert.equal(new Set(ids).size, ids.length);
  assert.ok(VIEWS.every((v) => /^[a-z]+$/.test(v.id) && v.label && ['page', 'own'].includes(v.n)));
});
