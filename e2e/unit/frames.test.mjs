// frames.js: the listing's call stack and variables at every step are Python's own, as
// e2e/frames.py records them running the listings under sys.settrace, in the page's style and
// the tutorials' (the browser test checks the page's panel against the same record, and the
// tutorials' at 200 sampled steps of n = 8 too).
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { pythonFrames } from '../../web/js/frames.js';
import { traceOf } from './fixtures.mjs';

const script = fileURLToPath(new URL('../frames.py', import.meta.url));
const pythonOf = (style, n = 4) => JSON.parse(execFileSync('python3', [script, String(n), '--style', style],
  { maxBuffer: 1 << 26 }));

/** Asserts that frames.js gives Python's frames at every step of `trace` in `style`. */
function sameAsPython(trace, steps, style) {
  assert.equal(steps.length, trace.length, 'Python takes the steps of the trace, one for one');
  for (let p = 1; p <= trace.length; p++) {
    const want = steps[p - 1];
    assert.equal(want.type, trace.typeAt(p - 1), `step ${p}`);
    // The trace's own line numbers the page's listing (the core's); the other style's line is
    // the listing's line for the step's tag, which the browser test checks.
    if (style === 'page') assert.equal(want.line ?? 0, trace.lineAt(p - 1), `step ${p}: the line`);
    const got = pythonFrames(trace, p, trace.stateAt(p), style);
    assert.deepEqual(got.stack, want.stack, `step ${p} (${want.type}): the call stack`);
    assert.deepEqual(Object.fromEntries(got.vars.map(([name, value]) => [name, value])), want.vars, `step ${p} (${want.type})`);
  }
}

for (const style of ['page', 'tutorial']) {
  const python = pythonOf(style);
  for (const algorithm of ['permutations', 'naive', 'sets', 'arrays', 'bitmask']) {
    test(`${algorithm}, n = 4, in the ${style} style: every step's frames are Python's`, () => {
      sameAsPython(traceOf(`${algorithm} 4`), python[algorithm], style);
    });
  }
}

test('the count-only bitmask at n = 6: count is what the call has found so far, free has lost the bit it places', () => {
  const python = pythonOf('tutorial', 6).bitmask;
  sameAsPython(traceOf('bitmask 6'), python, 'tutorial');
  assert.ok(python.filter((s) => Number(s.vars.count) > 0).length > 10, 'steps where a call has counted solutions are compared');
  const place = python.find((s) => s.type === 'place');
  assert.equal(place.vars.free, '0b111110', 'free ^= bit ran before the call');
});

test('the tutorials\' naive search refuses inside is_safe(r, c)', () => {
  const trace = traceOf('naive 4');
  const p = 4; // try (0, 0), place, try (1, 0), reject
  const { stack, vars } = pythonFrames(trace, p, trace.stateAt(p), 'tutorial');
  assert.deepEqual(stack.map((f) => f.call), ['solve_n_queens(n=4)', 'dfs(r=0)', 'dfs(r=1)', 'is_safe(r=1, c=0)']);
  assert.deepEqual(vars.map(([name, value]) => `${name}=${value}`), ['r=1', 'c=0', 'queens=[0]']);
});

test('brute force\'s refusal: inside clash(), with the whole arrangement and r1, r2', () => {
  const trace = traceOf('permutations 4');
  const p = 5; // place 0, 1, 2; try (3, 3); reject
  const { stack, vars } = pythonFrames(trace, p, trace.stateAt(p));
  assert.deepEqual(stack.map((f) => f.call), ['solve(n=4)', 'place(row=0)', 'place(row=1)', 'place(row=2)', 'place(row=3)',
    'clash(queens=[0, 1, 2, 3])']);
  assert.deepEqual(vars.map(([name, value]) => `${name}=${value}`), ['queens=[0, 1, 2, 3]', 'r2=1', 'r1=0']);
});
