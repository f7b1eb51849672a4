// The search tree's nodes, read from a whole trace, and their layout over the part visited so
// far. Node ids follow the trace (id 0 is the root, then one per queen placed, in order), so the
// nodes visited by any step are a prefix of the ids, each parent before its children.

export const MAX_NODES = 2500; // brute force makes n! leaves: only small n fit
export const MAX_TRIES = 20000; // faint refused tries drawn beyond this would only be a smear

/** The tree's nodes in typed arrays, or null when it is too big to draw. */
export function buildNodes(trace) {
  const count = trace.running.counts[0];
  if (count > MAX_NODES) return null;
  const t = {
    count,
    parent: new Int32Array(count).fill(-1),
    firstChild: new Int32Array(count).fill(-1),
    nextSibling: new Int32Array(count).fill(-1),
    depth: new Uint8Array(count),
    col: new Int8Array(count).fill(-1),
    placedAt: new Int32Array(count), // the position just after the node's place event
    lifted: new Int32Array(count).fill(2 ** 31 - 1),
    deadAt: new Int32Array(count).fill(-1),
    solution: new Int32Array(count), // the step (event index + 1) at which it became a solution
    tries: [], // refused tries: { parent, col, at } in trace order
  };
  const lastChild = new Int32Array(count).fill(-1);
  const stack = [0]; // stack[d] = the node of depth d on the current path
  let next = 1;
  let tried = null; // the square of the last try (brute force refuses the arrangement it ends)
  const refuse = (row, col, at) => t.tries.push({ parent: stack[row], col, at });
  for (let i = 0; i < trace.length; i++) {
    const type = trace.typeAt(i);
    if (type === 'place') {
      const e = trace.event(i);
      const [id, parent] = [next++, stack[e.row]];
      t.parent[id] = parent;
      t.depth[id] = e.row + 1;
      t.col[id] = e.col;
      t.placedAt[id] = i + 1;
      if (t.firstChild[parent] < 0) t.firstChild[parent] = id; else t.nextSibling[lastChild[parent]] = id;
      lastChild[parent] = id;
      stack[e.row + 1] = id;
    } else if (type === 'try') {
      tried = trace.event(i);
    } else if (type === 'reject') {
      refuse(tried.row, tried.col, i + 1);
    } else if (type === 'scan') {
      const e = trace.event(i);
      for (const col of refusedColumns(trace, i, e.row)) refuse(e.row, col, i + 1);
    } else if (type === 'lift') {
      t.lifted[stack[trace.event(i).row + 1]] = i;
    } else if (type === 'dead_end') {
      t.deadAt[stack[trace.event(i).row]] = i;
    } else if (type === 'solution') {
      t.solution[stack[trace.n]] = i + 1;
    }
  }
  if (t.tries.length > MAX_TRIES) t.tries = null;
  t.marked = []; // the nodes that end as a dead end or a solution
  for (let id = 0; id < count; id++) if (t.deadAt[id] >= 0 || t.solution[id] > 0) t.marked.push(id);
  return t;
}

/** The columns of `row` that the queens standing before event i attack. */
function refusedColumns(trace, i, row) {
  const queens = trace.stateAt(i).queens;
  const cols = [];
  for (let c = 0; c < trace.n; c++) {
    for (let r = 0; r < row; r++) {
      const q = queens[r];
      if (q === c || q - c === r - row || q + r === c + row) { cols.push(c); break; }
    }
  }
  return cols;
}

/**
 * Lays out the first `visible` nodes into x: their leaves side by side in the order visited, a
 * parent centred over its visible children. Returns the number of leaves.
 */
export function layout(t, visible, x) {
  let leaves = 0;
  const hasVisibleChild = (id) => t.firstChild[id] >= 0 && t.firstChild[id] < visible;
  for (let id = 0; id < visible; id++) if (!hasVisibleChild(id)) x[id] = leaves++;
  const lastVisible = new Int32Array(visible).fill(-1);
  for (let id = visible - 1; id >= 0; id--) {
    if (hasVisibleChild(id)) x[id] = (x[t.firstChild[id]] + x[lastVisible[id]]) / 2;
    const parent = t.parent[id];
    if (parent >= 0 && lastVisible[parent] < 0) lastVisible[parent] = id; // its last child: ids rise
  }
  return leaves;
}

/** The number of entries of the ascending `tries` made at or before position p. */
export function triesBefore(tries, p) {
  let [lo, hi] = [0, tries.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tries[mid].at <= p) lo = mid + 1; else hi = mid;
  }
  return lo;
}

/**
 * The node the arrow keys go to from node `from`, among the first `shown` (laid out in x): 'up'
 * its parent, 'down' its first child, 'left' and 'right' the nearest node at its depth on that
 * side; -1 when there is none.
 */
export function nodeToward(t, x, shown, from, direction) {
  if (direction === 'up') return from > 0 ? t.parent[from] : -1;
  if (direction === 'down') {
    const child = t.firstChild[from];
    return child >= 0 && child < shown ? child : -1;
  }
  const side = direction === 'left' ? -1 : 1;
  let best = -1;
  for (let id = 1; id < shown; id++) {
    if (t.depth[id] !== t.depth[from] || id === from) continue;
    const dx = (x[id] - x[from]) * side;
    if (dx > 0 && (best < 0 || dx < (x[best] - x[from]) * side)) best = id;
  }
  return best;
}
