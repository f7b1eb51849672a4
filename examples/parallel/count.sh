#!/usr/bin/env bash
# count.sh N K OUTDIR — the K shards of `nqueens count N` on this machine with
# GNU parallel, then the merge. JOBS (default: one per core) shards run at once,
# one thread each; NQUEENS names the binary (default: nqueens on PATH).
set -euo pipefail

if [ $# -ne 3 ] || ! [[ $1 =~ ^[0-9]+$ && $2 =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: $0 N K OUTDIR" >&2
  exit 2
fi
N=$1 K=$2 OUT=$3
NQUEENS=${NQUEENS:-nqueens}
# moreutils ships a different `parallel` that takes none of these options.
parallel --version 2>/dev/null | grep -q 'GNU parallel' ||
  { echo "$0: needs GNU parallel (apt install parallel)" >&2; exit 2; }
mkdir -p "$OUT"

# A failed shard does not stop the others or the merge: merge names every
# missing shard with the command that reruns it, and its status is ours.
# --quote: OUTDIR may hold spaces. The joblog keeps each shard's time and
# exit status beside the records (merge reads only *.json).
parallel --will-cite --quote --jobs "${JOBS:-100%}" --joblog "$OUT/parallel.log" \
  "$NQUEENS" count "$N" --shard "{}/$K" --out "$OUT/shard-{}-of-$K.json" --threads 1 \
  ::: $(seq 0 $((K - 1))) ||
  echo "$0: some shards failed; merge lists them" >&2

"$NQUEENS" merge "$OUT"
