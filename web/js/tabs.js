// Accessible tabs, made from the views' registry (views.js): one tab stop for the tab list,
// arrow keys (and Home/End) between tabs, the chosen tab's panel shown and the others hidden.

import { VIEWS } from './views.js';

/** Fills `tablist` with a tab per view; `onShow(id)` runs when a view is shown. */
export function setUpTabs(tablist, onShow) {
  const tabs = VIEWS.map((view, i) => {
    const tab = document.createElement('button');
    tab.type = 'button';
    tab.setAttribute('role', 'tab');
    tab.id = `tab-${view.id}`;
    tab.dataset.view = view.id;
    tab.setAttribute('aria-controls', `panel-${view.id}`);
    tab.setAttribute('aria-selected', String(i === 0));
    tab.tabIndex = i === 0 ? 0 : -1;
    tab.append(view.label);
    if (view.more) tab.append(Object.assign(document.createElement('span'), { className: 'long', textContent: view.more }));
    return tab;
  });
  tablist.replaceChildren(...tabs);
  const select = (tab, focus) => {
    for (const t of tabs) {
      const chosen = t === tab;
      t.setAttribute('aria-selected', String(chosen));
      t.tabIndex = chosen ? 0 : -1;
      document.getElementById(t.getAttribute('aria-controls')).hidden = !chosen;
    }
    if (focus) tab.focus();
    onShow(tab.dataset.view);
  };
  tablist.addEventListener('click', (event) => {
    const tab = event.target.closest('[role="tab"]');
    if (tab) select(tab, false);
  });
  tablist.addEventListener('keydown', (event) => {
    const i = tabs.indexOf(document.activeElement);
    const target = {
      ArrowRight: tabs[(i + 1) % tabs.length],
      ArrowLeft: tabs[(i - 1 + tabs.length) % tabs.length],
      Home: tabs[0],
      End: tabs[tabs.length - 1],
    }[event.key];
    if (i < 0 || !target) return;
    event.preventDefault();
    event.stopPropagation(); // these keys also step the trace: not while moving between tabs
    select(target, true);
  });
  return {
    /** The id of the view shown ('watch', 'own', ...). */
    current: () => tabs.find((t) => t.getAttribute('aria-selected') === 'true').dataset.view,
    select: (id) => select(tabs.find((t) => t.dataset.view === id), false),
  };
}
