"""bench/python.sh's measurements: pure Python against the nqueens package,
side by side, as medians of alternating runs."""

import platform
import resource
import statistics
import time

import nqueens


def pure_total(n):
    """LeetCode 52 the tutorials' way: three bitmasks, one call per queen."""
    full = (1 << n) - 1

    def place(columns, downs, ups):
        if columns == full:
            return 1
        found = 0
        free = full & ~(columns | downs | ups)
        while free:
            bit = free & -free
            free ^= bit
            found += place(columns | bit, ((downs | bit) << 1) & full, (ups | bit) >> 1)
        return found

    return place(0, 0, 0)


def pure_solutions(n):
    """Every solution as a tuple of columns, from a bitmask generator."""
    full = (1 << n) - 1
    queens = []

    def place(columns, downs, ups):
        if columns == full:
            yield tuple(queens)
            return
        free = full & ~(columns | downs | ups)
        while free:
            bit = free & -free
            free ^= bit
            queens.append(bit.bit_length() - 1)
            yield from place(columns | bit, ((downs | bit) << 1) & full, (ups | bit) >> 1)
            queens.pop()

    yield from place(0, 0, 0)


def seconds(work):
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def side_by_side(title, contenders, runs):
    """Runs the contenders in turn, `runs` rounds; prints medians and the
    ratio of each to the first."""
    times = {name: [] for name, _ in contenders}
    for _ in range(runs):
        for name, work in contenders:
            times[name].append(seconds(work))
    print(f"## {title} (median of {runs} runs)")
    base = statistics.median(times[contenders[0][0]])
    for name, _ in contenders:
        median = statistics.median(times[name])
        print(f"  {name:<40} {median * 1000:10.2f} ms   {base / median:8.1f}× faster than pure Python")


def main():
    print(f"Python {platform.python_version()}, nqueens {nqueens.__version__}, {platform.machine()}")
    assert pure_total(12) == nqueens.count(12).total == 14200
    side_by_side("total_n_queens(12)", [
        ("pure Python, bitmask recursion", lambda: pure_total(12)),
        ("nqueens.count(12, threads=1)", lambda: nqueens.count(12, threads=1)),
        ("nqueens.count(12) (all cores)", lambda: nqueens.count(12)),
    ], runs=5)
    mine = list(nqueens.solutions(14))
    assert mine == sorted(pure_solutions(14)) and len(mine) == 365596
    del mine
    side_by_side("every solution of n = 14 iterated (365,596 tuples)", [
        ("pure Python, bitmask generator", lambda: sum(1 for _ in pure_solutions(14))),
        ("nqueens.solutions(14)", lambda: sum(1 for _ in nqueens.solutions(14))),
    ], runs=3)

    peak_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started = time.perf_counter()
    seen = sum(1 for _ in nqueens.solutions(16))
    elapsed = time.perf_counter() - started
    grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - peak_before
    assert seen == 14772512
    print("## every solution of n = 16 iterated (14,772,512 tuples, one run)")
    print(f"  nqueens.solutions(16)  {elapsed:.2f} s, {seen / elapsed / 1e6:.2f} million a second, "
          f"peak memory grew by {grown / 1024:.1f} MiB")


if __name__ == "__main__":
    main()
