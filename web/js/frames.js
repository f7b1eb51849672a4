// The Python listing's call stack and variables at a step of the trace, exactly as the listing
// holds them when it runs (e2e/frames.py records them under sys.settrace, and the tests compare
// every step of n = 4, in both styles). A step's moment: a check just after its line ran (brute
// force's check as it calls clash()); a placement once the choice is made in full, just
// before the recursive call; a lift once it is undone in full, back at the loop's head; a
// dead end as its call returns; "done" as the outer function returns. Sets are written sorted,
// bitmask's masks in binary with n digits (Python's format(mask, '#06b') for n = 4).
//
// Two styles (the core's CodeStyle): the page's own listings, and the tutorials' (LeetCode's
// names: solve_n_queens, dfs(r), c, d1, d2; naive's checks in is_safe(r, c), brute force's in
// is_valid(perm); bitmask's is the count-only total_n_queens: frames-count.js).

import { binary, bitmaskMoment, masksFor } from './bitmask.js';
import { countFrames } from './frames-count.js';

const list = (values) => `[${values.join(', ')}]`;
const pySet = (values) => (values.length ? `{${[...values].sort((a, b) => a - b).join(', ')}}` : 'set()');
const flags = (length, trueAt) => list(Array.from({ length }, (_, i) => (trueAt.includes(i) ? 'True' : 'False')));

/** Each style's names for what the listings hold. */
export const NAMES = {
  page: { outer: 'solve', search: 'place', row: 'row', col: 'col', diag: 'diag', anti: 'anti', queens: 'queens',
    check: 'clash', later: 'r2', earlier: 'r1' },
  tutorial: { outer: 'solve_n_queens', search: 'dfs', row: 'r', col: 'c', diag: 'd1', anti: 'd2', queens: 'queens',
    check: 'is_valid', later: 'j', earlier: 'i' },
};

/** A style's names for an algorithm's listing (the tutorials' brute force calls its list perm). */
export function namesOf(style, algorithm) {
  const names = NAMES[style] ?? NAMES.page;
  return style === 'tutorial' && algorithm === 'permutations' ? { ...names, queens: 'perm' } : names;
}

/**
 * The frames at position p (after the first p events) in `style`: { stack, vars }. `stack`
 * lists the calls from the outer function down, each { call, col } (col: the search call's own
 * loop column, or null); `vars` is [name, value, note] for the innermost call's variables, as
 * the listing names them.
 */
export function pythonFrames(trace, p, state, style = 'page') {
  if (style === 'tutorial' && trace.algorithm === 'bitmask') return countFrames(trace, p, state);
  const names = namesOf(style, trace.algorithm);
  const n = trace.n;
  const e = p > 0 ? trace.event(p - 1) : null;
  if (!e) return { stack: [], vars: [] };
  const outer = { call: `${names.outer}(n=${n})`, col: null };
  if (e.type === 'done') return { stack: [outer], vars: solveVars(trace, names) };
  const inner = innerCall(trace, e, p, state);
  const stack = [outer];
  for (let row = 0; row <= inner.row; row++) {
    const col = row < inner.row ? state.queens[row] : inner.col;
    stack.push({ call: searchCall(trace, row, inner.queens, names), col: trace.algorithm === 'bitmask' ? null : col });
  }
  if (inner.clash) stack.push({ call: `${names.check}(${names.queens}=${list(inner.queens)})`, col: null });
  // The tutorials' naive search refuses inside is_safe(r, c), called for each square.
  const safe = style === 'tutorial' && trace.algorithm === 'naive' && e.type === 'reject';
  if (safe) stack.push({ call: `is_safe(r=${e.row}, c=${e.col})`, col: null });
  const moment = trace.algorithm === 'bitmask' ? bitmaskMoment(trace, p, state) : null;
  if (inner.clash) return { stack, vars: clashVars(inner, names) };
  if (safe) return { stack, vars: [['r', String(e.row)], ['c', String(e.col)], ['queens', list(inner.queens)]] };
  return { stack, vars: placeVars(trace, e, inner, moment, names) };
}

/**
 * The innermost call of step e: the row of its place(row) frame, its `col` (null where the
 * call has none), `queens` as the listing's list holds it, and for brute force's refusals the
 * clash() call's r1 and r2.
 */
function innerCall(trace, e, p, state) {
  const n = trace.n;
  const placed = [];
  const queens = state.queens;
  for (let r = 0; r < n && queens[r] >= 0; r++) placed.push(queens[r]);
  if (e.type === 'solution') return { row: n, col: null, queens: placed };
  if (trace.bruteForce && (e.type === 'try' || e.type === 'reject')) {
    const tried = e.type === 'try' ? e : trace.event(p - 2); // the arrangement's last queen
    const full = [...placed, tried.col];
    if (e.type === 'try') return { row: n - 1, col: tried.col, queens: full };
    return { row: n - 1, col: tried.col, queens: full, clash: true, r1: e.by.row, r2: e.row };
  }
  if (e.type === 'dead_end' || e.type === 'scan') {
    return { row: e.row, col: e.type === 'dead_end' && trace.algorithm !== 'bitmask' ? n - 1 : null, queens: placed };
  }
  // try, reject, place, lift; bitmask's call keeps its column as `bit` alone
  return { row: e.row, col: trace.algorithm === 'bitmask' ? null : e.col, queens: placed };
}

/** "place(row=2)", or for bitmask "place(row=2, cols=0b0101, diag=0b1100, anti=0b0010)". */
function searchCall(trace, row, queens, names) {
  if (trace.algorithm !== 'bitmask') return `${names.search}(${names.row}=${row})`;
  const m = masksFor(trace.n, row, Int8Array.from({ length: trace.n }, (_, r) => (r < row ? queens[r] : -1)));
  const n = trace.n;
  return `place(row=${row}, cols=${binary(m.cols, n)}, diag=${binary(m.d1, n)}, anti=${binary(m.d2, n)})`;
}

function clashVars({ queens, r1, r2 }, names) {
  return [[names.queens, list(queens)], [names.later, String(r2), 'the later row of the pair'], [names.earlier, String(r1)]];
}

/** The variables of the innermost search call (place(row), or the tutorials' dfs(r)). */
function placeVars(trace, e, inner, moment, names) {
  const n = trace.n;
  const vars = [[names.row, String(inner.row)]];
  if (inner.col !== null) vars.push([names.col, String(inner.col)]);
  vars.push(['n', String(n)], [names.queens, list(inner.queens), `${names.queens}[r] is row r's column`]);
  const queens = inner.queens;
  // Brute force marks a column used only once its queen is placed (not while it is checked).
  const taken = trace.bruteForce && e.type === 'try' ? queens.slice(0, -1) : queens;
  return vars.concat(trackers(trace, inner, taken, moment, names));
}

/** What the algorithm keeps of the queens `taken` (rows 0, 1, ... in order). */
function trackers(trace, inner, taken, moment, names) {
  const n = trace.n;
  const sums = taken.map((c, r) => r + c);
  const diffs = taken.map((c, r) => r - c);
  switch (trace.algorithm) {
    case 'sets':
      return [['cols', pySet(taken)], [names.diag, pySet(diffs), 'r − c of each queen'], [names.anti, pySet(sums), 'r + c of each queen']];
    case 'arrays':
      return [['cols', flags(n, taken), trueNote(taken)],
        [names.diag, flags(2 * n - 1, diffs.map((d) => d + n - 1)), `index r − c + n − 1; ${trueNote(diffs.map((d) => d + n - 1))}`],
        [names.anti, flags(2 * n - 1, sums), `index r + c; ${trueNote(sums)}`]];
    case 'permutations':
      return [['used', pySet(taken)]];
    case 'bitmask':
      return bitmaskVars(trace, inner, moment);
    default:
      return [];
  }
}

const trueNote = (indexes) => (indexes.length ? `True at ${[...indexes].sort((a, b) => a - b).join(', ')}` : 'all False');

/** bitmask's call: its masks (arguments), `full`, and `free` and `bit` as far as it has them. */
function bitmaskVars(trace, inner, moment) {
  const n = trace.n;
  const above = Int8Array.from({ length: n }, (_, r) => (r < inner.row ? inner.queens[r] : -1));
  const m = masksFor(n, inner.row, above);
  const vars = [['cols', binary(m.cols, n)], ['diag', binary(m.d1, n)], ['anti', binary(m.d2, n)],
    ['full', binary((1 << n) - 1, n), 'bit c is column c']];
  if (!moment) return vars; // the call of row n: a solution, read no further
  const why = moment.kind === 'lift' ? 'free ^= bit dropped the column just lifted' : 'full & ~(cols | diag | anti), lower bits taken';
  vars.push(['free', binary(moment.free, n), why]);
  if (moment.bit) vars.push(['bit', binary(moment.bit, n), `free & -free: column ${moment.col}`]);
  return vars;
}

/** The outer function's own variables as it returns: everything the search put down is taken back. */
function solveVars(trace, names) {
  const n = trace.n;
  const vars = [['n', String(n)], [names.queens, '[]']];
  switch (trace.algorithm) {
    case 'sets': return vars.concat([['cols', 'set()'], [names.diag, 'set()'], [names.anti, 'set()']]);
    case 'arrays': return vars.concat([['cols', flags(n, [])], [names.diag, flags(2 * n - 1, [])], [names.anti, flags(2 * n - 1, [])]]);
    case 'permutations': return vars.concat([['used', 'set()']]);
    case 'bitmask': return vars.concat([['full', binary((1 << n) - 1, n)]]);
    default: return vars;
  }
}

/** Python's words that name no variable of a listing. */
const KEYWORDS = new Set(['if', 'in', 'not', 'and', 'or', 'is', 'for', 'while', 'def', 'return', 'continue', 'break',
  'True', 'False', 'None', 'range', 'len', 'abs', 'set', 'append', 'add', 'remove', 'pop', 'lambda', 'else', 'elif']);

/** The names a line of Python reads or writes, as a set (its comment and strings left out). */
export function namesRead(line) {
  const code = line.replace(/#.*$/, '').replace(/(["']).*?\1/g, '');
  return new Set((code.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []).filter((word) => !KEYWORDS.has(word)));
}
