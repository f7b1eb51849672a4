#!/usr/bin/env bash
# How close `nqueens estimate` comes when it forecasts the unit it times
# (from n = 25 the join's pieces are whole units of seconds to minutes,
# and one made in parts is forecast while it runs). For each board and
# seed, one thread: the forecast line's figure against the piece's time,
# read as the seconds timed when the line was printed plus the seconds
# from that line to the end of the process (the little the sample does
# after its piece, one more list made and the report, is counted in).
# Usage: bash bench/forecast.sh   (RUNS="26:1 26:2 27:1" to choose;
# about 4 minutes; NQ=path measures that binary)
set -euo pipefail
cd "$(dirname "$0")/.."
[ -n "${NQ:-}" ] || cargo build --release -p nqueens-cli --quiet
bin=$(realpath "${NQ:-target/release/nqueens}")
runs=${RUNS:-"26:1 26:2 26:3 26:4 27:1 27:2"}
echo "## the unit estimate times, forecast against timed ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs))"
echo "| n | seed | forecast | timed when said | piece, seconds | forecast / piece |"
echo "| --- | --- | --- | --- | --- | --- |"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for run in $runs; do
  n=${run%:*} seed=${run#*:}
  (cd "$work" && "$bin" estimate "$n" --seconds 0.3 --threads 1 --seed "$seed" 2>&1 >/dev/null |
    while IFS= read -r line; do echo "$(date +%s.%N) $line"; done) >"$work/err"
  ended=$(date +%s.%N)
  line=$(grep "forecast by CPU time" "$work/err" || true)
  if [ -z "$line" ]; then
    echo "| $n | $seed | (none: a piece under 5 s, or one part) | | | |"
    continue
  fi
  said=$(awk '{print $1}' <<<"$line")
  forecast=$(sed -E 's/.* takes about ([0-9.]+) (s|min).*/\1 \2/' <<<"$line")
  timed=$(sed -E 's/.*after ([0-9.]+) s, ([0-9.]+)%.*/\1/' <<<"$line")
  share=$(sed -E 's/.*after ([0-9.]+) s, ([0-9.]+)%.*/\2/' <<<"$line")
  awk -v f="$forecast" -v t="$timed" -v s="$said" -v e="$ended" -v share="$share" -v n="$n" -v seed="$seed" 'BEGIN {
    split(f, parts, " "); secs = parts[1] * (parts[2] == "min" ? 60 : 1);
    piece = t + (e - s);
    printf "| %s | %s | %s | %.1f s, %s%% | %.1f | %.2f |\n", n, seed, f, t, share, piece, secs / piece }'
done
