#!/usr/bin/env bash
# submit.sh N K OUTDIR [sbatch options...]
# Submits count.sbatch as a K-task array and merge.sbatch after it; prints
# "ARRAY_JOB_ID MERGE_JOB_ID" on stdout (for scripts), a readable note on stderr.
# Extra options (--partition=..., --account=..., --time=...) go to both jobs.
set -euo pipefail

if [ $# -lt 3 ] || ! [[ $1 =~ ^[0-9]+$ && $2 =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: $0 N K OUTDIR [sbatch options...]" >&2
  exit 2
fi
N=$1 K=$2
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$3/logs"
# Absolute: the jobs may start in another directory on another node.
OUT=$(cd "$3" && pwd)
shift 3

# N, K and OUT travel in the environment (--export=ALL keeps NQUEENS and PATH too).
env=ALL,N=$N,K=$K,OUT=$OUT
array=$(sbatch --parsable --array="0-$((K - 1))" --export="$env" \
  --output="$OUT/logs/count-%A_%a.out" "$@" "$here/count.sbatch")
array=${array%%;*} # --parsable prints "id;cluster" on multi-cluster setups
merge=$(sbatch --parsable --dependency="afterany:$array" --export="$env" \
  --output="$OUT/logs/merge-%j.out" "$@" "$here/merge.sbatch")
merge=${merge%%;*}

echo "$array $merge"
echo "count array $array (${K} tasks), merge $merge -> $OUT/merge.txt; watch: squeue -j $array,$merge" >&2
