#!/usr/bin/env bash
# The constraint tools (issue 9), each figure measured in one run:
#   1. `nqueens complete` on 20 random n = 60 boards with 10 pre-placed
#      queens that do not attack each other (made by a seeded generator
#      below): median and max time, every completion checked.
#   2. `nqueens one 10000000` and `nqueens random 1000000` (and 10^7),
#      columns to /dev/null, the boards checked first with `verify`.
#   3. `verify` streaming: peak memory (max RSS) checking solve 12's 14,200
#      boards and solve 16's 14,772,512, and `verify --all 16`.
#   4. With BASELINE=path/to/an/older/nqueens: `solve 14/16 --format columns`
#      side by side with it (the u32 columns of Solution against u8).
# Needs hyperfine, python3 and GNU time (/usr/bin/time).
set -euo pipefail
cd "$(dirname "$0")/.."
out=target/bench/constraint
mkdir -p "$out"
cargo build --release --features full --quiet
nq=$PWD/target/release/nqueens

# 1. Twenty n = 60 boards with ten non-attacking queens each.
python3 - "$out" <<'PY'
import random, sys
out = sys.argv[1]
rng = random.Random(2026)
def attacks(a, b):
    return a[0] == b[0] or a[1] == b[1] or abs(a[0] - b[0]) == abs(a[1] - b[1])
for i in range(20):
    queens = []
    while len(queens) < 10:
        q = (rng.randrange(60), rng.randrange(60))
        if all(not attacks(q, p) for p in queens):
            queens.append(q)
    rows = [["."] * 60 for _ in range(60)]
    for r, c in queens:
        rows[r][c] = "Q"
    with open(f"{out}/board{i}.txt", "w") as f:
        f.write("".join("".join(row) + "\n" for row in rows))
PY
for i in $(seq 0 19); do
  board=$out/board$i.txt
  # The completion is a solution and keeps every given queen.
  $nq complete "$board" --format columns --timeout 60 >"$out/done$i.txt"
  $nq verify "$out/done$i.txt" >/dev/null
  python3 - "$board" "$out/done$i.txt" <<'PY'
import sys
rows = open(sys.argv[1]).read().split()
cols = list(map(int, open(sys.argv[2]).read().split()))
assert all(cols[r] == row.index("Q") for r, row in enumerate(rows) if "Q" in row), "a given queen moved"
PY
done
hyperfine --style basic --warmup 2 --runs 10 -N --export-json "$out/complete.json" \
  -L i "$(seq -s, 0 19)" "$nq complete $out/board{i}.txt --format columns" >/dev/null
python3 - "$out/complete.json" <<'PY'
import json, statistics, sys
means = [r["mean"] for r in json.load(open(sys.argv[1]))["results"]]
print(f"complete, 20 boards n = 60 with 10 queens: median {statistics.median(means) * 1000:.2f} ms, "
      f"max {max(means) * 1000:.2f} ms (mean of 10 runs each)")
PY

# 2. Huge boards.
$nq one 10000000 --format columns | $nq verify >/dev/null
$nq random 1000000 --seed 1 --format columns | $nq verify >/dev/null
hyperfine --style basic --warmup 1 --runs 5 --export-json "$out/huge.json" \
  -n "one 10000000" "$nq one 10000000 --format columns >/dev/null" \
  -n "random 1000000" "$nq random 1000000 --seed 1 --format columns >/dev/null" \
  -n "random 10000000" "$nq random 10000000 --seed 1 --format columns >/dev/null" \
  -n "verify (one 10000000)" "$nq one 10000000 --format columns | $nq verify >/dev/null"

# 3. Memory while streaming.
rss() { # rss LABEL COMMAND...: the command's peak resident memory
  local label=$1
  shift
  /usr/bin/time -f "%M" -o "$out/rss" "$@" >/dev/null
  echo "$label: $(( $(cat "$out/rss") / 1024 )) MB"
}
$nq solve 12 --format columns >"$out/solve12.txt"
$nq solve 16 --format columns >"$out/solve16.txt"
echo "peak memory of verify:"
rss "  14,200 boards (n = 12)" "$nq" verify "$out/solve12.txt"
rss "  14,772,512 boards (n = 16)" "$nq" verify "$out/solve16.txt"
rss "  --all 16 on the 14,772,512" "$nq" verify --all 16 "$out/solve16.txt"
hyperfine --style basic --runs 3 -N \
  -n "verify 14,772,512 boards" "$nq verify $out/solve16.txt" \
  -n "verify --all 16" "$nq verify --all 16 $out/solve16.txt"

# 4. The wider Solution against an older build.
if [ -n "${BASELINE:-}" ]; then
  hyperfine --style basic --warmup 1 --runs 10 \
    -n "solve 14 (baseline)" "$BASELINE solve 14 --format columns >/dev/null" \
    -n "solve 14" "$nq solve 14 --format columns >/dev/null" \
    -n "solve 14 --threads 1 (baseline)" "$BASELINE solve 14 --threads 1 --format columns >/dev/null" \
    -n "solve 14 --threads 1" "$nq solve 14 --threads 1 --format columns >/dev/null"
  hyperfine --style basic --warmup 1 --runs 3 \
    -n "solve 16 (baseline)" "$BASELINE solve 16 --format columns >/dev/null" \
    -n "solve 16" "$nq solve 16 --format columns >/dev/null"
fi
