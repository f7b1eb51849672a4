// The page's views, in tab order: the one registry that the tabs (tabs.js), the link
// (link.js), the entry point (main.js) and the browser test read. A new view is an entry
// here, its <section id="panel-ID"> in index.html, and its object in main.js's VIEW_OBJECTS.
// `n` says whose board size the header states: the page's (the toolbar's menu) or the
// view's own (the count goes up to a larger board than a trace).

export const VIEWS = [
  { id: 'watch', label: 'Watch', more: ' the search', n: 'page' },
  { id: 'own', label: 'Place your own', more: ' queens', n: 'page' },
  { id: 'symmetry', label: 'Symmetry', more: '', n: 'page' },
  { id: 'solutions', label: 'Solutions', more: ' (LeetCode 51)', n: 'page' },
  { id: 'count', label: 'Count', more: ' (LeetCode 52)', n: 'own' },
];

export const VIEW_IDS = VIEWS.map((v) => v.id);

/** The registry entry of a view id, or undefined. */
export const viewOf = (id) => VIEWS.find((v) => v.id === id);
