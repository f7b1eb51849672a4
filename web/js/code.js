// The algorithm's code beside the board: its Python listing from the server, the line the
// current step executes (the trace event's own `line`, from the core), and the listing's own
// call stack and variables at that step (frames.js: what Python holds there, exactly).

import { getJson } from './api.js';
import { pythonFrames } from './frames.js';

const listings = new Map(); // algorithm → the promise of its lines, fetched once

function listingOf(algorithm) {
  if (!listings.has(algorithm)) {
    const lines = getJson(`/api/listing?algorithm=${encodeURIComponent(algorithm)}`).then((answer) => answer.lines);
    lines.catch(() => listings.delete(algorithm)); // a later trace asks again
    listings.set(algorithm, lines);
  }
  return listings.get(algorithm);
}

export class CodeView {
  constructor({ code, vars, stack, title }) {
    Object.assign(this, { code, vars, stack, title });
    this.current = null;
    // The listing's box changes size with the screen and with presenting: keep the line in view.
    new ResizeObserver(() => this.#scrollToLine()).observe(code);
  }

  /** Shows the listing of the trace's algorithm (the lines arrive once per algorithm). */
  async start(trace) {
    this.trace = trace;
    this.items = [];
    this.current = null;
    this.shown = null;
    this.title.textContent = `The code: ${trace.algorithm}, line by line`;
    let lines;
    try {
      lines = await listingOf(trace.algorithm);
    } catch (error) {
      if (this.trace === trace) this.code.replaceChildren(item(`The code of ${trace.algorithm} did not load: ${error.message}`));
      return;
    }
    if (this.trace !== trace) return; // another trace was chosen meanwhile
    this.items = lines.map((text, i) => {
      const line = item(text || ' ');
      line.dataset.line = String(i + 1);
      return line;
    });
    this.code.replaceChildren(...this.items);
    if (this.pending) this.show(this.pending.p, this.pending.state);
    this.keepInView();
  }

  /** Marks the line of the step that led to position p, with the variables and stack there. */
  show(p, state) {
    this.pending = { p, state };
    const trace = this.trace;
    if (!trace || !this.items.length) return;
    this.#highlight(p > 0 ? trace.lineAt(p - 1) : 0);
    const { stack, vars } = pythonFrames(trace, p, state);
    const key = JSON.stringify([stack, vars]);
    if (key === this.shown) return; // the same frames: nothing to redraw
    this.shown = key;
    this.#showVars(vars);
    this.#showStack(stack);
  }

  #highlight(line) {
    const marked = this.items[line - 1] ?? null;
    if (marked === this.current) return;
    this.current?.classList.remove('current');
    this.current?.removeAttribute('aria-current');
    this.current = marked;
    marked?.classList.add('current');
    marked?.setAttribute('aria-current', 'step');
    this.moved = true;
  }

  /**
   * Keeps the marked line in view inside the listing's own box, without scrolling the page
   * (called after a step's other changes, since it reads the layout).
   */
  keepInView() {
    if (!this.moved) return;
    this.moved = false;
    this.#scrollToLine();
  }

  #scrollToLine() {
    const marked = this.current;
    const box = this.code;
    if (!marked || !box.clientHeight) return;
    // From the boxes on screen, whatever the line's offsetParent is (the box contains its layout).
    const top = marked.getBoundingClientRect().top - box.getBoundingClientRect().top - box.clientTop + box.scrollTop;
    const bottom = top + marked.offsetHeight;
    if (top < box.scrollTop || bottom > box.scrollTop + box.clientHeight) box.scrollTop = top - box.clientHeight / 3;
  }

  #showVars(vars) {
    this.vars.replaceChildren(...vars.flatMap(([name, value, note]) => {
      const dt = document.createElement('dt');
      dt.textContent = name;
      const dd = document.createElement('dd');
      dd.append(Object.assign(document.createElement('code'), { className: 'py', textContent: value }));
      if (note) dd.append(Object.assign(document.createElement('span'), { className: 'muted var-note', textContent: note }));
      return [dt, dd];
    }));
  }

  #showStack(frames) {
    this.stack.replaceChildren(...frames.map(({ call, col }, i) => {
      const li = document.createElement('li');
      li.append(Object.assign(document.createElement('code'), { className: 'py-call', textContent: call }));
      if (col !== null) li.append(Object.assign(document.createElement('span'), { className: 'muted frame-col', textContent: ` col = ${col}` }));
      if (i === frames.length - 1) {
        li.classList.add('current');
        li.setAttribute('aria-current', 'step');
      }
      return li;
    }));
  }
}

function item(text) {
  const li = document.createElement('li');
  li.textContent = text;
  return li;
}
