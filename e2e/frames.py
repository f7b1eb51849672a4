"""The algorithms' Python listings run under sys.settrace, step by step.

    python3 e2e/frames.py N  ->  JSON: {algorithm: [step, ...]} for the five listings

Each step is one line of `nqueens trace N --json --until all` (a solution included, and the
closing "done"), found from the listing's own execution: its type, the listing line the trace
names for it, the call stack from solve() down (each call with its arguments, and its `col`
where it has one), and the variables of the innermost call at that moment. The browser test
compares these with what the page's code panel shows at every step.

When a step is taken is read from the tags the listings carry (`#@try`, `#@place`, ...):
- a check (`try` on a for line, `reject_*`, `scan`, `solution`) just after its line ran;
  brute force's `try` (an `if` that calls clash()) at the moment of that call;
- `place` just before the recursive call, once the choice is made in full (the queen appended
  and every set, array or mask updated);
- `lift` once the choice is undone in full, back at the loop's head;
- `dead_end` when a call returns without having placed a queen;
- `done` when solve() returns.
Values are written as Python writes them, but for sets (sorted, so that the order does not
depend on hashing) and bitmask's masks (in binary, n digits: `format(mask, '#06b')` for n = 4).
`solutions` and the functions are left out: the page shows the solutions in their own panel.
"""

import json
import re
import sys
from pathlib import Path

LISTINGS = Path(__file__).resolve().parent.parent / "crates/core/src/algorithm/listing"
ALGORITHMS = ["permutations", "naive", "sets", "arrays", "bitmask"]
MASKS = {"cols", "diag", "anti", "free", "bit", "full"}
LEFT_OUT = {"solutions"}


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

    def __init__(self, path, n, bitmask):
        self.path, self.n, self.bitmask = str(path), n, bitmask
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
                calls.append({"call": call, "col": local.get("col")})
            frame = frame.f_back
        return calls[::-1]

    def record(self, kind, frame, line):
        self.steps.append({"type": kind, "line": line, "stack": self.stack(frame), "vars": self.variables(frame)})

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
        for tag in tags:
            if tag.startswith("reject_") and next_line:
                self.record("reject", at, line)
            elif tag == "try" and (next_line or calls_out):
                self.record("try", at, line)
            elif tag in ("scan", "solution") and event == "line" and frame is at:
                self.record(tag, at, line)
                if tag == "solution":
                    self.flags[at]["solution"] = True
            elif tag == "place":
                self.flags[at]["placing"] = line
            elif tag == "lift":
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
            if frame.f_code.co_name == "solve":
                self.record("done", frame, None)
            elif frame.f_code.co_name == "place" and self.has_dead_ends and not (flags["placed"] or flags["solution"]):
                self.record("dead_end", frame, self.tag_line("dead_end"))
        return self

    def end_lift(self, frame, back_at_loop):
        flags = self.flags.get(frame)
        if flags and flags["lifting"] and back_at_loop:
            self.record("lift", frame, self.tag_line("lift"))
            flags["lifting"] = False


def frames(algorithm, n):
    path = LISTINGS / f"{algorithm}.py"
    namespace = {"__name__": f"listing_{algorithm}"}
    exec(compile(path.read_text(), str(path), "exec"), namespace)
    recorder = Recorder(path, n, algorithm == "bitmask")
    sys.settrace(recorder)
    try:
        namespace["solve"](n)
    finally:
        sys.settrace(None)
    return recorder.steps


if __name__ == "__main__":
    size = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    json.dump({a: frames(a, size) for a in ALGORITHMS}, sys.stdout)
