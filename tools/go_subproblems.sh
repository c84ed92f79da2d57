#!/usr/bin/env bash
# The subproblems of a Go proof after the first moves: for each reply, one
# proof-number test "the side to move scores at least T" (query --at-least),
# given SECONDS each (query --time), JOBS at a time. Prints the answer, or the
# expansions reached when the time ran out, and the rate.
#   tools/go_subproblems.sh GAME LINE T SECONDS "REPLY..." [JOBS] [-- query options]
#   tools/go_subproblems.sh go:5x5 c3 25 240 "d3 d4 e3 e4 e5 pass" 2
# (on 5x5 after c3, those six replies are White's moves up to symmetry)
set -euo pipefail
BIN=${BIN:-"$(dirname "$0")/../build/gsolve"}
usage() { sed -n '2,/^set -euo/{/^#/s/^# \{0,1\}//p}' "$0"; }
case ${1:-} in -h | --help) usage; exit 0 ;; esac
[ $# -ge 5 ] || { usage >&2; exit 2; }
game=$1 line=$2 t=$3 seconds=$4 replies=$5
shift 5
jobs=1
if [ $# -ge 1 ] && [ "$1" != "--" ]; then jobs=$1; shift; fi
[ "${1:-}" = "--" ] && shift
one() {
  local reply=$1 out
  out=$(mktemp)
  "$BIN" query --game "$game" --at-least "$t" --time "$seconds" --json "$@" "${line:+$line }$reply" >"$out"
  python3 - "$out" "${line:+$line }$reply" "$t" "$seconds" <<'PY'
import json, sys
j = json.loads(open(sys.argv[1]).read().splitlines()[-1])
s, n = j["seconds"], j["nodes"]
if j["holds"] is None:
    print(f"{sys.argv[2]:<12} >= {sys.argv[3]}: open after {sys.argv[4]} s ({n:,} nodes at {s:.1f} s)")
else:
    print(f"{sys.argv[2]:<12} >= {sys.argv[3]}: {'yes' if j['holds'] else 'no':<4} {n:>14,} nodes {s:8.1f} s {n / max(s, 1e-9) / 1e3:8.1f}k/s")
PY
  rm -f "$out"
}
export -f one
export BIN game line t seconds
printf '%s\n' $replies | xargs -P "$jobs" -I{} bash -c 'one "$@"' _ {} "$@"
