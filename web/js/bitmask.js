// The bitmask method made visible (its panel shows for the bitmask algorithm only): the row
// the call place(row, cols, diag, anti) is filling, its three masks as the code names them,
// their union, `free` as the loop holds it at this step (the bits not yet taken or dropped)
// and `bit`, the one it takes. Bits are written as Python writes 0b numbers: bit 0, column 0,
// on the right; so the table's columns run from n − 1 on the left down to 0 on the right.
// In the tutorials' names (the code's other style) the call is total_n_queens's dfs(cols, d1,
// d2), which drops the bit from `free` before it calls the next row.

/** A mask as Python's format(mask, '#0{n+2}b') writes it: 0b and n binary digits. */
export const binary = (mask, n) => `0b${(mask >>> 0).toString(2).padStart(n, '0')}`;

/** The masks for `row`, from the queens standing in the rows above it (queens[r] = col, or -1). */
export function masksFor(n, row, queens) {
  let [cols, d1, d2] = [0, 0, 0];
  for (let qr = 0; qr < row; qr++) {
    const qc = queens[qr];
    if (qc < 0) continue;
    const down = row - qr; // how far the diagonals have been shifted since row qr
    cols |= 1 << qc;
    if (qc + down < n) d1 |= 1 << (qc + down);
    if (qc - down >= 0) d2 |= 1 << (qc - down);
  }
  const full = (1 << n) - 1;
  return { cols, d1, d2, taken: cols | d1 | d2, free: full & ~(cols | d1 | d2) };
}

/**
 * The bitmask call at work after the first p events: { row, kind, masks, free, bit }, with
 * `free` the loop's variable (its lower bits taken or dropped already) and `bit` the one taken
 * (0 before any); null when no call is reading a row (the start, a solution, the end).
 */
export function bitmaskMoment(trace, p, state) {
  if (p === 0) return null;
  const e = trace.event(p - 1);
  if (!['scan', 'place', 'lift', 'dead_end'].includes(e.type)) return null;
  const m = masksFor(trace.n, e.row, state.queens);
  const done = e.type === 'place' ? e.col : e.type === 'lift' ? e.col + 1 : 0;
  const free = m.free & ~((1 << done) - 1);
  const bit = e.type === 'place' || e.type === 'lift' ? 1 << e.col : 0;
  return { row: e.row, kind: e.type, masks: m, free, bit, col: e.col };
}

const columnsOf = (mask, n) => {
  const cols = [];
  for (let c = 0; c < n; c++) if ((mask >> c) & 1) cols.push(c);
  return cols;
};
const named = (cols) => (cols.length === 1 ? `column ${cols[0]}` : `columns ${cols.join(', ')}`);

/** Each code style's names for the call and its diagonal masks (frames.js NAMES). */
const CALLS = {
  page: { at: (row) => `place(row=${row}, ...)`, start: 'place(0, 0, 0, 0)', next: 'place(row + 1, ...)', diag: 'diag', anti: 'anti' },
  tutorial: { at: (row) => `dfs(cols, d1, d2) for row ${row}`, start: 'dfs(0, 0, 0)', next: 'dfs(...)', diag: 'd1', anti: 'd2' },
};

/** What the step does with the masks, in the same words as the step's sentence. */
function story(moment, n, call) {
  const { kind, free, row, col } = moment;
  const lowest = free & -free;
  switch (kind) {
    case 'scan':
      return free ? `free has ${named(columnsOf(free, n))}: the loop takes the lowest bit first, column ${Math.log2(lowest)}.`
        : `free = 0: every column of row ${row} is attacked, a dead end.`;
    case 'place':
      return `bit = free & -free = column ${col}: the queen goes there, and ${call.next} gets the masks with that bit added.`;
    case 'lift':
      return free ? `free ^= bit dropped column ${col}; the lowest free bit left is column ${Math.log2(lowest)}.`
        : `free ^= bit dropped column ${col}, and no free bit is left: ${row > 0 ? `back to row ${row - 1}` : 'the search is over'}.`;
    default:
      return `free = 0: no queen fits in row ${row}, so this call returns and the row above goes on with its next bit.`;
  }
}

function bitsRow(label, value, n, kind = '') {
  const tr = document.createElement('tr');
  if (kind) tr.className = kind;
  const th = document.createElement('th');
  th.scope = 'row';
  th.textContent = label;
  tr.append(th);
  for (let c = n - 1; c >= 0; c--) {
    const td = document.createElement('td');
    const on = (value >> c) & 1;
    td.textContent = on;
    td.className = on ? 'one' : 'zero';
    tr.append(td);
  }
  return tr;
}

/**
 * Redraws the masks panel for step p (bitmask only; the panel is hidden for the others), in the
 * names of the code's style (`page` or `tutorial`).
 */
export function renderMasks(container, trace, p, state, style = 'page') {
  const n = trace.n;
  const call = CALLS[style] ?? CALLS.page;
  const caption = document.createElement('p');
  const moment = bitmaskMoment(trace, p, state);
  if (!moment) {
    caption.textContent = p === 0 ? `The search starts with ${call.start}: no column taken, no diagonal attacked.`
      : 'No row is being read at this step.';
    container.replaceChildren(caption);
    return;
  }
  const full = (1 << n) - 1;
  caption.textContent = `${call.at(moment.row)}: bit c is column c, written as Python writes 0b numbers (column 0 on the right).`;
  const table = document.createElement('table');
  table.className = 'mask-table';
  const head = document.createElement('tr');
  head.append(Object.assign(document.createElement('th'), { scope: 'col', textContent: 'column' }));
  for (let c = n - 1; c >= 0; c--) head.append(Object.assign(document.createElement('th'), { scope: 'col', textContent: c }));
  const { masks } = moment;
  // The tutorials' loop drops the bit from free before its call: at a placement it is gone.
  const free = style === 'tutorial' && moment.kind === 'place' ? moment.free ^ moment.bit : moment.free;
  table.append(head, bitsRow('cols', masks.cols, n), bitsRow(call.diag, masks.d1, n), bitsRow(call.anti, masks.d2, n),
    bitsRow(`cols | ${call.diag} | ${call.anti}`, masks.taken, n), bitsRow('free', free & full, n, 'free'));
  if (moment.bit) table.append(bitsRow('bit', moment.bit, n, 'bit'));
  const words = document.createElement('p');
  words.className = 'mask-story';
  words.textContent = story(moment, n, call);
  const scroll = Object.assign(document.createElement('p'), {
    className: 'masks-scroll',
    textContent: 'The table is wider than the screen: scroll it sideways to see every column. →',
  });
  container.replaceChildren(caption, scroll, table, words);
  container.dataset.overflows = String(container.scrollWidth > container.clientWidth + 1);
}
