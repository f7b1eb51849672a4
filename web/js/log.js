// "What happened": every step of the trace in words, numbered by its real step, in a list
// that scrolls over the whole trace (up to a million lines, so only the lines in view exist
// as elements). Each line is a link to its step; the current step is marked and kept in view.

import { describe } from './narrate.js';

const LINE_PX = 22; // one line's height: the list's rows are all this tall
const OVERSCAN = 6; // lines drawn beyond each edge, so a quick scroll shows no gap

export class StepLog {
  /** `go(step)` moves the player; `href(step)` is the link to a step. */
  constructor(container, go, href) {
    this.container = container;
    this.go = go;
    this.href = href;
    this.spacer = document.createElement('div');
    this.spacer.className = 'log-spacer';
    container.replaceChildren(this.spacer);
    this.current = 0;
    container.addEventListener('scroll', () => this.#draw());
    container.addEventListener('click', (event) => {
      const link = event.target.closest('a[data-step]');
      if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return; // a new tab keeps the link
      event.preventDefault();
      this.go(Number(link.dataset.step));
    });
  }

  /** Shows the trace's steps, the first `p` of them done. */
  show(trace, p) {
    this.trace = trace;
    this.current = p;
    const lines = trace.length;
    this.spacer.style.height = `${Math.max(lines, 1) * LINE_PX}px`;
    this.#keepInView(p);
    this.#draw();
  }

  /** Scrolls so that the current step's line is in view (it is the last done: step p). */
  #keepInView(p) {
    const box = this.container;
    const top = (Math.max(p, 1) - 1) * LINE_PX;
    if (top < box.scrollTop) box.scrollTop = top;
    else if (top + LINE_PX > box.scrollTop + box.clientHeight) box.scrollTop = top + LINE_PX - box.clientHeight;
  }

  #draw() {
    const trace = this.trace;
    if (!trace) return;
    const box = this.container;
    if (!trace.length) {
      this.spacer.replaceChildren(emptyLine());
      return;
    }
    const first = Math.max(0, Math.floor(box.scrollTop / LINE_PX) - OVERSCAN);
    const last = Math.min(trace.length, Math.ceil((box.scrollTop + box.clientHeight) / LINE_PX) + OVERSCAN);
    const lines = [];
    for (let i = first; i < last; i++) lines.push(this.#line(i));
    this.spacer.replaceChildren(...lines);
  }

  /** The line of event i: step i + 1. */
  #line(i) {
    const step = i + 1;
    const item = document.createElement('div');
    item.setAttribute('role', 'listitem');
    item.setAttribute('aria-posinset', step);
    item.setAttribute('aria-setsize', this.trace.length);
    item.className = 'log-line';
    item.style.top = `${i * LINE_PX}px`;
    item.dataset.type = this.trace.typeAt(i);
    item.dataset.step = step;
    const link = document.createElement('a');
    link.href = this.href(step);
    link.dataset.step = step;
    const number = document.createElement('span');
    number.className = 'log-step';
    number.textContent = `${step.toLocaleString('en')}.`;
    link.append(number, ` ${describe(this.trace, i)}`);
    if (step === this.current) {
      item.classList.add('current');
      link.setAttribute('aria-current', 'step');
    } else if (step > this.current) {
      item.classList.add('ahead');
    }
    item.append(link);
    return item;
  }
}

function emptyLine() {
  const item = document.createElement('div');
  item.setAttribute('role', 'listitem');
  item.className = 'log-line empty';
  item.textContent = 'Nothing yet.';
  return item;
}
