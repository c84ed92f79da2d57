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
# Deterministic for a given build, GAMES, SEED and EPOCHS (one search thread).
# Prints the data's size, the held-out error and the time of each step.
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${GAMES:-4000}
SEED=${SEED:-1}
EPOCHS=${EPOCHS:-8}
OUT=${OUT:-data/reversi/eval-8x8.bin}
BIN=${BIN:-build/gsolve-train-reversi}
[ -x "$BIN" ] || { echo "train_reversi_eval: $BIN is not built (TARGETS=gsolve-train-reversi tools/build.sh)" >&2; exit 2; }
work=$(mktemp -d /tmp/train-reversi-XXXXXX)
trap 'rm -rf "$work"' EXIT
"$BIN" data --games "$GAMES" --seed "$SEED" --out "$work/data.bin"
"$BIN" fit --data "$work/data.bin" --out "$OUT" --epochs "$EPOCHS" --seed "$SEED"
echo "train_reversi_eval: wrote $OUT ($(stat -c %s "$OUT") bytes)"
