"""count() off the interpreter: other threads go on, Ctrl-C stops it."""

import os
import signal
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
    # Held, the GIL would keep the spinner still for the whole count.
    assert len(during) > 1000, f"{len(during)} steps in {ended - started:.2f} s"
    assert during[-1] - during[0] > 0.8 * (ended - started) - 0.05


def interrupt_after(seconds):
    timer = threading.Timer(seconds, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    return timer


def test_ctrl_c_interrupts_a_long_count_within_a_second():
    timer = interrupt_after(0.3)
    started = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):
        nqueens.count(21, method="backtrack")
    elapsed = time.perf_counter() - started
    timer.join()
    assert elapsed < 0.3 + 1.0, f"KeyboardInterrupt after {elapsed:.2f} s"
    # The package still works after it.
    assert nqueens.count(8).total == 92


def test_ctrl_c_interrupts_a_join_count_and_total_n_queens():
    for work in (lambda: nqueens.count(22, method="join"), lambda: nqueens.total_n_queens(23)):
        timer = interrupt_after(0.3)
        started = time.perf_counter()
        with pytest.raises(KeyboardInterrupt):
            work()
        timer.join()
        assert time.perf_counter() - started < 0.3 + 1.0


def test_ctrl_c_interrupts_waiting_for_a_solution():
    timer = interrupt_after(0.3)
    started = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):
        # Brute force over the 11! boards takes seconds: long enough.
        for _ in nqueens.solutions(11, algorithm="permutations", unique=True):
            pass
    timer.join()
    assert time.perf_counter() - started < 0.3 + 1.0


def test_threads_choose_the_pool():
    assert nqueens.count(12, threads=1).threads == 1
    assert nqueens.count(12, threads=3).total == A000170[12]
    assert nqueens.count(12).threads >= 1
