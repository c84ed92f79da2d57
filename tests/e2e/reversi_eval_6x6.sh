#!/usr/bin/env bash
# The 6x6 reversi evaluation's weights file: a missing or damaged file is a
# one-line error and exit 2, never a search with silent zero weights; the
# shipped file answers, and so does a search without it.
source "$(dirname "$0")/common.sh.inc"

shipped="$(cd "$(dirname "$0")/../.." && pwd)/data/reversi/eval-6x6.bin"
cd "$WORK"
pos="--O-X-O-OX--XOOO---XOO--XO---------- X"  # r6x6-22.obf line 2: +10
GSOLVE_REVERSI_EVAL_6X6=missing.bin expect_error "reversi evaluation: cannot open missing.bin" \
  "$BIN" query --game reversi:6x6 --weak "$pos"
cp "$shipped" damaged.bin
python3 -c "import sys; b = bytearray(open(sys.argv[1], 'rb').read()); b[3000] ^= 1; open(sys.argv[1], 'wb').write(b)" damaged.bin
GSOLVE_REVERSI_EVAL_6X6=damaged.bin expect_error "damaged.bin is damaged (checksum mismatch)" \
  "$BIN" query --game reversi:6x6 --weak "$pos"
GSOLVE_REVERSI_EVAL_6X6="$(dirname "$shipped")/eval-8x8.bin" expect_error "eval-8x8.bin is damaged (wrong layout)" \
  "$BIN" query --game reversi:6x6 --weak "$pos"
"$BIN" query --game reversi:6x6 --weak "$pos" | head -1 | grep -qF "score +10" || fail "6x6 with the shipped weights"
GSOLVE_REVERSI_EVAL_6X6=off "$BIN" query --game reversi:6x6 --weak "$pos" | head -1 | grep -qF "score +10" \
  || fail "6x6 without"
echo "reversi_eval_6x6: ok"
