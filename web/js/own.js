// "Place your own queens": a board of buttons where a click (or Enter on the focused square)
// puts or removes a queen or a blocked square. Every change is checked by the server
// (POST /api/verify) and its conflicts are shown at once; "Complete it" asks POST /api/complete
// for a full solution that keeps the queens and avoids the blocked squares; "Let the search
// finish it" asks the same and puts the search's queens down one row at a time, the shading
// following each one.

import { buildBoard, paintSquare } from './board.js';
import { postJson, isAbort } from './api.js';
import { attackedSquares, onLine } from './geometry.js';

const byId = (id) => document.getElementById(id);
const QUEEN_PAUSE_MS = 350; // time to see each queen land and its attacks shaded

export class OwnBoard {
  constructor() {
    this.board = byId('own-board');
    this.verdict = byId('own-verdict');
    this.conflictList = byId('own-conflicts');
    this.problemList = byId('own-problems');
    this.message = byId('own-message');
    this.check = 0; // the number of the latest verify request: older answers are dropped
    this.board.addEventListener('click', (event) => this.#onClick(event));
    this.board.addEventListener('keydown', (event) => this.#onKey(event));
    byId('own-clear').addEventListener('click', () => this.#setSquares(new Map(), 'Cleared.'));
    byId('own-complete').addEventListener('click', () => this.complete());
    byId('own-finish').addEventListener('click', () => this.complete({ animate: true }));
    this.animation = 0; // the number of the latest animation: a newer change stops an older one
  }

  /** A new, empty board of size n. */
  reset(n) {
    this.n = n;
    this.squares = buildBoard(this.board, n, { buttons: true });
    this.focusIndex = 0;
    this.#setSquares(new Map(), '');
  }

  get tool() { return document.querySelector('input[name="own-tool"]:checked').value; }

  /** What stands on each square: key row * n + col, value 'queen' or 'blocked'. */
  #setSquares(marks, message, added = new Set()) {
    this.animation++;
    this.marks = marks;
    this.added = added;
    this.conflicts = [];
    this.message.textContent = message;
    this.#paint();
    this.verify();
  }

  #onClick(event) {
    const square = event.target.closest('[data-row]');
    if (!square) return;
    const key = Number(square.dataset.row) * this.n + Number(square.dataset.col);
    const marks = new Map(this.marks);
    if (marks.get(key) === this.tool) marks.delete(key); else marks.set(key, this.tool);
    this.focusIndex = key;
    this.#setSquares(marks, '');
  }

  /** Arrow keys move between squares (one tab stop for the whole board). */
  #onKey(event) {
    const moves = { ArrowUp: -this.n, ArrowDown: this.n, ArrowLeft: -1, ArrowRight: 1 };
    const delta = moves[event.key];
    if (delta === undefined) return;
    event.preventDefault();
    const i = this.focusIndex;
    const sameRow = Math.abs(delta) === 1 && Math.floor((i + delta) / this.n) !== Math.floor(i / this.n);
    const next = i + delta;
    if (next < 0 || next >= this.n * this.n || sameRow) return;
    this.focusIndex = next;
    this.#paint();
    this.squares[next].focus();
  }

  #queens() {
    return [...this.marks].filter(([, kind]) => kind === 'queen').map(([key]) => [Math.floor(key / this.n), key % this.n]);
  }

  /** Paints the marks, the squares the queens attack (pale yellow, live) and the conflicts. */
  #paint() {
    const n = this.n;
    const attacked = attackedSquares(n, this.#queens());
    this.squares.forEach((square, i) => {
      const [r, c] = [Math.floor(i / n), i % n];
      const kind = this.marks.get(i);
      const classes = [kind === 'queen' ? 'queen' : kind === 'blocked' ? 'blocked' : ''];
      if (attacked[i] && kind !== 'queen') classes.push('attacked');
      if (this.added.has(i)) classes.push('added');
      for (const conflict of this.conflicts) {
        const [a, b] = conflict.queens;
        if ((a.row === r && a.col === c) || (b.row === r && b.col === c)) classes.push('conflict');
        else if (onLine(conflict.line, a.row, a.col, r, c) && between(a, b, r, c)) classes.push('on-line');
      }
      paintSquare(square, classes.filter(Boolean).join(' '), kind === 'queen' ? '♛' : kind === 'blocked' ? '×' : '');
      square.tabIndex = i === this.focusIndex ? 0 : -1;
      const state = kind ?? (attacked[i] ? 'empty, attacked' : 'empty, safe');
      square.setAttribute('aria-label', `row ${r}, col ${c}: ${state}`);
    });
  }

  /** The board as the server's "board" rows: '.' empty, 'Q' a queen (a blocked square is empty). */
  #rows() {
    const rows = [];
    for (let r = 0; r < this.n; r++) {
      let row = '';
      for (let c = 0; c < this.n; c++) row += this.marks.get(r * this.n + c) === 'queen' ? 'Q' : '.';
      rows.push(row);
    }
    return rows;
  }

  async verify() {
    const check = ++this.check;
    if (!this.#queens().length) {
      this.#showVerdict({ valid: false, conflicts: [], problems: [] }, 'Place some queens.');
      return;
    }
    try {
      const answer = await postJson('/api/verify', { board: this.#rows() });
      if (check === this.check) this.#showVerdict(answer);
    } catch (error) {
      if (check === this.check && !isAbort(error)) this.verdict.textContent = `Could not check the board: ${error.message}`;
    }
  }

  #showVerdict(answer, text) {
    this.conflicts = answer.conflicts ?? [];
    const count = this.#queens().length;
    this.verdict.dataset.valid = answer.valid;
    this.verdict.textContent = text ?? (answer.valid
      ? `✓ A solution: ${count} queens, none attacks another.`
      : this.conflicts.length
        ? `✗ ${this.conflicts.length} conflict${this.conflicts.length === 1 ? '' : 's'}:`
        : `No conflicts so far (${count} of ${this.n} queens).`);
    this.conflictList.replaceChildren(...this.conflicts.map((conflict) => listItem(conflict.text)));
    this.problemList.replaceChildren(...(answer.valid || this.conflicts.length ? [] : (answer.problems ?? []).map(listItem)));
    this.#paint();
  }

  async complete({ animate = false } = {}) {
    const body = {
      n: this.n,
      queens: this.#queens(),
      blocked: [...this.marks].filter(([, kind]) => kind === 'blocked').map(([key]) => [Math.floor(key / this.n), key % this.n]),
    };
    this.message.textContent = 'Asking the server for a completion…';
    let answer;
    try {
      answer = await postJson('/api/complete', body);
    } catch (error) {
      this.message.textContent = `Could not complete the board: ${error.message}`;
      return;
    }
    if (answer.columns) {
      const marks = new Map([...this.marks].filter(([, kind]) => kind === 'blocked'));
      const added = new Set();
      answer.columns.forEach((c, r) => {
        const key = r * this.n + c;
        if (this.marks.get(key) !== 'queen') added.add(key);
        marks.set(key, 'queen');
      });
      if (animate && !(await this.#putDown([...added].sort((a, b) => a - b)))) return;
      this.#setSquares(marks, `Completed: columns [${answer.columns.join(', ')}]; the ${added.size} new queens are ringed.`, added);
    } else if (answer.conflicts?.length) {
      this.message.textContent = 'These queens already attack each other, so no completion exists: ' +
        answer.conflicts.map((c) => c.text).join('; ');
    } else {
      this.message.textContent = 'No solution keeps these queens' + (body.blocked.length ? ' and avoids the blocked squares.' : '.');
    }
  }

  /**
   * The completion's new queens (square keys, in row order) put down one at a time, the shading
   * following. False when the learner changed the board meanwhile.
   */
  async #putDown(keys) {
    const token = ++this.animation;
    const added = new Set();
    for (const key of keys) {
      if (token !== this.animation) return false;
      const [row, col] = [Math.floor(key / this.n), key % this.n];
      this.marks = new Map(this.marks).set(key, 'queen');
      added.add(key);
      this.added = added;
      this.message.textContent = `The search puts row ${row}'s queen on col ${col} (${added.size} of ${keys.length}).`;
      this.board.dataset.finishing = String(added.size);
      this.#paint();
      await new Promise((resolve) => { setTimeout(resolve, QUEEN_PAUSE_MS); });
    }
    delete this.board.dataset.finishing;
    return token === this.animation;
  }
}

function listItem(text) {
  const li = document.createElement('li');
  li.textContent = text;
  return li;
}

/** True when (r, c) lies strictly between squares a and b (both on one line). */
function between(a, b, r, c) {
  const inside = (x, lo, hi) => x > Math.min(lo, hi) && x < Math.max(lo, hi);
  const rowOk = a.row === b.row ? r === a.row : inside(r, a.row, b.row);
  const colOk = a.col === b.col ? c === a.col : inside(c, a.col, b.col);
  return rowOk && colOk;
}
