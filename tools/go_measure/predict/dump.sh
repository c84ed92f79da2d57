#!/usr/bin/env bash
# Issue 39 experiment: the dumps of proven nodes (GO_PREDICT_DUMP) for the offline
# predictor tools, written to DATA (a directory outside the repository).
#   BIN=build-predict/gsolve DATA=/tmp/predict tools/go_measure/predict/dump.sh
# Build: BUILD_DIR=build-predict TARGETS=gsolve tools/build.sh -DGSOLVE_GO_MEASURE_PREDICT=ON
set -euo pipefail
BIN=${BIN:-build-predict/gsolve}
DATA=${DATA:?DATA=directory for the dumps}
mkdir -p "$DATA"
L9="c3 c4 d4 d3 d2 b3 c2 d5 e3"
run(){ name=$1; shift; GO_PREDICT_DUMP=$DATA/$name.bin nice -n 5 "$BIN" query "$@" 2>&1 | tail -1; }
run l9 --game go:5x5 --at-least -24 --threads 1 --hash 1024 --json "$L9"
run l9b4 --game go:5x5 --at-least 25 --threads 1 --hash 256 --json "$L9 b4"
run l9e4 --game go:5x5 --at-least 25 --threads 1 --hash 256 --json "$L9 e4"
run l9a3 --game go:5x5 --at-least 25 --threads 1 --hash 256 --json "$L9 a3"
run l10a2 --game go:5x5 --at-least -24 --threads 1 --hash 256 --json "$L9 b2 a2"
run 4x4b2 --game go:4x4 --weak --threads 1 --hash 256 --json "b2"
run 4x5 --game go:4x5 --at-least -19 --threads 1 --hash 256 --json "b3 c3 a3"
echo done
