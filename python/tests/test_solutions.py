"""The lazy iterator: the same solutions as a tutorial solver, every
algorithm alike, in constant memory, and stopped when dropped."""

import gc
import resource

import pytest

import nqueens
from conftest import (
    A000170,
    A002562,
    is_solution,
    new_search_threads,
    search_threads,
    still_running,
    tutorial_solutions,
)

ALGORITHMS = ["permutations", "naive", "sets", "arrays", "bitmask"]


@pytest.mark.parametrize("n", range(0, 10))
def test_agrees_with_a_tutorial_solver(n):
    assert list(nqueens.solutions(n)) == tutorial_solutions(n)


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_every_algorithm_gives_the_same_solutions(algorithm):
    for n in range(0, 9):
        assert list(nqueens.solutions(n, algorithm=algorithm)) == tutorial_solutions(n)


@pytest.mark.parametrize("n", range(0, 12))
def test_solutions_are_valid_distinct_and_in_order(n):
    found = list(nqueens.solutions(n))
    assert len(found) == A000170[n]
    assert all(len(columns) == n and is_solution(columns) for columns in found)
    assert found == sorted(set(found))


@pytest.mark.parametrize("n", range(0, 12))
def test_unique_gives_one_board_per_class(n):
    unique = list(nqueens.solutions(n, unique=True))
    assert len(unique) == A002562[n]
    everything = set(nqueens.solutions(n))
    assert set(unique) <= everything


def test_limit_stops_after_that_many():
    assert list(nqueens.solutions(8, limit=3)) == tutorial_solutions(8)[:3]
    assert list(nqueens.solutions(8, limit=0)) == []
    assert len(list(nqueens.solutions(8, limit=None))) == 92
    assert len(list(nqueens.solutions(8, limit=1000))) == 92
    assert len(list(nqueens.solutions(10, unique=True, limit=5))) == 5


def test_dropping_the_iterator_stops_the_search():
    before = search_threads()
    iterator = nqueens.solutions(16)
    assert new_search_threads(before) == set(), "the search starts when it is first read"
    assert next(iterator) == (0, 2, 4, 1, 12, 8, 13, 11, 14, 5, 15, 6, 3, 10, 7, 9)
    assert new_search_threads(before), "a thread searches"
    del iterator
    gc.collect()
    assert still_running(before) == set()


def test_iterators_never_read_cost_no_thread():
    before = search_threads()
    unread = [nqueens.solutions(16) for _ in range(1000)]
    assert new_search_threads(before) == set()
    unread[0].close()
    assert list(unread[0]) == []


def test_close_and_with_stop_the_search():
    before = search_threads()
    iterator = nqueens.solutions(16)
    next(iterator)
    assert new_search_threads(before)
    iterator.close()
    assert list(iterator) == []
    assert still_running(before) == set()
    with nqueens.solutions(16, algorithm="sets") as iterator:
        assert len([columns for _, columns in zip(range(10), iterator)]) == 10
        assert new_search_threads(before)
    assert still_running(before) == set()
    with nqueens.trace(12, until="all") as steps:
        next(steps)
        assert new_search_threads(before)
    assert still_running(before) == set()


def test_a_search_read_to_the_end_leaves_no_thread():
    before = search_threads()
    assert len(list(nqueens.solutions(10))) == 724
    assert still_running(before) == set()


def test_all_of_n_16_in_constant_memory():
    """14,772,512 solutions, each a new tuple: memory must not grow with them."""
    peak_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    seen = 0
    last = None
    for columns in nqueens.solutions(16):
        seen += 1
        last = columns
    peak_after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    assert seen == A000170[16]
    assert is_solution(last) and last[0] == 15
    assert peak_after - peak_before < 64 * 1024, f"peak memory grew by {peak_after - peak_before} KiB"


def test_the_iterators_say_what_they_are():
    assert repr(nqueens.solutions(8)) == "<Solutions: solutions(8), a lazy iterator of column tuples>"
    assert repr(nqueens.solutions(8, 5, unique=True, algorithm="sets")) == (
        "<Solutions: solutions(8, limit=5, unique=True, algorithm='sets'), a lazy iterator of column tuples>")
    assert repr(nqueens.trace(5, until="all", algorithm="bitmask", max_events=9)) == (
        "<Trace: trace(5, until='all', algorithm='bitmask', max_events=9), a lazy iterator of step dicts>")


def test_the_limit_may_come_second():
    assert list(nqueens.solutions(8, 2)) == list(nqueens.solutions(8, limit=2))
    assert len(list(nqueens.solutions(8, 2))) == 2
