#!/usr/bin/env bash
# How soon the first solution comes: `solve N --limit 1` on one thread
# against the default all-cores path, side by side in one hyperfine run per
# n. The in-order parallel reader must not make the first solution wait
# (target: all cores / one thread ≤ 1.2).
# Usage: bash bench/first.sh [N ...]   (default: 20 24 28 32); needs hyperfine.
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=("${@:-20 24 28 32}")
read -r -a sizes <<<"${sizes[*]}"
out=target/bench
mkdir -p "$out"
cargo build --release --features full --quiet
nq=target/release/nqueens

for n in "${sizes[@]}"; do
  one=$($nq solve "$n" --limit 1 --format columns --threads 1)
  all=$($nq solve "$n" --limit 1 --format columns)
  [ "$one" = "$all" ] || { echo "different first solutions at n = $n" >&2; exit 1; }
  hyperfine -N --style basic --warmup 3 --runs 20 --export-json "$out/first$n.json" \
    -n "solve $n --limit 1 --threads 1" "$nq solve $n --limit 1 --threads 1" \
    -n "solve $n --limit 1" "$nq solve $n --limit 1"
done

python3 - "$out" "$(nproc)" "${sizes[@]}" <<'PY'
import json, sys
out, cores, sizes = sys.argv[1], sys.argv[2], sys.argv[3:]
print(f"\n| n | one thread (s) | {cores} threads (s) | all cores / one thread |")
print("| --- | --- | --- | --- |")
for n in sizes:
    one, many = (r["mean"] for r in json.load(open(f"{out}/first{n}.json"))["results"])
    print(f"| {n} | {one:.4f} | {many:.4f} | **{many / one:.2f}** |")
PY
