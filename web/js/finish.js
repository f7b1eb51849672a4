// "Let the search finish it": the row-by-row search run by the server from the learner's queens
// (GET /api/trace?queens=...), shown step by step on the learner's board like the Watch view:
// each try, each refused square with the constraint named, each backtrack; then the
// completion, or, when there is none, why, in words. Each step is told just below the board
// (which is brought into view as the search starts), so that the search plays where the board is.

import { streamNdjson, isAbort } from './api.js';
import { paintTraceSquares } from './board.js';
import { Trace } from './trace.js';
import { describe, rejectionWords } from './narrate.js';
import { iconLabel } from './icons.js';

const SPEEDS = { 1: 4, 4: 16, 16: 64, 64: 256 }; // steps a second at each speed, as in the Watch view
const LOG_LIMIT = 200; // the latest steps listed; the rest are counted
const byId = (id) => document.getElementById(id);
const capitalize = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** The steps of a finishing search: its events but the closing "done", which its outcome tells. */
export const searchSteps = (trace) => trace.length - (trace.done ? 1 : 0);

export class Finisher {
  /** `squares()` gives the board's squares; `done(trace)` runs when the search has been shown. */
  constructor({ board, squares, done }) {
    Object.assign(this, { board, squares, done });
    this.message = byId('own-message');
    this.now = byId('finish-now');
    this.log = byId('finish-log');
    this.controls = byId('finish-controls');
    this.pauseButton = byId('finish-pause');
    this.speed = byId('finish-speed');
    this.pauseButton.addEventListener('click', () => (this.timer ? this.pause() : this.play()));
    byId('finish-step').addEventListener('click', () => { this.pause(); this.#advance(1); });
    byId('finish-end').addEventListener('click', () => { this.pause(); this.#advance(Infinity); });
    this.token = 0;
  }

  get running() { return Boolean(this.trace); }

  /** Loads the search from `queens` ([row, col] pairs) and plays it. */
  async run(n, algorithm, queens) {
    this.stop();
    const token = ++this.token;
    const abort = (this.abort = new AbortController());
    const trace = new Trace(n, algorithm, queens);
    const given = queens.map(([r, c]) => `${r}:${c}`).join(',');
    this.message.textContent = `The ${algorithm} search starts from your queens…`;
    try {
      await streamNdjson(`/api/trace?n=${n}&algorithm=${algorithm}&until=first&queens=${given}`, (e) => trace.push(e),
        { signal: abort.signal });
    } catch (error) {
      if (!isAbort(error) && token === this.token) this.message.textContent = `The search could not run: ${error.message}`;
      return;
    }
    if (token !== this.token) return;
    Object.assign(this, { trace, p: 0 });
    this.log.replaceChildren();
    this.controls.hidden = false;
    this.board.dataset.finishing = '0';
    this.#say(`The ${algorithm} search starts from your queens: ${searchSteps(trace)} steps.`);
    // The board and the line under it, in view together (scrolled no further than needed).
    this.now.scrollIntoView({ block: 'nearest' });
    this.board.scrollIntoView({ block: 'nearest' });
    this.play();
  }

  /** Stops showing the search (the learner changed the board). */
  stop() {
    this.token++;
    this.abort?.abort();
    this.pause();
    this.trace = null;
    this.controls.hidden = true;
    this.now.hidden = true;
    delete this.board.dataset.finishing;
  }

  /** Tells a step (or the outcome) both under the board and in the search's panel. */
  #say(text) {
    this.message.textContent = text;
    this.now.textContent = text;
    this.now.hidden = false;
  }

  play() {
    if (!this.trace) return;
    iconLabel(this.pauseButton, 'pause', 'Pause');
    this.pauseButton.setAttribute('aria-pressed', 'false');
    let last = performance.now();
    let owed = 1;
    const frame = (now) => {
      // A frame's time can come before the moment play() began: never owe a negative step.
      owed += (Math.max(0, now - last) / 1000) * SPEEDS[this.speed.value];
      last = Math.max(last, now);
      const steps = Math.floor(owed);
      owed -= steps;
      if (steps > 0) this.#advance(steps);
      if (this.trace) this.timer = requestAnimationFrame(frame);
    };
    this.timer = requestAnimationFrame(frame);
  }

  pause() {
    cancelAnimationFrame(this.timer);
    this.timer = null;
    iconLabel(this.pauseButton, 'play', 'Play');
    this.pauseButton.setAttribute('aria-pressed', 'true');
  }

  /** Shows the next `k` steps (each one's board and words), then the end when it is reached. */
  #advance(k) {
    const trace = this.trace;
    const target = Math.min(this.p + k, trace.length);
    const first = Math.max(this.p, target - LOG_LIMIT);
    for (let p = first + 1; p <= target; p++) this.#logStep(p);
    this.p = target;
    const state = trace.stateAt(this.p);
    paintTraceSquares(this.squares(), trace, this.p, state);
    this.board.dataset.finishing = String(this.p);
    const steps = searchSteps(trace);
    if (this.p <= steps) this.#say(`Step ${this.p} of ${steps}: ${this.p ? capitalize(describe(trace, this.p - 1)) : ''}`);
    if (this.p >= trace.length) {
      this.pause();
      this.controls.hidden = true;
      delete this.board.dataset.finishing;
      this.trace = null;
      this.done(trace);
      this.#say(this.message.textContent); // the outcome, under the board too
      this.now.scrollIntoView({ block: 'nearest' });
    }
  }

  #logStep(p) {
    if (p > searchSteps(this.trace)) return; // the closing "done": the outcome says it
    const item = document.createElement('li');
    item.value = p;
    item.dataset.type = this.trace.typeAt(p - 1);
    item.textContent = capitalize(describe(this.trace, p - 1));
    this.log.append(item);
    while (this.log.childElementCount > LOG_LIMIT) this.log.firstElementChild.remove();
    this.log.scrollTop = this.log.scrollHeight; // the log's own box, never the page (the board stays in view)
  }
}

/**
 * Why a search from given queens found no completion, in words: what became of each square of
 * the first row it had to fill (refused, and why, or placed and every way on from there dead).
 */
export function failureWords(trace) {
  let first = 0;
  while (trace.givenRows.has(first)) first++;
  const outcomes = new Map(); // col → words
  let placedCol = -1;
  let deadRows = new Set();
  const close = () => {
    if (placedCol < 0) return;
    const rows = [...deadRows].sort((a, b) => a - b);
    const where = rows.length === 1 ? `row ${rows[0]}` : `rows ${rows.slice(0, -1).join(', ')} and ${rows.at(-1)}`;
    outcomes.set(placedCol, rows.length
      ? `col ${placedCol} leads on to ${where}, where every square is attacked`
      : `col ${placedCol} leads nowhere`);
    [placedCol, deadRows] = [-1, new Set()];
  };
  for (let i = 0; i < trace.length; i++) {
    const e = trace.event(i);
    if (e.row === first && e.type === 'reject') outcomes.set(e.col, rejectionWords(e).replace(/^row \d+, /, ''));
    if (e.row === first && e.type === 'place') { close(); placedCol = e.col; }
    if (e.type === 'dead_end' && e.row !== first) deadRows.add(e.row);
    if (e.type === 'dead_end' && e.row === first) return `every square of row ${first} is attacked by your queens, so no queen fits there.`;
  }
  close();
  const said = [...outcomes.keys()].sort((a, b) => a - b).map((col) => outcomes.get(col));
  return `every way to fill row ${first} fails: ${said.join('; ')}.`;
}
