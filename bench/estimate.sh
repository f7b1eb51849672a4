#!/usr/bin/env bash
# Does `estimate` hold against whole counts on this machine, drift and all?
# On one thread: a whole `count N` between each pair of
# `estimate N --seconds S --seed K` (K = 1..SEEDS), then a last whole count;
# prints each estimate with its error bar and the machine's spread of speed,
# whether it holds the whole counts on either side of it, and the mean of
# the estimates over the mean of the whole counts.
# Usage: bash bench/estimate.sh [N] (default 20); METHOD (join), SAMPLE (10 s),
# SEEDS (6); NQ=path measures that binary instead of a fresh release build.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-20} method=${METHOD:-join} seconds=${SAMPLE:-10} seeds=${SEEDS:-6}
[ -n "${NQ:-}" ] || cargo build --release --features full --quiet
nq=${NQ:-$PWD/target/release/nqueens}
out=target/bench/estimate
rm -rf "$out" && mkdir -p "$out"

whole() { "$nq" count "$n" --method "$method" --threads 1 --quiet --json >"$out/whole-$1.json"; }
estimate() {
  "$nq" estimate "$n" --method "$method" --threads 1 --seconds "$seconds" --seed "$1" --json >"$out/estimate-$1.json"
}
whole 0
for seed in $(seq "$seeds"); do
  estimate "$seed"
  [ $((seed % 2)) = 0 ] && whole "$seed"
done
[ $((seeds % 2)) = 0 ] || whole "$seeds"

python3 - "$out" "$seeds" <<'PY'
import glob, json, statistics, sys
out, seeds = sys.argv[1], int(sys.argv[2])
wholes = {int(p.split("-")[-1][:-5]): json.load(open(p))["seconds"] for p in glob.glob(f"{out}/whole-*.json")}
print("| run | seconds | error bar | machine's spread | holds the whole counts around it |")
print("| --- | --- | --- | --- | --- |")
estimates = []
for seed in range(1, seeds + 1):
    e = json.load(open(f"{out}/estimate-{seed}.json"))
    s, m, spread = e["one_core_seconds"], e["margin_seconds"], e["speed_spread"]
    estimates.append(s)
    before = max(k for k in wholes if k < seed)
    after = min(k for k in wholes if k >= seed)
    holds = "no bar" if m is None else ("yes" if all(abs(wholes[k] - s) <= m for k in (before, after)) else "**no**")
    bar = "none" if m is None else f"± {m:.2f} ({100 * m / s:.1f} %)"
    spread = "—" if spread is None else f"{100 * spread:.1f} %"
    print(f"| estimate, seed {seed} | {s:.2f} | {bar} | {spread} | {holds} |")
for k in sorted(wholes):
    print(f"| whole count {k} | {wholes[k]:.2f} | | | |")
ratio = statistics.mean(estimates) / statistics.mean(wholes.values())
print(f"\nmean of the estimates / mean of the whole counts: {ratio:.3f}")
PY
