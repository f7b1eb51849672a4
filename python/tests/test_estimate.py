"""estimate(): `nqueens estimate N --json` from Python — the same fields,
the same plan, the same seed."""

import math

import pytest

import nqueens
from test_front_ends import cli

FIELDS = {"n", "method", "units", "one_core_seconds", "margin_seconds", "no_margin",
          "speed_spread", "core_hours", "seconds_on_threads", "threads", "memory_bytes",
          "least_memory_bytes", "pieces", "piece_rows", "prepare_seconds", "sample_seconds", "peak_bytes", "seed"}


def test_estimate_gives_the_command_line_s_fields():
    e = nqueens.estimate(16, seconds=0.2, threads=2)
    assert set(e) == FIELDS
    assert (e["n"], e["threads"], e["seed"], e["method"]) == (16, 2, 1, "join")
    assert e["one_core_seconds"] > 0 and e["pieces"] >= 1
    assert math.isclose(e["seconds_on_threads"], e["one_core_seconds"] / 2)
    assert math.isclose(e["core_hours"], e["one_core_seconds"] / 3600)
    assert (e["margin_seconds"] is None) == (e["no_margin"] is not None)


def test_estimate_agrees_with_the_command_line():
    import json

    ours = nqueens.estimate(15, seconds=0.1, threads=2, seed=7, method="backtrack")
    theirs = json.loads(cli("estimate", "15", "--seconds", "0.1", "--threads", "2",
                            "--seed", "7", "--method", "backtrack", "--json"))
    # The CLI's report names its schema and the tool's version too.
    assert set(theirs) - {"schema", "nqueens_version"} == set(ours)
    for field in ("n", "method", "units", "threads", "memory_bytes", "piece_rows", "seed"):
        assert ours[field] == theirs[field], field


def test_estimate_plans_the_units_the_count_runs():
    for n in (12, 14):
        assert nqueens.estimate(n, seconds=0.05, method="backtrack")["units"] == nqueens.stats(n)["units"]


def test_a_count_of_one_unit_is_timed_whole_without_an_error_bar():
    e = nqueens.estimate(4, seconds=0.05)
    assert e["units"] == 1 and e["margin_seconds"] is None
    assert e["no_margin"] == "the count is one unit, timed whole once, not sampled"


def test_estimate_refuses_by_message():
    with pytest.raises(ValueError, match="seconds must be more than 0 and at most 3600, not 0"):
        nqueens.estimate(16, seconds=0)
    with pytest.raises(ValueError, match="seconds must be more than 0 and at most 3600, not NaN"):
        nqueens.estimate(16, seconds=float("nan"))
    with pytest.raises(ValueError, match="seed must be a whole number from 0 up, not -1"):
        nqueens.estimate(16, seed=-1)
    with pytest.raises(ValueError, match="n must be an integer from 0 to 32, not 33"):
        nqueens.estimate(33)
    with pytest.raises(ValueError, match=r'needs about .* more than 1.0 MiB \(max_memory\)'):
        nqueens.estimate(18, method="join", max_memory=1 << 20)
