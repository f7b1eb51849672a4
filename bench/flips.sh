#!/usr/bin/env bash
# Hostile bytes (issues 22 and 39): one bit flipped at a time in every byte
# of a small checkpoint (count 8), of a stopped checkpoint's pending
# write-ahead log, of another program's database with a pending log or a
# hot journal (which must be refused and left byte for byte), and of a
# shard record (count 10, shard 2/4: merged with the other three, and the
# printed advice followed). Prints "N flips: ..." for each; the tests
# themselves fail on any wrong count, any file of the user's changed and
# any advice that does not work. Then (issue 50) 200 counts killed in their
# first 100 ms, each checkpoint read by status and resumed exactly, and
# checkpoints met by another user (root only: setpriv): read-only
# directory, another user's file in a sticky one, a file size limit.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== checkpoints, logs, journals (crates/runs/tests/flips.rs)"
cargo test -q --workspace --all-features --test flips -- --nocapture 2>&1 | grep ' flips'
echo "== shard record, merged with the other three (crates/cli/tests/tampering.rs)"
cargo test -q --workspace --all-features --test tampering every_flipped -- --nocapture 2>&1 | grep ' flips: '
echo "== counts killed in their first 100 ms (crates/cli/tests/early_kills.rs)"
cargo test -q -p nqueens-cli --features full --test early_kills -- --include-ignored --nocapture 2>&1 | grep 'early kills'
echo "== another user, a read-only directory, a file size limit (crates/cli/tests/permissions.rs)"
cargo test -q -p nqueens-cli --features full --test permissions -- --nocapture 2>&1 | grep -E '^test result|skipped'
