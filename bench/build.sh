#!/usr/bin/env bash
# Build time of the CLI (issue 42, item 13; issue 51, item 1), side by
# side in one run: the default build (lean: no GPU, server or SQLite) and
# the full one (`--features full`), each a `cargo install` from a clean
# target, timed by /usr/bin/time. Prints wall, user and system seconds,
# peak memory and the binary's size. Run it on an idle machine: it
# measures wall-clock time.
# Usage: bash bench/build.sh   (needs /usr/bin/time; the crates downloaded)
set -euo pipefail
cd "$(dirname "$0")/.."
echo "cpu: $(lscpu | sed -n 's/^Model name: *//p') ($(nproc) cores), load: $(cut -d' ' -f1-3 /proc/loadavg)"
for build in default full; do
  target=$(mktemp -d) root=$(mktemp -d)
  features=()
  [ "$build" = full ] && features=(--features full)
  CARGO_TARGET_DIR=$target /usr/bin/time -f "$build: %e s wall, %U s user, %S s sys, %M KB peak" \
    cargo install --quiet --path crates/cli --root "$root" --locked "${features[@]}"
  echo "$build: binary $(stat -c %s "$root/bin/nqueens") bytes"
  rm -rf "$target" "$root"
done
