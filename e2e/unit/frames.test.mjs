// frames.js: the listing's call stack and variables at every step are Python's own, as
// e2e/frames.py records them running the listings under sys.settrace (the browser test checks
// the page's panel against the same record).
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { pythonFrames } from '../../web/js/frames.js';
import { traceOf } from './fixtures.mjs';

const script = fileURLToPath(new URL('../frames.py', import.meta.url));
const python = JSON.parse(execFileSync('python3', [script, '4'], { maxBuffer: 1 << 26 }));

for (const algorithm of ['permutations', 'naive', 'sets', 'arrays', 'bitmask']) {
  test(`${algorithm}, n = 4: every step's frames are Python's`, () => {
    const trace = traceOf(`${algorithm} 4`);
    const steps = python[algorithm];
    assert.equal(steps.length, trace.length, 'Python takes the steps of the trace, one for one');
    for (let p = 1; p <= trace.length; p++) {
      const want = steps[p - 1];
      assert.equal(want.type, trace.typeAt(p - 1), `step ${p}`);
      assert.equal(want.line ?? 0, trace.lineAt(p - 1), `step ${p}: the line`);
      const got = pythonFrames(trace, p, trace.stateAt(p));
      assert.deepEqual(got.stack, want.stack, `step ${p} (${want.type}): the call stack`);
      assert.deepEqual(Object.fromEntries(got.vars.map(([name, value]) => [name, value])), want.vars, `step ${p} (${want.type})`);
    }
  });
}

test('brute force\'s refusal: inside clash(), with the whole arrangement and r1, r2', () => {
  const trace = traceOf('permutations 4');
  const p = 5; // place 0, 1, 2; try (3, 3); reject
  const { stack, vars } = pythonFrames(trace, p, trace.stateAt(p));
  assert.deepEqual(stack.map((f) => f.call), ['solve(n=4)', 'place(row=0)', 'place(row=1)', 'place(row=2)', 'place(row=3)',
    'clash(queens=[0, 1, 2, 3])']);
  assert.deepEqual(vars.map(([name, value]) => `${name}=${value}`), ['queens=[0, 1, 2, 3]', 'r2=1', 'r1=0']);
});
