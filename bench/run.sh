#!/usr/bin/env bash
# Side-by-side timings of the foundation's two claims, in one run:
#   1. `nqueens count 16` against a plain bitmask counter with no symmetry
#      (bench/plain_count.rs). The claim was made for the foundation's
#      mirror-symmetry counter, which is gone: `count` is now the full
#      8-fold symmetry count on all cores, so the ratio is far lower.
#   2. `nqueens solve 14 --format columns` against `nqueens count 14`
#      (likewise measured against today's much faster count).
# Every command's answer is checked first, so a wrong engine fails the bench.
# Needs hyperfine (Debian: apt-get install hyperfine) and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-5}
out=target/bench
mkdir -p "$out"

cargo build --release --features full --quiet
rustc -C opt-level=3 -C codegen-units=1 -C panic=abort -o "$out/plain_count" bench/plain_count.rs
nq=target/release/nqueens

expect() { # expect WHAT ACTUAL
  [ "$1" = "$2" ] || { echo "wrong answer: expected $1, got $2" >&2; exit 1; }
}
expect "total:  14772512" "$($nq count 16 | head -1)"
expect 14772512 "$("$out/plain_count" 16)"
expect "total:  365596" "$($nq count 14 | head -1)"
expect 365596 "$($nq solve 14 --format columns | wc -l)"

hyperfine --style basic --warmup 1 --runs "$runs" --export-json "$out/count16.json" \
  -n "nqueens count 16" "$nq count 16" \
  -n "plain counter 16" "$out/plain_count 16"
hyperfine --style basic --warmup 2 --runs $((runs * 4)) --export-json "$out/solve14.json" \
  -n "nqueens solve 14 --format columns" "$nq solve 14 --format columns >/dev/null" \
  -n "nqueens count 14" "$nq count 14"

python3 - "$out/count16.json" "$out/solve14.json" <<'PY'
import json, sys
def means(path):
    return [(r["command"], r["mean"], r["stddev"]) for r in json.load(open(path))["results"]]
(c16, tc, sc), (p16, tp, sp) = means(sys.argv[1])
(s14, ts, ss), (c14, tk, sk) = means(sys.argv[2])
print("\n| command | mean (s) | ± (s) |\n| --- | --- | --- |")
for name, t, s in [(c16, tc, sc), (p16, tp, sp), (s14, ts, ss), (c14, tk, sk)]:
    print(f"| `{name}` | {t:.3f} | {s:.3f} |")
print(f"\n- count 16 / plain counter 16 = **{tc / tp:.2f}×** (target ≤ 0.6×)")
print(f"- solve 14 columns / count 14 = **{ts / tk:.2f}×** (target ≤ 3×)")
PY
