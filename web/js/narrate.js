// Each trace event told in words. Most events speak for themselves; a lift or a dead end reads
// its neighbours to say *why* the search backs up (a full row, an exhausted row, a solution).

import { LINE_WORDS, lineValue } from './geometry.js';

const square = (row, col) => `row ${row}, col ${col}`;
const queenAt = (row, col) => `the queen at ${square(row, col)}`;

/** Why a square is attacked, e.g. "row 2, col 1 is on the ↗ anti-diagonal of the queen at row 1, col 2". */
export function rejectionWords(e) {
  const by = queenAt(e.by.row, e.by.col);
  if (e.reason === 'column') return `${square(e.row, e.col)} is in the same column as ${by}`;
  const value = lineValue(e.reason, e.row, e.col);
  const formula = e.reason === 'diagonal' ? `r − c = ${value}` : `r + c = ${value}`;
  return `${square(e.row, e.col)} is on the ${LINE_WORDS[e.reason]} of ${by} (${formula})`;
}

/** One sentence for event i of the trace. */
export function describe(trace, i) {
  const e = trace.event(i);
  const brute = trace.bruteForce;
  switch (e.type) {
    case 'try':
      if (brute) return `every row has a queen: check the whole arrangement (last queen: ${square(e.row, e.col)})`;
      return `try ${square(e.row, e.col)}`;
    case 'reject':
      if (brute) return `✗ ${rejectionWords(e)}: this arrangement fails`;
      return `✗ ${rejectionWords(e)}`;
    case 'place':
      return placeWords(trace, e, brute);
    case 'dead_end':
      return deadEndWords(trace, i, e);
    case 'lift':
      return liftWords(trace, i, e, brute);
    case 'solution': {
      const k = trace.solutionsBefore(i); // this solution's place in the list
      return `★ solution ${k + 1}: columns [${trace.solutionColumns[k].join(', ')}]`;
    }
    case 'done':
      return doneWords(trace.done);
    default:
      return e.type;
  }
}

function placeWords(trace, e, brute) {
  if (brute && e.row === trace.n - 1) return `✓ no two queens attack each other: place the last queen at ${square(e.row, e.col)}`;
  if (brute) return `place row ${e.row}'s queen in col ${e.col} (brute force: nothing is checked yet)`;
  return `✓ ${square(e.row, e.col)} is free: place a queen`;
}

function deadEndWords(trace, i, e) {
  if (e.row === 0) return 'row 0 has no free square';
  const next = i + 1 < trace.length ? trace.event(i + 1) : null;
  const lifted = next?.type === 'lift' ? next : { row: e.row - 1, col: trace.stateAt(i).queens[e.row - 1] };
  return `row ${e.row} is full: no free square; lift ${queenAt(lifted.row, lifted.col)} and move it on`;
}

function liftWords(trace, i, e, brute) {
  const before = i > 0 ? trace.typeAt(i - 1) : null;
  const what = queenAt(e.row, e.col);
  if (before === 'solution') return `solution recorded: lift ${what} and look for the next`;
  if (brute) return `lift ${what}: on to the next permutation`;
  if (before === 'dead_end') return `lift ${what}: it moves on to the next column of row ${e.row}`;
  const last = e.row === 0 && e.col === trace.n - 1 ? ': every column of row 0 has been tried' : ' and move it on';
  return `row ${e.row + 1} has no more columns to try: lift ${what}${last}`;
}

function doneWords(done) {
  const totals = `${done.nodes.toLocaleString('en')} nodes, ${done.solutions.toLocaleString('en')} ` +
    `solution${done.solutions === 1 ? '' : 's'}`;
  if (done.stopped === 'max_events') return `trace cut here (the server's event limit): ${totals} so far`;
  if (done.stopped === 'first_solution') return `stopped at the first solution: ${totals}`;
  return `search finished: ${totals}`;
}
