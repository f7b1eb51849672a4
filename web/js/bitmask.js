// The bitmask method made visible: for the row the search is filling, the three masks of
// attacked columns (cols, ↘ d1, ↗ d2) as the bitmask algorithm holds them, their union, the
// free squares ~(cols | d1 | d2) & full and the lowest set bit, the column it takes next.
// Bit c stands for column c, drawn with column 0 on the left like the board.

/** The row being filled after the first p events, and the first column still to consider. */
export function currentRow(trace, p, state) {
  if (p === 0) return { row: 0, from: 0 };
  const e = trace.event(p - 1);
  switch (e.type) {
    case 'try': case 'reject': return { row: e.row, from: e.col };
    case 'scan': return { row: e.row, from: 0 };
    case 'place': return { row: e.row + 1, from: 0 };
    case 'dead_end': return { row: e.row, from: trace.n };
    case 'lift': return { row: e.row, from: e.col + 1 };
    default: return { row: state.queens.includes(-1) ? -1 : trace.n, from: 0 };
  }
}

/** The masks for `row`, from the queens standing in the rows above it. */
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

function bitsRow(label, value, n, highlight = 0, note = '') {
  const tr = document.createElement('tr');
  const th = document.createElement('th');
  th.scope = 'row';
  th.textContent = label;
  tr.append(th);
  for (let c = 0; c < n; c++) {
    const td = document.createElement('td');
    const bit = (value >> c) & 1;
    td.textContent = bit;
    td.className = (bit ? 'one' : 'zero') + ((highlight >> c) & 1 ? ' picked' : '');
    tr.append(td);
  }
  const value10 = document.createElement('td');
  value10.className = 'mask-value';
  value10.textContent = note || `= ${value}`;
  tr.append(value10);
  return tr;
}

/** Redraws the masks panel for step p. */
export function renderMasks(container, trace, p, state) {
  const n = trace.n;
  container.replaceChildren();
  const caption = document.createElement('p');
  container.append(caption);
  if (trace.bruteForce) {
    caption.textContent = 'Brute force keeps no masks: it fills every row first, then checks the whole arrangement.';
    return;
  }
  const { row, from } = currentRow(trace, p, state);
  if (row < 0 || row >= n) {
    caption.textContent = row >= n ? 'Every row has a queen: a solution.' : 'The search is over.';
    return;
  }
  const m = masksFor(n, row, state.queens);
  const untried = m.free & ~((1 << Math.min(from, n)) - 1); // the bits not yet taken in this row
  const pick = untried & -untried;
  caption.textContent = `Row ${row} — bit c is column c (column 0 on the left).`;
  const table = document.createElement('table');
  table.className = 'mask-table';
  const head = document.createElement('tr');
  head.append(document.createElement('td'));
  for (let c = 0; c < n; c++) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = c;
    head.append(th);
  }
  head.append(document.createElement('td'));
  table.append(head,
    bitsRow('cols', m.cols, n),
    bitsRow('↘ d1', m.d1, n),
    bitsRow('↗ d2', m.d2, n),
    bitsRow('taken = cols | d1 | d2', m.taken, n),
    bitsRow('free = ~taken & full', m.free, n),
    bitsRow('free, left to try', untried, n, 0, from > 0 ? `columns < ${Math.min(from, n)} are done` : ''),
    bitsRow('lowest bit (x & −x)', pick, n, pick, pick ? `column ${Math.log2(pick)}` : 'none'));
  container.append(table);
  const verdict = document.createElement('p');
  verdict.textContent = pick
    ? `The lowest set bit is column ${Math.log2(pick)}: the bitmask method places its queen there next` +
      (from > 0 ? ' (columns to its left were already taken or tried).' : '.')
    : 'No free bit left to take in this row: the search backs up to the row above.';
  container.append(verdict);
}
