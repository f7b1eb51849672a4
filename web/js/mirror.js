// The tutorials' mirror trick: reflecting a board left to right (column c ↔ n − 1 − c) turns a
// solution whose row-0 queen is in the left half into one whose queen is in the right half, so a
// search of half of row 0 and its reflection give every solution; for odd n the middle column is
// its own mirror and is searched as well. The counts per column of row 0 come from the server's
// solutions (GET /api/solve), and the right half's own counts are checked against the mirror.

import { getNdjson } from './api.js';
import { miniCard } from './minis.js';

const byId = (id) => document.getElementById(id);
const sum = (values) => values.reduce((a, b) => a + b, 0);

export class MirrorView {
  constructor() {
    this.row = byId('mirror-row');
    this.words = byId('mirror-words');
    this.example = byId('mirror-example');
  }

  /** Shows the trick for n, from every solution of n (n ≤ the symmetry tab's limit). */
  async load(n, signal) {
    this.row.replaceChildren();
    this.example.replaceChildren();
    this.words.textContent = `Counting the solutions of n = ${n} by the column of row 0's queen…`;
    const solutions = await getNdjson(`/api/solve?n=${n}`, signal);
    const byColumn = new Array(n).fill(0);
    for (const { columns } of solutions) byColumn[columns[0]]++;
    this.#drawRow(n, byColumn);
    this.words.textContent = explain(n, byColumn, solutions.length);
    const first = solutions.find(({ columns }) => columns[0] < (n - 1) / 2);
    if (first) {
      const mirrored = first.columns.map((c) => n - 1 - c);
      this.example.append(miniCard(first.columns, `found: row 0 in col ${first.columns[0]}`),
        miniCard(mirrored, `its mirror: col ${mirrored[0]}`, 'mini-card mirrored'));
    }
  }

  /** Row 0 of the board, each square with the solutions whose queen stands there. */
  #drawRow(n, byColumn) {
    const half = Math.floor(n / 2);
    this.row.style.setProperty('--n', n);
    this.row.replaceChildren(...byColumn.map((count, c) => {
      const cell = document.createElement('div');
      const kind = c < half ? 'searched' : n % 2 && c === half ? 'middle' : 'mirrored';
      cell.className = `mirror-cell ${kind}`;
      cell.setAttribute('role', 'listitem');
      cell.dataset.col = c;
      cell.dataset.count = count;
      const how = kind === 'mirrored' ? `↔ col ${n - 1 - c}` : kind === 'middle' ? '↔ itself' : 'searched';
      cell.append(text('b', String(count)), text('span', `col ${c}`), text('small', how));
      return cell;
    }));
  }
}

function text(tag, words) {
  const element = document.createElement(tag);
  element.textContent = words;
  return element;
}

const plural = (k, word) => `${k.toLocaleString('en')} ${word}${k === 1 ? '' : 's'}`;
const sumOf = (parts) => `${parts.join(' + ')} = ${plural(sum(parts), 'solution')}`;

/** The trick in one paragraph, with its sum, and whether the mirror's counts match. */
export function explain(n, byColumn, total) {
  const half = Math.floor(n / 2);
  const left = byColumn.slice(0, half);
  const searched = sum(left);
  const middle = n % 2 ? byColumn[half] : 0;
  const mirrorHolds = byColumn.every((count, c) => count === byColumn[n - 1 - c]);
  const parts = n % 2 ? [searched, searched, middle] : [searched, searched];
  const lastLeft = half - 1;
  const searchedWords = half > 0
    ? `Search only row 0's left half (col 0${lastLeft > 0 ? `–${lastLeft}` : ''}): ${left.length > 1 ? sumOf(left) : plural(searched, 'solution')}. `
    : '';
  const middleWords = n % 2
    ? `The middle column, col ${half}, is its own mirror, so it is searched too: ${middle}. ` : '';
  return `${searchedWords}Reflect each one left to right (col c ↔ col ${n - 1} − c): ${searched} more, ` +
    `with row 0's queen in the right half. ${middleWords}${sumOf(parts)}, ` +
    `every solution of n = ${n} (the server lists ${total})` +
    (mirrorHolds ? '; the right half\'s own counts match their mirrors.' : ' — but the right half does not match its mirror!');
}

/**
 * The half search of the Watch tab told beside the whole one: its nodes, its solutions, and
 * the sum that doubles them (the middle column's once, for odd n).
 */
export function halfWords(trace) {
  const n = trace.n;
  const { end, middle } = trace.halfSearch();
  const counts = trace.stateAt(end).counts;
  const [nodes, found] = [counts[0], counts[6]];
  const whole = trace.done ?? { nodes: trace.running.counts[0], solutions: trace.running.counts[6] };
  const left = middle >= 0 ? trace.solutionsBefore(middle) : found;
  const last = Math.ceil(n / 2) - 1;
  const cols = last > 0 ? `col 0–${last}` : 'col 0';
  const parts = n % 2 ? [left, left, found - left] : [left, left];
  const middleWords = n % 2 ? `, the middle column's ${found - left} once (each is the mirror of one of them)` : '';
  return `The half search is done: row 0's queen tried ${cols} only. It visited ${nodes.toLocaleString('en')} nodes ` +
    `(the whole search: ${whole.nodes.toLocaleString('en')}) and found ${plural(found, 'solution')}. Mirrored left to ` +
    `right they give the rest: the left half's ${left} twice${middleWords}: ${sumOf(parts)}, ` +
    `as many as the whole search finds (${whole.solutions.toLocaleString('en')}).`;
}
