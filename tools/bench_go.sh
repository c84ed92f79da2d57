#!/usr/bin/env bash
# Go on small boards from the empty board: score, proof-number expansions and
# wall time of `gsolve query --game go:WxH --weak` (the start's score and every
# move's, without remoteness).
#   tools/bench_go.sh [BOARD...]     default: 2x2 2x3 2x4 3x3 2x5 3x4
#   THREADS=2 HASH=4096 tools/bench_go.sh 4x4     (default: 1 thread, --hash 256)
set -euo pipefail
BIN=${BIN:-"$(dirname "$0")/../build/gsolve"}
THREADS=${THREADS:-1}
HASH=${HASH:-256}
boards=("$@")
[ ${#boards[@]} -gt 0 ] || boards=(2x2 2x3 2x4 3x3 2x5 3x4)
printf '%-6s %6s %14s %10s %8s\n' board score nodes "wall s" threads
for b in "${boards[@]}"; do
  out=$( { /usr/bin/time -f 'wall %e' "$BIN" query --game "go:$b" --weak --json --threads "$THREADS" \
           --hash "$HASH" ""; } 2>&1)
  json=$(grep '^{' <<<"$out")
  wall=$(sed -n 's/^wall //p' <<<"$out")
  read -r score nodes < <(python3 -c 'import json, sys
j = json.loads(sys.stdin.read())
print(j["score"], j["nodes"])' <<<"$json")
  printf '%-6s %6s %14s %10s %8s\n' "$b" "$score" "$nodes" "$wall" "$THREADS"
done
