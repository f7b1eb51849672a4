#!/usr/bin/env bash
# Hostile bytes (issue 22): every byte of a small checkpoint (count 8) and
# of a shard record (count 10, shard 2/4), one bit of it flipped at a
# time, resumed or merged. Prints "N flips: X exact, Y refused, 0 wrong"
# for each; the tests themselves fail on any wrong count.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== checkpoint (crates/runs/tests/flips.rs)"
cargo test -q -p nqueens-runs --test flips -- --nocapture 2>&1 | grep ' flips: '
echo "== shard record, merged with the other three (crates/cli/tests/tampering.rs)"
cargo test -q -p nqueens-cli --test tampering every_flipped -- --nocapture 2>&1 | grep ' flips: '
