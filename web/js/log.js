// "What happened": the steps of the trace in words, numbered by their real step, in a list
// that scrolls over the steps done so far (up to a million lines, so only the lines in view
// exist as elements). The steps still to come are left out unless the learner asks for them.
// Each line is a link to its step. The list is one tab stop (a roving tabindex): the arrow
// keys, Home and End move between lines, Enter goes to one; the line that holds the focus is
// kept when the list is redrawn, so the focus survives every step.

import { describe } from './narrate.js';

const LINE_PX = 22; // one line's height: the list's rows are all this tall
const OVERSCAN = 6; // lines drawn beyond each edge, so a quick scroll shows no gap

export class StepLog {
  /** `go(step)` moves the player; `href(step)` is the link to a step. */
  constructor(container, go, href) {
    Object.assign(this, { container, go, href });
    this.spacer = document.createElement('div');
    this.spacer.className = 'log-spacer';
    container.replaceChildren(this.spacer);
    this.current = 0;
    this.showFuture = false;
    this.focusStep = 0; // the line that is the list's tab stop (0: the current step's)
    this.lines = new Map(); // step → its element, for the lines drawn
    container.addEventListener('scroll', () => this.#draw());
    container.addEventListener('click', (event) => {
      const link = event.target.closest('a[data-step]');
      if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return; // a new tab keeps the link
      event.preventDefault();
      this.focusStep = Number(link.dataset.step);
      this.go(this.focusStep);
    });
    container.addEventListener('keydown', (event) => this.#onKey(event));
    container.addEventListener('focusin', (event) => {
      const link = event.target.closest('a[data-step]');
      if (link) this.focusStep = Number(link.dataset.step);
    });
  }

  /** Shows the trace's steps, the first `p` of them done, of a search that ends at `end`. */
  show(trace, p, end = trace.length) {
    const moved = this.trace !== trace || this.current !== p;
    this.trace = trace;
    this.current = p;
    this.end = end;
    if (!this.container.contains(document.activeElement)) this.focusStep = 0;
    this.spacer.style.height = `${Math.max(this.#count(), 1) * LINE_PX}px`;
    if (moved) this.#keepInView(Math.max(p, 1));
    this.#draw();
  }

  /** Shows or hides the steps still to come. */
  setShowFuture(on) {
    this.showFuture = on;
    if (this.trace) this.show(this.trace, this.current, this.end);
  }

  /** The number of lines listed: the steps done, or every step when the future is shown. */
  #count() {
    return this.showFuture ? this.end : this.current;
  }

  /** The step whose line is the tab stop: the one focused last, else the current step. */
  #tabStep() {
    const step = this.focusStep || this.current;
    return Math.min(Math.max(step, 1), this.#count());
  }

  /** Scrolls so that step's line is in view. */
  #keepInView(step) {
    const box = this.container;
    const top = (step - 1) * LINE_PX;
    if (top < box.scrollTop) box.scrollTop = top;
    else if (top + LINE_PX > box.scrollTop + box.clientHeight) box.scrollTop = top + LINE_PX - box.clientHeight;
  }

  #draw() {
    const trace = this.trace;
    if (!trace) return;
    const count = this.#count();
    if (!count) {
      this.lines.clear();
      this.spacer.replaceChildren(emptyLine(trace.length ? 'Nothing yet: press Play or Step.' : 'Nothing yet.'));
      return;
    }
    const box = this.container;
    const first = Math.max(1, Math.floor(box.scrollTop / LINE_PX) - OVERSCAN + 1);
    const last = Math.min(count, Math.ceil((box.scrollTop + box.clientHeight) / LINE_PX) + OVERSCAN);
    const wanted = new Set();
    for (let step = first; step <= last; step++) wanted.add(step);
    wanted.add(this.#tabStep()); // the tab stop always exists, in view or not
    const focused = document.activeElement?.closest?.('#log a[data-step]');
    if (focused && this.container.contains(focused)) wanted.add(Number(focused.dataset.step));
    for (const [step, element] of this.lines) {
      if (!wanted.has(step) || step > count) { element.remove(); this.lines.delete(step); }
    }
    if (this.spacer.firstElementChild?.classList.contains('empty')) this.spacer.firstElementChild.remove();
    for (const step of wanted) {
      if (step > count) continue;
      let line = this.lines.get(step);
      if (!line) {
        line = this.#line(step);
        this.lines.set(step, line);
        this.spacer.append(line);
      }
      this.#mark(line, step);
    }
  }

  /** The line of step `step` (event step − 1). */
  #line(step) {
    const item = document.createElement('div');
    item.setAttribute('role', 'listitem');
    item.className = 'log-line';
    item.setAttribute('aria-posinset', step);
    item.style.top = `${(step - 1) * LINE_PX}px`;
    item.dataset.step = step;
    item.dataset.type = this.trace.typeAt(step - 1);
    const link = document.createElement('a');
    link.href = this.href(step);
    link.dataset.step = step;
    const number = document.createElement('span');
    number.className = 'log-step';
    number.textContent = `${step.toLocaleString('en')}.`;
    link.append(number, ` ${describe(this.trace, step - 1)}`);
    item.append(link);
    return item;
  }

  /** The line's marks: current, ahead, and whether it is the tab stop. */
  #mark(line, step) {
    const link = line.firstElementChild;
    const current = step === this.current;
    line.classList.toggle('current', current);
    line.classList.toggle('ahead', step > this.current);
    if (current) link.setAttribute('aria-current', 'step'); else link.removeAttribute('aria-current');
    const size = String(this.#count());
    if (line.getAttribute('aria-setsize') !== size) line.setAttribute('aria-setsize', size);
    const tabIndex = step === this.#tabStep() ? '0' : '-1';
    if (link.getAttribute('tabindex') !== tabIndex) link.setAttribute('tabindex', tabIndex);
  }

  #onKey(event) {
    const link = event.target.closest('a[data-step]');
    if (!link) return;
    const step = Number(link.dataset.step);
    const page = Math.max(1, Math.floor(this.container.clientHeight / LINE_PX) - 1);
    const count = this.#count();
    const target = { ArrowDown: step + 1, ArrowUp: step - 1, PageDown: step + page, PageUp: step - page, Home: 1, End: count }[event.key];
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      event.stopPropagation();
      this.go(step);
      return;
    }
    if (target === undefined) return;
    event.preventDefault();
    event.stopPropagation(); // arrows here move in the list, not the search
    this.focusStep = Math.min(Math.max(target, 1), count);
    this.#keepInView(this.focusStep);
    this.#draw();
    this.lines.get(this.focusStep)?.firstElementChild.focus();
  }
}

function emptyLine(text) {
  const item = document.createElement('div');
  item.setAttribute('role', 'listitem');
  item.className = 'log-line empty';
  item.textContent = text;
  return item;
}
