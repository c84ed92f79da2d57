#!/usr/bin/env bash
# What a perfect (or a partly wrong) choice of the proving move would save in
# one Go test: records the proving children of a run of the measurement build
# (GSOLVE_GO_MEASURE_ORDER, tools/go_measure/order_oracle.h), then runs the
# test again with each variant and prints its expansions and CPU user seconds.
#   tools/go_order_oracle.sh [--hash MB] [--at-least T] [--game go:5x5] LINE
#   BIN=build-order/gsolve (default); VARIANTS="MODE:SIDE:K:WRONG ..." (default below)
# Build: BUILD_DIR=build-order TARGETS=gsolve tools/build.sh -DGSOLVE_GO_MEASURE_ORDER=ON
set -euo pipefail
BIN=${BIN:-"$(dirname "$0")/../build-order/gsolve"}
hash=1024 t=-24 game=go:5x5
case ${1:-} in -h | --help) sed -n '2,/^set -euo/{/^#/s/^# \{0,1\}//p}' "$0"; exit 0 ;; esac
while [ $# -gt 1 ]; do
  case $1 in
    --hash) hash=$2; shift 2 ;;
    --at-least) t=$2; shift 2 ;;
    --game) game=$2; shift 2 ;;
    *) break ;;
  esac
done
[ $# -eq 1 ] || { echo "usage: tools/go_order_oracle.sh [--hash MB] [--at-least T] [--game G] LINE" >&2; exit 2; }
line=$1
VARIANTS=${VARIANTS:-"prune:black:0:0 prune:white:0:0 prefer:black:4:0 prefer:black:16:0 prefer:black:4:10 prefer:black:2:30 prefer:black:2:50"}
oracle=$(mktemp /tmp/order-oracle-XXXXXX)
trap 'rm -f "$oracle"' EXIT

query() {  # prints "holds expansions user-seconds"
  local out
  out=$( { /usr/bin/time -f 'user %U' "$BIN" query --game "$game" --at-least "$t" --threads 1 --hash "$hash" \
           --json "$line"; } 2>&1)
  printf '%s %s %s\n' "$(grep -o '"holds":[a-z]*' <<<"$out" | cut -d: -f2)" \
    "$(grep -o '"nodes":[0-9]*' <<<"$out" | cut -d: -f2)" "$(grep '^user ' <<<"$out" | cut -d' ' -f2)"
}

printf '%-8s %-6s %3s %6s   %-6s %12s %8s\n' mode side K wrong% holds expansions "CPU s"
read -r holds nodes user < <(GSOLVE_ORDER_OUT=$oracle query)
printf '%-8s %-6s %3s %6s   %-6s %12s %8s\n' none - - - "$holds" "$nodes" "$user"
for v in $VARIANTS; do
  IFS=: read -r mode side k wrong <<<"$v"
  read -r h nodes user < <(GSOLVE_ORDER_IN=$oracle GSOLVE_ORDER_MODE=$mode GSOLVE_ORDER_SIDE=$side \
                           GSOLVE_ORDER_K=$k GSOLVE_ORDER_WRONG=$wrong query)
  [ "$mode" = prune ] || [ "$h" = "$holds" ] || { echo "go_order_oracle: $v answered $h, not $holds" >&2; exit 1; }
  printf '%-8s %-6s %3s %6s   %-6s %12s %8s\n' "$mode" "$side" "$k" "$wrong" "$h" "$nodes" "$user"
done
