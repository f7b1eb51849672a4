"""stats(method=...) and verify(queen=..., empty=...): the command line's
`count --stats --method M` and `verify --queen --empty` from Python."""

import pytest

import nqueens
from conftest import A000170


def test_stats_of_the_plain_tree_has_its_2057_nodes_at_8():
    plain = nqueens.stats(8, method="plain")
    assert plain["nodes"] == 2057 == nqueens.stats(8, "sets")["nodes"]
    assert plain["solutions"] == A000170[8]
    symmetric = nqueens.stats(8)
    assert symmetric == nqueens.stats(8, method="backtrack") == nqueens.stats(8, method="auto")
    assert symmetric["nodes"] < plain["nodes"]
    assert symmetric["plain_tree_nodes"] == 2057


@pytest.mark.parametrize("n", [4, 6, 9, 10])
def test_stats_plain_tree_is_every_algorithm_s_tree(n):
    assert nqueens.stats(n, method="plain")["nodes"] == nqueens.stats(n, "arrays")["nodes"]


def test_stats_method_is_refused_by_message():
    with pytest.raises(ValueError, match="the join method has none"):
        nqueens.stats(8, method="join")
    with pytest.raises(ValueError, match="a method applies to the bitmask algorithm's counts: sets counts by enumerating"):
        nqueens.stats(8, "sets", method="plain")
    with pytest.raises(ValueError, match="unknown method 'fast'"):
        nqueens.stats(8, method="fast")


def test_verify_reads_rows_by_the_glyphs_named():
    rows = ["-q--", "---q", "q---", "--q-"]
    assert nqueens.verify(rows, queen="q", empty="-")["valid"]
    crowned = [row.replace("q", "♛").replace("-", "·") for row in rows]
    assert nqueens.verify(crowned, queen="♛", empty="·")["valid"]
    # Named the other way round, the board has 12 queens.
    assert not nqueens.verify(rows, queen="-", empty="q")["valid"]
    reports = nqueens.verify([rows, ["q-", "-q"]], queen="q", empty="-")
    assert [r["valid"] for r in reports] == [True, False]
    assert reports[1]["attacking_pairs"] == 1


def test_verify_reports_glyphs_other_than_those_named():
    report = nqueens.verify(["Q.", ".Q"], queen="x", empty="y")
    assert not report["valid"]
    assert "`Q` at row 0, col 0 is neither the queen `x` nor the empty square `y`" in report["problems"][0]


def test_verify_advises_the_keywords_that_name_glyphs_it_cannot_tell():
    with pytest.raises(ValueError, match=r"cannot tell the queen from the empty square.*"
                                         r'such as queen="b", empty="a"$'):
        nqueens.verify(["ab", "ba"])
    assert not nqueens.verify(["ab", "ba"], queen="b", empty="a")["valid"]


def test_verify_glyphs_are_refused_by_message():
    with pytest.raises(TypeError, match="queen and empty go together"):
        nqueens.verify(["Q"], queen="Q")
    with pytest.raises(ValueError, match='queen and empty are both "q": the two glyphs must differ'):
        nqueens.verify(["q"], queen="q", empty="q")
    with pytest.raises(ValueError, match='queen = "qq": a glyph must be exactly one visible character'):
        nqueens.verify(["q"], queen="qq", empty=".")
    with pytest.raises(ValueError, match="empty = .*: a glyph must be a visible character"):
        nqueens.verify(["q"], queen="q", empty="\u200b")
