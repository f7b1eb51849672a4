"""trace(): the events of `trace --json`, replayed to the same solutions."""

import pytest

import nqueens
from conftest import A000170

ROW_BY_ROW = ["naive", "sets", "arrays", "bitmask"]


def replay(steps):
    """Plays the steps on a board, checking each against it; gives the
    solutions the steps announce and the closing `done` step."""
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
    solutions, done = replay(steps)
    assert solutions == list(nqueens.solutions(n))
    assert done["solutions"] == A000170[n] and done["stopped"] is None


def test_brute_force_steps_announce_every_solution():
    steps = list(nqueens.trace(6, until="all", algorithm="permutations"))
    announced = [tuple(step["columns"]) for step in steps if step["type"] == "solution"]
    assert announced == list(nqueens.solutions(6))


def test_first_stops_at_the_first_solution():
    steps = list(nqueens.trace(4))
    assert steps[0] == {"type": "try", "row": 0, "col": 0}
    assert steps[1] == {"type": "place", "row": 0, "col": 0}
    solutions, done = replay(steps)
    assert solutions == [(1, 3, 0, 2)]
    assert done["stopped"] == "first_solution"
    assert done["nodes"] == 9 and done["profile"] == [1, 2, 3, 2, 1]
    assert set(done) == {"type", "nodes", "profile", "tested", "rejected", "dead_ends",
                         "solutions", "stopped"}


def test_a_reject_names_its_reason_and_attacker():
    reject = next(step for step in nqueens.trace(4) if step["type"] == "reject")
    assert reject == {"type": "reject", "row": 1, "col": 0, "reason": "column",
                      "by": {"row": 0, "col": 0}}


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
