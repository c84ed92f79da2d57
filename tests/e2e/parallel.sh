#!/usr/bin/env bash
# The parallel code paths on small games, with exact answers: tiered, loopy,
# search and Go solves with --threads 2, both verifiers with --threads 2, and the
# parallel search on reference lines. Small enough to run under
# ThreadSanitizer (tools/test.sh runs it in build-tsan/).
# $1 = build dir (with $1/gsolve), $2 = test data dir (tests/data).
. "$(dirname "$0")/common.sh.inc"

# solve_check <spec> <db> <jq of info> <expected> [solve options...]
solve_check() {
  local spec=$1 db=$2 filter=$3 want=$4 got
  shift 4
  "$BIN" solve "$spec" --db "$db" --threads 2 "$@" >/dev/null || fail "solve $spec $*"
  got=$("$BIN" info --db "$db" --json | jq -c "$filter")
  [ "$got" = "$want" ] || fail "solve $spec $*: $filter = $got, expected $want"
}
# verify_check <db>: both verifiers pass with two threads.
verify_check() {
  "$BIN" verify --db "$1" --backtrack --threads 2 >"$WORK/v" 2>&1 || { cat "$WORK/v" >&2; fail "verify --backtrack $1"; }
  "$BIN" verify --db "$1" --random --walks 500 --seed 3 --threads 2 >"$WORK/v" 2>&1 || { cat "$WORK/v" >&2; fail "verify --random $1"; }
}

solve_check tictactoe "$WORK/ttt.gsdb" '[.reachable_positions, .canonical_positions, .start.value, .start.remoteness]' \
  '[5478,765,"tie",9]'
verify_check "$WORK/ttt.gsdb"
solve_check connect4:4x4 "$WORK/c44.gsdb" '[.reachable_positions, .start.value, .start.remoteness]' '[161029,"tie",16]'
verify_check "$WORK/c44.gsdb"
solve_check quickcross:3x3 "$WORK/q33.gsdb" '[.reachable_positions, .canonical_positions, .start.value, .start.remoteness]' \
  '[18753,1359,"lose",6]'
verify_check "$WORK/q33.gsdb"
solve_check reversi:4x4 "$WORK/r44.gsdb" '[.reachable_positions, .start.value, .start.score]' '[62789,"lose",-10]'
verify_check "$WORK/r44.gsdb"

# Search: a --store-depth solve, and the parallel searcher on reference lines.
solve_check connect4:4x4 "$WORK/top.gsdb" '[.coverage, .complete, .start.value, .start.remoteness]' '["depth:4",true,"tie",16]' \
  --store-depth 4 --hash 16
"$BIN" bench --set "$DATA/ref_4x4.txt" --threads 2 --hash 16 --json >"$WORK/bench.json" || fail "bench --set ref_4x4"
jq -e --argjson n "$(grep -c . "$DATA/ref_4x4.txt")" '.positions == $n and .wrong == 0' "$WORK/bench.json" >/dev/null \
  || fail "bench --set ref_4x4 --threads 2: $(cat "$WORK/bench.json")"
# Seven of the first eight lines: the second (every move's exact remoteness
# along long ties) takes 5.9 s here and 45 s under ThreadSanitizer.
sed -n '1p;3,8p' "$DATA/Test_L1_R1" >"$WORK/lines"
"$BIN" query --game connect4:7x6 --json --threads 2 --hash 16 - <"$WORK/lines" >"$WORK/answers" || fail "query --game connect4:7x6"
# Pons score from value and remoteness: 22 - the winner's stones = floor((44 - plies at the end) / 2).
pons='(.position | length) + .remoteness | (44 - .) / 2 | floor'
got=$(jq -r "if .value == \"win\" then $pons elif .value == \"lose\" then -($pons) else 0 end" "$WORK/answers" | tr '\n' ' ')
[ "$got" = "$(awk '{printf "%s ", $2}' "$WORK/lines")" ] || fail "connect4:7x6 search scores: $got"
# Go: frontier lines on two threads (one solver and table each), and the
# proof-number tests of one query two at a time (one table).
solve_check go:3x3 "$WORK/g33.gsdb" '[.coverage, .complete, .start.score, .start.remoteness, .signature]' \
  '["depth:2",true,9,15,"4e26c4237de9afea"]' --store-depth 2 --hash 16
verify_check "$WORK/g33.gsdb"
got=$("$BIN" query --game go:3x3 --threads 2 --hash 16 --json "" | jq -c '[.score, .remoteness]')
[ "$got" = "[9,15]" ] || fail "query --game go:3x3 --threads 2: $got"
# One test split at its root over two provers sharing one table (root_split.h):
# 5x5 along GNU Go's line after 11 moves (after 13 the proof is too small to
# split since the searched regions), White has no reply that keeps a point.
# --progress names each reply as its test ends: all 15 hold.
progress="$WORK/progress"
got=$("$BIN" query --game go:5x5 --threads 2 --hash 64 --at-least -24 --json --progress "c3 c4 d4 d3 d2 b3 c2 d5 e3 b2 b1" 2>"$progress" | jq -c .holds)
[ "$got" = "false" ] || fail "query --game go:5x5 --threads 2 --at-least -24: $got"
closed=$(grep -c '^split: after [a-z0-9]* the test holds ([0-9]* of 15 children closed)' "$progress" || true)
grep -q '^split: after pass the test holds' "$progress" && [ "$closed" = 15 ] ||
  fail "query --progress: $closed of 15 split lines: $(head -c 300 "$progress")"
echo "parallel: all checks passed"
