#!/usr/bin/env bash
# Memory limits that hold (issue 39): for each N:THREADS[:METHOD], the
# least --max-memory a count's refusal advises (asked with --max-memory
# 1M), then the count run with it on the CPU: its peak (the process's
# resident peak, "peak_bytes") against the advised limit. The counts are
# checked against a count without a limit first.
# Usage: bash bench/memory.sh [N:THREADS[:METHOD] ...]
#   (default: 16:1 16:2 16:4 17:1 17:2 17:4 18:1 18:2 18:4 19:1 19:2
#   16:2:backtrack; the method is the join where none is named)
# NQ=path/to/nqueens picks the binary (default: target/release/nqueens,
# built here).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=("${@:-16:1 16:2 16:4 17:1 17:2 17:4 18:1 18:2 18:4 19:1 19:2 16:2:backtrack}")
read -r -a runs <<<"${runs[*]}"
if [ -z "${NQ:-}" ]; then
  cargo build --release --features full --quiet
  NQ=target/release/nqueens
fi
field() { grep -o "\"$1\":[^,}]*" | cut -d: -f2 | tr -d '"'; }

echo "| n | threads | method | advised | peak | margin |"
echo "| --- | --- | --- | --- | --- | --- |"
for run in "${runs[@]}"; do
  IFS=: read -r n threads method <<<"$run"
  args=(count "$n" --threads "$threads" --device cpu --method "${method:-join}")
  refusal=$("$NQ" "${args[@]}" --max-memory 1M 2>&1 >/dev/null || true)
  advised=$(grep -o 'give it --max-memory [0-9]*M' <<<"$refusal" | grep -o '[0-9]*')
  [ -n "$advised" ] || { echo "no advice for $run: $refusal" >&2; exit 1; }
  report=$("$NQ" "${args[@]}" --max-memory "${advised}M" --json)
  whole=$("$NQ" count "$n" --device cpu --json)
  [ "$(field total <<<"$report")" = "$(field total <<<"$whole")" ] ||
    { echo "count $run in ${advised}M is wrong: $report" >&2; exit 1; }
  peak=$(field peak_bytes <<<"$report")
  awk -v n="$n" -v t="$threads" -v m="${method:-join}" -v a="$advised" -v p="$peak" 'BEGIN {
    printf "| %s | %s | %s | %s MiB | %.1f MiB | %.1f MiB |\n", n, t, m, a, p / 2^20, a - p / 2^20 }'
done
