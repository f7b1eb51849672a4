// The search tree as an SVG: one node per queen placed (plus the root), labelled with its
// column, the tries refused under it drawn faintly, the current path highlighted. The layout
// covers the part visited so far (tree-layout.js), so that Fit shows what the search has seen;
// a step moves only the nodes whose place changed. A click on a node goes to the step that
// first reached it; so does Enter on the node the arrow keys have moved to (↑ its parent, ↓ its
// first child, ← → the nodes beside it at its depth), which a ring marks and a line of words
// names. Dots are zero-length lines with round caps and non-scaling strokes: one transform on
// the group zooms and pans without distorting them; labels are not scaled.

import { buildNodes, layout, nodeToward, triesBefore } from './tree-layout.js';

const SVG = 'http://www.w3.org/2000/svg';
export const TREE_MAX_N = 8;
const PAD = 14;
const LABEL_ROOM = 1.3; // the room between leaves that every node's label needs, in label heights
const CLICK_REACH = 14; // pixels: how near a click must land to a node
const TRY_PX = 18; // pixels: the farthest a refused try's stroke reaches sideways

export class SearchTree {
  /** `go(step)` moves the player to a step. */
  constructor(container, note, tools, go, cursorWords) {
    Object.assign(this, { container, note, tools, go, cursorWords });
    this.cursor = -1; // the node the arrow keys are on, or -1
    this.zoom = 1;
    this.left = 0; // the leftmost leaf position in view
    new ResizeObserver(() => this.#place()).observe(container);
    container.addEventListener('keydown', (event) => this.#onKey(event));
    container.addEventListener('click', (event) => this.#onClick(event));
    container.addEventListener('focus', () => { if (this.nodes && this.cursor < 0) this.#moveCursor(this.tip ?? 0); });
    container.addEventListener('blur', () => this.#moveCursor(-1));
  }

  /** Removes the drawing and says why. */
  clear(text) {
    this.nodes = null;
    this.container.replaceChildren();
    this.container.hidden = true;
    this.tools.hidden = true;
    this.note.textContent = text;
    this.cursor = -1;
    if (this.cursorWords) this.cursorWords.textContent = '';
  }

  /** Lays out the tree of a fully loaded trace, or explains why it is not drawn. */
  load(trace) {
    this.clear('');
    const limit = trace.bruteForce ? 'n ≤ 6 for brute force, whose tree has n! leaves' : 'n ≤ 8 only';
    if (trace.n > TREE_MAX_N || !(this.nodes = buildNodes(trace))) {
      this.clear(`The search tree is shown for ${limit}: choose a smaller board to see it.`);
      return;
    }
    const t = this.nodes;
    const faint = t.tries ? 'faint strokes: the tries refused under each node' : 'too many refused tries to draw them';
    this.note.textContent = `${t.count.toLocaleString('en')} nodes, each labelled with its queen's column when ` +
      `there is room (zoom in), the current path's always; ${faint}. Click a node to go to the step that reached it.`;
    Object.assign(this, { trace, shown: 0, triesShown: 0, path: [], zoom: 1, left: 0, trySpread: 0.8 });
    this.x = new Float64Array(t.count);
    this.drawnX = new Float64Array(t.count).fill(NaN);
    this.container.hidden = false;
    this.tools.hidden = false;
    this.#draw();
    this.leaves = 1;
    this.#place();
  }

  /** Shows the nodes visited in the first p events, the current path and the dead ends so far. */
  show(p, state) {
    if (!this.nodes) return;
    this.p = p;
    const t = this.nodes;
    const visible = state.counts[0]; // nodes counted so far = root + queens placed = a prefix
    this.drawnX.fill(NaN, this.shown, visible); // drawn afresh: their parents may have moved meanwhile
    this.#reveal(this.dots, this.shown, visible, (id) => [this.edges[id], this.labels[id]]);
    this.shown = visible;
    if (t.tries) {
      const tries = triesBefore(t.tries, p);
      this.#reveal(this.tryMarks, this.triesShown, tries);
      this.triesShown = tries;
    }
    const leaves = layout(t, visible, this.x);
    this.#moveChanged(visible);
    for (const id of t.marked) {
      this.dots[id].classList.toggle('dead', t.deadAt[id] >= 0 && t.deadAt[id] < p);
      this.dots[id].classList.toggle('solution', t.solution[id] > 0 && t.solution[id] <= p);
    }
    this.#markPath(visible, p);
    if (this.cursor >= visible) this.#moveCursor(this.tip);
    else if (this.cursor >= 0) this.#placeCursor();
    if (leaves !== this.leaves || this.zoom > 1) { this.leaves = leaves; this.#place(); }
  }

  zoomBy(factor) {
    this.zoom = Math.min(64, Math.max(1, this.zoom * factor));
    this.left = this.nodes ? this.x[this.tip ?? 0] - this.#viewWidth() / 2 : 0;
    this.#place();
  }

  fit() { this.zoom = 1; this.#place(); }

  /** The leaves in view, with half a leaf's room at either end for the faint tries. */
  #viewWidth() { return this.leaves / this.zoom; }

  /** Shows elements [from, to) of `items` (or hides [to, from)), with their companions. */
  #reveal(items, from, to, companions = () => []) {
    for (let k = Math.min(from, to); k < Math.max(from, to); k++) {
      const hide = k >= to;
      for (const element of [items[k], ...companions(k)]) element.classList.toggle('hidden', hide);
    }
  }

  /** Redraws the nodes whose x changed, their edges, their children's edges and their tries. */
  #moveChanged(visible) {
    const t = this.nodes;
    for (let id = 0; id < visible; id++) {
      if (this.x[id] === this.drawnX[id]) continue;
      this.drawnX[id] = this.x[id];
      this.dots[id].setAttribute('d', `M${this.x[id]} ${t.depth[id]}h0`);
      if (id > 0) this.#drawEdge(id);
      for (let child = t.firstChild[id]; child >= 0 && child < visible; child = t.nextSibling[child]) this.#drawEdge(child);
      for (const k of this.triesOf[id]) this.#drawTry(k);
    }
    this.#placeLabels();
  }

  #drawEdge(id) {
    const t = this.nodes;
    const up = t.parent[id];
    this.edges[id].setAttribute('d', `M${this.x[up]} ${t.depth[up]}L${this.x[id]} ${t.depth[id]}`);
  }

  /** A refused try: a short faint stroke from its node, fanned out by column. */
  #drawTry(k) {
    const { parent, col } = this.nodes.tries[k];
    const n = this.trace.n;
    const x = this.x[parent];
    const y = this.nodes.depth[parent];
    const spread = (col - (n - 1) / 2) / Math.max(n - 1, 1) * this.trySpread;
    this.tryMarks[k].setAttribute('d', `M${x} ${y}L${x + spread} ${y + 0.45}`);
  }

  #markPath(visible, p) {
    const t = this.nodes;
    const parts = (id) => [this.dots[id], this.edges[id], this.labels[id]];
    this.path.forEach((id) => parts(id).forEach((part) => part.classList.remove('path')));
    this.path = [];
    for (let id = visible - 1; id >= 0; id = t.parent[id]) {
      if (t.lifted[id] < p) continue; // lifted since: the path runs through an ancestor
      this.path.push(id);
      parts(id).forEach((part) => part.classList.add('path'));
    }
    this.tip = this.path[0] ?? 0;
    this.#follow();
  }

  /** Pans when the current node has left the visible part (zoomed in only). */
  #follow() {
    if (this.zoom === 1) return;
    const x = this.x[this.tip];
    const w = this.#viewWidth();
    if (x < this.left || x > this.left + w) { this.left = x - w / 2; this.#place(); }
  }

  /** The scale and offset from layout units to the SVG's pixels. */
  #scale() {
    const w = this.container.clientWidth || 600;
    const h = this.container.clientHeight || 240;
    const span = this.#viewWidth();
    return { w, h, sx: (w - 2 * PAD) / span, sy: (h - 2 * PAD) / this.trace.n, span };
  }

  #place() {
    if (!this.nodes || !this.group) return;
    const { w, h, sx, sy, span } = this.#scale();
    this.svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
    // Zoomed in, the view stays inside the part visited.
    this.left = this.zoom === 1 ? -0.5 : Math.min(Math.max(this.left, -0.5), this.leaves - 0.5 - span);
    this.group.setAttribute('transform', `translate(${PAD - this.left * sx} ${PAD}) scale(${sx} ${sy})`);
    // A refused try's stroke fans out at most 0.8 of a leaf's room and TRY_PX pixels either way,
    // however few leaves share the width: redrawn when the scale changes.
    const spread = Math.min(0.8, (2 * TRY_PX) / sx);
    if (spread !== this.trySpread) {
      this.trySpread = spread;
      this.tryMarks.forEach((_, k) => { if (!Number.isNaN(this.drawnX[this.nodes.tries[k].parent])) this.#drawTry(k); });
    }
    // Dots as wide as the room between leaves allows, so a dense tree does not turn into a smear.
    this.svg.style.setProperty('--dot', `${Math.max(2, Math.min(9, sx * 0.9)).toFixed(1)}px`);
    // Every node labelled where the leaves leave room for the labels' type (larger when
    // presenting); else only the current path's (style.css).
    const labelPx = parseFloat(getComputedStyle(this.labelGroup).fontSize) || 11;
    this.svg.classList.toggle('labelled', sx >= LABEL_ROOM * labelPx);
    this.#placeLabels();
  }

  /** Puts the column labels beside their nodes, in pixels (the path's are shown even when the rest are not). */
  #placeLabels() {
    const { sx, sy } = this.#scale();
    for (let id = 1; id < this.shown; id++) {
      this.labels[id].setAttribute('x', String(PAD + (this.x[id] - this.left) * sx + 6));
      this.labels[id].setAttribute('y', String(PAD + this.nodes.depth[id] * sy - 6));
    }
  }

  #draw() {
    const t = this.nodes;
    this.svg = document.createElementNS(SVG, 'svg');
    this.svg.setAttribute('class', 'tree-svg');
    this.group = document.createElementNS(SVG, 'g');
    const [tryGroup, edgeGroup, dotGroup, labelGroup] = [0, 1, 2, 3].map(() => document.createElementNS(SVG, 'g'));
    labelGroup.setAttribute('class', 'labels');
    this.labelGroup = labelGroup;
    this.edges = [];
    this.dots = [];
    this.labels = [];
    this.triesOf = Array.from({ length: t.count }, () => []);
    for (let id = 0; id < t.count; id++) {
      this.edges.push(edgeGroup.appendChild(element('path', id ? 'edge hidden' : 'edge')));
      this.dots.push(dotGroup.appendChild(element('path', id ? 'node hidden' : 'node')));
      const label = labelGroup.appendChild(element('text', id ? 'hidden' : 'hidden root'));
      label.textContent = id ? String(t.col[id]) : '';
      this.labels.push(label);
    }
    this.tryMarks = (t.tries ?? []).map((tried, k) => {
      this.triesOf[tried.parent].push(k);
      return tryGroup.appendChild(element('path', 'tried hidden'));
    });
    this.ring = element('path', 'cursor hidden');
    this.group.append(tryGroup, edgeGroup, dotGroup, this.ring);
    this.svg.append(this.group, labelGroup);
    this.container.append(this.svg);
  }

  /** A click near a node visited so far goes to the step that first reached it. */
  #onClick(event) {
    if (!this.nodes) return;
    const box = this.svg.getBoundingClientRect();
    const { sx, sy } = this.#scale();
    const [px, py] = [event.clientX - box.left, event.clientY - box.top];
    let best = -1;
    let bestDistance = CLICK_REACH;
    for (let id = 0; id < this.shown; id++) {
      const dx = PAD + (this.x[id] - this.left) * sx - px;
      const dy = PAD + this.nodes.depth[id] * sy - py;
      const distance = Math.hypot(dx, dy);
      if (distance < bestDistance) [best, bestDistance] = [id, distance];
    }
    if (best >= 0) this.go(best === 0 ? 0 : this.nodes.placedAt[best]);
  }

  #onKey(event) {
    const zooms = { '+': () => this.zoomBy(2), '=': () => this.zoomBy(2), '-': () => this.zoomBy(0.5), 0: () => this.fit() };
    const moves = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };
    if (zooms[event.key]) {
      zooms[event.key]();
    } else if (moves[event.key] && this.nodes) {
      const next = nodeToward(this.nodes, this.x, this.shown, Math.max(this.cursor, 0), moves[event.key]);
      if (next >= 0) this.#moveCursor(next);
    } else if ((event.key === 'Enter' || event.key === ' ') && this.nodes && this.cursor >= 0) {
      this.go(this.#stepOf(this.cursor));
    } else {
      return;
    }
    event.preventDefault();
    event.stopPropagation(); // these keys work the tree, not the search
  }

  #stepOf(id) { return id === 0 ? 0 : this.nodes.placedAt[id]; }

  /** Puts the keyboard's ring on node id (-1: none) and says which node it is. */
  #moveCursor(id) {
    this.cursor = id;
    if (this.ring) this.ring.classList.toggle('hidden', id < 0);
    if (id < 0 || !this.nodes) {
      if (this.cursorWords) this.cursorWords.textContent = '';
      return;
    }
    this.#placeCursor();
    if (this.zoom > 1) { this.left = this.x[id] - this.#viewWidth() / 2; this.#place(); }
    const t = this.nodes;
    const what = id === 0 ? 'the root, the empty board'
      : `row ${t.depth[id] - 1}, col ${t.col[id]}${t.solution[id] && t.solution[id] <= this.p ? ', a solution'
        : t.deadAt[id] >= 0 && t.deadAt[id] < this.p ? ', a dead end below it' : ''}`;
    if (this.cursorWords) {
      this.cursorWords.textContent = `Node: ${what}, reached at step ${this.#stepOf(id).toLocaleString('en')}. ` +
        'Enter goes there; ↑ ↓ ← → move.';
    }
  }

  #placeCursor() {
    if (!this.ring || this.cursor < 0) return;
    const id = this.cursor;
    this.ring.setAttribute('d', `M${this.x[id]} ${this.nodes.depth[id]}h0`);
  }
}

function element(name, className) {
  const node = document.createElementNS(SVG, name);
  node.setAttribute('class', className);
  return node;
}
