"""Bad arguments raise the exception of the right kind, naming the value."""

import pytest

import nqueens


@pytest.mark.parametrize("call", [nqueens.count, nqueens.total_n_queens, nqueens.solutions,
                                  nqueens.trace, nqueens.stats])
def test_board_sizes_out_of_range(call):
    for n in (-1, 33, 10**30):
        with pytest.raises(ValueError, match=f"n must be an integer from 0 to 32, not {n}"):
            call(n)


@pytest.mark.parametrize("call", [nqueens.count, nqueens.total_n_queens, nqueens.solutions,
                                  nqueens.trace, nqueens.stats, nqueens.solve_n_queens])
def test_board_sizes_of_the_wrong_type(call):
    for n in ("8", 8.0, None, [8]):
        with pytest.raises(TypeError, match="n must be an int, not"):
            call(n)


def test_solve_n_queens_points_large_boards_to_the_iterator():
    with pytest.raises(ValueError, match=r"not 15: .*solutions\(n\)"):
        nqueens.solve_n_queens(15)


def test_names_that_do_not_exist():
    with pytest.raises(ValueError, match="unknown method 'fast': the method must be one of auto"):
        nqueens.count(8, method="fast")
    with pytest.raises(ValueError, match='unknown algorithm "bogo"'):
        nqueens.solutions(8, algorithm="bogo")
    with pytest.raises(ValueError, match='unknown algorithm "Sets"'):
        nqueens.trace(8, algorithm="Sets")
    with pytest.raises(ValueError, match='until must be "first" or "all", not'):
        nqueens.trace(8, until="last")


def test_limits_of_methods_and_algorithms():
    with pytest.raises(ValueError, match="the join method counts boards up to n = 27, not 28"):
        nqueens.count(28, method="join")
    with pytest.raises(ValueError, match="permutations algorithm accepts n up to 11.*not 12"):
        nqueens.solutions(12, algorithm="permutations")
    with pytest.raises(ValueError, match="threads must be an integer from 1 to 1024, not 0"):
        nqueens.count(8, threads=0)
    with pytest.raises(ValueError, match="threads must be an integer from 1 to 1024, not 5000"):
        nqueens.count(8, threads=5000)
    with pytest.raises(ValueError, match="limit must be a whole number from 0 up, not -1"):
        nqueens.solutions(8, limit=-1)
    with pytest.raises(ValueError, match="max_events must be a whole number from 1 up, not 0"):
        nqueens.trace(8, max_events=0)
    with pytest.raises(TypeError):
        nqueens.solutions(8, unique="yes")


def test_bad_boards():
    with pytest.raises(TypeError, match="board_or_boards must be a sequence, not str"):
        nqueens.verify(".Q..")
    with pytest.raises(TypeError, match="board_or_boards must be a sequence, not int"):
        nqueens.verify(5)
    with pytest.raises(TypeError, match="board 0 must be a list of row strings or a sequence of columns, not int"):
        nqueens.check_answer(4, [1, 3, 0, 2])
    with pytest.raises(TypeError, match="board 1: row 1 must be a str"):
        nqueens.verify([[".Q", "Q."], ["Q.", 5]])
    with pytest.raises(ValueError, match="the column of row 0 must be a whole number from 0 up, not -1"):
        nqueens.verify([-1, 0])
    for n in (0, 17):
        with pytest.raises(ValueError, match=f"n must be an integer from 1 to 16, not {n}: "):
            nqueens.check_answer(n, [])


def test_bad_drawings():
    with pytest.raises(ValueError, match="the column of row 1 must be an integer from 0 to 1, not 5"):
        nqueens.render((0, 5))
    with pytest.raises(ValueError, match='queen = "": a glyph must be exactly one visible character'):
        nqueens.render((0,), queen="")
    with pytest.raises(ValueError, match="the two glyphs must differ"):
        nqueens.render((0,), queen="x", empty="x")
    with pytest.raises(ValueError, match="a glyph must be a visible character"):
        nqueens.render((0,), empty="\u200b")
    with pytest.raises(ValueError, match="render draws boards up to 1000 wide"):
        nqueens.render(range(1001))
    with pytest.raises(TypeError, match="columns must be a sequence, not str"):
        nqueens.render("0")
