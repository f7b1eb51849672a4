#!/usr/bin/env bash
# Two builds of nqueens side by side, to show that a change made nothing
# slower. For each n, ROUNDS hyperfine runs (default 3) each time both
# builds, one after the other:
#   OLD count N --threads 1   and   NEW count N --threads 1
#   OLD count N               and   NEW count N      (all cores)
# Every answer is checked to agree first. The times of all rounds are
# pooled and NEW / OLD is the ratio of the medians: on a shared virtual
# machine the mean of a single run drifts by several percent.
# Usage: bash bench/versus.sh OLD_BINARY NEW_BINARY [N[:METHOD] ...]
# (default: 16 17, each by the method auto picks; 18:join counts n = 18
# by the join in both builds).
# Needs hyperfine and python3. To get the previous commit's binary:
#   git worktree add /tmp/prev HEAD~1 && (cd /tmp/prev && cargo build --release --features full)
#   (a build from before the `full` feature: plain `cargo build --release`)
set -euo pipefail
old=$1 new=$2
shift 2
sizes=("${@:-16 17}")
read -r -a sizes <<<"${sizes[*]}"
rounds=${ROUNDS:-3}
out=target/bench
mkdir -p "$out"

for size in "${sizes[@]}"; do
  n=${size%%:*} how=""
  [ "$size" != "$n" ] && how="--method ${size#*:}"
  a=$("$old" count "$n" $how --quiet) b=$("$new" count "$n" $how --quiet)
  [ "$a" = "$b" ] || { echo "the two builds disagree at $size: '$a' against '$b'" >&2; exit 1; }
  runs=$((n >= 17 ? 4 : 10))
  for round in $(seq "$rounds"); do
    hyperfine -N --style basic --warmup 1 --runs "$runs" --export-json "$out/versus${size/:/-}.$round.json" \
      -n "old count $size --threads 1" "$old count $n $how --threads 1 --quiet" \
      -n "new count $size --threads 1" "$new count $n $how --threads 1 --quiet" \
      -n "old count $size" "$old count $n $how --quiet" \
      -n "new count $size" "$new count $n $how --quiet" >/dev/null
  done
done

python3 - "$out" "$rounds" "${sizes[@]}" <<'PY'
import json, statistics, sys
out, rounds, sizes = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
print("\n| n | old 1 thread (s) | new 1 thread (s) | new / old | old all cores (s) | new all cores (s) | new / old |")
print("| --- | --- | --- | --- | --- | --- | --- |")
for n in sizes:
    times = [[], [], [], []]
    for r in range(1, rounds + 1):
        name = n.replace(":", "-")
        for i, result in enumerate(json.load(open(f"{out}/versus{name}.{r}.json"))["results"]):
            times[i] += result["times"]
    o1, n1, oa, na = (statistics.median(t) for t in times)
    print(f"| {n} | {o1:.3f} | {n1:.3f} | **{n1 / o1:.3f}** | {oa:.3f} | {na:.3f} | **{na / oa:.3f}** |")
PY
