// LeetCode 51 on the page: every solution of n as the board strings solveNQueens returns
// (GET /api/solve, the server's own boards), each board's rows stacked, in LeetCode's Q and . or in the
// q and - some courses use; Copy puts the whole answer on the clipboard.

import { getNdjson, isAbort } from './api.js';

const SHOWN = 200; // boards written out on the page; Copy takes them all
const byId = (id) => document.getElementById(id);

/**
 * The answer as JSON, each board's rows stacked as LeetCode draws a board, so that each board
 * reads as one: [[".Q..",\n  "...Q",\n  "Q...",\n  "..Q."],\n ["..Q.", ...]].
 */
export function answerText(boards, [queen, empty] = ['Q', '.']) {
  const restyled = boards.map((rows) => rows.map((row) => row.replaceAll('Q', queen).replaceAll('.', empty)));
  return `[${restyled.map((rows) => `[${rows.map((row) => JSON.stringify(row)).join(',\n  ')}]`).join(',\n ')}]`;
}

export class AnswerView {
  constructor() {
    this.pre = byId('answer');
    this.status = byId('answer-status');
    this.boards = [];
    byId('answer-copy').addEventListener('click', () => this.copy());
    document.querySelectorAll('input[name="glyphs"]').forEach((radio) => radio.addEventListener('change', () => this.#show()));
  }

  get glyphs() { return [...document.querySelector('input[name="glyphs"]:checked').value]; }

  /** Loads the solutions of n (once per n). */
  async load(n) {
    if (this.n === n) return;
    this.n = n;
    this.abort?.abort();
    const abort = (this.abort = new AbortController());
    this.boards = [];
    this.pre.textContent = '';
    this.status.textContent = `Solving n = ${n}…`;
    try {
      const solutions = await getNdjson(`/api/solve?n=${n}`, abort.signal);
      this.boards = solutions.map((s) => s.board);
    } catch (error) {
      if (!isAbort(error)) {
        this.status.textContent = `Could not load the solutions: ${error.message}`;
        this.n = undefined; // let the next visit try again
      }
      return;
    }
    this.#show();
  }

  #show() {
    const k = this.boards.length;
    const glyphs = this.glyphs;
    this.pre.textContent = answerText(this.boards.slice(0, SHOWN), glyphs) + (k > SHOWN ? `\n … ${(k - SHOWN).toLocaleString('en')} more boards` : '');
    this.pre.dataset.count = String(k);
    this.status.textContent = `solveNQueens(${this.n}) returns ${k.toLocaleString('en')} board${k === 1 ? '' : 's'}` +
      (k > SHOWN ? ` (the first ${SHOWN} written here; Copy takes them all).` : '.');
  }

  async copy() {
    const text = answerText(this.boards, this.glyphs);
    try {
      await navigator.clipboard.writeText(text);
      this.status.textContent = `Copied: ${this.boards.length.toLocaleString('en')} boards, ${text.length.toLocaleString('en')} characters.`;
    } catch {
      // No clipboard (an insecure origin, or permission refused): the whole answer, selected.
      this.pre.textContent = text;
      getSelection().selectAllChildren(this.pre);
      this.status.textContent = 'The browser did not let the page copy: the answer is selected, press Ctrl+C (⌘C) to copy it.';
    }
  }
}
