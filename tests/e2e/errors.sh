#!/usr/bin/env bash
# Bad input: a one-line error, exit code 2, and nothing written.
source "$(dirname "$0")/common.sh.inc"

cd "$WORK"
"$BIN" solve connect4:4x4 --db c4.gsdb >/dev/null
"$BIN" solve tictactoe --db ttt.gsdb >/dev/null

expect_error "unknown game 'chess'" "$BIN" solve chess --db new.gsdb
[ ! -e new.gsdb ] && [ ! -e new.gsdb-lock ] || fail "unknown game wrote a file"
expect_error "bad connect4 size '7by6'" "$BIN" solve connect4:7by6 --db new.gsdb
expect_error "column 5 at move 1 is outside 1..4" "$BIN" query --db c4.gsdb 5
expect_error "column 1 is full at move 5" "$BIN" query --db c4.gsdb 11111
expect_error "bad character 'x'" "$BIN" query --db c4.gsdb 12x
expect_error "comes after the game ended" "$BIN" query --db c4.gsdb 12121212
expect_error "missing.gsdb: no such database file" "$BIN" query --db missing.gsdb 1
expect_error "missing.gsdb: no such database file" "$BIN" info --db missing.gsdb
[ ! -e missing.gsdb ] && [ ! -e missing.gsdb-lock ] || fail "a missing database was created"

head -c 100000 /dev/urandom > junk.bin
sum=$(md5sum junk.bin)
expect_error "junk.bin: not a gsolve database" "$BIN" query --db junk.bin 1
expect_error "junk.bin: not a gsolve database" "$BIN" info --db junk.bin
[ "$(md5sum junk.bin)" = "$sum" ] && [ ! -e junk.bin-lock ] || fail "the foreign file was touched"

expect_error "database holds connect4:4x4, not tictactoe" "$BIN" query --db c4.gsdb --game tictactoe X--------
expect_error "already exists" "$BIN" solve tictactoe --db c4.gsdb
expect_error "cannot resume: database holds game 'connect4:4x4', not 'tictactoe'" \
  "$BIN" solve tictactoe --db c4.gsdb --resume
expect_error "tictactoe position needs 9 characters (X, O or -, row-major), got 2" "$BIN" query --db ttt.gsdb XO
[ "$("$BIN" info --db c4.gsdb --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["game"])')" = "connect4:4x4" ] \
  || fail "the database changed"
# bench --set: an illegal or off-board move, or no positions, is a malformed set (file:line).
obf="--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"
printf '%s; G8:+18; Z9:+6;\n' "$obf" >"$WORK/offboard.obf"
expect_error "offboard.obf:1: bad reversi move 'Z9' (expected a square a1..h8 or 'pass')" "$BIN" bench --set "$WORK/offboard.obf"
printf '%% a comment\n%s; C1:+6;\n' "$obf" >"$WORK/taken.obf"
expect_error "taken.obf:2: move C1 is not legal: the square is taken" "$BIN" bench --set "$WORK/taken.obf"
printf '%% nothing but a comment\n\n' >"$WORK/empty.obf"
expect_error "empty.obf: no positions (every line is empty or a comment)" "$BIN" bench --set "$WORK/empty.obf"
# bench --json names the root driver it used, the game's default included.
"$BIN" bench --set "$DATA/../reversi/fforum-1-19.obf" --limit 1 --json | grep -qF '"algorithm":"mtdf"' ||
  fail "bench --json algorithm"
echo "errors: all checks passed"
