// Symmetry: the fundamental solutions of the board (GET /api/solve?unique=true, one per class
// of rotations and reflections, with its class size), and the chosen class drawn as its eight
// images, the repeated ones marked: a class of size 4 shows each board twice, and so on.

import { getNdjson, isAbort } from './api.js';
import { miniCard } from './minis.js';
import { SYMMETRIES, transformColumns } from './geometry.js';
import { MirrorView } from './mirror.js';

export const SYMMETRY_MAX_N = 10;
const byId = (id) => document.getElementById(id);

export class SymmetryView {
  constructor() {
    this.status = byId('symmetry-status');
    this.list = byId('fundamentals');
    this.images = byId('images');
    this.mirror = new MirrorView();
  }

  /** Loads the classes of n (once per n). */
  async load(n) {
    if (this.n === n) return;
    this.n = n;
    this.abort?.abort();
    this.list.replaceChildren();
    this.images.replaceChildren();
    if (n > SYMMETRY_MAX_N) {
      this.status.textContent = `Symmetry classes are listed for n ≤ ${SYMMETRY_MAX_N} only: choose a smaller board.`;
      return;
    }
    const abort = (this.abort = new AbortController());
    this.status.textContent = `Loading the fundamental solutions of n = ${n}…`;
    let classes;
    try {
      [classes] = await Promise.all([getNdjson(`/api/solve?n=${n}&unique=true`, abort.signal),
        this.mirror.load(n, abort.signal)]);
    } catch (error) {
      if (!isAbort(error)) this.status.textContent = `Could not load the solutions: ${error.message}`;
      if (!isAbort(error)) this.n = undefined; // let the next visit try again
      return;
    }
    this.#showClasses(n, classes);
  }

  #showClasses(n, classes) {
    if (!classes.length) {
      this.status.textContent = `The ${n} × ${n} board has no solution at all.`;
      return;
    }
    const total = classes.reduce((sum, c) => sum + c.class_size, 0);
    this.status.textContent = `n = ${n}: ${classes.length} fundamental solution${classes.length === 1 ? '' : 's'}, ` +
      `whose classes hold ${total} boards in all (every solution of n = ${n}). Choose one to see its 8 images.`;
    const buttons = classes.map((solution, k) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'fundamental';
      button.dataset.index = k;
      button.dataset.classSize = solution.class_size;
      button.setAttribute('aria-pressed', 'false');
      button.append(miniCard(solution.columns, `class of ${solution.class_size}`));
      button.setAttribute('aria-label', `fundamental solution ${k + 1}, columns ${solution.columns.join(' ')}, ` +
        `class of ${solution.class_size}`);
      button.addEventListener('click', () => this.#choose(buttons, k, solution));
      return button;
    });
    this.list.replaceChildren(...buttons);
    this.#choose(buttons, 0, classes[0]);
  }

  #choose(buttons, k, solution) {
    buttons.forEach((b, i) => b.setAttribute('aria-pressed', String(i === k)));
    const seen = new Map(); // board key → the image number where it first appeared
    const cards = SYMMETRIES.map((symmetry, i) => {
      const columns = transformColumns(solution.columns, symmetry);
      const key = columns.join(',');
      const first = seen.get(key);
      if (first === undefined) seen.set(key, i + 1);
      const caption = `${i + 1}. ${symmetry.name}` + (first === undefined ? '' : ` — same as ${first}`);
      const card = miniCard(columns, caption, first === undefined ? 'mini-card' : 'mini-card duplicate');
      card.dataset.duplicateOf = first ?? '';
      return card;
    });
    const note = document.createElement('p');
    note.className = 'images-note';
    note.textContent = `${seen.size} different boards among the 8 images` +
      (seen.size === solution.class_size ? ' — the class size the server gave.' : ` — but the server said ${solution.class_size}!`);
    this.images.replaceChildren(...cards, note);
  }
}
