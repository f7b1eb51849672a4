#!/usr/bin/env bash
# Counting benchmark (issue 4), side by side in one run for each n:
#   nqueens count N --threads 1   the full-symmetry search on one thread
#   nqueens count N               the same on all cores
#   somers_mirror N               Jeff Somers' classic mirror-symmetry loop
#                                 (bench/somers_mirror.rs), one thread
# Every answer is checked first. Prints the ratios and ns per node.
# Usage: bash bench/count.sh [N ...]   (default: 15 16 17); needs hyperfine.
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=("${@:-15 16 17}")
read -r -a sizes <<<"${sizes[*]}"
out=target/bench
mkdir -p "$out"
cargo build --release --features full --quiet
rustc -C opt-level=3 -C codegen-units=1 -C panic=abort -o "$out/somers_mirror" bench/somers_mirror.rs
nq=target/release/nqueens

for n in "${sizes[@]}"; do
  ours=$($nq count "$n" --json)
  theirs=$("$out/somers_mirror" "$n" nodes)
  python3 - "$ours" "$theirs" <<'PY'
import json, sys
ours, (total, _) = json.loads(sys.argv[1]), sys.argv[2].split()
if ours["total"] != int(total):
    sys.exit(f"wrong answer: nqueens {ours['total']}, somers {total}")
PY
  echo "$ours" >"$out/count$n.nqueens.json"
  echo "$theirs" >"$out/count$n.somers.txt"
  runs=$((n >= 17 ? 3 : 10))
  hyperfine --style basic --warmup 1 --runs "$runs" --export-json "$out/count$n.json" \
    -n "nqueens count $n --threads 1" "$nq count $n --threads 1" \
    -n "nqueens count $n" "$nq count $n" \
    -n "somers_mirror $n" "$out/somers_mirror $n"
done

python3 - "$out" "$(nproc)" "${sizes[@]}" <<'PY'
import json, sys
out, cores, sizes = sys.argv[1], sys.argv[2], sys.argv[3:]
print(f"\n| n | one thread (s) | {cores} threads (s) | somers (s) | one thread / somers "
      f"| all cores / somers | scaling | ns/node ours | ns/node somers |")
print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
for n in sizes:
    one, many, somers = (r["mean"] for r in json.load(open(f"{out}/count{n}.json"))["results"])
    nodes = json.load(open(f"{out}/count{n}.nqueens.json"))["nodes"]
    somers_nodes = int(open(f"{out}/count{n}.somers.txt").read().split()[1])
    print(f"| {n} | {one:.3f} | {many:.3f} | {somers:.3f} | **{one / somers:.3f}×** | "
          f"**{many / somers:.3f}×** | {one / many:.2f}× | {one * 1e9 / nodes:.2f} | "
          f"{somers * 1e9 / somers_nodes:.2f} |")
PY
