#!/usr/bin/env bash
# The README's first command on a fresh clone (issue 51, item 1: within
# 45 s on an idle 2-core machine): clones this repository's HEAD into a
# temporary folder and times `cargo run --release -- solve 8` there, from
# nothing built to the 92 boards printed (/usr/bin/time: wall, user and
# system seconds), then checks that it printed 92 boards. The crates are
# taken from cargo's cache (the first build on a machine downloads them
# too: that time is the network's). Run it on an idle machine.
# Usage: bash bench/first_build.sh [ROUNDS]   (default 1)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-1}
echo "cpu: $(lscpu | sed -n 's/^Model name: *//p') ($(nproc) cores), load: $(cut -d' ' -f1-3 /proc/loadavg), commit $(git rev-parse --short HEAD)"
cargo fetch --locked --quiet
for round in $(seq "$rounds"); do
  clone=$(mktemp -d)
  git clone --quiet . "$clone/nqueens"
  (
    cd "$clone/nqueens"
    env -u CARGO_TARGET_DIR /usr/bin/time -o ../time -f "round $round: %e s wall, %U s user, %S s sys" \
      cargo run --quiet --release -- solve 8 >../boards
  )
  cat "$clone/time"
  boards=$(grep -c '^$' "$clone/boards" || true)
  [ "$((boards + 1))" = 92 ] || { echo "printed $((boards + 1)) boards, not 92" >&2; exit 1; }
  rm -rf "$clone"
done
