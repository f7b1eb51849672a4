"""trace(): the events of `trace --json`, replayed to the same solutions."""

import pytest

import nqueens
from conftest import A000170

ROW_BY_ROW = ["naive", "sets", "arrays", "bitmask"]


def replay(steps, n):
    """Plays the steps of an n × n search on a board, checking each against
    it; gives the solutions the steps announce and the closing `done` step."""
    queens = {}
    solutions = []
    for step in steps:
        kind = step["type"]
        if kind == "place":
            assert step["row"] not in queens and step["row"] == len(queens)
            queens[step["row"]] = step["col"]
        elif kind == "lift":
            assert queens.pop(step["row"]) == step["col"]
        elif kind == "reject":
            assert_attacked(queens, step)
        elif kind == "scan":
            assert step["row"] == len(queens)
            assert_masks(queens, step, n)
        elif kind == "solution":
            columns = tuple(queens[row] for row in range(len(queens)))
            assert tuple(step["columns"]) == columns
            assert step["index"] == len(solutions)
            solutions.append(columns)
        elif kind == "done":
            return solutions, step
        else:
            assert kind in ("try", "dead_end"), kind
    raise AssertionError("no done step")


def assert_masks(queens, step, n):
    """A scan's masks are what the queens above attack in its row."""
    row, inside = step["row"], range(n)
    cols = sum(1 << c for c in queens.values())
    diag = sum(1 << (c + row - r) for r, c in queens.items() if c + row - r in inside)
    anti = sum(1 << (c - row + r) for r, c in queens.items() if c - row + r in inside)
    assert (step["cols"], step["diag"], step["anti"]) == (cols, diag, anti)


def assert_attacked(queens, step):
    row, col, by = step["row"], step["col"], step["by"]
    assert queens.get(by["row"]) == by["col"], "the attacker stands on the board"
    line = {
        "column": lambda r, c: c,
        "diagonal": lambda r, c: r - c,
        "anti_diagonal": lambda r, c: r + c,
    }[step["reason"]]
    assert line(row, col) == line(by["row"], by["col"])


@pytest.mark.parametrize("algorithm", ROW_BY_ROW)
@pytest.mark.parametrize("n", range(1, 8))
def test_steps_replay_to_every_solution(algorithm, n):
    steps = list(nqueens.trace(n, until="all", algorithm=algorithm))
    solutions, done = replay(steps, n)
    assert solutions == list(nqueens.solutions(n))
    assert done["solutions"] == A000170[n] and done["stopped"] is None


def test_brute_force_steps_announce_every_solution():
    steps = list(nqueens.trace(6, until="all", algorithm="permutations"))
    announced = [tuple(step["columns"]) for step in steps if step["type"] == "solution"]
    assert announced == list(nqueens.solutions(6))


def test_first_stops_at_the_first_solution():
    steps = list(nqueens.trace(4))
    assert steps[0] == {"type": "try", "row": 0, "col": 0, "line": 10}
    assert steps[1] == {"type": "place", "row": 0, "col": 0, "line": 17}
    solutions, done = replay(steps, 4)
    assert solutions == [(1, 3, 0, 2)]
    assert done["stopped"] == "first_solution"
    assert done["nodes"] == 9 and done["profile"] == [1, 2, 3, 2, 1]
    assert set(done) == {"type", "nodes", "profile", "tested", "rejected", "dead_ends",
                         "solutions", "stopped"}


def test_a_reject_names_its_reason_and_attacker():
    reject = next(step for step in nqueens.trace(4) if step["type"] == "reject")
    assert reject == {"type": "reject", "row": 1, "col": 0, "reason": "column",
                      "by": {"row": 0, "col": 0}, "line": 11}


def test_max_events_stops_the_trace():
    steps = list(nqueens.trace(8, until="all", max_events=10))
    assert len(steps) == 11
    assert steps[-1]["type"] == "done" and steps[-1]["stopped"] == "max_events"


def test_stats_match_the_command_lines():
    sets = nqueens.stats(8, "sets")
    assert sets["nodes"] == 2057
    assert sets["profile"] == [1, 8, 42, 140, 344, 568, 550, 312, 92]
    assert sets["rejected"] == {"column": 10212, "diagonal": 2088, "anti_diagonal": 1364}
    assert sets["solutions"] == 92 and "units" not in sets
    bitmask = nqueens.stats(8)
    assert bitmask["plain_tree_nodes"] == 2057
    assert bitmask["fraction_of_plain_tree"] == bitmask["nodes"] / 2057
    assert bitmask["units"] > 0
    for algorithm in ["naive", "sets", "arrays"]:
        whole = nqueens.stats(6, algorithm)
        assert whole["nodes"] == sum(whole["profile"]) and whole["solutions"] == 4


@pytest.mark.parametrize("algorithm", ROW_BY_ROW + ["permutations"])
def test_each_listing_runs_and_finds_every_solution_in_order(algorithm):
    scope = {}
    exec("\n".join(nqueens.listing(algorithm)), scope)
    for n in range(1, 8):
        assert scope["solve"](n) == [list(s) for s in nqueens.solutions(n)], n


# What each step's line says, in every listing: the step executes that line.
LINE_SAYS = {
    "try": ("for col in range(n):", "clash(queens)"),
    "reject": ("continue", "return r2"),
    "place": ("queens.append(col)", "used.add(col)", "bit = free & -free"),
    "dead_end": ("for col in range(n):", "while free:"),
    "lift": ("remove(col)", "queens.pop()", "= False"),
    "scan": ("free = full & ~(cols | diag | anti)",),
    "solution": ("solutions.append(queens[:])",),
}


REASON_SAYS = {
    "column": ("col in cols", "c == col for", "cols[col]"),
    "diagonal": ("row - col", "queens[r2] - queens[r1]"),
    "anti_diagonal": ("row + col", "queens[r1] - queens[r2]"),
}


@pytest.mark.parametrize("algorithm", ROW_BY_ROW + ["permutations"])
def test_every_step_names_the_line_it_executes(algorithm):
    lines = nqueens.listing(algorithm)
    seen = {}
    for step in nqueens.trace(6, until="all", algorithm=algorithm):
        kind = step["type"]
        if kind == "done":
            assert "line" not in step
            continue
        code = lines[step["line"] - 1]
        if kind == "reject":
            # The test of the step's reason; the line after it refuses the square.
            assert any(text in code for text in REASON_SAYS[step["reason"]]), (step, code)
            code = lines[step["line"]]
        assert any(text in code for text in LINE_SAYS[kind]), (kind, code)
        seen.setdefault((kind, step.get("reason")), step["line"])
        assert seen[(kind, step.get("reason"))] == step["line"], "one line per kind of step"
    assert ("scan", None) in seen if algorithm == "bitmask" else ("try", None) in seen


def test_the_bitmask_trace_reads_rows_not_squares():
    steps = list(nqueens.trace(4, algorithm="bitmask"))
    kinds = {step["type"] for step in steps}
    assert "try" not in kinds and "reject" not in kinds
    assert steps[0] == {"type": "scan", "row": 0, "cols": 0, "diag": 0, "anti": 0, "line": 10}
    assert steps[1] == {"type": "place", "row": 0, "col": 0, "line": 12}
    assert steps[2] == {"type": "scan", "row": 1, "cols": 1, "diag": 2, "anti": 0, "line": 10}
    done = steps[-1]
    whole = nqueens.stats(4, "sets")
    assert done["nodes"] == 9 and done["solutions"] == 1
    assert nqueens.stats(4, "bitmask")["tested"] == whole["tested"]


@pytest.mark.parametrize("algorithm", ROW_BY_ROW + ["permutations"])
def test_each_listing_in_the_tutorials_names_runs_and_finds_what_the_page_listing_finds(algorithm):
    page, tutorial = {}, {}
    exec("\n".join(nqueens.listing(algorithm)), page)
    exec("\n".join(nqueens.listing(algorithm, style="tutorial")), tutorial)
    for n in range(1, 9):
        if algorithm == "bitmask":
            assert tutorial["total_n_queens"](n) == len(page["solve"](n)) == nqueens.count(n).total, n
        else:
            assert tutorial["solve_n_queens"](n) == page["solve"](n), n
    assert nqueens.listing(algorithm, style="page") == nqueens.listing(algorithm)


def test_a_listing_style_is_page_or_tutorial():
    with pytest.raises(ValueError, match="unknown style \"leetcode\": the style must be one of page, tutorial"):
        nqueens.listing("sets", style="leetcode")
    with pytest.raises(TypeError, match="style must be a str \\(one of page, tutorial\\), not int"):
        nqueens.listing("sets", style=1)


def test_an_unknown_algorithm_has_no_listing():
    with pytest.raises(ValueError, match="unknown algorithm \"quick\": the algorithm must be one of"):
        nqueens.listing("quick")
