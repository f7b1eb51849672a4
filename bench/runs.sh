#!/usr/bin/env bash
# Long runs (issue 10), each figure measured in one run:
#   1. Shard balance at n = 17 for K = 16 and 64: every shard run on one
#      thread three times, its time the least of the seconds its records
#      give (a 40 ms shard's single run is mostly scheduling noise);
#      max/mean over the shards (target <= 1.2).
#   2. Checkpoint overhead at n = 17: `count 17` against
#      `count 17 --checkpoint FILE` (a fresh file each run), in six
#      alternating rounds with hyperfine, ratio of the pooled medians
#      (target <= 2%).
#   3. `estimate N --threads 1` against the measured one-core `count N`
#      for n = 16..=18 (target: within 20%).
#   4. Projected one-core time and core-hours for n = 20..=28 (estimate,
#      --seconds 5 each).
#   5. With LONG=1 (about 90 minutes on a 2-core VM; LONG=only: this alone): n = 21 and n = 22
#      counted whole by the join on all threads, checkpointed, n = 22 within
#      --max-memory 1G; before each, `estimate N --seconds 60 --seed 1`
#      under the same limit; during each, `status` every 5 minutes; after,
#      the totals against OEIS, the wall time, the peak memory, and what
#      the estimate and each status had said. LONG_SIZES="21" for n = 21 alone.
# Needs hyperfine and python3. Writes target/bench/runs/*.json. NQ=path
# runs that binary rather than a fresh release build.
set -euo pipefail
cd "$(dirname "$0")/.."
out=target/bench/runs
rm -rf "$out" && mkdir -p "$out"
# NQ=path measures that binary (a copy, say, that a rebuild during a long
# run cannot replace) instead of building one.
[ -n "${NQ:-}" ] || cargo build --release --features full --quiet
nq=${NQ:-$PWD/target/release/nqueens}

if [ "${LONG:-0}" != only ]; then
echo "== 1. shard balance, n = 17, one thread per shard"
for k in 16 64; do
  for try in 1 2 3; do
    mkdir -p "$out/shards-$k/$try"
    for i in $(seq 0 $((k - 1))); do
      "$nq" count 17 --threads 1 --shard "$i/$k" --out "$out/shards-$k/$try" --quiet
    done
  done
  "$nq" merge "$out/shards-$k"/* | grep -c confirmed | sed 's/$/ shards confirmed by three records each/'
  "$nq" merge "$out/shards-$k"/* | tail -2
  python3 - "$out/shards-$k" "$k" <<'PY'
import json, pathlib, sys
best = {}
for p in pathlib.Path(sys.argv[1]).glob("*/*.json"):
    r = json.loads(p.read_text())
    best[r["shard"]] = min(best.get(r["shard"], float("inf")), r["seconds"])
seconds = list(best.values())
mean = sum(seconds) / len(seconds)
print(f"K = {sys.argv[2]}: max {max(seconds):.4f} s, mean {mean:.4f} s, min {min(seconds):.4f} s, max/mean {max(seconds) / mean:.3f}")
PY
done

echo "== 2. checkpoint overhead, n = 17, all threads"
# Rounds of both, one after the other, pooled: on this shared VM a single
# series drifts by more than the 2% looked for.
for round in 1 2 3 4 5 6; do
  hyperfine --style none --warmup 1 --runs 4 -N --export-json "$out/checkpoint-$round.json" \
    --prepare "rm -f $out/c.db $out/c.db-wal $out/c.db-shm" \
    "$nq count 17 --quiet" \
    "$nq count 17 --quiet --checkpoint $out/c.db"
done
python3 - "$out" <<'PY'
import json, statistics, sys
plain, kept = [], []
for round in range(1, 7):
    a, b = json.load(open(f"{sys.argv[1]}/checkpoint-{round}.json"))["results"]
    plain += a["times"]
    kept += b["times"]
p, k = statistics.median(plain), statistics.median(kept)
print(f"count 17: median {p:.3f} s, with --checkpoint {k:.3f} s ({len(plain)} runs each): overhead {k / p - 1:+.2%}")
PY

echo "== 3. estimate against the one-core count"
for n in 16 17 18; do
  "$nq" estimate "$n" --threads 1 --json >"$out/estimate-$n.json"
  "$nq" count "$n" --threads 1 --json --quiet >"$out/count-$n.json"
  python3 - "$out/estimate-$n.json" "$out/count-$n.json" <<'PY'
import json, sys
e, c = (json.load(open(p)) for p in sys.argv[1:])
ratio = e["one_core_seconds"] / c["seconds"]
print(f"n = {e['n']}: estimate {e['one_core_seconds']:.2f} s ± {e['margin_seconds']:.2f}, measured {c['seconds']:.2f} s, ratio {ratio:.3f}")
PY
done

echo "== 4. projected one-core time, n = 20..=28"
for n in $(seq 20 28); do
  "$nq" estimate "$n" --threads 1 --seconds 5 --json >"$out/project-$n.json"
done
python3 - "$out" <<'PY'
import json, sys
print("| n | units | one core | ± (95%) | core-hours | core-years |")
print("|---|---|---|---|---|---|")
for n in range(20, 29):
    e = json.load(open(f"{sys.argv[1]}/project-{n}.json"))
    s = e["one_core_seconds"]
    print(f"| {n} | {e['units']} | {s:.3e} s | {100 * e['margin_seconds'] / s:.1f}% | {s / 3600:.3e} | {s / 3600 / 24 / 365.25:.3g} |")
PY

fi
[ "${LONG:-0}" != 0 ] || exit 0
echo "== 5. whole counts of n = 21 and 22 by the join, all threads"
for n in ${LONG_SIZES:-21 22}; do
  limit=$([ "$n" = 22 ] && echo 1G || echo 4G)
  "$nq" estimate "$n" --method join --seconds 60 --seed 1 --max-memory "$limit" --json >"$out/estimate-$n.json"
  rm -f "$out/count-$n.sqlite"
  started=$(date +%s)
  "$nq" count "$n" --method join --checkpoint "$out/count-$n.sqlite" --max-memory "$limit" --quiet --json >"$out/count-$n.json" &
  count=$!
  : >"$out/status-$n.jsonl"
  next=300
  while kill -0 "$count" 2>/dev/null; do
    sleep 5
    if [ $(($(date +%s) - started)) -ge "$next" ] && kill -0 "$count" 2>/dev/null; then
      next=$((next + 300))
      "$nq" status "$out/count-$n.sqlite" --json | python3 -c "
import json, sys
r = json.load(sys.stdin); r['elapsed'] = $(date +%s) - $started; print(json.dumps(r))" >>"$out/status-$n.jsonl" || true
    fi
  done
  wait "$count"
  python3 - "$out" "$n" "$limit" <<'PY'
import json, sys
out, n, limit = sys.argv[1], int(sys.argv[2]), sys.argv[3]
A000170 = {21: 314666222712, 22: 2691008701644}
A002562 = {21: 39333324973, 22: 336376244042}
r = json.load(open(f"{out}/count-{n}.json"))
e = json.load(open(f"{out}/estimate-{n}.json"))
assert (r["total"], r["unique"]) == (A000170[n], A002562[n]), r
wall = r["seconds"]
print(f"n = {n}: total {r['total']:,} and unique {r['unique']:,} as in OEIS; {wall:.0f} s on {r['threads']} threads "
      f"(--max-memory {limit}), peak {r['peak_bytes'] / 2**20:.0f} MiB")
margin = e.get("margin_seconds") or 0
print(f"  estimate beforehand: {e['seconds_on_threads']:.0f} s on {e['threads']} threads "
      f"(± {margin / e['threads']:.0f} s), {e['seconds_on_threads'] / wall:.3f} of the measured time; "
      f"memory predicted {e['memory_bytes'] / 2**20:.0f} MiB")
for line in open(f"{out}/status-{n}.jsonl"):
    s = json.loads(line)
    if s.get("eta_seconds") is not None:
        said = s["elapsed"] + s["eta_seconds"]
        print(f"  status at {s['elapsed']:.0f} s ({s['done']}/{s['units']} units): end at {said:.0f} s, "
              f"{said / wall:.3f} of the measured time")
PY
done
