#!/usr/bin/env bash
# The subproblems of a Go proof after the first moves: for each reply, one
# proof-number test "the side to move scores at least T" (query --at-least),
# given SECONDS each, JOBS at a time. Prints the answer, or the expansions
# reached when the time ran out (from the --progress heartbeat), and the rate.
#   tools/go_subproblems.sh GAME LINE T SECONDS "REPLY..." [JOBS] [-- query options]
#   tools/go_subproblems.sh go:5x5 c3 25 240 "d3 d4 e3 e4 e5 pass" 2
# (on 5x5 after c3, those six replies are White's moves up to symmetry)
set -euo pipefail
BIN=${BIN:-"$(dirname "$0")/../build/gsolve"}
game=$1 line=$2 t=$3 seconds=$4 replies=$5 jobs=${6:-1}
shift $(( $# >= 6 ? 6 : $# ))
[ "${1:-}" = "--" ] && shift
one() {
  local reply=$1 err out start end
  err=$(mktemp) out=$(mktemp)
  start=$(date +%s.%N)
  if timeout "$seconds" "$BIN" query --game "$game" --at-least "$t" --progress --json "$@" "$line $reply" >"$out" 2>"$err"; then
    end=$(date +%s.%N)
    python3 - "$out" "$line $reply" "$t" "$start" "$end" <<'PY'
import json, sys
j = json.loads(open(sys.argv[1]).read().splitlines()[-1])
s = float(sys.argv[5]) - float(sys.argv[4])
print(f"{sys.argv[2]:<12} >= {sys.argv[3]}: {'yes' if j['holds'] else 'no':<4} {j['nodes']:>14,} nodes {s:8.1f} s {j['nodes'] / max(s, 1e-9) / 1e3:8.1f}k/s")
PY
  else
    local nodes secs
    nodes=$(sed -nE 's/^  \.\.\. ([0-9]+) nodes.* ([0-9.]+) s,.*/\1/p' "$err" | tail -1)
    secs=$(sed -nE 's/^  \.\.\. ([0-9]+) nodes in this test.s prover, ([0-9.]+) s,.*/\2/p' "$err" | tail -1)
    printf '%-12s >= %s: open after %s s (%s nodes at %s s)\n' "$line $reply" "$t" "$seconds" "${nodes:-0}" "${secs:-0}"
  fi
  rm -f "$err" "$out"
}
export -f one
export BIN game line t seconds
printf '%s\n' $replies | xargs -P "$jobs" -I{} bash -c 'one "$@"' _ {} "$@"
