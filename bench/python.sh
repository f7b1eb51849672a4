#!/usr/bin/env bash
# The Python package against pure Python, side by side in one run:
#   1. total_n_queens(12) written as the tutorials write it (three bitmasks,
#      recursion) against nqueens.count(12), on one thread and on all cores;
#   2. every solution of n = 14 iterated from Python: a pure-Python bitmask
#      generator against nqueens.solutions(14);
#   3. every solution of n = 16 iterated: the time, and how much the peak
#      memory grew (constant memory: it should not).
# Each is the median of several runs, alternating, answers checked first.
# Builds the package into target/bench-venv (pip install ./python).
# Usage: bash bench/python.sh   (about 2 minutes on a 2-core VM)
set -euo pipefail
cd "$(dirname "$0")/.."
venv=target/bench-venv
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install --quiet ./python
exec "$venv/bin/python" bench/python_vs_pure.py
