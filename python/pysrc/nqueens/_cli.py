"""``python -m nqueens``: the command line's main commands (solve, count,
trace, verify) in Python, over the same engine, printing what the
``nqueens`` binary prints where the package gives the same facts."""

import argparse
import json
import re
import sys

import nqueens


def compact(value):
    """JSON as the command line writes it: one line, no spaces."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def solve(args, out):
    found = nqueens.solutions(args.n, limit=args.limit, unique=args.unique,
                              algorithm=args.algorithm)
    if args.format == "json":
        out.write(compact([nqueens.render(c).split("\n") for c in found]) + "\n")
        return 0
    for index, columns in enumerate(found):
        if args.format == "columns":
            out.write(" ".join(map(str, columns)) + "\n")
        elif args.format == "ndjson":
            board = nqueens.render(columns).split("\n") if columns else []
            line = {"n": args.n, "index": index, "columns": list(columns), "board": board}
            out.write(compact(line) + "\n")
        else:
            out.write(("\n" if index else "") + nqueens.render(columns) + "\n")
    return 0


def count(args, out):
    # The engine's count, whose refusals advise this command's flags.
    counts = nqueens._engine._cli_count(args.n, threads=args.threads, method=args.method,
                                        max_memory=args.max_memory)
    if args.json or args.format == "json":
        # The command line's object, tagged with its schema and version.
        out.write(counts.to_json() + "\n")
    else:
        out.write(f"total:  {counts.total}\nunique: {counts.unique}\n")
    return 0


def plural(count, word, words=None):
    return f"{count} {word if count == 1 else (words or word + 's')}"


REASONS = {"column": "column", "diagonal": "diagonal", "anti_diagonal": "anti-diagonal"}


class Narrator:
    """A trace's steps told as the command line tells them: a row's tries
    on one line, its dead end and the lift that follows on the same."""

    def __init__(self, out, n, max_events):
        self.out, self.n, self.max_events = out, n, max_events
        self.row, self.parts, self.dead = None, [], False

    def write(self, line):
        self.out.write(line + "\n")

    def flush(self, tail=""):
        if self.parts:
            self.write(f"row {self.row}: " + " · ".join(self.parts) + tail)
        self.row, self.parts, self.dead = None, [], False

    def step(self, step):
        kind = step["type"]
        if kind in ("try", "scan", "reject") and self.row != step["row"]:
            self.flush()
            self.row = step["row"]
        if kind == "scan":
            attacked = step["cols"] | step["diag"] | step["anti"]
            cols = [str(c) for c in range(self.n) if attacked >> c & 1]
            self.parts.append("attacked at once: " + ("col " + ", ".join(cols) if cols else "none"))
        elif kind == "reject":
            by = step["by"]
            self.parts.append(f"col {step['col']} ✗ {REASONS[step['reason']]} "
                              f"(queen at row {by['row']}, col {by['col']})")
        elif kind == "place":
            if self.parts and self.row == step["row"]:
                self.parts.append(f"col {step['col']} ✓ place")
                self.flush()
            else:
                self.flush()
                self.write(f"row {step['row']}, col {step['col']}: place")
        elif kind == "dead_end":
            self.dead = True
        elif kind == "lift":
            lift = f"lift row {step['row']} (col {step['col']})"
            if self.dead:
                self.flush(" → dead end, " + lift)
            else:
                self.flush()
                self.write(lift)
        elif kind == "solution":
            self.flush()
            self.write(f"solution {step['index'] + 1}: {list(step['columns'])}")
            for row in nqueens.render(step["columns"]).split("\n") if step["columns"] else []:
                self.write("  " + row)
        elif kind == "done":
            self.flush()
            self.done(step)

    def done(self, stats):
        stopped = {
            None: "search complete",
            "first_solution": "stopped at the first solution (--until all goes on)",
            "max_events": f"stopped after {self.max_events} events (--max-events {self.max_events})",
        }[stats["stopped"]]
        rejected = stats["rejected"]
        self.write(stopped)
        self.write(
            f"{plural(stats['nodes'], 'node')}, {plural(stats['tested'], 'square')} tested, "
            f"{sum(rejected.values())} rejected (column {rejected['column']}, "
            f"diagonal {rejected['diagonal']}, anti-diagonal {rejected['anti_diagonal']}), "
            f"{plural(stats['dead_ends'], 'dead end')}, {plural(stats['solutions'], 'solution')}")


def trace(args, out):
    steps = nqueens.trace(args.n, until=args.until, algorithm=args.algorithm,
                          max_events=args.max_events)
    narrator = Narrator(out, args.n, args.max_events)
    for step in steps:
        if args.json:
            out.write(compact(step) + "\n")
        else:
            narrator.step(step)
    return 0


COLUMNS = re.compile(r"^\s*\d+(\s+\d+)*\s*$")


def read_boards(text):
    """The boards of `text` and the line (from 1) each starts on: a board
    of rows ends at a blank line; a line of numbers is a board of columns."""
    boards, rows, start = [], [], None
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if COLUMNS.match(line) and not rows:
            boards.append(([int(c) for c in line.split()], number))
        elif line:
            start = start or number
            rows.append(line)
        elif rows:
            boards.append((rows, start))
            rows, start = [], None
    if rows:
        boards.append((rows, start))
    return boards


def verify(args, out):
    boards = read_boards(args.file.read())
    if not boards:
        print("nqueens: error: no boards in the input", file=sys.stderr)
        return 1
    reports = nqueens.verify([board for board, _ in boards], queen=args.queen, empty=args.empty)
    if args.json:
        return verify_json(boards, reports, out)
    for index, ((board, line), report) in enumerate(zip(boards, reports), 1):
        if report["valid"]:
            continue
        out.write(f"board {index} (line {line}): not a solution\n")
        for conflict in report["conflicts"]:
            # A board of rows has a line per row; one of columns, one line.
            row = conflict["queens"][0][0] if isinstance(board[0], str) else 0
            out.write(f"  line {line + row}: {conflict['text']}\n")
        for problem in report["problems"]:
            out.write(f"  {problem}\n")
    valid = sum(report["valid"] for report in reports)
    if len(reports) == 1:
        verdict = "valid" if valid else "not valid"
    else:
        verdict = "all valid" if valid == len(reports) else f"{valid} valid, {len(reports) - valid} not"
    out.write(f"{plural(len(reports), 'board')} checked: {verdict}\n")
    return 0 if valid == len(reports) else 1


def verify_json(boards, reports, out):
    """`verify --json`: one object per board (squares as row and col, as
    the binary writes them), then the summary."""
    def square(queen):
        return {"row": queen[0], "col": queen[1]}

    for index, ((_, line), report) in enumerate(zip(boards, reports)):
        conflicts = [{**c, "queens": [square(q) for q in c["queens"]]} for c in report["conflicts"]]
        out.write(compact({"index": index, "line": line, **report, "conflicts": conflicts}) + "\n")
    valid = sum(report["valid"] for report in reports)
    summary = {"boards": len(reports), "valid": valid, "invalid": len(reports) - valid,
               "passed": valid == len(reports)}
    out.write(compact({"summary": summary}) + "\n")
    return 0 if valid == len(reports) else 1


def parser():
    top = argparse.ArgumentParser(
        prog="python -m nqueens",
        description="The N-Queens problem: solve, count, trace and verify, "
                    "as the nqueens command line does, in Python.")
    top.add_argument("--version", action="version", version=nqueens.__version__)
    commands = top.add_subparsers(dest="command", required=True, metavar="COMMAND")
    algorithms = ["permutations", "naive", "sets", "arrays", "bitmask"]

    one = commands.add_parser("solve", help="print every solution of the N×N board")
    one.add_argument("n", type=int, metavar="N", help="board size, 0 to 32")
    one.add_argument("--format", choices=["boards", "columns", "json", "ndjson"], default="boards")
    one.add_argument("--limit", type=int, metavar="K", help="stop after K solutions")
    one.add_argument("--unique", action="store_true", help="one board per symmetry class")
    one.add_argument("--algorithm", choices=algorithms, default="bitmask")
    one.set_defaults(run=solve)

    one = commands.add_parser("count", help="count the solutions, total and unique")
    one.add_argument("n", type=int, metavar="N", help="board size, 0 to 32")
    one.add_argument("--threads", "-j", type=int, metavar="T", help="worker threads (default: every core)")
    one.add_argument("--method", choices=list(nqueens.METHODS), default="auto")
    one.add_argument("--max-memory", metavar="SIZE",
                     help="the most memory the count may need, e.g. 512M or 8G (default: half the machine's)")
    json = one.add_mutually_exclusive_group()
    json.add_argument("--json", action="store_true", help="the counts as one JSON object, as nqueens count prints it")
    json.add_argument("--format", choices=["text", "json"], default="text", help="json: the same as --json")
    one.set_defaults(run=count)

    one = commands.add_parser("trace", help="narrate the search step by step")
    one.add_argument("n", type=int, metavar="N", help="board size, 0 to 32")
    one.add_argument("--until", choices=["first", "all"], default="first")
    one.add_argument("--algorithm", choices=algorithms, default="sets")
    one.add_argument("--max-events", type=int, metavar="K", help="stop after K events")
    one.add_argument("--json", action="store_true", help="one JSON object per event, per line")
    one.set_defaults(run=trace)

    one = commands.add_parser("verify", help="check boards: every attacking pair and its line")
    one.add_argument("file", nargs="?", type=argparse.FileType("r"), default="-",
                     help="boards (rows, a blank line between boards) or lines of "
                          "columns; - or nothing for standard input")
    one.add_argument("--queen", metavar="CH", help="the queen's glyph in boards (detected when not given)")
    one.add_argument("--empty", metavar="CH", help="the empty square's glyph in boards")
    one.add_argument("--json", action="store_true", help="one JSON object per board, then the summary")
    one.set_defaults(run=verify)
    return top


def main(argv=None, out=None):
    """Runs a command; its exit status: 0, 1 for boards that are not
    solutions, 2 for a bad argument."""
    args = parser().parse_args(argv)
    out = out or sys.stdout
    try:
        return args.run(args, out)
    except (ValueError, TypeError) as err:
        print(f"nqueens: error: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # `python -m nqueens solve 12 | head`
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        return 130
