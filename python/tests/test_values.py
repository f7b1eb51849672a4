"""Results behave like Python values (Counts compared, hashed, pickled,
copied), and every argument of the wrong type is refused naming it."""

import copy
import json
import multiprocessing
import pickle
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor

import pytest

import nqueens
from conftest import A000170, A002562


@pytest.mark.parametrize("start", multiprocessing.get_all_start_methods())
def test_counts_go_through_a_process_pool(start):
    # Counted here first: a process forked after a count must count too.
    assert nqueens.count(12).total == A000170[12] and nqueens.stats(9)["units"] > 0
    context = multiprocessing.get_context(start)
    with ProcessPoolExecutor(max_workers=2, mp_context=context) as pool:
        counted = list(pool.map(nqueens.count, [8, 9, 10], timeout=120))
    assert [(c.n, c.total, c.unique) for c in counted] == [
        (n, A000170[n], A002562[n]) for n in (8, 9, 10)]
    assert counted[2] == nqueens.count(10)


def test_counts_compare_by_what_was_counted():
    one, other = nqueens.count(10), nqueens.count(10, threads=1)
    # Equal although their clocks (and threads) differ: the docstring says so.
    assert one == other and hash(one) == hash(other)
    assert len({one, other, nqueens.count(11)}) == 2
    assert one != nqueens.count(11)
    assert one != nqueens.count(10, method="plain")  # other nodes, other method
    assert one != one.to_dict() and (one == 5) is False
    assert nqueens.count(8, stats=True) != nqueens.count(8, method="backtrack")


def test_counts_pickle_and_copy_whole():
    counts = nqueens.count(9, stats=True)
    for again in (pickle.loads(pickle.dumps(counts)), copy.copy(counts), copy.deepcopy(counts)):
        assert again == counts and type(again) is nqueens.Counts
        assert again.to_dict() == counts.to_dict()
        assert (again.seconds, again.threads, again.stats) == (
            counts.seconds, counts.threads, counts.stats)


def test_counts_are_frozen():
    counts = nqueens.count(6)
    with pytest.raises(AttributeError):
        counts.total = 5
    counts.stats  # None, and a dict asked for is a new one each time
    stats = nqueens.count(6, stats=True)
    stats.stats["nodes"] = -1
    assert stats.stats["nodes"] > 0


def test_counts_repr_and_dicts():
    counts = nqueens.count(8, threads=1)
    assert repr(counts).startswith("Counts(n=8, total=92, unique=12, nodes=")
    assert repr(counts).endswith(f"threads=1, method='{counts.method}')")
    fields = counts._asdict()
    assert fields == counts.to_dict()
    assert list(fields)[:8] == ["n", "total", "unique", "nodes", "nodes_kind", "seconds", "threads", "method"]


INT_PARAMETERS = [
    ("n", lambda v: nqueens.count(v)),
    ("n", lambda v: nqueens.total_n_queens(v)),
    ("n", lambda v: nqueens.solutions(v)),
    ("n", lambda v: nqueens.trace(v)),
    ("n", lambda v: nqueens.stats(v)),
    ("n", lambda v: nqueens.solve_n_queens(v)),
    ("n", lambda v: nqueens.check_answer(v, [])),
    ("limit", lambda v: nqueens.solutions(4, limit=v)),
    ("threads", lambda v: nqueens.count(4, threads=v)),
    ("max_memory", lambda v: nqueens.count(4, max_memory=v)),
    ("max_events", lambda v: nqueens.trace(4, max_events=v)),
    ("the column of row 0", lambda v: nqueens.render([v])),
    ("the column of row 0", lambda v: nqueens.verify([v])),
]


@pytest.mark.parametrize("name,call", INT_PARAMETERS)
def test_a_bool_is_no_int(name, call):
    for flag in (True, False):
        with pytest.raises(TypeError, match=f"{name} must be an int, not bool"):
            call(flag)


WRONG_TYPES = [
    (lambda: nqueens.count(8, method=1), r"method must be a str \(one of auto, backtrack"),
    (lambda: nqueens.count(8, shard=1), r'shard must be a str \("I/K" or None\), not int'),
    (lambda: nqueens.count(8, device=1), r'device must be a str \(one of auto, cpu, gpu\), not int'),
    (lambda: nqueens.count(8, stats=1), "stats must be True or False, not int"),
    (lambda: nqueens.solutions(8, unique="yes"), "unique must be True or False, not str"),
    (lambda: nqueens.solutions(8, algorithm=1), r"algorithm must be a str \(one of permutations"),
    (lambda: nqueens.trace(8, until=1), r'until must be a str \("first" or "all"\), not int'),
    (lambda: nqueens.trace(8, algorithm=b"sets"), "algorithm must be a str .*, not bytes"),
    (lambda: nqueens.stats(8, algorithm=[]), "algorithm must be a str .*, not list"),
    (lambda: nqueens.listing(3), "algorithm must be a str .*, not int"),
    (lambda: nqueens.render((0,), queen=1), r"queen must be a str \(one visible character\), not int"),
    (lambda: nqueens.render((0,), empty=0.5), "empty must be a str .*, not float"),
    (lambda: nqueens.check_answer(4, [], ordered=1), "ordered must be True or False, not int"),
    (lambda: nqueens.estimate(8, seconds="1"), r"seconds must be a number of seconds \(an int or a float\), not str"),
    (lambda: nqueens.estimate(8, seconds=True), "seconds must be a number of seconds .*, not bool"),
    (lambda: nqueens.complete(6, timeout="1"), "timeout must be a number of seconds .*, not str"),
    (lambda: nqueens.complete(6, timeout=False), "timeout must be a number of seconds .*, not bool"),
]


@pytest.mark.parametrize("call,message", WRONG_TYPES)
def test_wrong_types_name_the_parameter(call, message):
    with pytest.raises(TypeError, match=message):
        call()


def test_defaults_as_written():
    assert nqueens.count(8, method="auto", device="cpu", shard=None).total == 92
    assert list(nqueens.solutions(4, unique=False, algorithm="sets")) == [(1, 3, 0, 2), (2, 0, 3, 1)]
    assert nqueens.render((0,), queen="Q", empty=".") == "Q"


def test_the_constructor_names_what_is_wrong():
    fields = dict(n=8, total=92, unique=12, nodes=505, seconds=0.1, threads=1, method="backtrack")
    assert nqueens.Counts(**fields) == nqueens.count(8, method="backtrack")
    big = nqueens.Counts(**{**fields, "nodes": 10**30})
    assert big.nodes == 10**30 and pickle.loads(pickle.dumps(big)) == big
    for name, value, error, words in [
        ("n", "8", TypeError, "n must be an int, not str"),
        ("total", -1, ValueError, "total must be a whole number from 0 up, not -1"),
        ("unique", True, TypeError, "unique must be an int, not bool"),
        ("seconds", "fast", TypeError, r"seconds must be a number of seconds \(an int or a float\), not str"),
        ("seconds", True, TypeError, "seconds must be a number of seconds .*, not bool"),
        ("method", 3, TypeError, "method must be a str"),
        ("stats", {"nodes": object()}, TypeError, "stats must be a dict of stats"),
    ]:
        with pytest.raises(error, match=words):
            nqueens.Counts(**{**fields, name: value})


def test_max_memory_takes_sizes_as_the_command_line_does():
    for size in ("1G", "512M", "1.5GiB", " 2gb ", 1.5 * 2**30, 2**30):
        assert nqueens.count(8, max_memory=size).total == 92, size
    refused = nqueens.count
    with pytest.raises(ValueError, match=r"max_memory='lots': the memory limit must be a size such as 512M, 8G"):
        refused(8, max_memory="lots")
    with pytest.raises(ValueError, match=r"max_memory='512K': the memory limit .* at least 1M"):
        refused(8, max_memory="512K")
    for bad in (0.5, float("nan"), float("inf")):
        with pytest.raises(ValueError, match=r"max_memory must be at least 1 MiB .*, not " + repr(bad)):
            refused(8, max_memory=bad)
    # A size too small for the count is the count request's refusal, in keywords.
    with pytest.raises(ValueError, match=r"more than 1.0 MiB \(max_memory\)"):
        refused(18, method="join", max_memory="1M")


def test_counts_to_json_is_the_command_lines_object():
    counts = nqueens.count(10, threads=1, method="backtrack")
    line = json.loads(counts.to_json())
    assert list(line)[:2] == ["schema", "nqueens_version"]
    assert line["schema"] == "nqueens-count/1" and line["nqueens_version"] == nqueens.__version__
    assert {key: line[key] for key in counts.to_dict()} == counts.to_dict()
    with_stats = json.loads(nqueens.count(8, stats=True).to_json())
    assert with_stats["stats"]["nodes"] == with_stats["nodes"]
