// The page's entry point: the board size and algorithm choosers, the views (from the registry
// in views.js), the keyboard shortcuts, presenting mode, and the link that restores a view.

import { WatchView } from './watch.js';
import { Player } from './player.js';
import { OwnBoard } from './own.js';
import { SymmetryView } from './symmetry.js';
import { AnswerView } from './answer.js';
import { CountView } from './count.js';
import { setUpTabs } from './tabs.js';
import { VIEWS, viewOf } from './views.js';
import { linkTo, linkNotice, readLink } from './link.js';
import { Presenting } from './present.js';
import { listingOf } from './code.js';

const MAX_N = 12; // the server's limit for traces
const BRUTE_FORCE_MAX_N = 11; // permutations: n! arrangements
const DEFAULT_N = 4; // the tutorials' walk-through: two solutions, a handful of dead ends
const NEXT_N = 8; // one click away: the classic board

const byId = (id) => document.getElementById(id);
const [nSelect, algorithmSelect, nSwitch, linkMessage] = ['n', 'algorithm', 'n-switch', 'link-message'].map(byId);
const pageN = () => Number(nSelect.value);

const currentLink = (step = player.p) => linkTo({
  n: pageN(), algorithm: algorithmSelect.value, step, tab: tabs.current(), half: player.half, by: player.unit,
  code: watch.code.style,
  ...presenting.linkState(),
});
const watch = new WatchView({ go: (step) => { player.pause(); player.seek(step); }, href: (step) => currentLink(step) });
const player = new Player(watch);
const own = new OwnBoard(() => algorithmSelect.value);
const count = new CountView(() => (player.trace?.done && !player.trace.bruteForce
  ? { n: player.trace.n, nodes: player.trace.done.nodes } : null), () => showPuzzleN());

// The registry's views with their objects: what each does when shown, and where the focus
// goes after a choice in a menu (never left in the menu, where → would change it again).
const VIEW_OBJECTS = {
  watch: { onShow: () => {}, primary: () => byId('step-forward') },
  own: { onShow: () => {}, primary: () => own.focusTarget() },
  symmetry: { view: new SymmetryView(), onShow() { this.view.load(pageN()); }, primary: () => null },
  solutions: { view: new AnswerView(), onShow() { this.view.load(pageN()); }, primary: () => byId('answer-copy') },
  count: { onShow: () => count.choose(pageN()), primary: () => byId('count-start') },
};
const registry = VIEWS.map((v) => ({ ...v, ...VIEW_OBJECTS[v.id] }));
const entry = (id) => registry.find((v) => v.id === id);

for (let n = 1; n <= MAX_N; n++) nSelect.append(new Option(String(n), String(n), false, n === DEFAULT_N));

const tabs = setUpTabs(byId('tablist'), (id) => {
  if (id !== 'watch') player.pause();
  entry(id).onShow();
  byId('toolbar').dataset.view = id;
  showPuzzleN();
  followLink();
});
const presenting = new Presenting({ onChange: followLink });

/** The header states the puzzle for the board of the view shown (the count has its own n). */
function showPuzzleN() {
  const n = viewOf(tabs.current()).n === 'own' ? count.n : pageN();
  document.querySelectorAll('.puzzle-n').forEach((span) => { span.textContent = String(n); });
}

// The address follows the view, at most a few times a second while the search plays, and only
// from a loaded state: a link opened over a slow connection keeps its step while it loads.
let linkTimer = null;
function followLink() {
  if (linkTimer || !player.ready) return;
  linkTimer = setTimeout(() => {
    linkTimer = null;
    if (player.ready) history.replaceState(null, '', currentLink());
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

/** Problems with the link that opened the page, shown until the learner changes n. */
let linkProblems = [];
function showNotice(problems, shown) {
  linkMessage.textContent = linkNotice(problems, shown);
  linkMessage.hidden = problems.length === 0;
}

/** Reloads everything that depends on n or on the algorithm (at `step` of the new trace). */
async function choose(step = 0) {
  const n = pageN();
  const algorithm = algorithmSelect.value;
  byId('algorithm-note').textContent = NOTES[algorithm];
  showPuzzleN();
  nSwitch.textContent = n === NEXT_N ? `Back to n = ${DEFAULT_N}` : `Try n = ${NEXT_N}`;
  own.reset(n);
  if (tabs.current() !== 'watch') entry(tabs.current()).onShow();
  if (algorithm === 'permutations' && n > BRUTE_FORCE_MAX_N) {
    player.unavailable(n, algorithm, `Brute force goes up to n = ${BRUTE_FORCE_MAX_N} on the server ` +
      `(${n}! arrangements are too many): choose a smaller board or another algorithm.`);
    return;
  }
  const reached = await player.load(n, algorithm, { step });
  if (reached === false && linkProblems !== null) {
    const search = player.halved ? 'the half search' : 'this search';
    linkProblems.push(`step = ${step} is past the end of ${search} (${player.length.toLocaleString('en')} steps)`);
    showNotice(linkProblems, `n = ${n}, ${algorithm}, at its last step`);
  }
}

/** A choice in a menu: the new search, the link notice gone, and the focus out of the menu. */
function chosen() {
  linkProblems = null;
  showNotice([], '');
  choose();
  (entry(tabs.current()).primary() ?? byId(`tab-${tabs.current()}`)).focus();
}
nSelect.addEventListener('change', chosen);
algorithmSelect.addEventListener('change', chosen);
nSwitch.addEventListener('click', () => {
  nSelect.value = String(pageN() === NEXT_N ? DEFAULT_N : NEXT_N);
  linkProblems = null;
  showNotice([], '');
  choose();
});
byId('step-by').addEventListener('change', () => {
  followLink();
  byId('step-forward').focus();
});
byId('code-style').addEventListener('change', (event) => {
  watch.setCodeStyle(event.target.value);
  followLink();
  byId('step-forward').focus();
});
byId('count-n').addEventListener('change', () => byId('count-start').focus());
byId('half').addEventListener('change', (event) => {
  watch.half = event.target.checked;
  player.setHalf(event.target.checked);
});
byId('show-future').addEventListener('change', (event) => watch.log.setShowFuture(event.target.checked));

// Shortcuts for the watch view. Keys typed into a form control are the control's own
// (arrows move a slider or change a menu), so those are left alone; so are Space and Enter on
// a button reached by keyboard. A button focused by a mouse click (no :focus-visible) does not
// keep Space. PageDown and PageUp (a presenter's clicker) step only while presenting.
document.addEventListener('keydown', (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.key === 'Escape' && presenting.on) { presenting.stop(); return; } // from anywhere, any view
  const target = event.target;
  if (target.closest('input, select, textarea, [role="tablist"]')) return;
  if (presenting.handleKey(event.key)) { event.preventDefault(); return; } // P, on any view
  if (tabs.current() !== 'watch') return;
  const keyboardButton = target.closest('button') && target.matches(':focus-visible');
  if (event.key === 'Enter' || (keyboardButton && event.key === ' ')) return;
  if (event.key.startsWith('Page') && !presenting.on) return;
  if (player.handleKey(event.key)) event.preventDefault();
});

// The header's height, for the layout that fits the board, the code and the tree on one screen
// (set on <main>, whose boxes alone use it: a change restyles nothing above them).
let chromePx = parseFloat(getComputedStyle(byId('main')).getPropertyValue('--chrome'));
new ResizeObserver(([entryOf]) => {
  const px = Math.ceil(entryOf.borderBoxSize[0].blockSize);
  if (px === chromePx) return; // as the stylesheet guessed: no second layout
  chromePx = px;
  byId('main').style.setProperty('--chrome', `${px}px`);
}).observe(byId('chrome'));

// The view the address asks for; what it cannot give is said at the top of the page.
// The algorithms are the menu's, in the page's teaching order: the page's first paint, which the
// engine's own lists (from the listing the code panel asks for anyway) then correct.
const algorithms = [...algorithmSelect.options].map((option) => option.value);
listingOf(algorithmSelect.value, 'page').then(({ algorithms: engines, styles }) => {
  fitMenu(algorithmSelect, engines);
  fitMenu(byId('code-style'), styles);
}).catch(() => {}); // without the listing, the menus stay as the page wrote them

/** Keeps a menu's options that `names` has, in the menu's order, and adds the others after. */
function fitMenu(select, names) {
  for (const option of [...select.options]) if (!names.includes(option.value)) option.remove();
  const held = new Set([...select.options].map((option) => option.value));
  for (const name of names.filter((name) => !held.has(name))) select.add(new Option(name, name));
}
const link = readLink(location.search, { maxN: MAX_N, algorithms });
if (link.n !== null) nSelect.value = String(link.n);
if (link.algorithm !== null) algorithmSelect.value = link.algorithm;
if (link.by !== null) byId('step-by').value = link.by;
if (link.code !== null) {
  byId('code-style').value = link.code;
  watch.setCodeStyle(link.code);
}
if (link.half) {
  byId('half').checked = true;
  watch.half = true;
  player.half = true;
}
linkProblems = link.problems;
showNotice(linkProblems, `n = ${nSelect.value}, ${algorithmSelect.value}, from step ${link.step ?? 0}`);
if (link.tab !== null) tabs.select(link.tab);
else tabs.select('watch');
if (link.present) presenting.start(link.panels);
choose(link.step ?? 0);
