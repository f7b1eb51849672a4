// The algorithm's code beside the board: its Python listing from the server, in the page's own
// names or the tutorials' (a choice: the core's CodeStyle), the line the current step executes
// (the listing's line for the step's tag, from the core), and the listing's own call stack and
// variables at that step (frames.js: what Python holds there, exactly). What
// the marked line reads comes first and is never cut: its variables head the list (marked),
// the calls are listed innermost first, and the listing's box gives up the height they need.

import { getJson } from './api.js';
import { namesOf, namesRead, pythonFrames } from './frames.js';

const listings = new Map(); // "algorithm style" → the promise of its listing, fetched once
const LISTING_LEAST_REM = 3.3; // the listing's least box and the gap below it (style.css, .code-body)

/**
 * The listing { lines, steps, algorithms, styles } of an algorithm in a style; steps: the line
 * of each step's tag; algorithms and styles: every name the engine has.
 */
export function listingOf(algorithm, style) {
  const key = `${algorithm} ${style}`;
  if (!listings.has(key)) {
    const query = new URLSearchParams({ algorithm, style });
    const listing = getJson(`/api/listing?${query}`);
    listing.catch(() => listings.delete(key)); // a later trace asks again
    listings.set(key, listing);
  }
  return listings.get(key);
}

export class CodeView {
  constructor({ code, vars, more, stack, title, side }) {
    Object.assign(this, { code, vars, more, stack, title, side });
    this.current = null;
    this.style = 'page';
    // The listing's box changes size with the screen and with presenting: keep the line in view.
    new ResizeObserver(() => this.#scrollToLine()).observe(code);
    // The side's width decides how its lines wrap, and so the height they need.
    new ResizeObserver(() => { this.sized = false; this.keepInView(); }).observe(side);
  }

  /** Shows the code in the page's names or the tutorials' (`page` or `tutorial`). */
  setStyle(style) {
    if (style === this.style) return;
    this.style = style;
    if (this.trace) this.start(this.trace);
  }

  /** Shows the listing of the trace's algorithm (each listing arrives once). */
  async start(trace) {
    this.trace = trace;
    this.items = [];
    this.current = null;
    this.shown = null;
    this.title.textContent = `The code: ${trace.algorithm}, line by line`;
    const style = this.style;
    let listing;
    try {
      listing = await listingOf(trace.algorithm, style);
    } catch (error) {
      if (this.trace === trace) this.code.replaceChildren(item(`The code of ${trace.algorithm} did not load: ${error.message}`));
      return;
    }
    if (this.trace !== trace || this.style !== style) return; // another trace or style was chosen meanwhile
    this.steps = listing.steps;
    this.items = listing.lines.map((text, i) => {
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
    this.#highlight(p > 0 ? this.steps[trace.tagAt(p - 1)] ?? 0 : 0);
    const { stack, vars } = pythonFrames(trace, p, state, this.style);
    const read = namesRead(this.current?.textContent ?? '');
    const key = JSON.stringify([stack, vars, [...read]]); // a Set would stringify as {}: spread it
    if (key === this.shown) return; // the same frames: nothing to redraw
    this.shown = key;
    this.#showVars(vars, read);
    this.#showStack(stack);
    this.side.scrollTop = 0;
    this.sized = false;
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
    if (!this.sized) this.#makeRoom();
    if (!this.moved) return;
    this.moved = false;
    this.#scrollToLine();
  }

  /**
   * Gives the variables and calls box the height that the variables the marked line reads and
   * the innermost calls take (the listing's box yields it; --side-need in style.css).
   */
  #makeRoom() {
    this.sized = true;
    const side = this.side;
    const body = side.parentElement;
    if (!side.clientHeight) return;
    side.classList.remove('tight');
    // Where the listing's box can shrink no further, the box turns tight (style.css): the
    // variables' notes go and the calls move under the variables.
    const room = body.clientHeight - parseFloat(getComputedStyle(document.documentElement).fontSize) * LISTING_LEAST_REM;
    if (this.#needed() > room) side.classList.add('tight');
    const need = `${Math.ceil(this.#needed())}px`;
    if (body.style.getPropertyValue('--side-need') !== need) {
      body.style.setProperty('--side-need', need);
      this.moved = true; // the listing's box changed: keep its line in view
    }
  }

  /** The height from the side's top to the last of what must be seen: read variables, 2 calls. */
  #needed() {
    const side = this.side;
    const top = side.getBoundingClientRect().top - side.scrollTop;
    const bottom = [...side.querySelectorAll('.read, .call-stack li:nth-child(-n + 2), h3')]
      .reduce((most, element) => Math.max(most, element.getBoundingClientRect().bottom - top), 0);
    return bottom + side.clientTop * 2 + 2;
  }

  #scrollToLine() {
    const marked = this.current;
    const box = this.code;
    if (!marked || !box.clientHeight) return;
    // From the boxes on screen, whatever the line's offsetParent is (the box contains its layout).
    const top = marked.getBoundingClientRect().top - box.getBoundingClientRect().top - box.clientTop + box.scrollTop;
    const bottom = top + marked.offsetHeight;
    if (top < box.scrollTop || bottom > box.scrollTop + box.clientHeight) {
      // A third of the box above the line, where the line leaves room for it; else the line at the top.
      const above = Math.min(box.clientHeight / 3, box.clientHeight - marked.offsetHeight - box.clientTop * 2);
      box.scrollTop = top - Math.max(0, above);
    }
  }

  /** The call's variables, those the marked line reads (`read`) first and marked. */
  #showVars(vars, read) {
    this.vars.replaceChildren(...rows(vars.filter(([name]) => read.has(name)), true));
    this.more.replaceChildren(...rows(vars.filter(([name]) => !read.has(name)), false));
  }

  /** The calls, innermost first; each keeps its depth as its number (index.html: a reversed list). */
  #showStack(frames) {
    const column = namesOf(this.style, this.trace.algorithm).col;
    this.stack.replaceChildren(...frames.map(({ call, col }, i) => {
      const li = document.createElement('li');
      li.append(Object.assign(document.createElement('code'), { className: 'py-call', textContent: call }));
      if (col !== null) li.append(Object.assign(document.createElement('span'), { className: 'muted frame-col', textContent: ` ${column} = ${col}` }));
      if (i === frames.length - 1) {
        li.classList.add('current');
        li.setAttribute('aria-current', 'step');
      }
      return li;
    }).reverse());
  }
}

/** A list's rows (dt, dd) of variables [name, value, note], marked as read by the line or not. */
function rows(vars, read) {
  return vars.flatMap(([name, value, note]) => {
    const dt = document.createElement('dt');
    dt.textContent = name;
    const dd = document.createElement('dd');
    dd.append(Object.assign(document.createElement('code'), { className: 'py', textContent: value }));
    if (note) dd.append(Object.assign(document.createElement('span'), { className: 'muted var-note', textContent: note }));
    if (read) {
      dt.classList.add('read');
      dd.classList.add('read');
      dt.title = 'read by the marked line';
    }
    return [dt, dd];
  });
}

/** A listing's line: its indentation apart (presenting narrows it: present.css), then the code. */
function item(text) {
  const li = document.createElement('li');
  const indent = /^ */.exec(text)[0];
  if (indent) li.append(Object.assign(document.createElement('span'), { className: 'indent', textContent: indent }));
  li.append(text.slice(indent.length));
  return li;
}
