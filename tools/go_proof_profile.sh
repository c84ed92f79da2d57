#!/usr/bin/env bash
# Where a Go proof goes (measurement builds, never the product): builds
#   build/          the product
#   build-nocert/   without superko certificates (UNSOUND: prices the history policy)
#   build-measure/  with the depth profile, the child order and the local
#                   life-and-death oracle's verdicts (tools/go_measure/)
# and runs the test "the side to move scores at least T" after LINE in each,
# one thread; prints expansions and CPU seconds, then build-measure's table.
#   tools/go_proof_profile.sh go:5x5 "LINE" T [query options]
#   tools/go_proof_profile.sh go:5x5 "c3 c4 d4 d3 d2 b3 c2 d5 e3 b2 b1" -24 --hash 1024
set -euo pipefail
cd "$(dirname "$0")/.."
game=$1 line=$2 t=$3
shift 3
TARGETS=gsolve tools/build.sh >/dev/null
BUILD_DIR=build-nocert TARGETS=gsolve tools/build.sh -DGSOLVE_MPI=OFF -DGSOLVE_GO_MEASURE_NO_SUPERKO_CERT=ON >/dev/null 2>&1
BUILD_DIR=build-measure TARGETS=gsolve tools/build.sh -DGSOLVE_MPI=OFF -DGSOLVE_GO_MEASURE_PROOF=ON >/dev/null
table=$(mktemp)
trap 'rm -f "$table"' EXIT
for dir in build build-nocert build-measure; do
  start=$(date +%s.%N)
  nodes=$( { /usr/bin/time -f "%U %S" "$dir/gsolve" query --game "$game" --at-least "$t" --threads 1 --json "$@" "$line" \
    2>"$table.err" | jq -r .nodes; } )
  cpu=$(tail -1 "$table.err" | awk '{ print $1 + $2 }')
  [ "$dir" = build-measure ] && head -n -1 "$table.err" >"$table"
  printf '%-14s %12s expansions %8.1f s CPU %8.1f s wall\n' "$dir" "$nodes" "$cpu" "$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')"
  rm -f "$table.err"
done
cat "$table"
