#!/usr/bin/env bash
# Rebuilds the 8x8 reversi evaluation's weights (data/reversi/eval-8x8.bin)
# from nothing but gsolve's own searches (the program is tools/train_reversi_eval/,
# the features src/search/reversi/pattern_eval.h):
#   1. exact: GAMES games from the start (random and fastest-first moves),
#      each solved exactly at 14..20 empties, every position of its principal
#      variation kept down to 10 empties with its exact score; fit.
#   2. bootstrap: BOOT positions of 21..26 empties, each labelled by a depth-6
#      search on the weights of step 1 (its leaves have 15..20 empties); fit.
#   3. bootstrap: BOOT positions of 27..31 empties, labelled by a depth-6
#      search on the weights of step 2; the final fit on all three sets.
# Each fit is stochastic gradient descent on the squared error, each record
# also training the SHARE neighbouring stages on each side.
#
#   tools/train_reversi_eval.sh                  # GAMES=5000 BOOT=40000 SEED=1 EPOCHS=8 SHARE=2
#   GAMES=500 BOOT=2000 OUT=/tmp/eval.bin tools/train_reversi_eval.sh
#
# SIZE=6 rebuilds the 6x6 evaluation (data/reversi/eval-6x6.bin) in one
# round: GAMES=6000 games of reversi:6x6 solved exactly at 14..21 empties,
# every position of the principal variation kept down to 10 empties; fit.
#
#   SIZE=6 tools/train_reversi_eval.sh           # GAMES=6000 SEED=1 EPOCHS=8
#
# Deterministic for a given build, SIZE, GAMES, BOOT, SEED, EPOCHS and SHARE
# (one search thread). Prints the data's size, the held-out error per stage
# and the time of each step.
set -euo pipefail
cd "$(dirname "$0")/.."
SIZE=${SIZE:-8}
case "$SIZE" in
  8) games=5000 share=2 ;;
  6) games=6000 share=0 ;;
  *) echo "train_reversi_eval: SIZE is 8 or 6" >&2; exit 2 ;;
esac
GAMES=${GAMES:-$games}
BOOT=${BOOT:-40000}
SEED=${SEED:-1}
EPOCHS=${EPOCHS:-8}
SHARE=${SHARE:-$share}
OUT=${OUT:-data/reversi/eval-${SIZE}x${SIZE}.bin}
BIN=${BIN:-build/gsolve-train-reversi}
[ -x "$BIN" ] || { echo "train_reversi_eval: $BIN is not built (TARGETS=gsolve-train-reversi tools/build.sh)" >&2; exit 2; }
work=$(mktemp -d /tmp/train-reversi-XXXXXX)
trap 'rm -rf "$work"' EXIT
if [ "$SIZE" = 6 ]; then
  "$BIN" --size 6 data --games "$GAMES" --seed "$SEED" --min-empties 14 --max-empties 21 --down-to 10 --out "$work/data.bin"
  "$BIN" --size 6 fit --data "$work/data.bin" --out "$OUT" --epochs "$EPOCHS" --share "$SHARE" --seed "$SEED"
  echo "train_reversi_eval: wrote $OUT ($(stat -c %s "$OUT") bytes)"
  exit 0
fi
# DATA=DIR keeps the exact data (the costly step) there and reuses it.
exact=${DATA:-$work}/exact.bin
mkdir -p "$(dirname "$exact")"
if [ ! -s "$exact" ]; then
  "$BIN" data --games "$GAMES" --seed "$SEED" --min-empties 14 --max-empties 20 --down-to 10 --out "$exact.part"
  mv "$exact.part" "$exact"
fi
"$BIN" fit --data "$exact" --out "$work/w1.bin" --epochs "$EPOCHS" --share "$SHARE" --seed "$SEED"
"$BIN" data --games "$BOOT" --seed "$((SEED + 1))" --min-empties 21 --max-empties 26 \
  --label-weights "$work/w1.bin" --label-depth 6 --out "$work/boot1.bin"
"$BIN" fit --data "$exact" "$work/boot1.bin" --out "$work/w2.bin" --epochs "$EPOCHS" --share "$SHARE" --seed "$SEED"
"$BIN" data --games "$BOOT" --seed "$((SEED + 2))" --min-empties 27 --max-empties 31 \
  --label-weights "$work/w2.bin" --label-depth 6 --out "$work/boot2.bin"
"$BIN" fit --data "$exact" "$work/boot1.bin" "$work/boot2.bin" --out "$OUT" --epochs "$EPOCHS" --share "$SHARE" --seed "$SEED"
echo "train_reversi_eval: wrote $OUT ($(stat -c %s "$OUT") bytes)"
