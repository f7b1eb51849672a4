// A loaded trace, stored compactly so that a 1,000,000-event search fits in a few megabytes:
// seven bytes per event in one Uint8Array, plus a snapshot of the board and the counters every
// SNAPSHOT_EVERY events, so that the state at any step is one snapshot plus at most a few
// hundred events replayed: scrubbing the timeline stays instant.

export const EVENT_TYPES = ['try', 'reject', 'place', 'dead_end', 'lift', 'solution', 'done', 'scan'];
export const REASONS = ['column', 'diagonal', 'anti_diagonal'];
const TYPE_CODE = Object.fromEntries(EVENT_TYPES.map((t, i) => [t, i]));
// type, row, col, reason, by.row, by.col, and the listing's line (from the server, 0: none); a
// scan keeps the squares it refuses by reason where a reject keeps its reason and attacker.
const BYTES_PER_EVENT = 7;
const LINE = 6;
export const SNAPSHOT_EVERY = 256;

// The counters shown at each step, in the order kept in a state's `counts`.
export const COUNTERS = ['nodes', 'tested', 'rejColumn', 'rejDiagonal', 'rejAnti', 'deadEnds', 'solutions'];
const [NODES, TESTED, REJECTED_FIRST, DEAD_ENDS, SOLUTIONS] = [0, 1, 2, 5, 6];

/**
 * The board and counters after some prefix of the trace (none: the board with the given
 * queens alone). queens[row] = column, or -1.
 */
export function emptyState(n, given = []) {
  const state = { queens: new Int8Array(n).fill(-1), counts: new Uint32Array(COUNTERS.length) };
  for (const [row, col] of given) state.queens[row] = col;
  state.counts[NODES] = 1; // Knuth's count includes the root: the empty board
  return state;
}

export class Trace {
  /** `given`: [row, col] of queens standing before the search starts (a learner's). */
  constructor(n, algorithm, given = []) {
    this.n = n;
    this.algorithm = algorithm;
    this.given = given;
    this.givenRows = new Set(given.map(([row]) => row));
    this.length = 0;
    this.bytes = new Uint8Array(BYTES_PER_EVENT * 4096);
    this.solutionEvents = []; // the event index of each solution, ascending
    this.solutionColumns = []; // the columns of each solution
    this.done = null; // the final summary line, once it has arrived
    this.running = emptyState(n, given); // the state after every event pushed so far
    this.snapshotCount = 0;
    this.snapQueens = new Int8Array(n * 64);
    this.snapCounts = new Uint32Array(COUNTERS.length * 64);
  }

  get bruteForce() { return this.algorithm === 'permutations'; }

  /** Appends one parsed line of the server's NDJSON trace. */
  push(event) {
    const type = TYPE_CODE[event.type];
    if (type === undefined) throw new Error(`unknown trace event type ${JSON.stringify(event.type)}`);
    if (this.length % SNAPSHOT_EVERY === 0) this.#saveSnapshot();
    this.#ensureCapacity(this.length + 1);
    const o = this.length * BYTES_PER_EVENT;
    const b = this.bytes;
    b[o] = type;
    b[o + 1] = event.row ?? 0;
    b[o + 2] = event.col ?? 0;
    b[o + LINE] = event.line ?? 0;
    if (event.type === 'scan') {
      // Each refused square counted once, by its first reason, as the server's totals count it.
      b[o + 3] = ones(event.cols);
      b[o + 4] = ones(event.diag & ~event.cols);
      b[o + 5] = ones(event.anti & ~event.cols & ~event.diag);
    } else if (event.type === 'reject') {
      b[o + 3] = REASONS.indexOf(event.reason);
      b[o + 4] = event.by.row;
      b[o + 5] = event.by.col;
    } else if (event.type === 'solution') {
      this.solutionEvents.push(this.length);
      this.solutionColumns.push(event.columns);
    } else if (event.type === 'done') {
      this.done = event;
    }
    applyEvent(this, this.length, this.running);
    this.length++;
  }

  /** Event i decoded into a small object (only used for the handful of events on screen). */
  event(i) {
    const o = i * BYTES_PER_EVENT;
    const b = this.bytes;
    const e = { index: i, type: EVENT_TYPES[b[o]], row: b[o + 1], col: b[o + 2] };
    if (b[o] === TYPE_CODE.reject) {
      e.reason = REASONS[b[o + 3]];
      e.by = { row: b[o + 4], col: b[o + 5] };
    }
    return e;
  }

  typeAt(i) { return EVENT_TYPES[this.bytes[i * BYTES_PER_EVENT]]; }

  /** The line of the algorithm's listing that event i executes (from 1), or 0 for none. */
  lineAt(i) { return this.bytes[i * BYTES_PER_EVENT + LINE]; }

  /**
   * The tag of the listings' line for event i (the core's Step::tag: `try`, `reject_column`,
   * ..., `solution`), or null for the closing "done", which no line executes.
   */
  tagAt(i) {
    const o = i * BYTES_PER_EVENT;
    const type = EVENT_TYPES[this.bytes[o]];
    if (type === 'done') return null;
    return type === 'reject' ? `reject_${REASONS[this.bytes[o + 3]]}` : type;
  }

  /** The index of the last `type` event on `row` before event i, or -1. */
  lastOnRow(type, row, i) {
    const code = TYPE_CODE[type];
    for (let k = i - 1; k >= 0; k--) {
      const o = k * BYTES_PER_EVENT;
      if (this.bytes[o] === code && this.bytes[o + 1] === row) return k;
    }
    return -1;
  }

  /** The state after the first p events (p = 0: the empty board). */
  stateAt(p) {
    const k = Math.min(Math.floor(p / SNAPSHOT_EVERY), this.snapshotCount - 1);
    const state = emptyState(this.n, this.given);
    if (k >= 0) {
      state.queens.set(this.snapQueens.subarray(k * this.n, (k + 1) * this.n));
      state.counts.set(this.snapCounts.subarray(k * COUNTERS.length, (k + 1) * COUNTERS.length));
    }
    for (let i = Math.max(k, 0) * SNAPSHOT_EVERY; i < p; i++) applyEvent(this, i, state);
    return state;
  }

  /** How many solutions the first p events contain. */
  solutionsBefore(p) { return lowerBound(this.solutionEvents, p); }

  /** The index of the first solution event at or after event i, or -1. */
  nextSolutionFrom(i) {
    const k = lowerBound(this.solutionEvents, i);
    return k < this.solutionEvents.length ? this.solutionEvents[k] : -1;
  }

  /**
   * The position just after the next event of `type` after position p (p + 1 for 'event'), or
   * -1 when there is none.
   */
  positionAfterNext(type, p) {
    if (type === 'event') return p < this.length ? p + 1 : -1;
    const code = TYPE_CODE[type];
    for (let i = p; i < this.length; i++) if (this.bytes[i * BYTES_PER_EVENT] === code) return i + 1;
    return -1;
  }

  /** How many events of each type positions `from` to `to` pass: { place: 12, lift: 9, ... }. */
  tally(from, to) {
    const counts = new Array(EVENT_TYPES.length).fill(0);
    for (let i = Math.max(0, from); i < Math.min(to, this.length); i++) counts[this.bytes[i * BYTES_PER_EVENT]]++;
    return Object.fromEntries(EVENT_TYPES.map((type, k) => [type, counts[k]]));
  }

  /** The position just after the last event of `type` before position p - 1, or 0. */
  positionAfterPrevious(type, p) {
    if (type === 'event') return Math.max(0, p - 1);
    const code = TYPE_CODE[type];
    for (let i = p - 2; i >= 0; i--) if (this.bytes[i * BYTES_PER_EVENT] === code) return i + 1;
    return 0;
  }

  /**
   * The mirror trick's half search, the prefix of this one in which row 0's queen stands in the
   * left half (and, for odd n, the middle column): { end, middle }, the position just after
   * row 0's queen is lifted from the last of those columns, and the event at which it is put
   * on the middle column (-1 for even n); end is -1 where the loaded trace stops before.
   */
  halfSearch() {
    if (this.half?.length !== this.length) this.half = { length: this.length, ...this.#findHalf() };
    return this.half;
  }

  #findHalf() {
    const last = Math.ceil(this.n / 2) - 1;
    const middleCol = this.n % 2 ? (this.n - 1) / 2 : -1;
    let middle = -1;
    for (let i = 0; i < this.length; i++) {
      const o = i * BYTES_PER_EVENT;
      if (this.bytes[o + 1] !== 0) continue;
      const [type, col] = [this.bytes[o], this.bytes[o + 2]];
      if (type === TYPE_CODE.place && col === middleCol && middle < 0) middle = i;
      if (type === TYPE_CODE.lift && col === last) return { end: i + 1, middle };
    }
    return { end: -1, middle };
  }

  #saveSnapshot() {
    const k = this.snapshotCount++;
    if ((k + 1) * this.n > this.snapQueens.length) {
      this.snapQueens = grow(this.snapQueens, (k + 1) * this.n * 2);
      this.snapCounts = grow(this.snapCounts, (k + 1) * COUNTERS.length * 2);
    }
    this.snapQueens.set(this.running.queens, k * this.n);
    this.snapCounts.set(this.running.counts, k * COUNTERS.length);
  }

  #ensureCapacity(events) {
    if (events * BYTES_PER_EVENT > this.bytes.length) {
      this.bytes = grow(this.bytes, this.bytes.length * 2);
    }
  }
}

/** Advances `state` over event i: the board and the counters, as the server's `done` counts them. */
function applyEvent(trace, i, state) {
  const o = i * BYTES_PER_EVENT;
  const b = trace.bytes;
  const [row, col] = [b[o + 1], b[o + 2]];
  switch (b[o]) {
    case TYPE_CODE.try: state.counts[TESTED]++; break;
    case TYPE_CODE.reject: state.counts[REJECTED_FIRST + b[o + 3]]++; break;
    case TYPE_CODE.place: state.queens[row] = col; state.counts[NODES]++; break;
    case TYPE_CODE.dead_end: state.counts[DEAD_ENDS]++; break;
    case TYPE_CODE.lift: state.queens[row] = -1; break;
    case TYPE_CODE.solution: state.counts[SOLUTIONS]++; break;
    case TYPE_CODE.scan:
      state.counts[TESTED] += trace.n;
      for (let k = 0; k < 3; k++) state.counts[REJECTED_FIRST + k] += b[o + 3 + k];
      break;
    default: break;
  }
}

/** The number of set bits of a 32-bit mask. */
function ones(mask) {
  let count = 0;
  for (let m = mask >>> 0; m; m &= m - 1) count++;
  return count;
}

function grow(array, length) {
  const bigger = new array.constructor(length);
  bigger.set(array);
  return bigger;
}

/** The number of entries of the ascending array `sorted` that are below `value`. */
function lowerBound(sorted, value) {
  let [lo, hi] = [0, sorted.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < value) lo = mid + 1; else hi = mid;
  }
  return lo;
}
