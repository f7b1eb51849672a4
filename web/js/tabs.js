// Accessible tabs: one tab stop for the tab list, arrow keys (and Home/End) between tabs,
// the chosen tab's panel shown and the others hidden.

export function setUpTabs(tablist, onShow) {
  const tabs = [...tablist.querySelectorAll('[role="tab"]')];
  const select = (tab, focus) => {
    for (const t of tabs) {
      const chosen = t === tab;
      t.setAttribute('aria-selected', String(chosen));
      t.tabIndex = chosen ? 0 : -1;
      document.getElementById(t.getAttribute('aria-controls')).hidden = !chosen;
    }
    if (focus) tab.focus();
    onShow(tab.id);
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
    current: () => tabs.find((t) => t.getAttribute('aria-selected') === 'true').id,
    select: (id) => select(document.getElementById(id), false),
  };
}
