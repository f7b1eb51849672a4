"""The algorithms' Python listings run under sys.settrace, step by step.

    python3 e2e/frames.py N [--style page|tutorial] [--algorithm A] [--steps 1,50,...]
      ->  JSON: {algorithm: [step, ...]} for the five listings (or A's alone), in the page's own
          style or the tutorials' (listing/tutorial/*.py); with --steps, only those steps (from 1)
          are written, each with its "step" number

Each step is one line of `nqueens trace N --json --until all` (a solution included, and the
closing "done"), found from the listing's own execution: its type, the listing line the trace
names for it, the call stack from the outer function down (each call with its arguments, and the
search's own call with its loop column, `col` or `c`, where it has one), and the variables of the innermost call at that moment. The browser test
compares these with what the page's code panel shows at every step.

When a step is taken is read from the tags the listings carry (`#@try`, `#@place`, ...):
- a check (`try` on a for line, `reject_*`, `scan`, `solution`) just after its line ran;
  brute force's `try` (an `if` that calls clash()) at the moment of that call;
- `place` just before the recursive call, once the choice is made in full (the queen appended
  and every set, array or mask updated);
- `lift` once the choice is undone in full, back at the loop's head;
- `dead_end` when a call returns without having placed a queen;
- a solution just after its line ran, or as that line returns (`return 1` counts one);
- `done` when the outer function returns.
Values are written as Python writes them, but for sets (sorted, so that the order does not
depend on hashing) and bitmask's masks (in binary, n digits: `format(mask, '#06b')` for n = 4).
`solutions` (`ans`) and the functions are left out: the page shows the solutions in their own panel.
"""

import argparse
import json
import re
import sys
from pathlib import Path

LISTINGS = Path(__file__).resolve().parent.parent / "crates/core/src/algorithm/listing"
ALGORITHMS = ["permutations", "naive", "sets", "arrays", "bitmask"]
MASKS = {"cols", "diag", "anti", "d1", "d2", "free", "bit", "full"}
LEFT_OUT = {"solutions", "ans"}


class Style:
    """Where a style's listings are, and the names of their functions and loop column."""

    def __init__(self, folder, outer, search, column):
        self.folder, self.outer, self.search, self.column = folder, outer, search, column

    def outer_of(self, algorithm):
        return "total_n_queens" if self.outer == "solve_n_queens" and algorithm == "bitmask" else self.outer


STYLES = {
    "page": Style(LISTINGS, "solve", "place", "col"),
    "tutorial": Style(LISTINGS / "tutorial", "solve_n_queens", "dfs", "c"),
}


def tags_of(source):
    """{line: {tag, ...}} for the listing's tagged lines."""
    tags = {}
    for number, text in enumerate(source.splitlines(), start=1):
        found = set(re.findall(r"#@(\w+)", text))
        if found:
            tags[number] = found
    return tags


class Recorder:
    """The trace function: watches the listing's frames and records each step."""

    def __init__(self, path, n, bitmask, names, wanted=None):
        self.path, self.n, self.bitmask = str(path), n, bitmask
        self.outer, self.search, self.column = names
        self.wanted = wanted  # the step numbers to write (from 1), or None for all
        self.taken = 0  # the steps taken so far
        self.tags = tags_of(Path(path).read_text())
        self.lift_line = next(line for line, t in self.tags.items() if "lift" in t)
        self.has_dead_ends = any("dead_end" in t for t in self.tags.values())
        self.steps = []
        self.pending = None  # (frame, line): the last line that started
        self.flags = {}  # frame -> {"placing", "lifting", "placed", "solution"}

    def ours(self, frame):
        return frame.f_code.co_filename == self.path and not frame.f_code.co_name.startswith("<")

    def show(self, name, value):
        if isinstance(value, (set, frozenset)):
            return "{" + ", ".join(map(str, sorted(value))) + "}" if value else "set()"
        if self.bitmask and name in MASKS and isinstance(value, int):
            return format(value, f"#0{self.n + 2}b")
        return repr(value)

    def variables(self, frame):
        return {
            name: self.show(name, value)
            for name, value in frame.f_locals.items()
            if name not in LEFT_OUT and not callable(value)
        }

    def stack(self, frame):
        calls = []
        while frame is not None:
            if self.ours(frame):
                code, local = frame.f_code, frame.f_locals
                args = code.co_varnames[: code.co_argcount]
                call = f"{code.co_name}({', '.join(f'{a}={self.show(a, local[a])}' for a in args)})"
                col = local.get(self.column) if code.co_name == self.search else None
                calls.append({"call": call, "col": col})
            frame = frame.f_back
        return calls[::-1]

    def record(self, kind, frame, line):
        self.taken += 1
        if self.wanted is None:
            self.steps.append({"type": kind, "line": line, "stack": self.stack(frame), "vars": self.variables(frame)})
        elif self.taken in self.wanted:
            self.steps.append({"step": self.taken, "type": kind, "line": line, "stack": self.stack(frame),
                               "vars": self.variables(frame)})

    def tag_line(self, tag):
        return next(line for line, t in self.tags.items() if tag in t)

    def resolve(self, event, frame):
        """The last line that started has run: is it a step?"""
        if self.pending is None:
            return
        at, line = self.pending
        tags = self.tags.get(line, set())
        next_line = event == "line" and frame is at and frame.f_lineno == line + 1
        calls_out = event == "call" and frame.f_back is at
        # A line may stand for several refusals (one `if` for the three reasons): one step.
        if any(tag.startswith("reject_") for tag in tags) and next_line:
            self.record("reject", at, line)
        if "try" in tags and (next_line or calls_out):
            self.record("try", at, line)
        if "scan" in tags and event == "line" and frame is at:
            self.record("scan", at, line)
        if "solution" in tags and event in ("line", "return") and frame is at:
            self.record("solution", at, line)
            self.flags[at]["solution"] = True
        if "place" in tags:
            self.flags[at]["placing"] = line
        if "lift" in tags:
            self.flags[at]["lifting"] = True
        self.pending = None

    def __call__(self, frame, event, arg):
        if not self.ours(frame):
            return None
        self.resolve(event, frame)
        if event == "call":
            self.flags[frame] = {"placing": 0, "lifting": False, "placed": False, "solution": False}
            caller = self.flags.get(frame.f_back)
            if caller and caller["placing"]:
                self.record("place", frame.f_back, caller["placing"])
                caller["placing"], caller["placed"] = 0, True
        elif event == "line":
            self.end_lift(frame, frame.f_lineno < self.lift_line)
            self.pending = (frame, frame.f_lineno)
        elif event == "return":
            self.end_lift(frame, True)
            flags = self.flags.pop(frame)
            if frame.f_code.co_name == self.outer:
                self.record("done", frame, None)
            elif frame.f_code.co_name == self.search and self.has_dead_ends and not (flags["placed"] or flags["solution"]):
                self.record("dead_end", frame, self.tag_line("dead_end"))
        return self

    def end_lift(self, frame, back_at_loop):
        flags = self.flags.get(frame)
        if flags and flags["lifting"] and back_at_loop:
            self.record("lift", frame, self.tag_line("lift"))
            flags["lifting"] = False


def frames(algorithm, n, style="page", wanted=None):
    """The steps of `algorithm`'s listing in `style` on n; `wanted`: the step numbers to keep."""
    names = STYLES[style]
    path = names.folder / f"{algorithm}.py"
    namespace = {"__name__": f"listing_{style}_{algorithm}"}
    exec(compile(path.read_text(), str(path), "exec"), namespace)
    outer = names.outer_of(algorithm)
    recorder = Recorder(path, n, algorithm == "bitmask", (outer, names.search, names.column), wanted)
    sys.settrace(recorder)
    try:
        namespace[outer](n)
    finally:
        sys.settrace(None)
    return recorder.steps


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="The listings' steps under sys.settrace, as JSON.")
    parser.add_argument("n", type=int, nargs="?", default=4)
    parser.add_argument("--style", choices=sorted(STYLES), default="page")
    parser.add_argument("--algorithm", choices=ALGORITHMS)
    parser.add_argument("--steps", help="the step numbers to write, from 1, comma-separated")
    options = parser.parse_args()
    wanted = {int(step) for step in options.steps.split(",")} if options.steps else None
    chosen = [options.algorithm] if options.algorithm else ALGORITHMS
    json.dump({a: frames(a, options.n, options.style, wanted) for a in chosen}, sys.stdout)
