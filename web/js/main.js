// The page's entry point: the board size and algorithm choosers, the tabs, the keyboard
// shortcuts, the link that restores a view, and the views (watch the search, place your own,
// symmetry, count).

import { WatchView } from './watch.js';
import { Player } from './player.js';
import { OwnBoard } from './own.js';
import { SymmetryView } from './symmetry.js';
import { CountView } from './count.js';
import { setUpTabs } from './tabs.js';
import { linkTo, readLink, showProblems } from './link.js';

const MAX_N = 12; // the server's limit for traces
const BRUTE_FORCE_MAX_N = 11; // permutations: n! arrangements
const DEFAULT_N = 4; // the tutorials' walk-through: two solutions, a handful of dead ends
const NEXT_N = 8; // one click away: the classic board
const ALGORITHMS = ['sets', 'arrays', 'bitmask', 'naive', 'permutations'];

const byId = (id) => document.getElementById(id);
const nSelect = byId('n');
const algorithmSelect = byId('algorithm');
const algorithmNote = byId('algorithm-note');

const nSwitch = byId('n-switch');
const linkMessage = byId('link-message');

const currentLink = (step = player.p) => linkTo({
  n: Number(nSelect.value), algorithm: algorithmSelect.value, step, tab: tabs.current().replace('tab-', ''),
});
const player = new Player(new WatchView({ go: (step) => { player.pause(); player.seek(step); }, href: (step) => currentLink(step) }));
const own = new OwnBoard();
const symmetry = new SymmetryView();
const count = new CountView(() => (player.trace?.done && !player.trace.bruteForce
  ? { n: player.trace.n, nodes: player.trace.done.nodes } : null));

for (let n = 1; n <= MAX_N; n++) nSelect.append(new Option(String(n), String(n), false, n === DEFAULT_N));

const tabs = setUpTabs(document.querySelector('[role="tablist"]'), (id) => {
  if (id !== 'tab-watch') player.pause();
  if (id === 'tab-symmetry') symmetry.load(Number(nSelect.value));
  if (id === 'tab-count') count.choose(Number(nSelect.value));
  byId('toolbar').hidden = id === 'tab-count'; // the count has its own n, up to a larger board
  followLink();
});

// The address follows the view, at most a few times a second while the search plays.
let linkTimer = null;
function followLink() {
  if (linkTimer) return;
  linkTimer = setTimeout(() => {
    linkTimer = null;
    history.replaceState(null, '', currentLink());
  }, 250);
}
player.onMove = followLink;

const NOTES = {
  sets: 'sets, arrays, bitmask and naive explore the same tree and tell the same story; they differ only in how they check a square (here: three hash sets of c, r − c and r + c).',
  arrays: 'sets, arrays, bitmask and naive explore the same tree; arrays check a square in three boolean arrays (columns, r + c, r − c + n − 1).',
  bitmask: 'bitmask explores the same tree as sets, arrays and naive, but never tries a square alone: one expression reads a whole row (free = full & ~(cols | diag | anti)) and the queen goes on its lowest free bit. Watch the masks panel.',
  naive: 'sets, arrays, bitmask and naive explore the same tree; naive scans the queens above for the same column or diagonal, O(n) per square.',
  permutations: 'Brute force: a queen goes in every row first (each arrangement is a permutation of the columns), and only then is the whole arrangement checked. Compare its node count with the others.',
};

/** Reloads everything that depends on n or on the algorithm (at `step` of the new trace). */
async function choose(step = 0) {
  const n = Number(nSelect.value);
  const algorithm = algorithmSelect.value;
  algorithmNote.textContent = NOTES[algorithm];
  document.querySelectorAll('.puzzle-n').forEach((span) => { span.textContent = String(n); });
  nSwitch.textContent = n === NEXT_N ? `Back to n = ${DEFAULT_N}` : `Try n = ${NEXT_N}`;
  followLink();
  own.reset(n);
  if (tabs.current() === 'tab-symmetry') symmetry.load(n);
  if (algorithm === 'permutations' && n > BRUTE_FORCE_MAX_N) {
    player.unavailable(n, algorithm, `Brute force goes up to n = ${BRUTE_FORCE_MAX_N} on the server ` +
      `(${n}! arrangements are too many): choose a smaller board or another algorithm.`);
    return;
  }
  const reached = await player.load(n, algorithm, { step });
  if (reached === false) {
    showProblems(linkMessage, [`step = ${step} is past the end of this search (${player.length.toLocaleString('en')} steps)`],
      'its last step');
  }
}

nSelect.addEventListener('change', () => choose());
algorithmSelect.addEventListener('change', () => choose());
nSwitch.addEventListener('click', () => {
  nSelect.value = String(Number(nSelect.value) === NEXT_N ? DEFAULT_N : NEXT_N);
  choose();
});

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

// The view the address asks for; what it cannot give is said at the top of the page.
const link = readLink(location.search, { maxN: MAX_N, algorithms: ALGORITHMS });
if (link.n !== null) nSelect.value = String(link.n);
if (link.algorithm !== null) algorithmSelect.value = link.algorithm;
showProblems(linkMessage, link.problems, `n = ${nSelect.value}, ${algorithmSelect.value}, from step ${link.step ?? 0}`);
if (link.tab !== null) tabs.select(`tab-${link.tab}`);
choose(link.step ?? 0);
