// The unit tests' traces: real `nqueens trace --json --until all` output (and two searches from
// given queens, from /api/trace?queens=), kept in traces.json. After a change to the engine's
// trace, write them again from the new binary (the browser test checks the live ones).

import fs from 'node:fs';
import { Trace } from '../../web/js/trace.js';

const TRACES = JSON.parse(fs.readFileSync(new URL('./traces.json', import.meta.url), 'utf8'));

/** The events of a named trace, e.g. 'sets 4'. */
export const eventsOf = (name) => TRACES[name];

/** A loaded Trace of a named trace; `given`: [row, col] queens the search started from. */
export function traceOf(name, given = []) {
  const [, algorithm, n] = name.match(/(\w+) (\d+)/);
  const trace = new Trace(Number(n), algorithm, given);
  TRACES[name].forEach((event) => trace.push(event));
  return trace;
}
