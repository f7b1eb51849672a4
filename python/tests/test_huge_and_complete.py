"""complete(), one() and random(): the constraint search and the large
boards of `nqueens complete`, `nqueens one` and `nqueens random`, each
result checked for validity."""

import pytest

import nqueens
from conftest import A000170, is_solution


def keeps(board, queens, blocked):
    """The board holds every given queen and no blocked square."""
    return (all(board[r] == c for r, c in queens)
            and all(board[r] != c for r, c in blocked))


def test_complete_keeps_the_given_queens_and_avoids_the_blocked_squares():
    assert nqueens.complete(4, queens=[(0, 1)]) == (1, 3, 0, 2)
    cases = [(8, [(0, 0)], []), (8, [(3, 5), (6, 1)], [(0, 0), (1, 2)]),
             (12, [], [(r, r) for r in range(12)]), (30, [(0, 29), (29, 1)], [(15, 15)]),
             (64, [(10, 10)], [(0, c) for c in range(32)])]
    for n, queens, blocked in cases:
        board = nqueens.complete(n, queens=queens, blocked=blocked)
        assert isinstance(board, nqueens.Board) and len(board) == n
        assert is_solution(board) and keeps(board, queens, blocked), (n, queens, blocked)


def test_complete_finds_a_completion_exactly_when_one_exists():
    solutions = list(nqueens.solutions(6))
    for row in range(6):
        for col in range(6):
            expected = any(s[row] == col for s in solutions)
            found = nqueens.complete(6, queens=[(row, col)])
            assert (found is not None) == expected, (row, col)
    # Every square of row 0 blocked, or the 4×4 corner queen: none.
    assert nqueens.complete(5, blocked=[(0, c) for c in range(5)]) is None
    assert nqueens.complete(4, queens=[(0, 0)]) is None
    assert nqueens.complete(0) == () and nqueens.complete(1) == (0,)


def test_complete_names_the_queens_that_attack_each_other():
    with pytest.raises(ValueError, match=r"attack each other.*queens at row 0, col 0 and row 3, col 3 "
                                         r"share the ↘ diagonal r − c = 0$"):
        nqueens.complete(8, queens=[(0, 0), (3, 3)])
    with pytest.raises(ValueError, match=r"row 1, col 2 and row 5, col 2 share column 2"):
        nqueens.complete(8, queens=[(1, 2), (5, 2)])


def test_complete_refuses_bad_squares_by_message():
    with pytest.raises(ValueError, match="queens: row 9, col 0 is off the board: rows and columns run from 0 to 7"):
        nqueens.complete(8, queens=[(9, 0)])
    with pytest.raises(ValueError, match="blocked: row 0, col 0 is given twice"):
        nqueens.complete(8, blocked=[(0, 0), (0, 0)])
    with pytest.raises(ValueError, match="row 0, col 0 holds a queen and is blocked"):
        nqueens.complete(8, queens=[(0, 0)], blocked=[(0, 0)])
    with pytest.raises(TypeError, match=r"queens\[1\] must be a \(row, column\) pair, not int"):
        nqueens.complete(8, queens=[(0, 0), 3])
    with pytest.raises(TypeError, match=r"blocked\[0\] must be a \(row, column\) pair, not tuple"):
        nqueens.complete(8, blocked=[(1, 2, 3)])
    with pytest.raises(ValueError, match=r"queens\[0\]'s column must be a whole number from 0 up, not -1"):
        nqueens.complete(8, queens=[(0, -1)])
    with pytest.raises(ValueError, match="n must be an integer from 0 to 64, not 65"):
        nqueens.complete(65)
    with pytest.raises(ValueError, match="timeout must be a positive number of seconds, not 0"):
        nqueens.complete(8, timeout=0)


@pytest.mark.parametrize("n", [0, 1, 4, 5, 8, 9, 10, 11, 12, 13, 14, 15, 20, 99, 10_000, 1_000_000])
def test_one_is_a_solution(n):
    board = nqueens.one(n)
    assert len(board) == n and board.valid
    if n <= 100_000:
        assert is_solution(list(board))


@pytest.mark.parametrize("n", [1, 4, 5, 6, 8, 17, 1000, 10_000, 200_000])
def test_random_is_a_solution_and_the_seed_gives_it_again(n):
    board = nqueens.random(n, seed=12345)
    assert len(board) == n and is_solution(list(board))
    assert board == nqueens.random(n, seed=12345)


def test_random_boards_differ_by_seed():
    boards = {nqueens.random(8, seed=seed) for seed in range(40)}
    assert len(boards) > 10 and boards <= set(nqueens.solutions(8))
    assert len(boards) <= A000170[8]


def test_one_and_random_refuse_by_message():
    for f in (nqueens.one, nqueens.random):
        for n in (2, 3):
            with pytest.raises(ValueError, match=f"n = {n} has no solution"):
                f(n)
    with pytest.raises(ValueError, match="n must be an integer from 0 to 100000000, not 100000001"):
        nqueens.one(100_000_001)
    with pytest.raises(ValueError, match="n must be an integer from 0 to 10000000, not 10000001"):
        nqueens.random(10_000_001)
    with pytest.raises(ValueError, match="seed must be a whole number from 0 up, not -1"):
        nqueens.random(8, seed=-1)
    with pytest.raises(TypeError, match="seed must be an int, not str"):
        nqueens.random(8, seed="1")


def test_a_huge_board_indexes_without_copying_and_shows_only_its_start():
    board = nqueens.one(1_000_000)
    assert board[0] == 1 and board[-1] == board[999_999]
    assert repr(board) == "Board(n=1000000, columns=(1, 3, 5, 7, 9, 11, 13, 15, …))"
    assert board._repr_svg_() is None
    with pytest.raises(IndexError):
        board[1_000_000]
