// tree-layout.js: the search tree's nodes read from a whole trace, and their layout.
import test from 'node:test';
import assert from 'node:assert/strict';
import { buildNodes, layout, nodeToward, triesBefore } from '../../web/js/tree-layout.js';
import { traceOf } from './fixtures.mjs';

test('n = 4: 17 nodes, each with its parent, depth and column, and every refused try', () => {
  const trace = traceOf('sets 4');
  const t = buildNodes(trace);
  assert.equal(t.count, 17);
  const d = trace.done.rejected;
  assert.equal(t.tries.length, d.column + d.diagonal + d.anti_diagonal);
  for (let id = 1; id < t.count; id++) {
    assert.equal(t.depth[id], t.depth[t.parent[id]] + 1);
    assert.equal(trace.event(t.placedAt[id] - 1).col, t.col[id]);
  }
  const solutions = t.marked.filter((id) => t.solution[id] > 0).map((id) => t.col[id]);
  assert.deepEqual(solutions, [2, 1]); // row 3's queens of [1, 3, 0, 2] and [2, 0, 3, 1]
  assert.equal(t.marked.filter((id) => t.deadAt[id] >= 0).length, 4);
});

test('the layout of the nodes visited so far: leaves side by side, a parent over its children', () => {
  const t = buildNodes(traceOf('sets 4'));
  const x = new Float64Array(t.count);
  const leaves = layout(t, t.count, x);
  for (let id = 0; id < t.count; id++) {
    const children = [];
    for (let c = t.firstChild[id]; c >= 0; c = t.nextSibling[c]) children.push(x[c]);
    if (children.length) assert.equal(x[id], (children[0] + children.at(-1)) / 2);
  }
  assert.equal(leaves, [...x].filter((v, id) => t.firstChild[id] < 0).length);
  assert.equal(layout(t, 3, new Float64Array(t.count)), 1); // root → (0,0) → (1,2): one leaf
});

test('the tries made by a step are a prefix, found by bisection', () => {
  const t = buildNodes(traceOf('sets 4'));
  for (const p of [0, 5, 40, 143]) assert.equal(triesBefore(t.tries, p), t.tries.filter((k) => k.at <= p).length);
});

test('brute force\'s tree is drawn only while its n! leaves fit', () => {
  assert.ok(buildNodes(traceOf('permutations 4')));
});

test('the arrow keys\' way through the tree: parent, first child, the nearest node beside', () => {
  const t = buildNodes(traceOf('sets 4'));
  const x = new Float64Array(t.count);
  layout(t, t.count, x);
  const row0 = nodeToward(t, x, t.count, 0, 'down');
  assert.deepEqual([t.depth[row0], t.col[row0]], [1, 0]);
  assert.equal(nodeToward(t, x, t.count, row0, 'up'), 0);
  assert.equal(nodeToward(t, x, t.count, 0, 'up'), -1);
  const next = nodeToward(t, x, t.count, row0, 'right');
  assert.deepEqual([t.depth[next], t.col[next]], [1, 1]);
  assert.equal(nodeToward(t, x, t.count, next, 'left'), row0);
  assert.equal(nodeToward(t, x, 2, row0, 'down'), -1); // its child not visited yet
});
