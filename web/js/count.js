// The count panel: GET /api/count as server-sent events, a progress bar fed by its "progress"
// events, and Cancel, which closes the EventSource (the server then stops the work).

import { getJson } from './api.js';

// The menu's sizes until GET /api/limits answers, and for good if it cannot: the server's default
// count_max_n. A server with a lower limit still refuses a larger n, and the status line says why.
const DEFAULT_COUNT_MAX_N = 18;
const byId = (id) => document.getElementById(id);
const number = (x) => Number(x).toLocaleString('en');
const plural = (k, word) => `${number(k)} ${word}${Number(k) === 1 ? '' : 's'}`;

/** Why a method's search nodes are not the Watch tab's: each method counts what it builds. */
const WHY_NODES = {
  backtrack: 'It searches one board of each symmetry class (the queens of the border rows and columns turned to a ' +
    'corner) and weighs each by its class, so it visits far fewer boards than the Watch tab\'s search of every board.',
  join: 'It joins half boards (one queen per column of a half) on the diagonals they share: its nodes are the quadrant ' +
    'placements and half boards it builds, not the squares of a search tree.',
  plain: 'It searches every board, as the Watch tab does, with the bitmask kernel.',
};

export class CountView {
  /** `watchNodes()` gives the Watch tab's loaded search, { n, nodes }, or null. */
  constructor(watchNodes) {
    this.watchNodes = watchNodes;
    this.why = byId('count-why');
    this.select = byId('count-n');
    this.startButton = byId('count-start');
    this.cancelButton = byId('count-cancel');
    this.progress = byId('count-progress');
    this.status = byId('count-status');
    this.#fillMenu(DEFAULT_COUNT_MAX_N);
    getJson('/api/limits')
      .then(({ limits }) => { if (Number.isInteger(limits?.count_max_n)) this.#fillMenu(limits.count_max_n); })
      .catch(() => {}); // keep the default menu: a count still works, or fails with its own message
    this.startButton.addEventListener('click', () => this.start(Number(this.select.value)));
    this.cancelButton.addEventListener('click', () => this.cancel('Cancelled.'));
  }

  start(n) {
    this.cancel();
    this.#showResult(null);
    this.progress.value = 0;
    this.#setStatus('running', `Counting the solutions of n = ${n}…`);
    const source = (this.source = new EventSource(`/api/count?n=${n}`));
    this.#setRunning(true);
    source.addEventListener('progress', (event) => {
      const { done, units } = JSON.parse(event.data);
      this.progress.max = units || 1;
      this.progress.value = done;
      this.#setStatus('running', `Counting n = ${n}: ${number(done)} of ${number(units)} work units done.`);
    });
    source.addEventListener('result', (event) => {
      this.#finish(); // closed at once, or EventSource would reconnect and count again
      const result = JSON.parse(event.data);
      this.progress.value = this.progress.max;
      this.#showResult(result);
      this.#setStatus('done', `n = ${result.n}: ${plural(result.total, 'solution')}, ${number(result.unique)} unique.`);
    });
    // One handler for both kinds of "error": the server's own event (it has data) and a failed
    // connection (no data), which before any event means the server refused: it is busy.
    source.addEventListener('error', (event) => {
      if (this.source !== source) return;
      this.#finish();
      if (event.data) this.#setStatus('error', `The server could not count: ${JSON.parse(event.data).error}`);
      else if (this.progress.value === 0) this.#setStatus('error', 'Server busy, try again.');
      else this.#setStatus('error', 'The connection to the server was lost: the count stopped.');
    });
  }

  /** Offers `n` in the menu (the page's board size) unless a count is running. */
  choose(n) {
    if (this.source) return;
    if ([...this.select.options].some((option) => Number(option.value) === n)) this.select.value = String(n);
  }

  /** Stops a running count (closing the stream cancels the work on the server). */
  cancel(text) {
    if (!this.source) return;
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

  #showResult(result) {
    const show = (id, text) => { byId(id).textContent = result ? text : '–'; };
    show('count-total', result && number(result.total));
    show('count-unique', result && number(result.unique));
    show('count-result-nodes', result && number(result.nodes));
    show('count-seconds', result && `${Number(result.seconds).toFixed(3)} s`);
    show('count-method', result && result.method);
    show('count-threads', result && number(result.threads));
    this.why.textContent = result ? this.#whyNodes(result) : '';
  }

  #whyNodes(result) {
    const threads = `${plural(result.threads, 'thread')}, as the server gives each count`;
    const method = `Counted by ${result.method} on ${threads}. ${WHY_NODES[result.method] ?? ''}`;
    const watch = this.watchNodes();
    if (!watch || watch.n !== result.n) return method;
    return `${method} Here: ${number(result.nodes)} nodes against the Watch tab's ${number(watch.nodes)} for n = ${result.n}.`;
  }
}
