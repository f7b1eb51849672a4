// The chess board: built once per size as a CSS grid with row and column labels, then
// repainted by giving each square its classes. Squares carry data-row / data-col.

import { attackedSquares, onLine } from './geometry.js';

const QUEEN = '♛';

// A square's width, kept on each board as --cell (px) for the queens' glyphs: set when the
// board changes size, not computed by the style of every square at every step. Set in the next
// frame: a square's size never depends on its glyph (contain), so the page's first paint need
// not wait for a second layout.
let cellSizes = null;
function watchCells(board) {
  cellSizes ??= new ResizeObserver((entries) => {
    const sizes = entries.map(({ target, contentBoxSize }) => {
      const label = target.firstElementChild?.offsetWidth ?? 0; // the row labels' column
      const n = Number(target.style.getPropertyValue('--n')) || 1;
      return [target, `${Math.max(0, (contentBoxSize[0].inlineSize - label) / n).toFixed(2)}px`];
    });
    requestAnimationFrame(() => sizes.forEach(([target, cell]) => target.style.setProperty('--cell', cell)));
  });
  cellSizes.observe(board);
}

/**
 * Fills `container` with an n × n board. With `buttons`, squares are <button>s (the board you
 * play on); otherwise plain cells. Returns the squares, row by row.
 */
export function buildBoard(container, n, { buttons = false } = {}) {
  container.replaceChildren();
  container.style.setProperty('--n', n);
  watchCells(container);
  container.parentElement.style.setProperty('--n', n); // the wrapper sizes small boards
  container.append(label('', 'corner'));
  for (let c = 0; c < n; c++) container.append(label(c, 'col-label'));
  const squares = [];
  for (let r = 0; r < n; r++) {
    container.append(label(r, 'row-label'));
    for (let c = 0; c < n; c++) {
      const square = document.createElement(buttons ? 'button' : 'div');
      if (buttons) square.type = 'button';
      else square.setAttribute('aria-hidden', 'true');
      square.dataset.row = r;
      square.dataset.col = c;
      square.dataset.base = (r + c) % 2 ? 'square dark' : 'square light';
      square.className = square.dataset.base;
      container.append(square);
      squares.push(square);
    }
  }
  return squares;
}

function label(text, className) {
  const cell = document.createElement('span');
  cell.className = `label ${className}`;
  cell.textContent = text;
  cell.setAttribute('aria-hidden', 'true');
  return cell;
}

/** Sets a square's extra classes and glyph, touching the DOM only when something changed. */
export function paintSquare(square, classes, glyph) {
  const className = classes ? `${square.dataset.base} ${classes}` : square.dataset.base;
  if (square.className !== className) square.className = className;
  if (square.textContent !== glyph) square.textContent = glyph;
}

/** The queens of a state as [row, col] pairs. */
export function queensOf(state) {
  const queens = [];
  state.queens.forEach((col, row) => { if (col >= 0) queens.push([row, col]); });
  return queens;
}

/**
 * Paints the trace board after the first p events: queens, the shading of attacked squares,
 * and the meaning of the last event (the square tried, the attacker and its line, a dead end,
 * a lifted queen moving on, a solution).
 */
export function paintTraceBoard(board, squares, trace, p, state) {
  const queens = paintTraceSquares(squares, trace, p, state);
  board.setAttribute('aria-label', `${trace.n} × ${trace.n} board, ` +
    (queens.length ? `queens at ${queens.map(([r, c]) => `row ${r} col ${c}`).join('; ')}` : 'no queens'));
}

/** The squares of paintTraceBoard (given queens ringed); returns the queens standing. */
export function paintTraceSquares(squares, trace, p, state) {
  const n = trace.n;
  const queens = queensOf(state);
  const attacked = attackedSquares(n, queens);
  const extra = squares.map(() => []);
  const at = (r, c) => extra[r * n + c];
  queens.forEach(([r, c]) => at(r, c).push(trace.givenRows?.has(r) ? 'queen given' : 'queen'));
  attacked.forEach((a, i) => { if (a) extra[i].push('attacked'); });

  const e = p > 0 ? trace.event(p - 1) : null;
  const ghost = markEvent(e, trace, state, at, attacked);
  const pending = pendingQueen(trace, p, e, at);
  squares.forEach((square, i) => {
    const isQueen = state.queens[Math.floor(i / n)] === i % n;
    paintSquare(square, extra[i].join(' '), isQueen || ghost === i || pending === i ? QUEEN : '');
  });
  return queens;
}

/**
 * Brute force checks an arrangement when its last queen is put down: that queen stands on the
 * tried square while the check runs (a "try", then a "reject" or a "place"). Returns its index.
 */
function pendingQueen(trace, p, e, at) {
  if (!trace.bruteForce || !e) return -1;
  const tried = e.type === 'try' ? e : e.type === 'reject' && p >= 2 ? trace.event(p - 2) : null;
  if (!tried || tried.type !== 'try') return -1;
  at(tried.row, tried.col).push('pending');
  return tried.row * trace.n + tried.col;
}

/** Adds the classes that show event e; returns the index of a square that shows a ghost queen. */
function markEvent(e, trace, state, at, attacked) {
  const n = trace.n;
  if (!e) return -1;
  switch (e.type) {
    case 'try': at(e.row, e.col).push('trying'); break;
    case 'reject':
      at(e.row, e.col).push('trying', 'rejected');
      at(e.by.row, e.by.col).push('attacker');
      for (let r = 0; r < n; r++) {
        for (let c = 0; c < n; c++) {
          if (onLine(e.reason, e.by.row, e.by.col, r, c) && !(r === e.by.row && c === e.by.col)) at(r, c).push('on-line');
        }
      }
      break;
    case 'scan': // bitmask reads the row at once: its free squares and the refused ones
      for (let c = 0; c < n; c++) {
        at(e.row, c).push(attacked[e.row * n + c] ? 'rejected' : 'free-now');
      }
      break;
    case 'place': at(e.row, e.col).push('placed-now'); break;
    case 'dead_end':
      for (let c = 0; c < n; c++) at(e.row, c).push('dead-row');
      if (e.row > 0 && state.queens[e.row - 1] >= 0) at(e.row - 1, state.queens[e.row - 1]).push('lifting');
      break;
    case 'lift':
      at(e.row, e.col).push('lifted');
      return e.row * n + e.col;
    case 'solution':
      state.queens.forEach((c, r) => { if (c >= 0) at(r, c).push('solution'); });
      break;
    default: break;
  }
  return -1;
}
