// Everything the "Watch the search" view shows for one step of a loaded trace: the board, the
// current step in words, the recent steps, the counters, the solutions so far, the masks and
// the tree. The player decides which step; this module only draws it.

import { buildBoard, paintTraceBoard } from './board.js';
import { describe } from './narrate.js';
import { renderMasks } from './bitmask.js';
import { miniCard } from './minis.js';
import { SearchTree } from './tree.js';
import { StepLog } from './log.js';
import { CodeView } from './code.js';

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
    this.tree = new SearchTree(byId('tree'), byId('tree-note'), byId('tree-tools'), go);
    byId('tree-zoom-in').addEventListener('click', () => this.tree.zoomBy(2));
    byId('tree-zoom-out').addEventListener('click', () => this.tree.zoomBy(0.5));
    byId('tree-zoom-reset').addEventListener('click', () => this.tree.fit());
    this.counters = COUNTER_IDS.map(byId);
    this.code = new CodeView({ code: byId('code'), vars: byId('code-vars'), stack: byId('call-stack'), title: byId('code-title') });
  }

  /** Starts showing a new trace (its events may still be arriving). */
  start(trace) {
    this.trace = trace;
    this.squares = buildBoard(this.board, trace.n);
    this.gallerySolutions = -1;
    this.code.start(trace).catch((error) => { byId('code').textContent = error.message; });
    this.tree.clear('The tree is drawn once the whole trace has loaded.');
  }

  /** Called once every event has arrived: the tree needs the whole trace for its layout. */
  loaded() { this.tree.load(this.trace); }

  show(p) {
    const trace = this.trace;
    if (!trace) return;
    const state = trace.stateAt(p);
    paintTraceBoard(this.board, this.squares, trace, p, state);
    this.reason.textContent = p > 0 ? capitalize(describe(trace, p - 1)) : startWords(trace);
    this.reason.dataset.type = p > 0 ? trace.typeAt(p - 1) : 'start';
    this.log.show(trace, p);
    this.code.show(p, state);
    state.counts.forEach((value, i) => { this.counters[i].textContent = number(value); });
    this.#showGallery(p);
    renderMasks(this.masks, trace, p, state);
    this.#cueMaskScroll();
    this.tree.show(p, state);
  }

  /** Says so where the masks table is wider than its panel (a phone): it scrolls sideways. */
  #cueMaskScroll() {
    const cue = document.createElement('p');
    cue.className = 'masks-scroll';
    cue.textContent = 'The table is wider than the screen: scroll it sideways to see every column. →';
    this.masks.prepend(cue);
    this.masks.dataset.overflows = String(this.masks.scrollWidth > this.masks.clientWidth + 1);
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
function startWords(trace) {
  const touch = window.matchMedia('(hover: none)').matches;
  const how = touch ? 'tap Step for one step' : 'Step (or →) for one step';
  return `The board is empty. The search puts a queen in row 0, then in each row below one that no queen ` +
    `attacks, and backs up when a row has none. ${touch ? 'Tap' : 'Press'} Play, or ${how}.`;
}

function capitalize(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
