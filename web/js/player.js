// Loads the whole trace for the chosen n and algorithm, and moves through it: play/pause,
// step forward and back by an event, a placed queen, a backtrack or a solution, reset, to the
// end, speed, next solution and the timeline. Position p means "the first p events have
// happened" (p = 0: the empty board). With the mirror trick's half search on, the search
// ends where row 0's queen leaves the left half (trace.halfSearch()).

import { streamNdjson, isAbort } from './api.js';
import { Trace } from './trace.js';
import { skippedWords } from './narrate.js';
import { iconLabel } from './icons.js';

const SPEEDS = [0.25, 0.5, 1, 2, 4, 8, 16, 32, 64];
const STEPS_PER_SECOND = 4; // at 1×: 64× is 256 steps a second, n = 8's first solution in 7.4 s
const MAX_EVENTS = 1000000; // the server's limit (and default)

const byId = (id) => document.getElementById(id);
const number = (x) => x.toLocaleString('en');
const plural = (k, word) => `${number(k)} ${word}${k === 1 ? '' : 's'}`;

export class Player {
  constructor(view) {
    this.view = view;
    this.p = 0;
    this.timer = null;
    this.ready = false; // a whole trace is loaded: the page's address may follow the position
    this.half = false;
    this.els = Object.fromEntries(['play', 'step-back', 'step-forward', 'next-solution', 'reset', 'speed',
      'speed-label', 'timeline', 'position-label', 'trace-status', 'step-by', 'to-end', 'skipped', 'stop-at-solution']
      .map((id) => [id, byId(id)]));
    this.onMove = () => {}; // told the position after every move (the page's link follows it)
    this.#wire();
  }

  /**
   * Fetches the full trace (until=all) of n with the algorithm, showing it while it arrives
   * (`step` as soon as its events are in: a shared link shows its step before the rest), then
   * goes to `step`. Resolves to true when that step exists, false when it is past the
   * end, and null when another load (or none) replaced this one.
   */
  async load(n, algorithm, { step = 0 } = {}) {
    this.pause();
    this.abort?.abort();
    const abort = (this.abort = new AbortController());
    const trace = new Trace(n, algorithm);
    Object.assign(this, { trace, p: 0, ready: false, halfEnd: -1 });
    this.view.start(trace);
    this.#status('loading', `Loading the ${algorithm} trace for n = ${n}…`);
    const url = `/api/trace?n=${n}&algorithm=${algorithm}&until=all&max_events=${MAX_EVENTS}`;
    let lastPaint = 0;
    let early = false; // the step asked for was shown before the whole trace had come
    try {
      await streamNdjson(url, (event) => trace.push(event), {
        signal: abort.signal,
        onChunk: () => {
          if (!early && step > 0 && trace.length >= step) [early, this.p, lastPaint] = [true, step, 0];
          if (performance.now() - lastPaint < 100) return; // repaint the timeline 10 times a second at most
          lastPaint = performance.now();
          this.#status('loading', `Loading… ${number(trace.length)} events so far`);
          this.#render();
        },
      });
    } catch (error) {
      if (isAbort(error) || abort !== this.abort) return null;
      this.#status('error', `Could not load the trace: ${error.message}`);
      this.#render();
      return null;
    }
    if (abort !== this.abort) return null;
    this.abort = null; // finished: a later load must not abort (and so fail) this request
    this.halfEnd = trace.halfSearch().end;
    this.view.loaded();
    this.#status('ready', this.#summary());
    this.p = Math.min(early ? this.p : step, this.length); // where a learner went meanwhile, if anywhere
    this.ready = true;
    this.#render();
    this.onMove(this.p);
    return step <= this.length;
  }

  /** Shows an empty board of n instead of a trace the server would refuse, and says why. */
  unavailable(n, algorithm, text) {
    this.pause();
    this.abort?.abort();
    Object.assign(this, { trace: new Trace(n, algorithm), p: 0, ready: true, halfEnd: -1 });
    this.view.start(this.trace);
    this.view.loaded();
    this.#status('error', text);
    this.#render();
  }

  /** Searches only row 0's left half (the mirror trick), or the whole tree again. */
  setHalf(on) {
    this.half = on;
    if (!this.trace) return;
    this.pause();
    this.seek(Math.min(this.p, this.length));
  }

  /** True while the half search is on and the loaded trace reaches its end. */
  get halved() { return this.half && this.halfEnd > 0; }

  #summary() {
    const t = this.trace;
    const what = `${number(t.length)} steps: the ${t.algorithm} search of the ${t.n} × ${t.n} board`;
    if (!t.done) return `${what}. The trace ended without its summary line: it is incomplete.`;
    const c = t.running.counts; // the replay's own counts must agree with the server's totals
    const d = t.done;
    const totals = [d.nodes, d.tested, d.rejected.column, d.rejected.diagonal, d.rejected.anti_diagonal, d.dead_ends, d.solutions];
    if (totals.some((x, i) => x !== c[i])) return `${what}. Its counters disagree with the server's totals: the trace is inconsistent.`;
    if (t.done.stopped === 'max_events') {
      return `${what}, cut at the server's limit of ${number(MAX_EVENTS)} events: only the first ` +
        `part of the search is here, with ${plural(t.done.solutions, 'solution')}.`;
    }
    return `${what}, the whole search (${plural(t.done.solutions, 'solution')}).`;
  }

  #status(state, text) {
    this.els['trace-status'].dataset.state = state;
    this.els['trace-status'].textContent = text;
  }

  /** The positions the player moves over: the whole trace, or the half search's. */
  get length() {
    if (!this.trace) return 0;
    return this.halved ? this.halfEnd : this.trace.length;
  }

  /** Goes to position p; `note` says what the move went past (any other move clears it). */
  seek(p, note = '') {
    this.p = Math.max(0, Math.min(p, this.length));
    this.els.skipped.textContent = note;
    this.els.skipped.hidden = !note;
    this.#render();
    this.onMove(this.p);
  }

  /** The unit a step moves by: 'event', 'place', 'lift' or 'solution'. */
  get unit() { return this.els['step-by'].value; }

  /** The position after the next unit from p, or -1 past the end. */
  #next(p) {
    const next = this.trace.positionAfterNext(this.unit, p);
    return next > this.length ? -1 : next;
  }

  /** One unit forward (forward > 0) or back. */
  step(forward) {
    this.pause();
    if (!this.trace) return;
    if (forward > 0) {
      const next = this.#next(this.p);
      if (next < 0) { this.#nothingFurther(); return; }
      this.seek(next);
    } else {
      this.seek(this.trace.positionAfterPrevious(this.unit, this.p));
    }
  }

  #nothingFurther() {
    const words = { event: 'step', place: 'queen placed', lift: 'backtrack', solution: 'solution' };
    const where = this.halved ? 'in the half search' : 'in the loaded trace';
    this.#refuse(`No further ${words[this.unit]} ${where}.`);
  }

  /** Says why a move could not be made, in the step's place; an earlier jump's note is no longer news. */
  #refuse(text) {
    this.els.skipped.hidden = true;
    this.view.reason.textContent = text;
  }

  /** Jumps to just after the next solution event. */
  nextSolution() {
    this.pause();
    const i = this.trace?.nextSolutionFrom(this.p) ?? -1;
    if (i < 0 || i >= this.length) {
      this.#refuse(`No more solutions ${this.halved ? 'in the half search' : 'in the loaded trace'}.`);
      return;
    }
    const from = this.p;
    this.seek(i + 1, skippedWords(this.trace, from, i + 1, this.trace.solutionsBefore(i + 1)));
  }

  toEnd() { this.pause(); this.seek(this.length); }

  togglePlay() { if (this.timer) this.pause(); else this.play(); }

  /**
   * Plays on from here: units a second as the speed says, several per frame when that is
   * faster than the screen repaints.
   */
  play() {
    if (!this.trace) return;
    if (this.p >= this.length) this.p = 0; // play again from the start
    iconLabel(this.els.play, 'pause', 'Pause');
    this.els.play.setAttribute('aria-pressed', 'true');
    this.view.reason.setAttribute('aria-live', 'off'); // a screen reader cannot keep up with playback
    let [last, owed] = [performance.now(), 1];
    const frame = (now) => {
      // A frame's time can come before the moment play() began: never owe less.
      owed += (Math.max(0, now - last) / 1000) * STEPS_PER_SECOND * this.speed;
      last = Math.max(last, now);
      let [p, solution] = [this.p, false];
      for (; owed >= 1 && !solution; owed--) {
        const next = this.#next(p);
        if (next < 0) { p = this.length; owed = 0; break; }
        p = next;
        solution = this.stopsAtSolutions && this.trace.typeAt(p - 1) === 'solution';
      }
      if (solution) { this.#stopOnSolution(p); return; }
      if (p !== this.p) this.seek(p);
      if (this.p >= this.length) { this.pause(); return; }
      this.timer = requestAnimationFrame(frame);
    };
    this.timer = requestAnimationFrame(frame);
  }

  /** Whether Play stops on each solution it reaches (the stage's option; on unless unticked). */
  get stopsAtSolutions() { return this.els['stop-at-solution'].checked; }

  /** Play reached a solution: it stops there, and says how to go on. */
  #stopOnSolution(p) {
    this.pause();
    const k = this.trace.solutionsBefore(p);
    this.seek(p, `Play stopped on solution ${number(k)}: press Play to go on (or untick "Play stops at each solution").`);
  }

  pause() {
    cancelAnimationFrame(this.timer);
    this.timer = null;
    iconLabel(this.els.play, 'play', 'Play');
    this.els.play.setAttribute('aria-pressed', 'false');
    this.view.reason.setAttribute('aria-live', 'polite');
  }

  get speed() { return SPEEDS[Number(this.els.speed.value)]; }

  #render() {
    const { timeline } = this.els;
    timeline.max = this.length;
    timeline.value = this.p;
    timeline.setAttribute('aria-valuetext', `step ${number(this.p)} of ${number(this.length)}`);
    this.els['position-label'].textContent = `step ${number(this.p)} of ${number(this.length)}` +
      (this.halved ? ' (the half search)' : '');
    this.view.show(this.p, this.length);
  }

  #wire() {
    const e = this.els;
    e.play.addEventListener('click', () => this.togglePlay());
    e['step-forward'].addEventListener('click', () => this.step(1));
    e['step-back'].addEventListener('click', () => this.step(-1));
    e['next-solution'].addEventListener('click', () => this.nextSolution());
    e['to-end'].addEventListener('click', () => this.toEnd());
    e.reset.addEventListener('click', () => { this.pause(); this.seek(0); });
    e.timeline.addEventListener('input', () => this.seek(Number(e.timeline.value)));
    e.speed.addEventListener('input', () => {
      const label = `${this.speed}×`;
      e['speed-label'].textContent = label;
      e.speed.setAttribute('aria-valuetext', label);
    });
  }

  /**
   * The view's keyboard shortcuts; returns true when the key was one of them. A presenter's
   * clicker sends PageDown and PageUp: those step too.
   */
  handleKey(key) {
    const actions = {
      ' ': () => this.togglePlay(),
      ArrowRight: () => this.step(1),
      ArrowLeft: () => this.step(-1),
      PageDown: () => this.step(1),
      PageUp: () => this.step(-1),
      s: () => this.nextSolution(),
      S: () => this.nextSolution(),
      Home: () => { this.pause(); this.seek(0); },
      End: () => this.toEnd(),
    };
    if (!actions[key]) return false;
    actions[key]();
    return true;
  }
}
