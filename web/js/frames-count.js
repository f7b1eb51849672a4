// The frames of the tutorials' count-only bitmask listing, total_n_queens(n) (LeetCode 52),
// at a step of bitmask's trace: the same search as the page's bitmask listing, but its calls
// are dfs(cols, d1, d2) with no row and no list of queens, and each returns how many
// solutions it found: `count`, the solutions its subtree has reached so far. Its `free ^= bit`
// comes before the recursive call, so a placement's `free` has the bit already dropped.
// Python shows a variable only once it is assigned: a solution's call (cols == full) returns
// 1 before `count` or `free` exist.

import { binary, bitmaskMoment, masksFor } from './bitmask.js';

/** { stack, vars } at position p, as frames.js's pythonFrames gives them. */
export function countFrames(trace, p, state) {
  const n = trace.n;
  const full = ['full', binary((1 << n) - 1, n), 'bit c is column c'];
  const e = p > 0 ? trace.event(p - 1) : null;
  if (!e) return { stack: [], vars: [] };
  const stack = [{ call: `total_n_queens(n=${n})`, col: null }];
  if (e.type === 'done') return { stack, vars: [['n', String(n)], full] };
  const row = e.type === 'solution' ? n : e.row;
  for (let r = 0; r <= row; r++) {
    const m = masksOf(n, r, state.queens);
    stack.push({ call: `dfs(cols=${binary(m.cols, n)}, d1=${binary(m.d1, n)}, d2=${binary(m.d2, n)})`, col: null });
  }
  const m = masksOf(n, row, state.queens);
  const vars = [['cols', binary(m.cols, n)], ['d1', binary(m.d1, n), '↘ diagonals, shifted one column a row'],
    ['d2', binary(m.d2, n), '↗ diagonals, shifted back one a row'], full];
  if (e.type === 'solution') return { stack, vars };
  vars.push(['count', String(countSoFar(trace, p, row)), 'solutions this call has found so far']);
  const moment = bitmaskMoment(trace, p, state);
  // A placement has run `free ^= bit` already (it comes before the call here).
  const free = moment.kind === 'place' ? moment.free ^ moment.bit : moment.free;
  vars.push(['free', binary(free, n), 'full & ~(cols | d1 | d2), the bits taken dropped']);
  if (moment.bit) vars.push(['bit', binary(moment.bit, n), `free & -free: column ${moment.col}`]);
  return { stack, vars };
}

/** The masks of row `row`'s call: from the queens of the rows above it. */
function masksOf(n, row, queens) {
  return masksFor(n, row, Int8Array.from({ length: n }, (_, r) => (r < row ? queens[r] : -1)));
}

/** The solutions found since row's call began: just after the placement on the row above. */
function countSoFar(trace, p, row) {
  const start = row === 0 ? 0 : trace.lastOnRow('place', row - 1, p - 1) + 1;
  return trace.solutionsBefore(p) - trace.solutionsBefore(start);
}
