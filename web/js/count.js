// LeetCode 52 on the page: the number of solutions counted twice on the server, side by side
// (GET /api/count?method=, server-sent events): the tutorials' own count (total_n_queens:
// bitmasks, every board of the tree visited, method=plain) and then the fast count (about one
// board of each symmetry class, each counted for its class, method=backtrack). Each is told in
// the learner's words; a progress bar follows both, and Cancel stops the one running.

import { getJson } from './api.js';

// The menu's sizes until GET /api/limits answers, and for good if it cannot: the server's default
// count_max_n. A server with a lower limit still refuses a larger n, and the status line says why.
const DEFAULT_COUNT_MAX_N = 18;
const WAYS = [
  { id: 'plain', method: 'plain', name: 'the tutorials\' count' },
  { id: 'fast', method: 'backtrack', name: 'the fast count' },
];
const byId = (id) => document.getElementById(id);
const number = (x) => Number(x).toLocaleString('en');
const plural = (k, word) => `${number(k)} ${word}${Number(k) === 1 ? '' : 's'}`;

export class CountView {
  /** `watchNodes()` gives the Watch tab's loaded search, { n, nodes }, or null; `onN()` follows the menu. */
  constructor(watchNodes, onN) {
    Object.assign(this, { watchNodes, onN });
    this.select = byId('count-n');
    this.startButton = byId('count-start');
    this.cancelButton = byId('count-cancel');
    this.progress = byId('count-progress');
    this.status = byId('count-status');
    this.#fillMenu(DEFAULT_COUNT_MAX_N);
    getJson('/api/limits')
      .then(({ limits }) => { if (Number.isInteger(limits?.count_max_n)) this.#fillMenu(limits.count_max_n); })
      .catch(() => {}); // keep the default menu: a count still works, or fails with its own message
    this.startButton.addEventListener('click', () => this.start(this.n));
    this.cancelButton.addEventListener('click', () => this.cancel('Cancelled.'));
    this.select.addEventListener('change', () => onN());
  }

  /** The board the count is for. */
  get n() { return Number(this.select.value); }

  /** Counts n both ways, one after the other. */
  start(n) {
    this.cancel();
    const run = (this.run = {});
    WAYS.forEach((way) => this.#show(way, null));
    this.progress.value = 0;
    this.#setRunning(true);
    const next = (k, results) => {
      if (k === WAYS.length) {
        this.#finish();
        this.#setStatus('done', `n = ${n}: ${plural(results[0].total, 'solution')} both ways, ${number(results[1].unique)} unique.`);
        return;
      }
      this.#count(run, n, k, results, (result) => next(k + 1, [...results, result]));
    };
    next(0, []);
  }

  /** One count: its progress on the shared bar (half of it each), its result in its panel. */
  #count(run, n, k, before, then) {
    const way = WAYS[k];
    this.#setStatus('running', `Counting n = ${n}: ${way.name} (${k + 1} of ${WAYS.length})…`);
    const source = (this.source = new EventSource(`/api/count?n=${n}&method=${way.method}`));
    source.addEventListener('progress', (event) => {
      const { done, units } = JSON.parse(event.data);
      this.progress.max = WAYS.length;
      this.progress.value = k + done / (units || 1);
    });
    source.addEventListener('result', (event) => {
      source.close(); // closed at once, or EventSource would reconnect and count again
      if (this.run !== run) return;
      const result = JSON.parse(event.data);
      this.#show(way, result, before[0]);
      then(result);
    });
    // One handler for both kinds of "error": the server's own event (it has data) and a failed
    // connection (no data), which before any event means the server refused: it is busy.
    source.addEventListener('error', (event) => {
      source.close();
      if (this.run !== run) return;
      this.#finish();
      if (event.data) this.#setStatus('error', `The server could not count: ${JSON.parse(event.data).error}`);
      else if (this.progress.value === k) this.#setStatus('error', 'Server busy, try again.');
      else this.#setStatus('error', 'The connection to the server was lost: the count stopped.');
    });
  }

  /** Offers `n` in the menu (the page's board size) unless a count is running. */
  choose(n) {
    if (this.run) return;
    if ([...this.select.options].some((option) => Number(option.value) === n)) this.select.value = String(n);
    this.onN();
  }

  /** Stops a running count (closing the stream cancels the work on the server). */
  cancel(text) {
    if (!this.run) return;
    this.#finish();
    if (text) this.#setStatus('cancelled', text);
  }

  /** Offers n = 1..max, keeping the chosen n (8 at first), or max when that is smaller. */
  #fillMenu(max) {
    const chosen = Number(this.select.value) || 8;
    const options = [];
    for (let n = 1; n <= max; n++) options.push(new Option(String(n), String(n), false, n === Math.min(chosen, max)));
    this.select.replaceChildren(...options);
  }

  #finish() {
    this.source?.close();
    this.source = null;
    this.run = null;
    this.#setRunning(false);
  }

  #setRunning(running) {
    // Keep the keyboard focus on the panel when the focused button is about to be disabled.
    const focused = document.activeElement;
    this.cancelButton.disabled = !running;
    this.startButton.disabled = running;
    if (running && focused === this.startButton) this.cancelButton.focus();
    if (!running && focused === this.cancelButton) this.startButton.focus();
  }

  #setStatus(state, text) {
    this.status.dataset.state = state;
    this.status.textContent = text;
  }

  /** A way's result in its panel (or dashes), with its words (the fast one's beside `plain`'s). */
  #show(way, result, plain = null) {
    const panel = document.querySelector(`.count-result[data-method="${way.id}"]`);
    const field = (name, text) => {
      const dd = panel.querySelector(`[data-field="${name}"]`);
      if (dd) dd.textContent = result ? text : '–';
    };
    field('total', result && number(result.total));
    field('unique', result && number(result.unique));
    field('nodes', result && number(result.nodes));
    field('seconds', result && `${Number(result.seconds).toFixed(3)} s`);
    field('method', result && (result.method === 'backtrack' ? 'symmetric search' : result.method));
    panel.parentElement.querySelector('.note[data-field="why"]').textContent = result ? this.#words(way, result, plain) : '';
  }

  #words(way, result, plain) {
    const nodes = number(result.nodes);
    if (way.id === 'plain') {
      const watch = this.watchNodes();
      const same = watch && watch.n === result.n
        ? ` It is the same tree the Watch tab walks: ${number(watch.nodes)} nodes there too.` : '';
      return `This is total_n_queens(${result.n}) from the tutorials: row by row, bitmasks say which columns are free, ` +
        `and every partial board the search reaches counts as a node: ${nodes} of them (for n = 8 the tutorials say ` +
        `"roughly two thousand"), and ${plural(result.total, 'solution')}.${same}`;
    }
    const against = plain && plain.nodes > result.nodes ? ` instead of the whole tree's ${number(plain.nodes)}`
      : plain ? ', no fewer than the whole tree\'s on a board this small' : '';
    return `Turning or mirroring a solution gives a solution, so this count searches only about one board of each ` +
      `group of turns and mirror images (those with their queens turned toward one corner) and counts each board ` +
      `as many times as its group has boards: ${nodes} nodes${against}, and the same ` +
      `${plural(result.total, 'solution')}, ${number(result.unique)} of them different up to symmetry.`;
  }
}
