// The algorithm's code beside the board: its Python listing from the server, the line the
// current step executes (the trace event's own `line`, from the core), the variables after it
// and the call stack, one frame of place(row) per row that holds a queen plus the one at work.

import { masksFor } from './bitmask.js';

const listings = new Map(); // algorithm → its lines, fetched once

async function listingOf(algorithm) {
  if (!listings.has(algorithm)) {
    const response = await fetch(`api/listing?algorithm=${encodeURIComponent(algorithm)}`);
    if (!response.ok) throw new Error(`the code of ${algorithm} did not load (${response.status})`);
    listings.set(algorithm, (await response.json()).lines);
  }
  return listings.get(algorithm);
}

export class CodeView {
  constructor({ code, vars, stack, title }) {
    Object.assign(this, { code, vars, stack, title });
    this.current = null;
  }

  /** Shows the listing of the trace's algorithm (the lines arrive once per algorithm). */
  async start(trace) {
    this.trace = trace;
    this.items = [];
    this.current = null;
    this.title.textContent = `The code: ${trace.algorithm}, line by line`;
    const lines = await listingOf(trace.algorithm);
    if (this.trace !== trace) return; // another trace was chosen meanwhile
    this.items = lines.map((text, i) => {
      const item = document.createElement('li');
      item.dataset.line = String(i + 1);
      item.textContent = text || ' ';
      return item;
    });
    this.code.replaceChildren(...this.items);
    if (this.pending !== undefined) this.show(this.pending.p, this.pending.state);
  }

  /** Highlights the line of the step that led to position p, with its variables and stack. */
  show(p, state) {
    this.pending = { p, state };
    const trace = this.trace;
    if (!trace || !this.items.length) return;
    const line = p > 0 ? trace.lineAt(p - 1) : 0;
    this.#highlight(line);
    const e = p > 0 ? trace.event(p - 1) : null;
    const frame = activeFrame(trace, e, state);
    this.#showVars(frame, e, state);
    this.#showStack(frame, e, state);
  }

  #highlight(line) {
    const item = this.items[line - 1] ?? null;
    if (item === this.current) return;
    this.current?.classList.remove('current');
    this.current?.removeAttribute('aria-current');
    this.current = item;
    if (!item) return;
    item.classList.add('current');
    item.setAttribute('aria-current', 'step');
    // Keep the line in view inside the listing's own box, without scrolling the page.
    const box = this.code;
    const [top, bottom] = [item.offsetTop - box.offsetTop, item.offsetTop - box.offsetTop + item.offsetHeight];
    if (top < box.scrollTop || bottom > box.scrollTop + box.clientHeight) box.scrollTop = top - box.clientHeight / 3;
  }

  #showVars(frame, e, state) {
    const rows = variables(this.trace, frame, e, state);
    this.vars.replaceChildren(...rows.flatMap(([name, value, note]) => {
      const dt = document.createElement('dt');
      dt.textContent = name;
      const dd = document.createElement('dd');
      dd.textContent = value;
      if (note) dd.title = note;
      if (note) dd.append(Object.assign(document.createElement('span'), { className: 'muted', textContent: `  ${note}` }));
      return [dt, dd];
    }));
  }

  #showStack(frame, e, state) {
    const frames = [];
    for (let row = 0; row <= frame; row++) {
      const item = document.createElement('li');
      const col = row < frame ? state.queens[row] : e && e.type !== 'scan' && e.type !== 'dead_end' ? e.col : null;
      const here = row === frame;
      item.textContent = `place(row=${row})` + (col !== null && col >= 0 && row < this.trace.n ? `  col = ${col}` : '');
      if (here) { item.classList.add('current'); item.setAttribute('aria-current', 'step'); }
      frames.push(item);
    }
    this.stack.replaceChildren(...frames);
  }
}

/** The row of the place(row) call that the step runs in: -1 before the first call. */
function activeFrame(trace, e, state) {
  if (!e) return -1;
  if (e.type === 'solution') return trace.n;
  if (e.type === 'done') return -1;
  return e.row;
}

const pySet = (values) => (values.length ? `{${values.join(', ')}}` : 'set()');
const trueAt = (flags) => `True at [${flags.join(', ')}]`;
const binary = (mask, n) => `0b${(mask >>> 0).toString(2).padStart(n, '0')}`;

/** [name, value, note] for the variables after the step, as the listing names them. */
function variables(trace, frame, e, state) {
  const n = trace.n;
  const placed = [];
  state.queens.forEach((c, r) => { if (c >= 0) placed.push([r, c]); });
  const rows = [['queens', `[${placed.map(([, c]) => c).join(', ')}]`, 'queens[r] = the column of row r']];
  if (frame >= 0 && frame < n) rows.unshift(['row', String(frame)]);
  if (e && ['try', 'reject', 'place', 'lift'].includes(e.type) && frame < n) rows.splice(1, 0, ['col', String(e.col)]);
  const algorithm = trace.algorithm;
  if (algorithm === 'sets') {
    rows.push(['cols', pySet(placed.map(([, c]) => c))],
      ['diag', pySet(placed.map(([r, c]) => r - c)), 'r - c of each queen'],
      ['anti', pySet(placed.map(([r, c]) => r + c)), 'r + c of each queen']);
  } else if (algorithm === 'arrays') {
    rows.push(['cols', trueAt(placed.map(([, c]) => c))],
      ['diag', trueAt(placed.map(([r, c]) => r - c + n - 1).sort((a, b) => a - b)), 'index r - c + n - 1'],
      ['anti', trueAt(placed.map(([r, c]) => r + c).sort((a, b) => a - b)), 'index r + c']);
  } else if (algorithm === 'bitmask' && frame >= 0 && frame < n) {
    const m = masksFor(n, frame, state.queens);
    // Lowest bit first: at a place the bits left of it are done, after a lift its own bit too.
    const from = !e ? 0 : e.type === 'lift' ? e.col + 1 : e.type === 'place' ? e.col : 0;
    const free = m.free & ~((1 << from) - 1);
    rows.push(['cols', binary(m.cols, n), 'bit c = column c: read right to left'],
      ['diag', binary(m.d1, n)], ['anti', binary(m.d2, n)],
      ['free', binary(free, n), from ? 'the bits still to take' : 'full & ~(cols | diag | anti)']);
    if (e && e.type === 'place') rows.push(['bit', binary(1 << e.col, n), `free & -free: column ${e.col}`]);
  } else if (algorithm === 'permutations') {
    rows.push(['used', pySet(placed.map(([, c]) => c).sort((a, b) => a - b))]);
  }
  return rows;
}
