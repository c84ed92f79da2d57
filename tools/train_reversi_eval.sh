#!/usr/bin/env bash
# Rebuilds the 8x8 reversi evaluation's weights (data/reversi/eval-8x8.bin)
# from nothing but gsolve's own endgame search: plays GAMES games from the
# start (random and fastest-first moves), solves each at 12..19 empties,
# keeps every position of its principal variation down to 10 empties with its
# exact score, and fits the pattern weights by stochastic gradient descent
# (src/search/reversi/pattern_eval.h; the program is tools/train_reversi_eval/).
#
#   tools/train_reversi_eval.sh                  # GAMES=4000 SEED=1 EPOCHS=8
#   GAMES=500 OUT=/tmp/eval.bin tools/train_reversi_eval.sh
#
# SIZE=6 rebuilds the 6x6 evaluation (data/reversi/eval-6x6.bin) the same
# way: GAMES=6000 games of reversi:6x6 solved at 14..21 empties, every
# position of the principal variation kept down to 10 empties.
#
#   SIZE=6 tools/train_reversi_eval.sh           # GAMES=6000 SEED=1 EPOCHS=8
#
# Deterministic for a given build, SIZE, GAMES, SEED and EPOCHS (one search thread).
# Prints the data's size, the held-out error and the time of each step.
set -euo pipefail
cd "$(dirname "$0")/.."
SIZE=${SIZE:-8}
case "$SIZE" in
  8) games=4000 range=() ;;
  6) games=6000 range=(--min-empties 14 --max-empties 21 --down-to 10) ;;
  *) echo "train_reversi_eval: SIZE is 8 or 6" >&2; exit 2 ;;
esac
GAMES=${GAMES:-$games}
SEED=${SEED:-1}
EPOCHS=${EPOCHS:-8}
OUT=${OUT:-data/reversi/eval-${SIZE}x${SIZE}.bin}
BIN=${BIN:-build/gsolve-train-reversi}
[ -x "$BIN" ] || { echo "train_reversi_eval: $BIN is not built (TARGETS=gsolve-train-reversi tools/build.sh)" >&2; exit 2; }
work=$(mktemp -d /tmp/train-reversi-XXXXXX)
trap 'rm -rf "$work"' EXIT
"$BIN" --size "$SIZE" data --games "$GAMES" --seed "$SEED" "${range[@]}" --out "$work/data.bin"
"$BIN" --size "$SIZE" fit --data "$work/data.bin" --out "$OUT" --epochs "$EPOCHS" --seed "$SEED"
echo "train_reversi_eval: wrote $OUT ($(stat -c %s "$OUT") bytes)"
