#!/usr/bin/env bash
# The join method against backtracking, side by side in one run, one
# thread each (the methods compared, not the cores):
#   1. whole counts for n = 16..18 (hyperfine, the two methods alternating
#      run by run) and n = 19 (one run each): seconds and join/backtrack;
#   2. n = 20 and 22 projected by `estimate` (a seeded, reproducible sample
#      of each plan, timed on one core) for both methods; with FULL=1, the
#      join's whole count of n = 20 on one thread as well (about 5 min);
#   3. the memory of a join count: measured peak for n = 16 and 18 on one
#      thread, predicted (`estimate --json`) for n = 18..24 on two threads,
#      by default and within --max-memory 1G;
#   4. with FUTURE=1, projections for n = 23..27 (one core, core-hours,
#      memory, error bar; ${SAMPLE:-60} s of sample each; FUTURE="23 25"
#      for some of them).
# With FULL=1 (or ODD=1, first; ODD=only for this alone), odd
# n against even: n = 19's time over the geometric mean of n = 18's and
# n = 20's, the join on one thread, the three in turn for ODD_ROUNDS
# rounds (default 3; this VM's speed drifts by half from hour to hour).
# A peer's counter built for one board size each, PEER_18=path and
# PEER_20=path (run as `path 1`: one thread, as Kluev's quarter-board
# join takes its thread count), is timed in the same run beside the join:
# at n = 18 in section 1 (hyperfine), at n = 20 with FULL=1 (one run).
# With PEERS="18 20" (board sizes), the join against a peer's counter,
# first and alone with PEERS_ONLY=1: for each n, PEER_<n>=path (built
# with -march=native) and PEER_V3_<n>=path (built with -march=x86-64-v3,
# what the AVX2 kernel assumes), each run as `path 1`, in turn with
# `count n --method join --threads 1` by the kernel auto picks and by
# NQUEENS_KERNEL=avx2, for PEER_ROUNDS rounds (default 3 at n <= 18, 1
# above): median seconds and peak resident memory (/usr/bin/time), and
# auto / native peer, avx2 / x86-64-v3 peer.
# Every answer is checked against the other method's first.
# NQ=path measures that binary instead of a fresh release build.
# Usage: bash bench/join.sh   (about 10 minutes on a 2-core VM)
set -euo pipefail
cd "$(dirname "$0")/.."
[ -n "${NQ:-}" ] || cargo build --release -p nqueens-cli --features full --quiet
bin=${NQ:-target/release/nqueens}
out=target/bench
mkdir -p "$out"

if [ -n "${PEERS:-}" ]; then
  echo "## against a peer, one thread each, in turn ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs))"
  total() { case $1 in 16) echo 14772512;; 17) echo 95815104;; 18) echo 666090624;; 19) echo 4968057848;; 20) echo 39029188884;; 21) echo 314666222712;; 22) echo 2691008701644;; esac; }
  for n in $PEERS; do
    native=PEER_$n v3=PEER_V3_$n
    [ -n "${!native:-}" ] && [ -n "${!v3:-}" ] || { echo "PEERS has $n: set $native and $v3" >&2; exit 1; }
    rounds=${PEER_ROUNDS:-$((n <= 18 ? 3 : 1))}
    : >"$out/peers-$n.txt"
    for round in $(seq "$rounds"); do
      for who in auto avx2 native v3; do
        case $who in
          auto) cmd=("$bin" count "$n" --method join --threads 1) ;;
          avx2) cmd=(env NQUEENS_KERNEL=avx2 "$bin" count "$n" --method join --threads 1) ;;
          native) cmd=("${!native}" 1) ;;
          v3) cmd=("${!v3}" 1) ;;
        esac
        /usr/bin/time -f "%e %M" -o "$out/peer.time" "${cmd[@]}" >"$out/peer.out" 2>/dev/null
        grep -qw "$(total "$n")" "$out/peer.out" || { echo "$who does not say Q($n) = $(total "$n")" >&2; exit 1; }
        echo "$who $(cat "$out/peer.time")" >>"$out/peers-$n.txt"
      done
    done
    python3 - "$out/peers-$n.txt" "$n" <<'PY'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    who, seconds, kib = line.split()
    runs.setdefault(who, []).append((float(seconds), int(kib)))
med = {who: statistics.median(s for s, _ in r) for who, r in runs.items()}
mem = {who: max(k for _, k in r) >> 10 for who, r in runs.items()}
print(f"n = {sys.argv[2]} ({len(runs['auto'])} rounds): auto {med['auto']:.2f} s {mem['auto']} MiB, avx2 {med['avx2']:.2f} s {mem['avx2']} MiB, "
      f"peer native {med['native']:.2f} s {mem['native']} MiB, peer x86-64-v3 {med['v3']:.2f} s {mem['v3']} MiB; "
      f"auto / native **{med['auto'] / med['native']:.3f}**, avx2 / x86-64-v3 **{med['avx2'] / med['v3']:.3f}**, "
      f"memory auto / native {mem['auto'] / mem['native']:.2f}")
PY
  done
  [ "${PEERS_ONLY:-0}" = 0 ] || exit 0
fi

if [ "${FULL:-0}" = 1 ] || [ "${ODD:-0}" != 0 ]; then
  echo "## odd n against even: the join on one thread, n = 18, 19 and 20 in turn, ${ODD_ROUNDS:-3} rounds"
  for round in $(seq "${ODD_ROUNDS:-3}"); do
    for n in 18 19 20; do
      $bin count "$n" --method join --threads 1 --quiet --json >"$out/odd-$n-$round.json"
    done
  done
  python3 - "$out" "${ODD_ROUNDS:-3}" <<'PY'
import json, statistics, sys
out, rounds = sys.argv[1], int(sys.argv[2])
t = {n: [json.load(open(f"{out}/odd-{n}-{r}.json"))["seconds"] for r in range(1, rounds + 1)] for n in (18, 19, 20)}
m = {n: statistics.median(v) for n, v in t.items()}
mean = (m[18] * m[20]) ** 0.5
rounds_ratio = [t[19][r] / (t[18][r] * t[20][r]) ** 0.5 for r in range(rounds)]
print(f"medians: 18 {m[18]:.2f} s, 19 {m[19]:.1f} s, 20 {m[20]:.0f} s; n = 19 over the geometric mean of 18 and 20 "
      f"({mean:.1f} s): {m[19] / mean:.3f} (round by round: {', '.join(f'{x:.3f}' for x in rounds_ratio)})")
PY
fi
[ "${ODD:-0}" != only ] || exit 0

echo "## 1. whole counts, one thread"
for n in 16 17 18; do
  a=$($bin count "$n" --method join --quiet) b=$($bin count "$n" --method backtrack --quiet)
  [ "$a" = "$b" ] || { echo "the methods disagree at n = $n" >&2; exit 1; }
  runs=$((n >= 18 ? 3 : 5))
  peer=()
  if [ "$n" = 18 ] && [ -n "${PEER_18:-}" ]; then
    total=$(echo "$a" | awk '/total/ {print $2}')
    "$PEER_18" 1 | grep -qw "$total" || { echo "the peer does not say $total at n = 18" >&2; exit 1; }
    peer=(-n "peer 18" "$PEER_18 1")
  fi
  hyperfine -N --style basic --runs "$runs" --export-json "$out/join$n.json" \
    -n "join $n" "$bin count $n --method join --threads 1 --quiet" \
    -n "backtrack $n" "$bin count $n --method backtrack --threads 1 --quiet" "${peer[@]}" >/dev/null
  python3 - "$out/join$n.json" "$n" <<'PY'
import json, sys
r = {x["command"].split()[0]: x["median"] for x in json.load(open(sys.argv[1]))["results"]}
line = f"n = {sys.argv[2]}: join {r['join']:.2f} s, backtrack {r['backtrack']:.2f} s, join/backtrack {r['join'] / r['backtrack']:.3f}"
if "peer" in r:
    line += f", peer {r['peer']:.2f} s, join/peer {r['join'] / r['peer']:.3f}"
print(line)
PY
done
for n in 19; do
  j=$( { /usr/bin/time -f %e $bin count $n --method join --threads 1 --quiet >"$out/j$n.txt"; } 2>&1 )
  b=$( { /usr/bin/time -f %e $bin count $n --method backtrack --threads 1 --quiet >"$out/b$n.txt"; } 2>&1 )
  cmp -s "$out/j$n.txt" "$out/b$n.txt" || { echo "the methods disagree at n = $n" >&2; exit 1; }
  python3 -c "print(f'n = $n: join {$j:.1f} s, backtrack {$b:.1f} s, join/backtrack {$j / $b:.3f} (one run each)')"
done

echo "## 2. projections, one core (estimate --seed 1)"
for n in 20 22; do
  for method in join backtrack; do
    $bin estimate "$n" --method "$method" --seconds "${SAMPLE:-60}" --seed 1 --threads 1 --json >"$out/estimate-$method-$n.json"
  done
  python3 - "$out/estimate-join-$n.json" "$out/estimate-backtrack-$n.json" "$n" <<'PY'
import json, sys
j, b = (json.load(open(p)) for p in sys.argv[1:3])
print(f"n = {sys.argv[3]}: join {j['one_core_seconds']:.0f} ± {j['margin_seconds']:.0f} s ({j['pieces']} units timed), "
      f"backtrack {b['one_core_seconds']:.0f} ± {b['margin_seconds']:.0f} s, join/backtrack {j['one_core_seconds'] / b['one_core_seconds']:.3f}")
PY
done

if [ "${FULL:-0}" = 1 ]; then
  $bin count 20 --method join --threads 1 --quiet --json >"$out/join20.json"
  if [ -n "${PEER_20:-}" ]; then
    /usr/bin/time -f "%e %M" -o "$out/peer20.time" "$PEER_20" 1 >"$out/peer20.txt"
    grep -qw 39029188884 "$out/peer20.txt" || { echo "the peer does not say Q(20) = 39029188884" >&2; exit 1; }
    python3 - "$out/join20.json" "$out/peer20.time" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
seconds, kib = open(sys.argv[2]).read().split()[-2:]
print(f"n = 20, one thread: join {j['seconds']:.1f} s, peak {j['peak_bytes'] >> 20} MiB; peer {float(seconds):.1f} s, "
      f"max RSS {int(kib) >> 10} MiB; join/peer {j['seconds'] / float(seconds):.3f}")
PY
  fi
  $bin count 20 --method join --threads 1 --quiet --json --max-memory 256M >"$out/join20-256M.json"
  python3 - "$out/join20.json" "$out/estimate-backtrack-20.json" "$out/join20-256M.json" <<'PY'
import json, sys
j, b, bounded = (json.load(open(p)) for p in sys.argv[1:4])
assert (bounded["total"], bounded["unique"]) == (j["total"], j["unique"]), bounded
print(f"n = 20 within --max-memory 256M, one thread: {bounded['seconds']:.0f} s, peak {bounded['peak_bytes'] >> 20} MiB")
assert j["total"] == 39029188884 and j["unique"] == 4878666808, j
print(f"n = 20 whole join count, one thread: {j['seconds']:.0f} s, peak {j['peak_bytes'] >> 20} MiB; "
      f"against backtrack's projection {b['one_core_seconds']:.0f} s: {j['seconds'] / b['one_core_seconds']:.3f}")
PY
fi

echo "## 3. memory of the join"
for n in 16 18; do
  peak=$($bin count "$n" --method join --threads 1 --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["peak_bytes"])')
  echo "n = $n: measured peak resident $((peak >> 20)) MiB (whole count, one thread)"
done
for n in 18 19 20 21 22 23 24; do
  for limit in 12G 1G; do
    $bin estimate "$n" --method join --seconds 0.1 --threads 2 --max-memory "$limit" --json |
      python3 -c "import json,sys; r=json.load(sys.stdin); print(f'n = $n, --max-memory $limit: predicted {r[\"memory_bytes\"] / 2**20:.0f} MiB on 2 threads ({r[\"units\"]} units)')"
  done
done

if [ "${FUTURE:-0}" != 0 ]; then
  echo "## 4. projections for n = 23..27, one core (estimate --seed 1, ${SAMPLE:-60} s each)"
  sizes="23 24 25 26 27"
  [ "$FUTURE" = 1 ] || sizes=$FUTURE
  for n in $sizes; do
    $bin estimate "$n" --method join --seconds "${SAMPLE:-60}" --seed 1 --threads 1 --max-memory 16G --json >"$out/future-$n.json"
    python3 - "$out/future-$n.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
margin = f"± {100 * r['margin_seconds'] / r['one_core_seconds']:.1f} %" if r.get("margin_seconds") else f"no error bar ({r.get('no_margin')})"
print(f"n = {r['n']}: {r['units']:,} units, one core {r['one_core_seconds']:.3e} s {margin}, "
      f"{r['core_hours']:.3g} core-hours, memory {r['memory_bytes'] / 2**20:.0f} MiB on one thread, {r['pieces']} units timed")
PY
  done
fi
