"""count() off the interpreter: other threads go on, Ctrl-C stops it."""

import collections
import os
import signal
import sys
import threading
import time

import pytest

import nqueens
from conftest import A000170, A002562


def test_count_16_releases_the_gil():
    progress = []
    stop = threading.Event()

    def spin():
        while not stop.is_set():
            progress.append(time.perf_counter())

    spinner = threading.Thread(target=spin)
    spinner.start()
    try:
        time.sleep(0.05)
        started = time.perf_counter()
        counts = nqueens.count(16, threads=1)
        ended = time.perf_counter()
    finally:
        stop.set()
        spinner.join()
    assert (counts.total, counts.unique) == (A000170[16], A002562[16])
    during = [t for t in progress if started < t < ended]
    # Held, the GIL would keep the spinner still for the whole count, but
    # for at most one switch interval before the count took it. How much
    # of the count it ran beside depends on the machine's load: not asked.
    switch = sys.getswitchinterval()
    assert len(during) > 1, f"{len(during)} steps in {ended - started:.2f} s"
    assert during[-1] - during[0] > 10 * switch, f"steps over {during[-1] - during[0]:.3f} s"


class Interrupt:
    """Ctrl-C (SIGINT to this process) 0.3 s from now, and when it was
    sent: the work it stops takes hours (or never ends), so it always
    comes first, however slow the machine; cancelled on leaving a `with`."""

    def __init__(self):
        self.sent = None
        # Python's own handler, whatever the test was started with: a
        # shell's background job (`cmd &`) starts with SIGINT ignored,
        # and then no signal would reach the count.
        self.before = signal.signal(signal.SIGINT, signal.default_int_handler)
        self.timer = threading.Timer(0.3, self.send)
        self.timer.start()

    def __enter__(self):
        return self

    def __exit__(self, *_):
        # A test that failed before the signal must not let it reach the
        # next test.
        self.timer.cancel()
        signal.signal(signal.SIGINT, self.before)

    def send(self):
        self.sent = time.perf_counter()
        os.kill(os.getpid(), signal.SIGINT)

    def latency(self):
        """Seconds from the signal to now, once the timer has sent it."""
        self.timer.join()
        return time.perf_counter() - self.sent


# The package checks for signals a few times a second; the bound only
# catches a search that Ctrl-C does not stop, not a slow machine.
NOT_STOPPED = 30.0


def test_ctrl_c_interrupts_a_long_count():
    with Interrupt() as interrupt, pytest.raises(KeyboardInterrupt):
        nqueens.count(21, method="backtrack")
    assert interrupt.latency() < NOT_STOPPED
    # The package still works after it.
    assert nqueens.count(8).total == 92


def test_ctrl_c_interrupts_a_join_count_and_total_n_queens():
    for work in (lambda: nqueens.count(22, method="join"), lambda: nqueens.total_n_queens(23)):
        with Interrupt() as interrupt, pytest.raises(KeyboardInterrupt):
            work()
        assert interrupt.latency() < NOT_STOPPED


def test_ctrl_c_interrupts_waiting_for_a_solution():
    with Interrupt() as interrupt, pytest.raises(KeyboardInterrupt):
        # Brute force over the 11! boards, again and again: the work
        # outlasts the timer however fast the machine.
        while True:
            for _ in nqueens.solutions(11, algorithm="permutations", unique=True):
                pass
    assert interrupt.latency() < NOT_STOPPED


def threads_now():
    """The ids of this process's threads (Linux)."""
    return {int(tid) for tid in os.listdir("/proc/self/task")}


def threads_left(before, seconds=NOT_STOPPED):
    """The threads not in `before` still running once they have all ended
    or `seconds` have passed (a bound for a failing test, not a measure)."""
    deadline = time.monotonic() + seconds
    while threads_now() - before and time.monotonic() < deadline:
        time.sleep(0.01)
    return threads_now() - before


# C code draining an iterator never returns to the interpreter's loop, so
# the iterator itself must look at the signals. Each drain's work outlasts
# the timer on any machine: n = 32 has about 2.2e33 solutions, and stats(18)
# searches 1.5 billion nodes on the slow kernel that keeps statistics.
# estimate() is C code too, sampling for as long as it is given.
DRAINS = {
    "max(solutions)": lambda: max(nqueens.solutions(32)),
    "deque(solutions, maxlen=0)": lambda: collections.deque(nqueens.solutions(32), maxlen=0),
    "deque(trace, until=all)": lambda: collections.deque(nqueens.trace(32, until="all")),
    "sum(solutions, sets)": lambda: sum(map(len, nqueens.solutions(32, algorithm="sets"))),
    "list(solutions, sets)": lambda: list(nqueens.solutions(32, algorithm="sets")),
    "stats": lambda: nqueens.stats(18),
    # An hour's sample: it went on for the hour after Ctrl-C.
    "estimate": lambda: nqueens.estimate(20, seconds=3600, threads=2),
}


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/task")
@pytest.mark.parametrize("drain", DRAINS.values(), ids=DRAINS.keys())
def test_ctrl_c_interrupts_c_code_draining_the_work(drain):
    before = threads_now()
    with Interrupt() as interrupt, pytest.raises(KeyboardInterrupt):
        drain()
    assert interrupt.latency() < NOT_STOPPED
    # The work stopped with it: no search or count thread goes on alone
    # (the iterator was dropped with the exception; stats stopped its pool).
    assert threads_left(before) == set()
    assert nqueens.stats(6, "sets")["solutions"] == A000170[6]


def test_threads_choose_the_pool():
    assert nqueens.count(12, threads=1).threads == 1
    assert nqueens.count(12, threads=3).total == A000170[12]
    assert nqueens.count(12).threads >= 1


def resident_mib():
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS line")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/status")
def test_a_count_keeps_no_memory_once_it_ends():
    """The join keeps its quadrants and each thread's half boards for the
    count's length only: twice n = 18 (about 150 MiB while it runs), and
    the interpreter is back near where it started after each."""
    nqueens.count(8)
    before = resident_mib()
    for _ in range(2):
        counts = nqueens.count(18, method="join")
        assert (counts.total, counts.unique) == (666_090_624, 83_263_591)
        assert resident_mib() - before < 32, (before, resident_mib())
