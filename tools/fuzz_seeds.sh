#!/usr/bin/env bash
# Regenerates the seed corpora of the libFuzzer targets, tests/fuzz/corpus/<target>/:
# the database targets from real small databases (solved here with build/gsolve,
# dumped by fuzz_make_seeds of a GSOLVE_FUZZ build), the text targets from
# the games' specs, sample positions and moves, and tests/data lines.
#   tools/fuzz_seeds.sh [release build dir] [fuzz build dir]
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="${1:-build}/gsolve"
SEEDS="${2:-build-asan}/tests/fuzz/fuzz_make_seeds"
C=tests/fuzz/corpus
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
rm -rf "$C"
mkdir -p "$C"/{spec,position,move,testset,obf}

# Databases: dense unscored (tiered, loopy), scored, derived tiers, keyed runs.
"$BIN" solve tictactoe --db "$WORK/ttt.gsdb" >/dev/null
"$BIN" solve connect4:4x4 --db "$WORK/c44.gsdb" >/dev/null
"$BIN" solve quickcross:3x3 --db "$WORK/q33.gsdb" >/dev/null
"$BIN" solve reversi:4x4 --db "$WORK/r44.gsdb" >/dev/null
"$BIN" solve connect4:4x4 --db "$WORK/top.gsdb" --store-depth 5 --hash 16 >/dev/null
for db in ttt c44 q33 r44 top; do "$SEEDS" "$WORK/$db.gsdb" "$C" "$db"; done

# Specs; positions and moves: the first byte picks the game (fuzz_check.h kSpecs order).
i=0
for s in connect4:4x4 connect4:5x4 connect4:7x6 connect4 tictactoe reversi:4x4 reversi:6x6 reversi \
         quickcross:3x3 quickcross:4x4 quickcross:3x4,connect=3 quickcross:5x4,connect=4 reversi:8x8 \
         go:3x3 go:4x4,komi=2,ko=ssk; do
  printf '%s' "$s" >"$C/spec/$((i++))"
done
pos() { printf "\\x$(printf %02x "$1")%s" "$2" >"$C/position/$1-$3"; }
pos 0 "" a; pos 0 "1213" b; pos 1 "3344" a; pos 2 "4453" a; pos 2 "44444432" b; pos 3 "1" a
pos 4 "XX-OO---- X" a; pos 4 "XX-OO----" b; pos 4 "XOX-O----" c
pos 5 "" a; pos 5 "-----XO--OX----- X" b; pos 5 "XXXXXXXXXXXXXXXX X" c; pos 5 "b1a1" d
pos 6 "c4" a; pos 7 "f5d6c3" a; pos 7 "$(head -c 66 tests/data/reversi/fforum-1-19.obf)" b
pos 8 "........." a; pos 8 "-|.......'" b; pos 9 "................" a; pos 10 "-|-|........" a
pos 11 "b2 a1 pass" a; pos 11 "(;GM[1]SZ[3]KM[0];B[bb];W[aa];B[])" b; pos 11 "pass pass" c
mv() { printf "\\x$(printf %02x "$1")%s" "$2" >"$C/move/$1-$3"; }
mv 0 $'1\n2\n3\n1' a; mv 2 $'4\n4\n10\na\n4' a; mv 4 $'1\n5\n9\n3' a; mv 7 $'f5\nd6\npass\nc3' a
mv 5 $'b1\nPA\na1' a; mv 11 $'b2\npass\nA1' a; mv 8 $'-@a1\n|@b2\nflip@a1' a; mv 10 $'-@a1\n|@b2' a
head -n 8 tests/data/connect4/ref_4x4.txt >"$C/testset/ref_4x4"
printf '12 0\n\n-3\n1234 x\n' >"$C/testset/mixed"
head -n 2 tests/data/connect4/Test_L1_R1 >"$C/testset/test_L1"
n=0
for f in tests/data/reversi/*.obf; do
  head -n 3 "$f" | while IFS= read -r line; do printf '%s' "$line" >"$C/obf/$(basename "$f" .obf)-$((n++))"; done
done
find "$C" -type f | cut -d/ -f4 | sort | uniq -c
