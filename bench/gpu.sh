#!/usr/bin/env bash
# Counting on a GPU: `count N --device gpu` for n = 20, 21 and 22 (NS to
# change them), each answer checked against OEIS A000170, with the GPU
# named, next to the published GPU counters' figures, and the CPU's time
# for n = 20 on the same machine (all its cores, the fastest method) for
# a ratio measured in the same run.
# Needs a GPU with a Vulkan, Metal or DX12 driver (`nqueens devices`); on
# lavapipe (Vulkan on the CPU) it refuses: there only correctness is
# claimed, by the tests.
# Usage: bash bench/gpu.sh   (on an H800-class GPU, a few minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -p nqueens-cli --features full --quiet
bin=target/release/nqueens
out=target/bench
mkdir -p "$out"
ns=${NS:-20 21 22}

$bin devices
$bin devices --json > "$out/devices.json"
if ! python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(d["auto"] is None)' "$out/devices.json"; then
  echo "no hardware GPU here (only a software rasterizer, or none): nothing to measure" >&2
  exit 1
fi

declare -A oeis=([18]=666090624 [19]=4968057848 [20]=39029188884 [21]=314666222712
                 [22]=2691008701644 [23]=24233937684440 [24]=227514171973736)
echo "| n | total | GPU seconds | nodes/s |"
echo "|---|---|---|---|"
for n in $ns; do
  $bin count "$n" --device gpu --quiet --json > "$out/gpu$n.json"
  python3 - "$out/gpu$n.json" "${oeis[$n]}" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert r["total"] == int(sys.argv[2]), f"n = {r['n']}: {r['total']} is not A000170's {sys.argv[2]}"
print(f"| {r['n']} | {r['total']} | {r['seconds']:.1f} | {r['nodes'] / r['seconds']:.3e} |  ({r['device']})")
PY
done
first=${ns%% *}
$bin count "$first" --device cpu --quiet --json > "$out/cpu$first.json"
python3 - "$out/gpu$first.json" "$out/cpu$first.json" <<'PY'
import json, sys
g, c = (json.load(open(p)) for p in sys.argv[1:])
assert (g["total"], g["unique"]) == (c["total"], c["unique"])
print(f"n = {g['n']}: GPU {g['seconds']:.1f} s, CPU ({c['threads']} threads, {c['method']}) "
      f"{c['seconds']:.1f} s: the GPU {c['seconds'] / g['seconds']:.1f}x as fast")
PY
echo "published (bench/RESULTS.md): Yao & Li n = 22 in 250 s on one H800, 180 s on one RTX 5090;"
echo "NQueensFAF n = 24 in 9 h 45 min on one RTX 3080"
