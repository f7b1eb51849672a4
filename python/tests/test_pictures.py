"""Boards as pictures in a notebook: render(format="svg"), Board, show()
and show_trace(), each SVG read back as XML and its squares and queens
counted."""

import pickle
import xml.etree.ElementTree as ET

import pytest

import nqueens
from conftest import A000170, is_solution

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg):
    """The SVG document, parsed: it must be well-formed XML."""
    root = ET.fromstring(svg.encode())
    assert root.tag == SVG + "svg"
    return root


def boards_drawn(root):
    """The size of each board drawn: the checkerboard is one n × n rect
    (in a group scaled so that one unit is a square), filled with the
    2 × 2 tile of light and dark squares."""
    return [int(rect.get("width")) for rect in root.iter(SVG + "rect")
            if rect.get("fill") == "url(#ck)" and rect.get("width") == rect.get("height")]


def marks(root, kind):
    """The elements of class `kind` (queen, conflict, blocked, caption)."""
    return [e for e in root.iter() if kind in (e.get("class") or "").split()]


@pytest.mark.parametrize("n", [1, 4, 5, 8, 12])
def test_render_svg_draws_n_by_n_squares_and_a_queen_per_row(n):
    columns = next(iter(nqueens.solutions(n)))
    root = parse(nqueens.render(columns, format="svg"))
    assert boards_drawn(root) == [n]
    assert len(marks(root, "queen")) == n
    assert marks(root, "conflict") == []
    places = sorted((int(q.get("y")), int(q.get("x"))) for q in marks(root, "queen"))
    assert places == list(enumerate(columns))


def test_render_text_is_the_default_and_unknown_formats_are_refused():
    assert nqueens.render((1, 3, 0, 2), format="text") == nqueens.render((1, 3, 0, 2))
    with pytest.raises(ValueError, match=r'unknown format \"png\".*\"text\" or \"svg\"'):
        nqueens.render((1, 3, 0, 2), format="png")


def test_render_svg_refuses_a_board_that_is_no_board():
    with pytest.raises(ValueError, match="the column of row 1 must be an integer from 0 to 2, not 3"):
        nqueens.render((0, 3, 1), format="svg")
    with pytest.raises(ValueError, match="too wide to draw"):
        nqueens.render(range(1001), format="svg")
    with pytest.raises(TypeError, match="columns must be a sequence, not str"):
        nqueens.render("0123", format="svg")


def test_attacking_queens_are_joined_by_red_lines():
    root = parse(nqueens.render((0, 1, 2), format="svg"))
    assert len(marks(root, "queen")) == 3
    assert len(marks(root, "conflict")) == 3  # every pair on the main diagonal


def test_board_is_a_frozen_sequence_of_columns():
    board = nqueens.Board([1, 3, 0, 2])
    assert (len(board), board[0], board[-1], board[1:], list(board)) == (4, 1, 2, (3, 0, 2), [1, 3, 0, 2])
    assert board.columns == (1, 3, 0, 2) and board.n == 4 and board.valid
    assert board == nqueens.Board((1, 3, 0, 2)) == (1, 3, 0, 2)
    assert board != (2, 0, 3, 1) and board != [1, 3, 0, 2]
    assert hash(board) == hash((1, 3, 0, 2))
    assert board in set(nqueens.solutions(4))
    assert repr(board) == "Board((1, 3, 0, 2))"
    assert pickle.loads(pickle.dumps(board)) == board
    assert not nqueens.Board((0, 1)).valid
    with pytest.raises(AttributeError):
        board.columns = (2, 0, 3, 1)
    with pytest.raises(IndexError):
        board[4]


def test_board_refuses_what_is_not_a_board():
    with pytest.raises(ValueError, match="columns: the column of row 0 must be an integer from 0 to 1, not 2"):
        nqueens.Board((2, 0))
    with pytest.raises(TypeError, match="must be an int, not str"):
        nqueens.Board(["a"])
    with pytest.raises(TypeError, match="columns must be a sequence, not int"):
        nqueens.Board(5)


@pytest.mark.parametrize("n", [4, 8, 16])
def test_board_pictures(n):
    board = nqueens.Board(next(iter(nqueens.solutions(n))))
    for svg in (board.to_svg(), board._repr_svg_()):
        assert isinstance(svg, str)
        root = parse(svg)
        assert boards_drawn(root) == [n]
        assert len(marks(root, "queen")) == n


def test_a_board_too_wide_to_draw_has_no_picture_but_a_refusal():
    wide = nqueens.Board(range(1001))
    assert wide._repr_svg_() is None
    with pytest.raises(ValueError, match="a board of 1001 rows is too wide to draw"):
        wide.to_svg()


def test_show_draws_a_numbered_grid_and_stops_at_the_limit():
    boards = nqueens.show(nqueens.solutions(8), limit=12)
    assert len(boards) == 12 and repr(boards) == "<Boards: 12 of n = 8>"
    assert all(isinstance(b, nqueens.Board) and is_solution(b) for b in boards)
    assert list(boards) == list(nqueens.solutions(8, limit=12))
    root = parse(boards._repr_svg_())
    assert boards_drawn(root) == [8] * 12
    assert len(marks(root, "queen")) == 12 * 8
    assert [c.text for c in marks(root, "caption")] == [f"#{k}" for k in range(1, 13)]
    html = boards._repr_html_()
    assert isinstance(html, str) and "12 boards" in html and "<?xml" not in html
    assert len(boards[2:5]) == 3 and boards[2:5][0] == boards[2]


def test_show_takes_every_board_below_the_limit_and_lists_of_columns():
    assert len(nqueens.show(nqueens.solutions(6))) == A000170[6]
    assert len(nqueens.show(nqueens.solutions(9))) == 100  # the default limit
    assert len(nqueens.show([], limit=0)) == 0
    assert "no boards" in nqueens.show([])._repr_svg_()
    mixed = nqueens.show([(0,), nqueens.Board((1, 3, 0, 2))])
    assert boards_drawn(parse(mixed.to_svg())) == [1, 4]


def test_show_refuses_by_message():
    with pytest.raises(ValueError, match="limit must be an integer from 0 to 1000, not 1001"):
        nqueens.show([], limit=1001)
    with pytest.raises(TypeError, match="boards must be iterable, not int"):
        nqueens.show(3)
    with pytest.raises(ValueError, match="board 1: the column of row 0 must be an integer from 0 to 0"):
        nqueens.show([(0,), (5,)])


def test_show_trace_gives_each_line_of_narration_with_its_board():
    steps = nqueens.show_trace(4)
    texts = [step.text for step in steps]
    assert texts[0] == "row 0, col 0: place"
    assert texts[-3] == "solution 1: [1, 3, 0, 2]"
    assert steps[-3].queens == ((0, 1), (1, 3), (2, 0), (3, 2))
    assert steps.text == "\n".join(texts)
    dead_end = next(step for step in steps if "dead end" in step.text)
    # The row with no free square: all four squares refused, and the queen
    # about to be lifted still on the board.
    assert dead_end.refused == ((2, 0), (2, 1), (2, 2), (2, 3))
    assert dead_end.queens == ((0, 0), (1, 2))
    root = parse(dead_end.to_svg())
    assert len(marks(root, "blocked")) == 4 and len(marks(root, "conflict")) == 4
    assert len(marks(root, "queen")) == 2
    for html in (dead_end._repr_html_(), steps._repr_html_()):
        assert isinstance(html, str) and "dead end" in html and "<svg" in html


def test_show_trace_places_are_those_of_the_steps_narrated():
    for step in nqueens.show_trace(6, until="all", max_events=5000):
        rows = [row for row, _ in step.queens]
        assert rows == sorted(set(rows))
        assert all(0 <= col < 6 for _, col in step.queens)


def test_show_trace_refuses_by_message():
    with pytest.raises(ValueError, match="max_events must be an integer from 1 to 100000"):
        nqueens.show_trace(8, max_events=100001)
    with pytest.raises(ValueError, match='until must be "first" or "all", not "none"'):
        nqueens.show_trace(8, until="none")


def test_show_trace_of_bitmask_crosses_out_the_squares_a_scan_refuses():
    steps = nqueens.show_trace(5, algorithm="bitmask")
    scan = next(step for step in steps if step.text.startswith("row 1: attacked at once"))
    # Queen at (0, 0): column 0 and the ↘ square (1, 1) are refused at once.
    assert scan.queens[0] == (0, 0)
    assert scan.refused == ((1, 0), (1, 1))
    root = parse(scan.to_svg())
    assert len(marks(root, "blocked")) == 2 and marks(root, "conflict") == []


def test_boards_sort_as_their_tuples():
    boards = [nqueens.Board(columns) for columns in nqueens.solutions(6)][::-1]
    assert sorted(boards) == sorted(tuple(board) for board in boards)
    assert nqueens.Board((1, 3, 0, 2)) < (2, 0, 3, 1) and nqueens.Board((2, 0, 3, 1)) >= (1, 3, 0, 2)
    assert max(boards) == boards[0]
    with pytest.raises(TypeError):
        nqueens.Board((1, 3, 0, 2)) < "a string"


def test_render_names_the_columns_it_refuses():
    with pytest.raises(ValueError, match=r"^columns: the column of row 1 must be an integer from 0 to 1, not 9$"):
        nqueens.render((0, 9))
