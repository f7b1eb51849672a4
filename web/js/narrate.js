// Each trace event told in words. Most events speak for themselves; a lift or a dead end reads
// its neighbours to say *why* the search backs up (a full row, an exhausted row, a solution).

import { LINE_WORDS, lineValue } from './geometry.js';
import { masksFor } from './bitmask.js';

const square = (row, col) => `row ${row}, col ${col}`;
const queenAt = (row, col) => `the queen at ${square(row, col)}`;
/** A number with a real minus sign, as the formulas beside it are written. */
const signed = (value) => (value < 0 ? `−${-value}` : String(value));

/** Why a square is attacked, e.g. "row 2, col 1 is on the ↗ anti-diagonal of the queen at row 1, col 2". */
export function rejectionWords(e) {
  const by = queenAt(e.by.row, e.by.col);
  if (e.reason === 'column') return `${square(e.row, e.col)} is in the same column as ${by}`;
  const value = lineValue(e.reason, e.row, e.col);
  const formula = e.reason === 'diagonal' ? `r − c = ${signed(value)}` : `r + c = ${value}`;
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
    case 'scan':
      return scanWords(trace, i, e);
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

/** "col 1, 3" for the set bits of a mask. */
const columnsOf = (mask, n) => {
  const cols = [];
  for (let c = 0; c < n; c++) if ((mask >> c) & 1) cols.push(c);
  return `col ${cols.join(', ')}`;
};

/** bitmask's view of a row: which columns its one expression leaves free. */
function scanWords(trace, i, e) {
  const m = masksFor(trace.n, e.row, trace.stateAt(i).queens);
  const read = `read row ${e.row} at once: free = full & ~(cols | diag | anti)`;
  if (!m.free) return `${read} = 0, every column is attacked`;
  const attacked = m.taken ? ` (${columnsOf(m.taken, trace.n)} attacked)` : '';
  return `${read} leaves ${columnsOf(m.free, trace.n)} free${attacked}; the lowest free bit is col ${lowestBit(m.free)}`;
}

const lowestBit = (mask) => Math.log2(mask & -mask);

/** What bitmask takes after lifting the queen of e: the next free bit of its row, if any. */
function nextFreeBit(trace, i, e) {
  const m = masksFor(trace.n, e.row, trace.stateAt(i + 1).queens);
  const left = m.free & ~((2 << e.col) - 1);
  if (left) return `free ^= bit drops col ${e.col}; the lowest free bit left is col ${lowestBit(left)}`;
  const back = e.row > 0 ? `back to row ${e.row - 1}` : 'the search is over';
  return `free ^= bit drops col ${e.col}, and no free bit is left in row ${e.row}: ${back}`;
}

function placeWords(trace, e, brute) {
  if (trace.algorithm === 'bitmask') return `✓ take the lowest free bit, col ${e.col}: a queen on ${square(e.row, e.col)}`;
  if (brute && e.row === trace.n - 1) return `✓ no two queens attack each other: place the last queen at ${square(e.row, e.col)}`;
  if (brute) return `place row ${e.row}'s queen in col ${e.col} (brute force: nothing is checked yet)`;
  return `✓ ${square(e.row, e.col)} is free: place a queen`;
}

function deadEndWords(trace, i, e) {
  if (e.row === 0) return 'no square of row 0 is free';
  return `✗ every square of row ${e.row} is attacked: no queen fits there, a dead end`;
}

function liftWords(trace, i, e, brute) {
  const before = i > 0 ? trace.typeAt(i - 1) : null;
  const what = queenAt(e.row, e.col);
  if (brute) return `lift ${what}: on to the next permutation`;
  const onward = trace.algorithm === 'bitmask' ? nextFreeBit(trace, i, e) : e.col < trace.n - 1
    ? `next, col ${e.col + 1} of row ${e.row}`
    : e.row > 0
      ? `it stood in the last column, so row ${e.row} is done as well`
      : 'every column of row 0 has been tried';
  if (before === 'solution') return `solution recorded: lift ${what} to look for the next; ${onward}`;
  if (before === 'dead_end') return `back up: lift ${what}; ${onward}`;
  return `every column of row ${rowBelow(trace, e.row)} has been tried: lift ${what}; ${onward}`;
}

/** The row the search fills after `row`: the next one whose queen was not given. */
function rowBelow(trace, row) {
  let below = row + 1;
  while (trace.givenRows?.has(below)) below++;
  return below;
}

function doneWords(done) {
  const totals = `${done.nodes.toLocaleString('en')} nodes, ${done.solutions.toLocaleString('en')} ` +
    `solution${done.solutions === 1 ? '' : 's'}`;
  if (done.stopped === 'max_events') return `trace cut here (the server's event limit): ${totals} so far`;
  if (done.stopped === 'first_solution') return `stopped at the first solution: ${totals}`;
  return `search finished: ${totals}`;
}

/**
 * What a jump or a play from position `from` to `to` went through, in one line: "Skipped 1,899
 * steps on the way to solution 1: 876 queens placed and 875 lifted, 30 dead ends, 140 squares
 * refused." (`solution`: the number of the solution it stopped on, or 0.)
 */
export function skippedWords(trace, from, to, solution) {
  const t = trace.tally(from, to - 1); // the step shown is told by the sentence above
  const steps = Math.max(0, to - 1 - from);
  const count = (k, one, many = `${one}s`) => `${k.toLocaleString('en')} ${k === 1 ? one : many}`;
  const where = solution ? ` on the way to solution ${solution.toLocaleString('en')}` : '';
  const parts = [`${count(t.place, 'queen')} placed and ${t.lift.toLocaleString('en')} lifted`];
  if (t.dead_end) parts.push(count(t.dead_end, 'dead end'));
  if (t.reject) parts.push(`${count(t.reject, 'square')} refused`);
  if (t.solution) parts.push(`${count(t.solution, 'solution')} passed`);
  return `Skipped ${count(steps, 'step')}${where}: ${parts.join(', ')}.`;
}

