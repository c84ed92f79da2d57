#!/usr/bin/env bash
# Issue 39 experiment: after 9 / after 11 (--at-least -24) with the predictor at K:
#   BIN=build-predict/gsolve BASE=build/gsolve tools/go_measure/predict/meas.sh l9:2 l9:base l11:4
# TABLE (default tools/go_measure/predict/table5.txt) is the learned table (export.py).
set -euo pipefail
BIN=${BIN:-build-predict/gsolve}
BASE=${BASE:-build/gsolve}
L9="c3 c4 d4 d3 d2 b3 c2 d5 e3"
one(){ label=$1; line=$2; shift 2; env "$@" /usr/bin/time -f "user %U" nice -n 5 ${BINX:-$BIN} query --game go:5x5 --at-least -24 --threads 1 --hash 1024 --json "$line" 2>&1 | python3 -c '
import sys,json; L=sys.stdin.read().splitlines(); j=json.loads([l for l in L if l.startswith("{")][0]); print(sys.argv[1], j["holds"], j["nodes"], [l for l in L if l.startswith("user")][0])' "$label"; }
T=GO_PREDICT_TABLE=${TABLE:-$(dirname "$0")/table5.txt}
for spec in "$@"; do
  IFS=: read -r tst k <<<"$spec"; line="$L9"; [ $tst = l11 ] && line="$L9 b2 b1"
  if [ "$k" = base ]; then BINX=$BASE one "$tst base" "$line" X=1; else one "$tst K=$k" "$line" GO_PREDICT=1 GO_PREDICT_K=$k $T; fi
done
