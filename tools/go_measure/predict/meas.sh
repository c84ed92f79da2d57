#!/usr/bin/env bash
# Issue 39: after 7 / 9 / 11 (--at-least -24, one thread, --hash 1024) with the
# move predictor (the shipped table, or TABLE=FILE) or without it (TEST:off):
#   BIN=build/gsolve tools/go_measure/predict/meas.sh l9 l9:off l11
set -euo pipefail
BIN=${BIN:-build/gsolve}
L9="c3 c4 d4 d3 d2 b3 c2 d5 e3"
for spec in "$@"; do
  IFS=: read -r tst mode <<<"$spec"
  line="$L9"
  [ "$tst" = l11 ] && line="$L9 b2 b1"
  [ "$tst" = l7 ] && line="${L9% d5 e3}"
  predictor=${TABLE:-}
  [ "${mode:-}" = off ] && predictor=off
  GSOLVE_GO_PREDICTOR=$predictor /usr/bin/time -f "user %U" nice -n 5 "$BIN" query --game go:5x5 --at-least -24 \
    --threads 1 --hash 1024 --json "$line" 2>&1 | python3 -c '
import sys, json
L = sys.stdin.read().splitlines()
j = json.loads([l for l in L if l.startswith("{")][0])
print(sys.argv[1], j["holds"], j["nodes"], [l for l in L if l.startswith("user")][0])' "$spec"
done
