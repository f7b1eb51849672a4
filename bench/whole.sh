#!/usr/bin/env bash
# One whole count of n on one thread by the join, for each kernel named,
# one after the other: its seconds (the count's own, and the process's
# wall time), its peak resident memory, and its total and unique checked
# against OEIS A000170 and A002562. Not a projection: the whole plan runs.
# Usage: bash bench/whole.sh N KERNEL...   (e.g. 22 avx512 avx2: about
# 45 min and 65 min on one core of the 2-core VM of bench/RESULTS.md)
# NQ=path measures that binary instead of a fresh release build.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -n "${NQ:-}" ] || cargo build --release -p nqueens-cli --features full --quiet
bin=${NQ:-target/release/nqueens}
out=target/bench
mkdir -p "$out"
n=$1
shift
expected() {
  case $n in
    18) echo "666090624 83263591" ;;
    19) echo "4968057848 621012754" ;;
    20) echo "39029188884 4878666808" ;;
    21) echo "314666222712 39333324973" ;;
    22) echo "2691008701644 336376244042" ;;
    23) echo "24233937684440 3029242658210" ;;
    *) echo "no OEIS term tabled here for n = $n" >&2; exit 2 ;;
  esac
}
read -r total unique < <(expected)
echo "## n = $n whole, one thread, by the join ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs))"
for kernel in "$@"; do
  NQUEENS_KERNEL=$kernel /usr/bin/time -f "%e %M" -o "$out/whole-$n-$kernel.time" \
    "$bin" count "$n" --method join --threads 1 --quiet --json >"$out/whole-$n-$kernel.json"
  python3 - "$out/whole-$n-$kernel.json" "$out/whole-$n-$kernel.time" "$kernel" "$total" "$unique" <<'PY'
import json, sys
report, timed, kernel, total, unique = sys.argv[1:]
r = json.load(open(report))
wall, kib = open(timed).read().split()[-2:]
assert (r["total"], r["unique"]) == (int(total), int(unique)), r
print(f"{kernel}: {r['seconds']:.0f} s ({r['seconds'] / 60:.1f} min; {float(wall):.0f} s wall), "
      f"peak {r['peak_bytes'] >> 20} MiB (max RSS {int(kib) >> 10} MiB), "
      f"total {r['total']:,} unique {r['unique']:,} as in OEIS")
PY
done
