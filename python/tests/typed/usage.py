"""Every public function of nqueens used as the READMEs use it, each result
given the type a user would write: `mypy --strict` accepts this file
(tests/test_typing.py runs it), so the stub serves ordinary code."""

from typing import Any, Dict, Iterator, List, Optional, Tuple

import nqueens


def leetcode() -> Tuple[List[List[str]], int]:
    return nqueens.solve_n_queens(4), nqueens.total_n_queens(8)


def streamed() -> List[Tuple[int, ...]]:
    with nqueens.solutions(8, limit=3) as boards:
        return [columns for columns in boards]


def counted(n: int) -> nqueens.Counts:
    return nqueens.count(n)


def counts(n: int) -> Tuple[int, int, float, Optional[int]]:
    c = nqueens.count(n, threads=1, method="backtrack", stats=True)
    as_dict: nqueens.CountsDict = c.to_dict()
    return c.total, c.unique + as_dict["total"], c.seconds, c.peak_bytes


def shard(n: int) -> Dict[str, Any]:
    return nqueens.count(n, shard="0/2")


def events(n: int) -> List[str]:
    steps: Iterator[nqueens.TraceEvent] = nqueens.trace(n, until="all")
    return [step["type"] for step in steps]


def checked() -> Tuple[bool, str, List[bool], bool]:
    one = nqueens.verify([".Q..", "...Q", "Q...", "..Q."])
    pair = nqueens.verify((0, 1))["conflicts"][0]["text"]
    many = [check["valid"] for check in nqueens.verify([(1, 3, 0, 2), (0, 1, 2, 3)])]
    answer = nqueens.check_answer(4, [(1, 3, 0, 2), (2, 0, 3, 1)])
    return one["valid"], pair, many, answer["passed"]


def pictures() -> Tuple[str, str, str, int]:
    board = nqueens.Board((1, 3, 0, 2))
    shown = nqueens.show(nqueens.solutions(6), limit=4)
    steps = nqueens.show_trace(4)
    return nqueens.render(board), board.to_svg(), steps[-3].text, len(shown)


def constraints() -> Tuple[Optional[nqueens.Board], nqueens.Board, nqueens.Board]:
    done = nqueens.complete(8, queens=[(0, 0)], blocked=[(1, 2)], timeout=5.0)
    return done, nqueens.one(1000), nqueens.random(100, seed=7)


def the_rest() -> Tuple[List[str], int, Optional[int], str, Dict[str, Any]]:
    listing = nqueens.listing("bitmask")
    nodes = nqueens.stats(8, "sets")["nodes"]
    projection = nqueens.estimate(16, seconds=0.2)
    return listing, nodes, nqueens.default_max_memory(), nqueens.METHODS[0], projection
