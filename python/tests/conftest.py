"""What the tests share: the OEIS counts, a tutorial-style solver written
in plain Python, and checks of a board's validity."""

import os
import time

# OEIS A000170: solutions of the n×n board, n = 0..16.
A000170 = [1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596,
           2279184, 14772512]
# OEIS A002562: solutions up to rotation and reflection, n = 0..16.
A002562 = [1, 1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752,
           285053, 1846955]


def tutorial_solutions(n):
    """Every solution as the tutorials find them: row by row, three sets of
    attacked columns, r - c diagonals and r + c anti-diagonals."""
    found, queens = [], []
    columns, downs, ups = set(), set(), set()

    def is_safe(row, col):
        return col not in columns and row - col not in downs and row + col not in ups

    def place(row):
        if row == n:
            found.append(tuple(queens))
            return
        for col in range(n):
            if not is_safe(row, col):
                continue
            queens.append(col)
            columns.add(col), downs.add(row - col), ups.add(row + col)
            place(row + 1)
            queens.pop()
            columns.discard(col), downs.discard(row - col), ups.discard(row + col)

    place(0)
    return found


def is_solution(columns):
    """No two queens share a column or a diagonal (rows are distinct by
    construction)."""
    n = len(columns)
    return (sorted(columns) == list(range(n))
            and len({r - c for r, c in enumerate(columns)}) == n
            and len({r + c for r, c in enumerate(columns)}) == n)


def search_threads():
    """The ids of this process's search threads (Linux): the thread an
    iterator starts, which the package names `nqueens-search`, and the
    threads it starts in turn, which inherit the name. Other threads,
    such as one of an earlier test still ending, are no concern of a test
    of the iterators."""
    found = set()
    for tid in os.listdir("/proc/self/task"):
        try:
            with open(f"/proc/self/task/{tid}/comm") as comm:
                name = comm.read().strip()
        # It ended while the list was read: gone, or going (ESRCH).
        except (FileNotFoundError, ProcessLookupError):
            continue
        if name == "nqueens-search":
            found.add(int(tid))
    return found


def new_search_threads(before):
    """The search threads running now that were not in `before`."""
    return search_threads() - before


def still_running(before, seconds=60.0):
    """The search threads not in `before` still running once they have
    all ended, or `seconds` have passed (a bound for a failing test, not a
    measure: the wait ends as soon as they are gone)."""
    deadline = time.monotonic() + seconds
    while new_search_threads(before) and time.monotonic() < deadline:
        time.sleep(0.01)
    return new_search_threads(before)
