#!/usr/bin/env bash
# How a Go proof grows towards the root, along one line of play: for each
# prefix of the line, longest first, the proof-number test that Black scores
# at least T there (query --at-least T with Black to move, --at-least 1-T
# with White to move: its failure is Black's T), SECONDS at most each; stops
# at the first prefix left open. Prints each prefix's answer, expansions and
# wall time, and the growth factor over the prefix two plies longer.
#   tools/go_line_growth.sh GAME "LINE" T SECONDS [-- query options]
#   tools/go_line_growth.sh go:5x5 "c3 c4 d4 d3 d2 b3 c2 d5 e3 b2 b1 e4 e5" 25 400 -- --hash 1024
# (that line is GNU Go's self-play on 5x5, level 10, Chinese rules; White resigned after it)
set -euo pipefail
BIN=${BIN:-"$(dirname "$0")/../build/gsolve"}
game=$1 line=$2 t=$3 seconds=$4
shift 4
[ "${1:-}" = "--" ] && shift
read -r -a moves <<<"$line"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
declare -A nodes_at
for ((k = ${#moves[@]}; k >= 0; --k)); do
  prefix="${moves[*]:0:k}"
  goal=$(( k % 2 == 0 ? t : 1 - t ))
  start=$(date +%s.%N)
  if ! timeout "$seconds" "$BIN" query --game "$game" --at-least "$goal" --json "$@" "$prefix" >"$out" 2>/dev/null; then
    printf 'ply %2d  open after %s s\n' "$k" "$seconds"
    break
  fi
  end=$(date +%s.%N)
  read -r holds nodes < <(jq -r '[.holds, .nodes] | @tsv' <"$out" | tail -1)
  nodes_at[$k]=$nodes
  growth=""
  [ -n "${nodes_at[$((k + 2))]:-}" ] && growth=$(awk -v a="$nodes" -v b="${nodes_at[$((k + 2))]}" 'BEGIN { printf "x%.1f over ply %d", a / b, '"$((k + 2))"' }')
  printf 'ply %2d  %-8s >= %4s: %-5s %13s expansions %8.1f s  %s\n' "$k" "$( ((k % 2)) && echo White || echo Black)" "$goal" \
    "$holds" "$(printf "%'d" "$nodes")" "$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')" "$growth"
done
