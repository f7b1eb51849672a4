#!/usr/bin/env bash
# Two builds of nqueens side by side, in one hyperfine run per n, to show
# that a change made nothing slower:
#   OLD count N --threads 1   and   NEW count N --threads 1
#   OLD count N               and   NEW count N      (all cores)
# Every answer is checked to agree first. Prints NEW / OLD for each pair.
# Usage: bash bench/versus.sh OLD_BINARY NEW_BINARY [N ...]  (default: 16 17)
# Needs hyperfine and python3. To get the previous commit's binary:
#   git worktree add /tmp/prev HEAD~1 && (cd /tmp/prev && cargo build --release)
set -euo pipefail
old=$1 new=$2
shift 2
sizes=("${@:-16 17}")
read -r -a sizes <<<"${sizes[*]}"
out=target/bench
mkdir -p "$out"

for n in "${sizes[@]}"; do
  a=$("$old" count "$n" --quiet) b=$("$new" count "$n" --quiet)
  [ "$a" = "$b" ] || { echo "the two builds disagree at n = $n: '$a' against '$b'" >&2; exit 1; }
  runs=$((n >= 17 ? 5 : 10))
  hyperfine --style basic --warmup 1 --runs "$runs" --export-json "$out/versus$n.json" \
    -n "old count $n --threads 1" "$old count $n --threads 1 --quiet" \
    -n "new count $n --threads 1" "$new count $n --threads 1 --quiet" \
    -n "old count $n" "$old count $n --quiet" \
    -n "new count $n" "$new count $n --quiet"
done

python3 - "$out" "${sizes[@]}" <<'PY'
import json, sys
out, sizes = sys.argv[1], sys.argv[2:]
print("\n| n | old 1 thread (s) | new 1 thread (s) | new / old | old all cores (s) | new all cores (s) | new / old |")
print("| --- | --- | --- | --- | --- | --- | --- |")
for n in sizes:
    o1, n1, oa, na = (r["mean"] for r in json.load(open(f"{out}/versus{n}.json"))["results"])
    print(f"| {n} | {o1:.3f} | {n1:.3f} | **{n1 / o1:.3f}** | {oa:.3f} | {na:.3f} | **{na / oa:.3f}** |")
PY
