// trace.js: a trace stored compactly, its state at any step, moving by unit, the half search.
import test from 'node:test';
import assert from 'node:assert/strict';
import { emptyState, SNAPSHOT_EVERY } from '../../web/js/trace.js';
import { eventsOf, traceOf } from './fixtures.mjs';

/** The state after p events, replayed from the start without snapshots. */
function replay(trace, p) {
  const state = emptyState(trace.n, trace.given);
  for (let i = 0; i < p; i++) {
    const e = trace.event(i);
    if (e.type === 'place') state.queens[e.row] = e.col;
    if (e.type === 'lift') state.queens[e.row] = -1;
  }
  return state.queens.join();
}

test('the counters at the end are the server\'s totals (n = 4: 17 nodes, 60 squares, 4 dead ends)', () => {
  const trace = traceOf('sets 4');
  assert.equal(trace.length, 143);
  const done = trace.done;
  assert.deepEqual([done.nodes, done.tested, done.dead_ends, done.solutions], [17, 60, 4, 2]);
  const refused = [done.rejected.column, done.rejected.diagonal, done.rejected.anti_diagonal];
  assert.deepEqual([...trace.running.counts], [17, 60, ...refused, 4, 2]);
});

test('the state at every step, from snapshots, is the one replayed from the start', () => {
  const trace = traceOf('bitmask 6'); // 504 events: snapshots at 0 and 256
  assert.ok(trace.length > SNAPSHOT_EVERY);
  for (let p = 0; p <= trace.length; p++) assert.equal(trace.stateAt(p).queens.join(), replay(trace, p), `step ${p}`);
});

test('each event keeps its type, square, reason, attacker and listing line', () => {
  const trace = traceOf('sets 4');
  eventsOf('sets 4').forEach((e, i) => {
    const got = trace.event(i);
    assert.equal(got.type, e.type);
    assert.equal(trace.lineAt(i), e.line ?? 0);
    if (e.row !== undefined) assert.deepEqual([got.row, got.col], [e.row, e.col ?? 0]);
    if (e.type === 'reject') assert.deepEqual([got.reason, got.by], [e.reason, e.by]);
  });
});

test('moving by a unit lands just after an event of that unit, and back', () => {
  const trace = traceOf('sets 4');
  for (const unit of ['place', 'lift', 'solution']) {
    let p = 0;
    const seen = [];
    for (let next; (next = trace.positionAfterNext(unit, p)) > 0; p = next) seen.push(next);
    assert.ok(seen.length > 0 && seen.every((q) => trace.typeAt(q - 1) === unit), unit);
    assert.equal(trace.positionAfterPrevious(unit, seen.at(-1)), seen.at(-2) ?? 0);
  }
  assert.equal(trace.positionAfterNext('event', trace.length), -1);
  assert.deepEqual([trace.solutionsBefore(0), trace.solutionsBefore(trace.length)], [0, 2]);
  assert.deepEqual(trace.solutionColumns, [[1, 3, 0, 2], [2, 0, 3, 1]]);
});

test('the half search ends when row 0\'s queen leaves the left half (and the middle, for odd n)', () => {
  const even = traceOf('sets 4');
  const half = even.halfSearch();
  assert.deepEqual(even.event(half.end - 1), { index: half.end - 1, type: 'lift', row: 0, col: 1 });
  assert.equal(half.middle, -1);
  assert.equal(even.solutionsBefore(half.end), 1); // [1, 3, 0, 2]; its mirror is the other
  const odd = traceOf('sets 5');
  const { end, middle } = odd.halfSearch();
  assert.deepEqual([odd.event(end - 1).type, odd.event(end - 1).col], ['lift', 2]);
  assert.deepEqual([odd.event(middle).type, odd.event(middle).col], ['place', 2]);
  const left = odd.solutionsBefore(middle);
  assert.equal(2 * left + (odd.solutionsBefore(end) - left), 10);
});

test('a search from given queens starts with them on the board', () => {
  const trace = traceOf('given sets 4 queens=0:0', [[0, 0]]);
  assert.equal(trace.stateAt(0).queens.join(), '0,-1,-1,-1');
  assert.equal(trace.stateAt(trace.length).queens.join(), '0,-1,-1,-1');
  assert.equal(trace.done.solutions, 0);
});
