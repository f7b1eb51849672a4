// The page's state as a link: ?n=8&algorithm=bitmask&step=1900&tab=watch restores that view,
// and the address follows the view as it changes (replaced, not pushed: Back leaves the page
// rather than undoing steps). A value the page cannot show is said on the page, and the
// default is shown instead.

export const TABS = ['watch', 'own', 'symmetry', 'count'];

/**
 * Reads the page's address: { n, algorithm, step, tab, problems }, each value null where the
 * link does not give it (or gives one that is not allowed, which `problems` then says).
 */
export function readLink(search, { maxN, algorithms }) {
  const params = new URLSearchParams(search);
  const problems = [];
  const known = new Set(['n', 'algorithm', 'step', 'tab']);
  for (const key of params.keys()) {
    if (!known.has(key)) problems.push(`"${key}" is not a setting of this page (it takes n, algorithm, step and tab)`);
  }
  const integer = (key, min, max) => {
    if (!params.has(key)) return null;
    const text = params.get(key);
    const value = /^\d{1,9}$/.test(text) ? Number(text) : NaN;
    if (value >= min && value <= max) return value;
    problems.push(`${key} = "${text}" is not allowed: ${key} is a whole number from ${min} to ${max.toLocaleString('en')}`);
    return null;
  };
  const choice = (key, allowed) => {
    if (!params.has(key)) return null;
    const text = params.get(key);
    if (allowed.includes(text)) return text;
    problems.push(`${key} = "${text}" is not one of ${allowed.join(', ')}`);
    return null;
  };
  return {
    n: integer('n', 1, maxN),
    algorithm: choice('algorithm', algorithms),
    step: integer('step', 0, 1_000_000),
    tab: choice('tab', TABS),
    problems,
  };
}

/** The link to a view. */
export function linkTo({ n, algorithm, step, tab }) {
  const params = new URLSearchParams({ n: String(n), algorithm, step: String(step), tab });
  return `?${params}`;
}

/** Shows the link's problems in `element` (hidden when there are none). */
export function showProblems(element, problems, fallback) {
  element.hidden = problems.length === 0;
  element.textContent = problems.length
    ? `This link could not be followed in full: ${problems.join('; ')}. Showing ${fallback} instead.`
    : '';
}
