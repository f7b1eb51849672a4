// The search tree as an SVG: one node per queen placed (plus the root), laid out once from the
// whole trace (leaves side by side in the order visited, a parent centred over its children),
// then shown up to the current step. Nodes are created in trace order, so the nodes visited by
// step p are a prefix of them, and moving p only touches the nodes in between.
// Dots are zero-length lines with round caps and non-scaling strokes: one transform on the
// group zooms and pans without distorting them.

const SVG = 'http://www.w3.org/2000/svg';
export const TREE_MAX_N = 8;
const MAX_NODES = 2500; // brute force makes n! leaves: only small n fit
const PAD = 12;

export class SearchTree {
  constructor(container, note, tools) {
    this.container = container;
    this.note = note;
    this.tools = tools; // the zoom buttons, hidden with the tree
    this.zoom = 1;
    this.left = 0; // the leftmost leaf position in view
    new ResizeObserver(() => this.#place()).observe(container);
    container.addEventListener('keydown', (event) => this.#onKey(event));
  }

  /** Removes the drawing and says why. */
  clear(text) {
    this.nodes = null;
    this.container.replaceChildren();
    this.container.hidden = true;
    this.tools.hidden = true;
    this.note.textContent = text;
  }

  /** Lays out the tree of a fully loaded trace, or explains why it is not drawn. */
  load(trace) {
    this.clear('');
    const limit = trace.bruteForce ? 'n ≤ 6 for brute force, whose tree has n! leaves' : 'n ≤ 8 only';
    if (trace.n > TREE_MAX_N || !(this.nodes = buildNodes(trace))) {
      this.clear(`The search tree is shown for ${limit}: choose a smaller board to see it.`);
      return;
    }
    this.note.textContent = `${this.nodes.count.toLocaleString('en')} nodes (the tree is shown for ${limit}).`;
    this.container.hidden = false;
    this.tools.hidden = false;
    this.trace = trace;
    this.#draw();
    this.shown = 1;
    this.path = [];
    this.zoom = 1;
    this.#place();
  }

  /** Shows the nodes visited in the first p events, the current path and the dead ends so far. */
  show(p, state) {
    if (!this.nodes) return;
    const t = this.nodes;
    const visible = state.counts[0]; // nodes counted so far = root + queens placed = a prefix
    for (let id = Math.min(this.shown, visible); id < Math.max(this.shown, visible); id++) {
      const hide = id >= visible;
      this.dots[id].classList.toggle('hidden', hide);
      this.edges[id].classList.toggle('hidden', hide);
    }
    this.shown = visible;
    for (const id of t.marked) {
      this.dots[id].classList.toggle('dead', t.deadAt[id] >= 0 && t.deadAt[id] < p);
      this.dots[id].classList.toggle('solution', t.solution[id] > 0 && t.solution[id] <= p);
    }
    this.path.forEach((id) => { this.dots[id].classList.remove('path'); this.edges[id].classList.remove('path'); });
    this.path = [];
    for (let id = visible - 1; id >= 0; id = t.parent[id]) {
      if (t.lifted[id] < p) continue; // lifted since: the path runs through an ancestor
      this.path.push(id);
      this.dots[id].classList.add('path');
      this.edges[id].classList.add('path');
    }
    this.tip = this.path[0] ?? 0;
    this.#follow();
  }

  zoomBy(factor) {
    this.zoom = Math.min(64, Math.max(1, this.zoom * factor));
    this.left = this.nodes ? this.nodes.x[this.tip ?? 0] - this.#viewWidth() / 2 : 0;
    this.#place();
  }

  fit() { this.zoom = 1; this.#place(); }

  #viewWidth() { return Math.max(this.nodes.leaves - 1, 1) / this.zoom; }

  /** Pans when the current node has left the visible part (zoomed in only). */
  #follow() {
    if (this.zoom === 1) return;
    const x = this.nodes.x[this.tip];
    const w = this.#viewWidth();
    if (x < this.left || x > this.left + w) { this.left = x - w / 2; this.#place(); }
  }

  #place() {
    if (!this.nodes || !this.group) return;
    const w = this.container.clientWidth || 600;
    const h = this.container.clientHeight || 240;
    this.svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
    const span = this.#viewWidth();
    this.left = this.zoom === 1 ? 0 : Math.min(Math.max(this.left, 0), this.nodes.leaves - 1 - span);
    const sx = (w - 2 * PAD) / span;
    const sy = (h - 2 * PAD) / this.trace.n;
    this.group.setAttribute('transform', `translate(${PAD - this.left * sx} ${PAD}) scale(${sx} ${sy})`);
    // Dots as wide as the room between leaves allows, so a dense tree does not turn into a smear.
    this.svg.style.setProperty('--dot', `${Math.max(2, Math.min(7, sx * 0.9)).toFixed(1)}px`);
  }

  #draw() {
    const t = this.nodes;
    this.svg = document.createElementNS(SVG, 'svg');
    this.svg.setAttribute('class', 'tree-svg');
    this.group = document.createElementNS(SVG, 'g');
    const edgeGroup = document.createElementNS(SVG, 'g');
    const dotGroup = document.createElementNS(SVG, 'g');
    this.edges = [];
    this.dots = [];
    for (let id = 0; id < t.count; id++) {
      const [x, y] = [t.x[id], t.depth[id]];
      const up = id === 0 ? [x, y] : [t.x[t.parent[id]], t.depth[t.parent[id]]];
      const edge = pathElement(`M${up[0]} ${up[1]}L${x} ${y}`, id ? 'edge hidden' : 'edge');
      const dot = pathElement(`M${x} ${y}h0`, id ? 'node hidden' : 'node');
      this.edges.push(edge);
      this.dots.push(dot);
      edgeGroup.append(edge);
      dotGroup.append(dot);
    }
    this.group.append(edgeGroup, dotGroup);
    this.svg.append(this.group);
    this.container.append(this.svg);
  }

  #onKey(event) {
    const actions = { '+': () => this.zoomBy(2), '=': () => this.zoomBy(2), '-': () => this.zoomBy(0.5), 0: () => this.fit() };
    const action = actions[event.key];
    if (action) { action(); event.preventDefault(); }
  }
}

function pathElement(d, className) {
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', d);
  path.setAttribute('class', className);
  return path;
}

/** The tree's nodes in typed arrays (id 0 = root), or null when it is too big to draw. */
function buildNodes(trace) {
  const places = trace.running.counts[0] - 1;
  if (places + 1 > MAX_NODES) return null;
  const count = places + 1;
  const t = {
    count,
    parent: new Int32Array(count).fill(-1),
    depth: new Uint8Array(count),
    lifted: new Int32Array(count).fill(2 ** 31 - 1),
    deadAt: new Int32Array(count).fill(-1),
    solution: new Int32Array(count), // the step (event index + 1) at which it became a solution
    x: new Float64Array(count),
  };
  const firstChild = new Int32Array(count).fill(-1);
  const lastChild = new Int32Array(count).fill(-1);
  const stack = [0]; // stack[d] = the node of depth d on the current path
  let next = 1;
  for (let i = 0; i < trace.length; i++) {
    const type = trace.typeAt(i);
    if (type === 'place') {
      const e = trace.event(i);
      const [id, parent] = [next++, stack[e.row]];
      t.parent[id] = parent;
      t.depth[id] = e.row + 1;
      if (firstChild[parent] < 0) firstChild[parent] = id;
      lastChild[parent] = id;
      stack[e.row + 1] = id;
    } else if (type === 'lift') {
      t.lifted[stack[trace.event(i).row + 1]] = i;
    } else if (type === 'dead_end') {
      t.deadAt[stack[trace.event(i).row]] = i;
    } else if (type === 'solution') {
      t.solution[stack[trace.n]] = i + 1;
    }
  }
  let leaves = 0;
  for (let id = 0; id < count; id++) if (firstChild[id] < 0) t.x[id] = leaves++;
  for (let id = count - 1; id >= 0; id--) {
    if (firstChild[id] >= 0) t.x[id] = (t.x[firstChild[id]] + t.x[lastChild[id]]) / 2;
  }
  t.leaves = leaves;
  t.marked = []; // the nodes that end as a dead end or a solution
  for (let id = 0; id < count; id++) if (t.deadAt[id] >= 0 || t.solution[id] > 0) t.marked.push(id);
  return t;
}
