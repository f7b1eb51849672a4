"""verify(), check_answer() and render(): a learner's boards checked."""

import pytest

import nqueens
from conftest import tutorial_solutions

FOUR = [".Q..", "...Q", "Q...", "..Q."]


def test_verify_a_board_of_rows_or_columns():
    assert nqueens.verify(FOUR) == {"n": 4, "valid": True, "attacking_pairs": 0,
                                    "conflicts": [], "problems": []}
    assert nqueens.verify((1, 3, 0, 2))["valid"]
    assert nqueens.verify([1, 3, 0, 2])["valid"]


def test_verify_explains_each_conflict():
    report = nqueens.verify(["Q...", ".Q..", "...Q", "..Q."])
    assert not report["valid"] and report["attacking_pairs"] == 2
    first = report["conflicts"][0]
    assert first["line"] == "diagonal" and first["value"] == 0
    assert first["queens"] == [(0, 0), (1, 1)]  # (row, col), from 0
    assert first["text"] == ("queens at row 0, col 0 and row 1, col 1 "
                             "share the ↘ diagonal r − c = 0")
    assert report["conflicts"][1]["line"] == "anti_diagonal"


def test_verify_reports_boards_that_are_not_boards():
    missing = nqueens.verify(["Q...", "....", "...Q", ".Q.."])
    assert not missing["valid"]
    assert "row 1 has no queen" in missing["problems"]
    off = nqueens.verify((0, 7))
    assert not off["valid"] and any("7" in p for p in off["problems"])
    stranger = nqueens.verify(["Q.", ".X"])
    assert not stranger["valid"] and "`X`" in stranger["problems"][0]
    ragged = nqueens.verify(["Q..", "..", "..Q"])
    assert not ragged["valid"] and ragged["problems"]


def test_an_empty_board_is_no_board():
    assert nqueens.verify([[]])[0]["problems"] == ["an empty board: no rows"]


def test_verify_a_list_of_boards():
    reports = nqueens.verify([FOUR, (0, 1), [2, 0, 3, 1]])
    assert [r["valid"] for r in reports] == [True, False, True]
    assert nqueens.verify([]) == []


def test_check_answer_accepts_exactly_the_solutions():
    for n in range(1, 9):
        result = nqueens.check_answer(n, nqueens.solve_n_queens(n))
        assert result["passed"], result
        assert result["answer"]["missing"] == 0 and result["failures"] == []
    assert nqueens.check_answer(6, tutorial_solutions(6), ordered=True)["passed"]


def test_check_answer_finds_repeats_missing_and_wrong_boards():
    answer = [(1, 3, 0, 2), (1, 3, 0, 2), (0, 1, 2, 3)]
    result = nqueens.check_answer(4, answer)
    assert not result["passed"]
    # A repeat is a valid board, counted as a repeat, not as invalid.
    assert (result["boards"], result["valid"], result["invalid"]) == (3, 2, 1)
    assert result["answer"]["repeated"] == 1
    assert result["answer"]["missing"] == 1
    assert result["answer"]["missing_first"] == [(2, 0, 3, 1)]
    repeat, wrong = result["failures"]
    assert repeat["board_index"] == 1 and repeat["valid"]
    assert repeat["repeat_of_board_index"] == 0
    assert repeat["problems"] == ["repeats board 0"]
    assert wrong["board_index"] == 2 and not wrong["valid"] and wrong["attacking_pairs"] == 6
    assert wrong["conflicts"][0]["queens"] == [(0, 0), (1, 1)]
    assert "repeat_of_board_index" not in wrong


def test_check_answer_has_one_numbering_and_no_file_lines():
    """Every index counts from 0 and says what it counts; nothing names a
    line of a file the learner never wrote."""
    result = nqueens.check_answer(4, [(2, 0, 3, 1), (0, 1, 2, 3), (2, 0, 3, 1)], ordered=True)
    keys = {key for failure in result["failures"] for key in failure}
    assert "line" not in keys and "index" not in keys and "rank" not in keys
    late, wrong, repeat = result["failures"]
    assert (late["board_index"], late["solution_index"], late["valid"]) == (0, 1, True)
    assert wrong["board_index"] == 1 and not wrong["valid"]
    assert repeat["board_index"] == 2 and repeat["repeat_of_board_index"] == 0
    assert repeat["problems"] == ["repeats board 0"]
    # (2, 0, 3, 1) is solution 1 of solutions(4), where solution 0 comes first.
    assert result["answer"]["first_out_of_order_board_index"] == 0
    assert result["answer"]["missing_first"] == [next(nqueens.solutions(4))]


def test_check_answer_in_order():
    backwards = list(reversed(tutorial_solutions(5)))
    assert nqueens.check_answer(5, backwards)["passed"]
    result = nqueens.check_answer(5, backwards, ordered=True)
    assert not result["passed"] and result["answer"]["first_out_of_order_board_index"] == 0
    late = result["failures"][0]
    assert (late["board_index"], late["solution_index"], late["valid"]) == (0, 9, True)
    assert late["problems"] == [
        "out of order: it is solution 9 of solutions(n), where 0 was expected"]
    assert result["valid"] == 10 and result["invalid"] == 0


def test_check_answer_refuses_a_board_of_another_size():
    result = nqueens.check_answer(4, [(1, 3, 0, 2), (2, 0, 3, 1), (0, 2, 4, 1, 3)])
    assert (result["valid"], result["invalid"], result["passed"]) == (2, 1, False)
    other = result["failures"][0]
    assert other["board_index"] == 2 and not other["valid"]
    assert other["problems"] == ["a solution of n = 5, not of n = 4"]


def test_check_answer_for_boards_without_solutions():
    assert nqueens.check_answer(3, [])["passed"]
    assert not nqueens.check_answer(4, [])["passed"]


def test_render_draws_the_board():
    assert nqueens.render((1, 3, 0, 2)) == "\n".join(FOUR)
    assert nqueens.render([0], queen="♛", empty="·") == "♛"
    assert nqueens.render((1, 0), queen="q", empty="-") == "-q\nq-"
    assert nqueens.render(()) == ""
    for columns in nqueens.solutions(6):
        rows = nqueens.render(columns).split("\n")
        assert [row.index("Q") for row in rows] == list(columns)


def test_a_board_that_cannot_be_read_is_named_by_its_index():
    with pytest.raises(ValueError, match=r"^board 1: cannot tell which of `h` and `e` is the queen"):
        nqueens.verify([(1, 3, 0, 2), ["hello"]])
