// "Place your own queens": a board of buttons where a click or a tap (or Enter on the focused
// square) puts or removes a queen or a blocked square. Every change is checked by the server
// (POST /api/verify) and its conflicts are shown at once, above the board where a phone shows
// them too; a board with no conflict but no completion (POST /api/complete) says so. "Complete
// it" puts a full solution down at once; "Let the search finish it" runs the search from the
// queens and shows it step by step (finish.js).

import { buildBoard, paintSquare } from './board.js';
import { postJson, isAbort } from './api.js';
import { attackedSquares, onLine } from './geometry.js';
import { Finisher, failureWords, searchSteps } from './finish.js';

const byId = (id) => document.getElementById(id);
const ROW_BY_ROW = ['naive', 'sets', 'arrays']; // the algorithms the search from given queens runs

export class OwnBoard {
  /** `algorithm()` is the page's algorithm, which the search from your queens runs when it can. */
  constructor(algorithm) {
    this.algorithm = algorithm;
    this.board = byId('own-board');
    this.verdict = byId('own-verdict');
    this.conflictList = byId('own-conflicts');
    this.problemList = byId('own-problems');
    this.message = byId('own-message');
    this.check = 0; // the number of the latest verify request: older answers are dropped
    this.finisher = new Finisher({ board: this.board, squares: () => this.squares, done: (trace) => this.#finished(trace) });
    this.board.addEventListener('click', (event) => this.#onClick(event));
    this.board.addEventListener('keydown', (event) => this.#onKey(event));
    byId('own-clear').addEventListener('click', () => this.#setSquares(new Map(), 'Cleared.'));
    byId('own-complete').addEventListener('click', () => this.complete());
    byId('own-finish').addEventListener('click', () => this.finish());
  }

  /** A new, empty board of size n. */
  reset(n) {
    this.n = n;
    this.squares = buildBoard(this.board, n, { buttons: true });
    this.focusIndex = 0;
    this.#setSquares(new Map(), '');
  }

  /** The square that holds the board's one tab stop. */
  focusTarget() { return this.squares[this.focusIndex]; }

  get tool() { return document.querySelector('input[name="own-tool"]:checked').value; }

  /** What stands on each square: key row * n + col, value 'queen' or 'blocked'. */
  #setSquares(marks, message, added = new Set()) {
    this.finisher.stop();
    this.marks = marks;
    this.added = added;
    this.conflicts = [];
    this.unfinishable = false;
    this.message.textContent = message;
    byId('finish-log').replaceChildren();
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

  #blocked() {
    return [...this.marks].filter(([, kind]) => kind === 'blocked').map(([key]) => [Math.floor(key / this.n), key % this.n]);
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
      if (check !== this.check) return;
      // No conflict yet: can the board still be finished? (A conflict already says it cannot.)
      if (!answer.valid && !answer.conflicts.length) {
        const completion = await postJson('/api/complete', { n: this.n, queens: this.#queens(), blocked: this.#blocked() });
        this.unfinishable = !completion.columns;
      }
      if (check === this.check) this.#showVerdict(answer);
    } catch (error) {
      if (check === this.check && !isAbort(error)) this.verdict.textContent = `Could not check the board: ${error.message}`;
    }
  }

  #showVerdict(answer, text) {
    this.conflicts = answer.conflicts ?? [];
    const count = this.#queens().length;
    const blocked = this.#blocked().length ? ' and avoids the blocked squares' : '';
    this.verdict.dataset.valid = answer.valid;
    this.verdict.dataset.finishable = String(!this.unfinishable);
    this.verdict.textContent = text ?? (answer.valid
      ? `✓ A solution: ${count} queens, none attacks another.`
      : this.conflicts.length
        ? `✗ ${this.conflicts.length} conflict${this.conflicts.length === 1 ? '' : 's'}:`
        : this.unfinishable
          ? `✗ ${count === 1 ? 'Your queen attacks nothing, but no solution keeps it' : `No two of your ${count} queens attack each other, but no solution keeps them`}${blocked}: ` +
            'every way to fill the other rows runs into a row whose squares are all attacked. Let the search finish it to see how.'
          : `No conflicts so far (${count} of ${this.n} queens), and a solution still keeps them${blocked}.`);
    this.conflictList.replaceChildren(...this.conflicts.map((conflict) => listItem(conflict.text)));
    this.problemList.replaceChildren(...(answer.valid || this.conflicts.length ? [] : (answer.problems ?? []).map(listItem)));
    this.#paint();
    if (this.conflicts.length) keepInView(this.verdict.parentElement);
  }

  async complete() {
    const body = { n: this.n, queens: this.#queens(), blocked: this.#blocked() };
    this.finisher.stop();
    this.message.textContent = 'Asking the server for a completion…';
    let answer;
    try {
      answer = await postJson('/api/complete', body);
    } catch (error) {
      this.message.textContent = `Could not complete the board: ${error.message}`;
      return;
    }
    if (answer.columns) {
      this.#putDown(answer.columns, `Completed: columns [${answer.columns.join(', ')}]`);
    } else if (answer.conflicts?.length) {
      this.message.textContent = 'These queens already attack each other, so no completion exists: ' +
        answer.conflicts.map((c) => c.text).join('; ');
    } else {
      this.message.textContent = `No solution keeps these queens${body.blocked.length ? ' and avoids the blocked squares' : ''}.`;
    }
  }

  /** The search from your queens, step by step (the page's algorithm when it searches row by row). */
  finish() {
    const queens = this.#queens();
    if (this.conflicts.length) {
      this.message.textContent = 'Two of your queens already attack each other: no search can finish this board. Remove one first.';
    } else if (this.#blocked().length) {
      this.message.textContent = 'The search of the tutorials knows queens, not blocked squares: clear the × squares to ' +
        'let it finish the board, or use Complete it, which avoids them.';
    } else if (queens.length === this.n) {
      this.message.textContent = 'Every row already has its queen: there is nothing left to search.';
    } else {
      const algorithm = ROW_BY_ROW.includes(this.algorithm()) ? this.algorithm() : 'sets';
      this.finisher.run(this.n, algorithm, queens);
    }
  }

  /** The search has been shown: its completion put down, or why there is none said. */
  #finished(trace) {
    const steps = `${searchSteps(trace)} steps`; // as they were counted while shown ("Step 37 of 37")
    if (trace.done?.solutions) {
      this.#putDown(trace.solutionColumns[0], `The search finished your board in ${steps}: columns [${trace.solutionColumns[0].join(', ')}]`);
      return;
    }
    this.unfinishable = true;
    this.message.textContent = `The search tried everything in ${steps} and found no completion: ${failureWords(trace)}`;
    this.#showVerdict({ valid: false, conflicts: [], problems: [] });
  }

  /** A completion put down: the new queens ringed, the board checked again. */
  #putDown(columns, words) {
    const marks = new Map([...this.marks].filter(([, kind]) => kind === 'blocked'));
    const added = new Set();
    columns.forEach((c, r) => {
      const key = r * this.n + c;
      if (this.marks.get(key) !== 'queen') added.add(key);
      marks.set(key, 'queen');
    });
    const log = [...byId('finish-log').children];
    this.#setSquares(marks, `${words}; the ${added.size} new queen${added.size === 1 ? ' is' : 's are'} ringed.`, added);
    byId('finish-log').replaceChildren(...log); // the steps that led here stay listed
  }
}

/** Scrolls the page just enough that `element` is in view (a phone's verdict after a tap). */
function keepInView(element) {
  const box = element.getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight) element.scrollIntoView({ block: 'nearest' });
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
