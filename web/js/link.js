// The page's state as a link: ?n=8&algorithm=bitmask&step=1900&tab=watch restores that view
// (and present=1&panels=code,tree the presenting mode, half=1 the mirror trick's half search,
// by=place|lift|solution the unit Step moves by, code=tutorial the code in the tutorials' names).
// The address follows the view as it changes, but only from a loaded state (replaced, not
// pushed: Back leaves the page rather than undoing steps). A value the page cannot show is
// said on the page, and the default is shown instead.

import { VIEW_IDS } from './views.js';

/** The panels a presenter can put beside the board, in the order they are offered. */
export const PANELS = ['code', 'tree', 'log', 'counters', 'masks', 'gallery'];
export const DEFAULT_PANELS = ['code', 'tree'];
const KEYS = ['n', 'algorithm', 'step', 'tab', 'present', 'panels', 'half', 'by', 'code'];
/** What Step moves by (the page's "step by" menu); `event` is the default, left out of links. */
export const STEP_UNITS = ['event', 'place', 'lift', 'solution'];
/** Whose names the code is written in (the core's CodeStyle); `page` is the default, left out of links. */
export const CODE_STYLES = ['page', 'tutorial'];

/**
 * Reads the page's address: { n, algorithm, step, tab, present, panels, half, by, code, problems }, each
 * value null where the link does not give it (or gives one that is not allowed, which
 * `problems` then says).
 */
export function readLink(search, { maxN, algorithms }) {
  const params = new URLSearchParams(search);
  const problems = [];
  for (const key of new Set(params.keys())) {
    if (!KEYS.includes(key)) {
      problems.push(`${shown(key)} is not a setting of this page (it takes ${KEYS.join(', ')})`);
      continue;
    }
    const values = params.getAll(key);
    if (values.length > 1) {
      problems.push(`${key} is given ${values.length} times (${values.map(shown).join(', ')}): the first is used`);
    }
  }
  const integer = (key, min, max) => {
    if (!params.has(key)) return null;
    const text = params.get(key);
    const value = /^\d{1,9}$/.test(text) ? Number(text) : NaN;
    if (value >= min && value <= max) return value;
    problems.push(`${key} = ${shown(text)} is not allowed: ${key} is a whole number from ${min} to ${max.toLocaleString('en')}`);
    return null;
  };
  const choice = (key, allowed) => {
    if (!params.has(key)) return null;
    const text = params.get(key);
    if (allowed.includes(text)) return text;
    problems.push(`${key} = ${shown(text)} is not one of ${allowed.join(', ')}`);
    return null;
  };
  return {
    n: integer('n', 1, maxN),
    algorithm: choice('algorithm', algorithms),
    step: integer('step', 0, 1_000_000),
    tab: choice('tab', VIEW_IDS),
    present: choice('present', ['0', '1']) === '1' ? true : null,
    panels: panelList(params, problems),
    half: choice('half', ['0', '1']) === '1' ? true : null,
    by: choice('by', STEP_UNITS),
    code: choice('code', CODE_STYLES),
    problems,
  };
}

/** The panels named by `panels=code,tree`, or null; a name that is not a panel is a problem. */
function panelList(params, problems) {
  if (!params.has('panels')) return null;
  const names = params.get('panels').split(',').filter(Boolean);
  const unknown = names.filter((name) => !PANELS.includes(name));
  if (unknown.length) problems.push(`panels: ${unknown.map(shown).join(', ')} is not one of ${PANELS.join(', ')}`);
  return names.filter((name) => PANELS.includes(name));
}

/** A value of the link as the notice quotes it: control characters escaped, at most 40 characters. */
function shown(text) {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}

/** The link to a view (presenting, the half search, a step unit and a code style only when they are on). */
export function linkTo({ n, algorithm, step, tab, present = false, panels = DEFAULT_PANELS, half = false, by = 'event', code = 'page' }) {
  const params = new URLSearchParams({ n: String(n), algorithm, step: String(step), tab });
  if (half) params.set('half', '1');
  if (by !== 'event') params.set('by', by);
  if (code !== 'page') params.set('code', code);
  if (present) {
    params.set('present', '1');
    params.set('panels', panels.join(','));
  }
  return `?${params}`;
}

/** What the page says about a link it could not follow in full, or '' when it could. */
export function linkNotice(problems, shown) {
  return problems.length ? `This link could not be followed in full: ${problems.join('; ')}. Showing ${shown} instead.` : '';
}
