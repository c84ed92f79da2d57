#!/usr/bin/env bash
# The 8x8 reversi evaluation's weights file: a missing or damaged file is a
# one-line error and exit 2, never a search with silent zero weights; the
# shipped file answers.
source "$(dirname "$0")/common.sh.inc"

shipped="$(cd "$(dirname "$0")/../.." && pwd)/data/reversi/eval-8x8.bin"
cd "$WORK"
pos="--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"  # FFO #1
GSOLVE_REVERSI_EVAL_GUESS=1 GSOLVE_REVERSI_EVAL=missing.bin expect_error "reversi evaluation: cannot open missing.bin" \
  "$BIN" query --game reversi "$pos"
cp "$shipped" damaged.bin
python3 -c "import sys; b = bytearray(open(sys.argv[1], 'rb').read()); b[5000] ^= 1; open(sys.argv[1], 'wb').write(b)" damaged.bin
GSOLVE_REVERSI_EVAL_GUESS=1 GSOLVE_REVERSI_EVAL=damaged.bin expect_error "damaged.bin is damaged (checksum mismatch)" \
  "$BIN" query --game reversi "$pos"
head -c 1000 "$shipped" > short.bin
GSOLVE_REVERSI_EVAL_GUESS=1 GSOLVE_REVERSI_EVAL=short.bin expect_error "short.bin is damaged (wrong size)" "$BIN" query --game reversi "$pos"
GSOLVE_REVERSI_EVAL_GUESS=1 GSOLVE_REVERSI_EVAL_ORDER=10 "$BIN" query --game reversi "$pos" | head -1 | grep -qF "score +18" || fail "FFO #1 with the shipped weights"
GSOLVE_REVERSI_EVAL=off "$BIN" query --game reversi "$pos" | head -1 | grep -qF "score +18" || fail "FFO #1 without"
echo "reversi_eval: ok"
