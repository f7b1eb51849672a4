// The page's entry point: the board size and algorithm choosers, the tabs, the keyboard
// shortcuts, and the views (watch the search, place your own, symmetry, count).

import { WatchView } from './watch.js';
import { Player } from './player.js';
import { OwnBoard } from './own.js';
import { SymmetryView } from './symmetry.js';
import { CountView } from './count.js';
import { setUpTabs } from './tabs.js';

const MAX_N = 12; // the server's limit for traces
const BRUTE_FORCE_MAX_N = 11; // permutations: n! arrangements
const DEFAULT_N = 8;

const byId = (id) => document.getElementById(id);
const nSelect = byId('n');
const algorithmSelect = byId('algorithm');
const algorithmNote = byId('algorithm-note');

const player = new Player(new WatchView());
const own = new OwnBoard();
const symmetry = new SymmetryView();
new CountView();

for (let n = 1; n <= MAX_N; n++) nSelect.append(new Option(String(n), String(n), false, n === DEFAULT_N));

const tabs = setUpTabs(document.querySelector('[role="tablist"]'), (id) => {
  if (id !== 'tab-watch') player.pause();
  if (id === 'tab-symmetry') symmetry.load(Number(nSelect.value));
});

const NOTES = {
  sets: 'sets, arrays, bitmask and naive explore the same tree and tell the same story; they differ only in how they check a square (here: three hash sets of c, r − c and r + c).',
  arrays: 'sets, arrays, bitmask and naive explore the same tree; arrays check a square in three boolean arrays (columns, r + c, r − c + n − 1).',
  bitmask: 'sets, arrays, bitmask and naive explore the same tree; bitmask checks a whole row at once with three integers: watch the masks panel.',
  naive: 'sets, arrays, bitmask and naive explore the same tree; naive scans the queens above for the same column or diagonal, O(n) per square.',
  permutations: 'Brute force: a queen goes in every row first (each arrangement is a permutation of the columns), and only then is the whole arrangement checked. Compare its node count with the others.',
};

/** Reloads everything that depends on n or on the algorithm. */
function choose() {
  const n = Number(nSelect.value);
  const algorithm = algorithmSelect.value;
  algorithmNote.textContent = NOTES[algorithm];
  own.reset(n);
  if (tabs.current() === 'tab-symmetry') symmetry.load(n);
  if (algorithm === 'permutations' && n > BRUTE_FORCE_MAX_N) {
    player.unavailable(n, algorithm, `Brute force goes up to n = ${BRUTE_FORCE_MAX_N} on the server ` +
      `(${n}! arrangements are too many): choose a smaller board or another algorithm.`);
    return;
  }
  player.load(n, algorithm);
}

nSelect.addEventListener('change', choose);
algorithmSelect.addEventListener('change', choose);

// Shortcuts for the watch view. Keys typed into a form control are the control's own
// (arrows move a slider), so those are left alone; so are Space and Enter on a button reached
// by keyboard. A button focused by a mouse click (no :focus-visible) does not keep Space.
document.addEventListener('keydown', (event) => {
  if (tabs.current() !== 'tab-watch' || event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target;
  if (target.closest('input, select, textarea, [role="tablist"]')) return;
  const keyboardButton = target.closest('button') && target.matches(':focus-visible');
  if (event.key === 'Enter' || (keyboardButton && event.key === ' ')) return;
  if (target.closest('#tree') && ['+', '=', '-', '0'].includes(event.key)) return;
  if (player.handleKey(event.key)) event.preventDefault();
});

choose();
