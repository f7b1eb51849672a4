"""Ctrl-C latency of the Python package: how long after SIGINT each drain
that C code runs (max(), collections.deque(), stats()) raises
KeyboardInterrupt.

    python bench/python_interrupt.py [ROUNDS]

Each drain runs ROUNDS times (default 7); SIGINT is sent to this process
0.5 s after it starts (the work takes far longer), and the latency is the
time from the signal to the KeyboardInterrupt reaching Python. Prints a
Markdown table: median and worst per drain. Needs `import nqueens` (the
package built, e.g. `maturin develop --release` in python/).
"""

import collections
import os
import signal
import statistics
import sys
import threading
import time

import nqueens

DRAINS = {
    "max(solutions(16))": lambda: max(nqueens.solutions(16)),
    "deque(solutions(17), maxlen=0)": lambda: collections.deque(
        nqueens.solutions(17), maxlen=0
    ),
    "deque(trace(12, until='all'))": lambda: collections.deque(
        nqueens.trace(12, until="all")
    ),
    "stats(16)": lambda: nqueens.stats(16),
}

# The work takes seconds to minutes; the signal comes well inside it.
DELAY = 0.5


def latency(drain):
    """Seconds from SIGINT to KeyboardInterrupt for one run of `drain`."""
    sent = []

    def send():
        sent.append(time.perf_counter())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(DELAY, send)
    timer.start()
    try:
        drain()
    except KeyboardInterrupt:
        caught = time.perf_counter()
    else:
        timer.cancel()
        raise SystemExit("the drain ended before the signal: make the work longer")
    timer.join()
    return caught - sent[0]


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    signal.signal(signal.SIGINT, signal.default_int_handler)
    print("| drain | rounds | median (s) | worst (s) |")
    print("| --- | --- | --- | --- |")
    for name, drain in DRAINS.items():
        times = [latency(drain) for _ in range(rounds)]
        # Let the stopped search's threads end before the next drain.
        time.sleep(0.2)
        print(f"| `{name}` | {rounds} | {statistics.median(times):.3f} | {max(times):.3f} |")


if __name__ == "__main__":
    main()
