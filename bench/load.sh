#!/usr/bin/env bash
# Estimates under load (issue 51, item 6): the same estimate and compare
# on an idle machine and beside busy processes (`yes` on every core, twice
# over), side by side: the projection (timed by CPU time) should not move
# with the load, the run's wall time should stay bounded by --seconds, and
# compare should skip nothing it runs when idle.
# Usage: NQ=target/release/nqueens bash bench/load.sh [BUSY]   (BUSY: the
# busy processes, default twice the cores)
set -euo pipefail
cd "$(dirname "$0")/.."
[ -n "${NQ:-}" ] || { cargo build --release --features full --quiet; NQ=target/release/nqueens; }
busy=${1:-$(( $(nproc) * 2 ))}
echo "cpu: $(lscpu | sed -n 's/^Model name: *//p') ($(nproc) cores), commit $(git rev-parse --short HEAD)"
measure() {
  local label=$1 start end
  for args in "estimate 20 --method backtrack --seconds 1" "estimate 21 --seconds 1"; do
    start=$(date +%s.%N)
    one=$($NQ $args --json -q | python3 -c 'import json,sys; print("%.1f s one core" % json.load(sys.stdin)["one_core_seconds"])')
    end=$(date +%s.%N)
    printf '%-5s %-42s projected %-18s wall %.1f s\n' "$label" "$args" "$one" "$(echo "$end - $start" | bc)"
  done
  skipped=$($NQ compare 11 | grep -c skipped || true)
  echo "$label  compare 11: $skipped rows skipped (load $(cut -d' ' -f1 /proc/loadavg))"
}
measure idle
pids=()
for _ in $(seq "$busy"); do yes >/dev/null & pids+=($!); done
trap 'kill "${pids[@]}" 2>/dev/null' EXIT
sleep 2
measure busy
