"""count(progress=...), count(checkpoint=...) and count(shard="I/K"): the
long counts of `nqueens count --checkpoint FILE --shard I/K`, from Python.
Interruptions are made by a progress callback that raises, so no test
kills anything or waits on a clock."""

import json
import os
import sys
import types

import pytest

import nqueens
from conftest import A000170, A002562
from test_front_ends import binary, cli


class Stop(Exception):
    """Raised by a callback to stop a count part way."""


def no_work_threads(limit=60.0):
    """Waits until no thread of a stopped count is left (each is named
    nqueens-work): a count stopped by its callback closes its checkpoint
    on that thread, after the call has returned. Not a timing test: the
    limit only bounds a hang."""
    import time

    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        names = []
        for tid in os.listdir("/proc/self/task"):
            try:
                with open(f"/proc/self/task/{tid}/comm") as comm:
                    names.append(comm.read().strip())
            except FileNotFoundError:
                pass
        if "nqueens-work" not in names:
            return
        time.sleep(0.05)
    pytest.fail("a stopped count's thread did not end")


def test_progress_is_monotonic_and_ends_at_the_plan_s_units():
    calls = []
    counts = nqueens.count(14, method="backtrack", progress=lambda done, total: calls.append((done, total)))
    assert (counts.total, counts.unique) == (A000170[14], A002562[14])
    units = nqueens.stats(14)["units"]
    assert calls[0] == (0, units) and calls[-1] == (units, units)
    assert all(total == units for _, total in calls)
    assert all(a <= b for (a, _), (b, _) in zip(calls, calls[1:]))


def test_progress_false_or_none_is_a_plain_count():
    assert nqueens.count(10, progress=False).total == A000170[10]
    assert isinstance(nqueens.count(10, progress=None), nqueens.Counts)


def test_a_callback_that_raises_stops_the_count_with_its_exception():
    def stop(done, total):
        raise Stop(f"{done} of {total}")

    with pytest.raises(Stop, match=r"0 of \d+"):
        nqueens.count(12, progress=stop)
    no_work_threads()


def test_progress_true_draws_a_tqdm_auto_bar(monkeypatch):
    """tqdm.auto's bar: a widget in a notebook with ipywidgets, text on a
    terminal."""
    drawn = []

    class Bar:
        def __init__(self, **options):
            self.options, self.n, self.total = options, 0, None
            drawn.append(self)

        def update(self, k):
            self.n += k

        def close(self):
            self.closed = True

    monkeypatch.setitem(sys.modules, "tqdm", types.SimpleNamespace(tqdm=None))
    monkeypatch.setitem(sys.modules, "tqdm.auto", types.SimpleNamespace(tqdm=Bar))
    assert nqueens.count(13, method="backtrack", progress=True).total == A000170[13]
    [bar] = drawn
    assert bar.closed and bar.n == bar.total == nqueens.stats(13)["units"]
    assert bar.options["desc"] == "count 13"


def test_progress_true_without_tqdm_says_how_to_get_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)
    with pytest.raises(ImportError, match="progress=True draws a tqdm bar, and tqdm is not installed: pip install tqdm"):
        nqueens.count(8, progress=True)


def test_progress_refuses_what_is_not_callable():
    with pytest.raises(TypeError, match="progress must be a callable taking .*, not int"):
        nqueens.count(8, progress=3)


def test_a_checkpointed_count_runs_again_from_its_file(tmp_path):
    path = tmp_path / "count.db"
    first = nqueens.count(13, checkpoint=path)
    assert (first.total, first.unique) == (A000170[13], A002562[13])
    calls = []
    again = nqueens.count(13, checkpoint=str(path), progress=lambda d, t: calls.append((d, t)))
    assert (again.total, again.unique, again.nodes) == (first.total, first.unique, first.nodes)
    # Every unit was read back from the file: none left to count.
    total = calls[0][1]
    assert calls[0] == (total, total)


def test_a_stopped_checkpointed_count_goes_on_where_it_stopped(tmp_path):
    path = tmp_path / "count.db"
    seen = []

    def stop_once_a_unit_is_done(done, total):
        seen.append(done)
        if done > 0:
            raise Stop()

    with pytest.raises(Stop):
        nqueens.count(16, method="backtrack", threads=1, checkpoint=path, progress=stop_once_a_unit_is_done)
    no_work_threads()
    calls = []
    counts = nqueens.count(16, method="backtrack", checkpoint=path, progress=lambda d, t: calls.append((d, t)))
    assert counts.total == A000170[16] and counts.unique == A002562[16]
    assert calls[0][0] >= seen[-1] > 0  # it began with what the first run kept
    assert calls[-1][0] == calls[-1][1]


def test_the_checkpoint_of_another_count_is_refused_naming_the_file(tmp_path):
    path = tmp_path / "twelve.db"
    nqueens.count(12, checkpoint=path)
    with pytest.raises(ValueError, match=f"checkpoint {path} is of the count of n = 12 .*not of this count"):
        nqueens.count(13, checkpoint=path)
    with pytest.raises(ValueError, match=f"checkpoint {path} is of .*"):
        nqueens.count(12, method="plain", checkpoint=path)
    not_a_database = tmp_path / "notes.txt"
    not_a_database.write_text("not a checkpoint\n" * 100)
    with pytest.raises(ValueError, match=f"checkpoint {not_a_database}"):
        nqueens.count(12, checkpoint=not_a_database)
    with pytest.raises(TypeError, match=r"checkpoint must be a path \(str or os.PathLike\), not int"):
        nqueens.count(12, checkpoint=12)
    with pytest.raises(ValueError, match="checkpoint must be a file's path, not ''"):
        nqueens.count(12, checkpoint="")


@pytest.mark.parametrize("n, k, method", [(12, 1, "backtrack"), (12, 3, "backtrack"), (14, 7, "plain"),
                                          (16, 5, "join"), (8, 64, "backtrack")])
def test_shards_add_up_to_the_whole_count(n, k, method):
    records = [nqueens.count(n, shard=f"{i}/{k}", method=method) for i in range(k)]
    assert [r["shard"] for r in records] == list(range(k))
    assert all(r["shards"] == k and r["n"] == n and r["method"] == method for r in records)
    assert sum(r["total_thirds"] for r in records) == 3 * A000170[n]
    # Units' nodes, without the plan's rows above them, however cut.
    assert sum(r["nodes"] for r in records) == nqueens.count(n, shard="0/1", method=method)["nodes"]
    assert len({r["plan_hash"] for r in records}) == 1


def test_a_shard_counted_into_a_checkpoint_says_so(tmp_path):
    path = tmp_path / "shard.db"
    first = nqueens.count(13, shard="1/4", checkpoint=path)
    again = nqueens.count(13, shard="1/4", checkpoint=path)
    assert first["checkpoint"] == again["checkpoint"] is not None
    assert first["resumed_units"] == 0 and again["resumed_units"] == again["units"] > 0
    assert again["total_thirds"] == first["total_thirds"]
    with pytest.raises(ValueError, match=f"checkpoint {path}"):
        nqueens.count(13, shard="2/4", checkpoint=path)


def test_shards_are_refused_by_message():
    with pytest.raises(ValueError, match="shard 3/3 does not exist: I must be from 0 to 2 for 3 shards"):
        nqueens.count(12, shard="3/3")
    with pytest.raises(ValueError, match="shard 'x' is not of the form I/K"):
        nqueens.count(12, shard="x")


def test_the_command_line_merges_the_records_python_counted(tmp_path):
    binary()  # skips without the command line
    for i in range(3):
        record = nqueens.count(13, shard=f"{i}/3")
        (tmp_path / f"shard-{i}.json").write_text(json.dumps(record))
    merged = json.loads(cli("merge", str(tmp_path), "--json"))
    assert (merged["total"], merged["unique"]) == (A000170[13], A002562[13])
