#!/usr/bin/env bash
# Every kernel this CPU runs, side by side on one thread (hyperfine, the
# kernels alternating run by run): `count N --method backtrack` and
# `count N --method join` pinned by NQUEENS_KERNEL, each kernel's time
# over the scalar kernel's. Every answer is checked to agree first.
# Usage: bash bench/kernels.sh [BACKTRACK_N [JOIN_N]]   (default 17 18)
# NQ=path measures that binary instead of a fresh release build;
# RUNS=k sets hyperfine's runs (default 3).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -n "${NQ:-}" ] || cargo build --release -p nqueens-cli --features full --quiet
bin=${NQ:-target/release/nqueens}
out=target/bench
mkdir -p "$out"
kernels=()
for kernel in scalar avx2 avx512f avx512; do
  NQUEENS_KERNEL=$kernel "$bin" count 8 --quiet >/dev/null 2>&1 && kernels+=("$kernel")
done
echo "## kernels on this CPU ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)): ${kernels[*]}"
for job in "backtrack ${1:-17}" "join ${2:-18}"; do
  read -r method n <<<"$job"
  reference=$(NQUEENS_KERNEL=scalar "$bin" count "$n" --method "$method" --quiet)
  commands=()
  for kernel in "${kernels[@]}"; do
    answer=$(NQUEENS_KERNEL=$kernel "$bin" count "$n" --method "$method" --quiet)
    [ "$answer" = "$reference" ] || { echo "$kernel disagrees at $method $n" >&2; exit 1; }
    commands+=(-n "$kernel" "env NQUEENS_KERNEL=$kernel $bin count $n --method $method --threads 1 --quiet")
  done
  hyperfine -N --style basic --runs "${RUNS:-3}" --export-json "$out/kernels-$method.json" "${commands[@]}" >/dev/null
  python3 - "$out/kernels-$method.json" "$method" "$n" <<'PY'
import json, sys
r = {x["command"]: x["median"] for x in json.load(open(sys.argv[1]))["results"]}
line = ", ".join(f"{k} {t:.2f} s ({t / r['scalar']:.2f})" for k, t in r.items())
print(f"count {sys.argv[3]} --method {sys.argv[2]} --threads 1: {line} (median; over scalar)")
PY
done
