#!/usr/bin/env bash
# Issue 39: the dumps of the journal's training pick (journal.py --pick, the first
# N tests, each stopped at 30 s of CPU) and of after 7 (held out, whole), predictor off:
#   BIN=build-predict/gsolve DATA=/tmp/journal N=24 tools/go_measure/predict/dump_journal.sh
set -euo pipefail
BIN=${BIN:-build-predict/gsolve}
DATA=${DATA:?DATA=directory for the dumps}
N=${N:-24}
mkdir -p "$DATA"
BIN=$(realpath "$BIN") DATA=$(realpath "$DATA")
cd "$(dirname "$0")"
python3 journal.py --pick ../../../data/go/5x5-proof.journal 500000 5000000 >"$DATA/all.tsv"
head -n "$N" "$DATA/all.tsv" >"$DATA/pick.tsv"
while IFS=$'\t' read -r name t _ _ line; do
  (ulimit -t 30; GSOLVE_GO_PREDICTOR=off GO_PREDICT_DUMP="$DATA/$name.bin" nice -n 5 "$BIN" query --game go:5x5 \
    --at-least "$t" --threads 1 --hash 256 --json "$line" >/dev/null 2>&1) || echo "$name stopped"
done <"$DATA/pick.tsv"
GSOLVE_GO_PREDICTOR=off GO_PREDICT_DUMP="$DATA/l7.bin" nice -n 5 "$BIN" query --game go:5x5 --at-least -24 \
  --threads 1 --hash 1024 --json "c3 c4 d4 d3 d2 b3 c2" | tail -1
