// narrate.js: every step in words, as the tutorials tell them.
import test from 'node:test';
import assert from 'node:assert/strict';
import { describe, rejectionWords, skippedWords } from '../../web/js/narrate.js';
import { traceOf } from './fixtures.mjs';

const all = (trace) => Array.from({ length: trace.length }, (_, i) => describe(trace, i));

test('the tutorials\' walk of n = 4, step by step', () => {
  const words = all(traceOf('sets 4'));
  assert.deepEqual(words.slice(0, 8), [
    'try row 0, col 0',
    '✓ row 0, col 0 is free: place a queen',
    'try row 1, col 0',
    '✗ row 1, col 0 is in the same column as the queen at row 0, col 0',
    'try row 1, col 1',
    '✗ row 1, col 1 is on the ↘ diagonal of the queen at row 0, col 0 (r − c = 0)',
    'try row 1, col 2',
    '✓ row 1, col 2 is free: place a queen',
  ]);
  assert.ok(words.includes('✗ every square of row 2 is attacked: no queen fits there, a dead end'));
  assert.ok(words.includes('★ solution 1: columns [1, 3, 0, 2]'));
  assert.equal(words.at(-1), 'search finished: 17 nodes, 2 solutions');
});

test('no hyphen for a minus, no "1 solutions", no step said twice', () => {
  for (const name of ['sets 4', 'sets 5', 'bitmask 6', 'permutations 4']) {
    const words = all(traceOf(name));
    words.forEach((w, i) => {
      assert.doesNotMatch(w, /= -\d|\b1 solutions\b/, `${name} step ${i + 1}: ${w}`);
      if (i > 0) assert.notEqual(w, words[i - 1], `${name} step ${i + 1} repeats`);
    });
  }
  const e = { row: 2, col: 3, reason: 'diagonal', by: { row: 0, col: 1 } };
  assert.equal(rejectionWords(e), 'row 2, col 3 is on the ↘ diagonal of the queen at row 0, col 1 (r − c = −1)');
});

test('bitmask tells its own story: a row read at once, the lowest free bit taken, a bit dropped', () => {
  const words = all(traceOf('bitmask 4'));
  assert.equal(words[0], 'read row 0 at once: free = full & ~(cols | diag | anti) leaves col 0, 1, 2, 3 free; the lowest free bit is col 0');
  assert.equal(words[1], '✓ take the lowest free bit, col 0: a queen on row 0, col 0');
  assert.ok(words.some((w) => /free \^= bit drops col \d, and no free bit is left in row \d: back to row \d/.test(w)));
});

test('from given queens, a lift names the next row the search fills, past the given ones', () => {
  const trace = traceOf('given sets 5 queens=2:0 first', [[2, 0]]);
  const words = all(trace);
  assert.ok(words.every((w) => !/row 2 has been tried/.test(w)), words.join('\n'));
  assert.ok(words.some((w) => /in the same column as the queen at row 2, col 0/.test(w)), 'no refusal names the given queen');
});

test('what a jump skipped, counted from the trace itself', () => {
  const trace = traceOf('sets 4');
  const first = trace.nextSolutionFrom(0) + 1; // just after the first solution
  const types = Array.from({ length: first - 1 }, (_, i) => trace.typeAt(i));
  const count = (type) => types.filter((t) => t === type).length;
  assert.equal(skippedWords(trace, 0, first, 1), `Skipped ${first - 1} steps on the way to solution 1: ${count('place')} queens ` +
    `placed and ${count('lift')} lifted, ${count('dead_end')} dead ends, ${count('reject')} squares refused.`);
  assert.ok(count('dead_end') > 1 && count('reject') > 1);
  assert.equal(skippedWords(trace, 0, 1, 0), 'Skipped 0 steps: 0 queens placed and 0 lifted.');
  assert.equal(skippedWords(trace, 0, 3, 0), 'Skipped 2 steps: 1 queen placed and 0 lifted.');
});

