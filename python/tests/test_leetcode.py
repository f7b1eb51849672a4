"""LeetCode 51 and 52, and the counts against OEIS."""

import pytest

import nqueens
from conftest import A000170, A002562, is_solution


def test_leetcode_51_examples():
    assert nqueens.solve_n_queens(4) == [
        [".Q..", "...Q", "Q...", "..Q."],
        ["..Q.", "Q...", "...Q", ".Q.."],
    ]
    assert nqueens.solve_n_queens(1) == [["Q"]]


def test_leetcode_52_examples():
    assert nqueens.total_n_queens(4) == 2
    assert nqueens.total_n_queens(1) == 1


@pytest.mark.parametrize("n", range(0, 15))
def test_counts_match_oeis(n):
    counts = nqueens.count(n)
    assert (counts.n, counts.total, counts.unique) == (n, A000170[n], A002562[n])
    assert nqueens.total_n_queens(n) == A000170[n]
    assert counts.nodes > 0 and counts.seconds >= 0 and counts.threads >= 1


@pytest.mark.parametrize("method", ["backtrack", "plain", "join"])
def test_every_method_counts_the_same(method):
    for n in range(0, 13):
        counts = nqueens.count(n, method=method, threads=2)
        assert (counts.total, counts.unique) == (A000170[n], A002562[n])
        assert counts.method == method and counts.threads == 2


def test_auto_picks_the_join_for_large_even_boards():
    counts = nqueens.count(16)
    assert counts.method == "join"
    assert (counts.total, counts.unique) == (A000170[16], A002562[16])


def test_counts_as_the_command_line_reports_them():
    report = nqueens.count(8, method="backtrack").to_dict()
    fields = {"n", "total", "unique", "nodes", "nodes_kind", "seconds", "threads", "method", "peak_bytes"}
    assert set(report) == fields
    assert report["nodes_kind"] == "search_tree"
    assert nqueens.count(12, method="join").nodes_kind == "placements"
    assert report["peak_bytes"] > 0
    assert (report["total"], report["unique"], report["method"]) == (92, 12, "backtrack")
    assert "total=92" in repr(nqueens.count(8))


@pytest.mark.parametrize("n", range(0, 11))
def test_solve_n_queens_boards_are_valid_and_distinct(n):
    boards = nqueens.solve_n_queens(n)
    assert len(boards) == A000170[n]
    columns = [tuple(row.index("Q") for row in board) for board in boards]
    for board, queens in zip(boards, columns):
        assert all(len(row) == n and row.count("Q") == 1 for row in board)
        assert is_solution(queens)
    assert columns == sorted(set(columns))
