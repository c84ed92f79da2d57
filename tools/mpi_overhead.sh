#!/usr/bin/env bash
# The cost of MPI on one machine: 1 process with 2 threads against 2 processes
# with 1 thread each (mpirun), the same solve, in interleaved pairs; prints
# each pair's wall times (/usr/bin/time: mpirun's start-up included), their
# ratio, and the signatures (they must be equal).
#   tools/mpi_overhead.sh [PAIRS] -- solve arguments without --db and --threads
#   tools/mpi_overhead.sh 3 -- connect4:6x4
#   tools/mpi_overhead.sh 3 -- connect4:6x5 --store-depth 5 --hash 64
set -euo pipefail
cd "$(dirname "$0")/.."
PAIRS=${1:-3}
shift; [ "${1:-}" = "--" ] && shift
BIN=$(pwd)/build/gsolve
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# A job on one machine needs no munge credentials; with munge installed and its
# daemon stopped, PMIx otherwise retries for 2.3 s in every mpirun.
export PMIX_MCA_psec=${PMIX_MCA_psec-^munge}
run() {  # label, command...: wall seconds and signature
  local label=$1; shift
  rm -f "$WORK"/db*
  /usr/bin/time -f %e -o "$WORK/time" "$@" --db "$WORK/db" --json >"$WORK/out"
  echo "$(cat "$WORK/time") $(jq -r .signature "$WORK/out") $(jq -r .exchanged_bytes "$WORK/out")"
}
for p in $(seq "$PAIRS"); do
  read -r a sa _ < <(run one "$BIN" solve "$@" --threads 2)
  read -r b sb bytes < <(run two mpirun -q --oversubscribe -np 2 "$BIN" solve "$@" --threads 1)
  echo "pair $p: 1x2 $a s, 2x1 $b s, ratio $(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f", b / a }'), exchanged $bytes bytes, signatures $sa $sb"
  [ "$sa" = "$sb" ] || { echo "signatures differ" >&2; exit 1; }
done
