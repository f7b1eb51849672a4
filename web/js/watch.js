// Everything the "Watch the search" view shows for one step of a loaded trace: the board, the
// current step in words, the code with its frames, the tree, the steps so far, the counters,
// the solutions so far, bitmask's masks, and the mirror trick's half search when it is on. The
// player decides which step; this module only draws it.

import { buildBoard, paintTraceBoard } from './board.js';
import { describe } from './narrate.js';
import { renderMasks } from './bitmask.js';
import { miniCard } from './minis.js';
import { SearchTree } from './tree.js';
import { StepLog } from './log.js';
import { CodeView } from './code.js';
import { halfWords } from './mirror.js';

const GALLERY_LIMIT = 48; // the most recent solutions drawn; more are counted, not drawn
const COUNTER_IDS = ['count-nodes', 'count-tested', 'count-rej-column', 'count-rej-diagonal',
  'count-rej-anti', 'count-dead-ends', 'count-solutions'];

const byId = (id) => document.getElementById(id);
const number = (x) => x.toLocaleString('en');

export class WatchView {
  /** `go(step)` moves the player to a step; `href(step)` is the page's link to it. */
  constructor({ go, href }) {
    this.board = byId('board');
    this.reason = byId('reason');
    this.log = new StepLog(byId('log'), go, href);
    this.gallery = byId('gallery');
    this.galleryCount = byId('gallery-count');
    this.masks = byId('masks');
    this.halfSummary = byId('half-summary');
    this.tree = new SearchTree(byId('tree'), byId('tree-note'), byId('tree-tools'), go, byId('tree-cursor'));
    byId('tree-zoom-in').addEventListener('click', () => this.tree.zoomBy(2));
    byId('tree-zoom-out').addEventListener('click', () => this.tree.zoomBy(0.5));
    byId('tree-zoom-reset').addEventListener('click', () => this.tree.fit());
    this.counters = COUNTER_IDS.map(byId);
    this.code = new CodeView({ code: byId('code'), vars: byId('code-vars'), more: byId('code-vars-more'), stack: byId('call-stack'), title: byId('code-title'), side: byId('code-side') });
    this.half = false;
  }

  /** Starts showing a new trace (its events may still be arriving). */
  start(trace) {
    this.trace = trace;
    this.shown = null; // [p, end] once a step of this trace is drawn
    this.squares = buildBoard(this.board, trace.n);
    this.gallerySolutions = -1;
    this.code.start(trace);
    this.tree.clear('The tree is drawn once the whole trace has loaded.');
    const bitmask = trace.algorithm === 'bitmask';
    document.querySelector('[data-panel="masks"]').hidden = !bitmask;
    // bitmask never tests a square alone: it reads a row's squares at once.
    byId('label-tested').textContent = bitmask ? 'squares read (n per row read)' : 'squares tested';
  }

  /** Writes the code, and bitmask's masks, in the page's names or the tutorials'. */
  setCodeStyle(style) {
    this.code.setStyle(style);
    if (this.shown) this.show(...this.shown);
  }

  /** Called once every event has arrived: the tree needs the whole trace for its layout. */
  loaded() { this.tree.load(this.trace); }

  /** Draws position p of the search, which ends at `end` (the half search's end, or the trace's). */
  show(p, end = this.trace?.length) {
    const trace = this.trace;
    if (!trace) return;
    this.shown = [p, end];
    const state = trace.stateAt(p);
    paintTraceBoard(this.board, this.squares, trace, p, state);
    const halfDone = this.half && p === end && end < trace.length;
    this.reason.textContent = halfDone ? halfWords(trace) : p > 0 ? capitalize(describe(trace, p - 1)) : startWords();
    this.reason.dataset.type = halfDone ? 'half' : p > 0 ? trace.typeAt(p - 1) : 'start';
    this.code.show(p, state);
    state.counts.forEach((value, i) => { this.counters[i].textContent = number(value); });
    this.#showGallery(p);
    if (trace.algorithm === 'bitmask') renderMasks(this.masks, trace, p, state, this.code.style);
    this.tree.show(p, state);
    this.#showHalf(end);
    // Last: the log and the code's marked line read the layout to scroll, once every write is done.
    this.log.show(trace, p, end);
    this.code.keepInView();
  }

  /** The half search's summary beside the whole search's, once the trace has loaded. */
  #showHalf(end) {
    const on = this.half && end > 0 && end < this.trace.length;
    this.halfSummary.hidden = !on;
    if (on) this.halfSummary.textContent = halfWords(this.trace);
  }

  #showGallery(p) {
    const trace = this.trace;
    const found = trace.solutionsBefore(p);
    if (found === this.gallerySolutions) return;
    this.gallerySolutions = found;
    const first = Math.max(0, found - GALLERY_LIMIT);
    const cards = [];
    for (let k = first; k < found; k++) {
      const card = miniCard(trace.solutionColumns[k], `#${k + 1} [${trace.solutionColumns[k].join(' ')}]`);
      card.dataset.index = k;
      cards.push(card);
    }
    this.gallery.replaceChildren(...cards);
    this.galleryCount.textContent = found > GALLERY_LIMIT
      ? `(${number(found)}; the latest ${GALLERY_LIMIT} shown)` : `(${number(found)})`;
    this.gallery.dataset.count = found;
  }
}

/** What the empty board says: the first move, in the words of the device (tap or key). */
function startWords() {
  const touch = window.matchMedia('(hover: none)').matches;
  const how = touch ? 'tap Step for one step' : 'Step (or →) for one step';
  return `The board is empty. The search puts a queen in row 0, then in each row below one that no queen ` +
    `attacks, and backs up when a row has none. ${touch ? 'Tap' : 'Press'} Play, or ${how}.`;
}

function capitalize(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
