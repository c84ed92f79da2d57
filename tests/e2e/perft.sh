#!/usr/bin/env bash
# gsolve perft: exact per-ply counts from the start (tests/data/reversi/README.md),
# the same with 1 and 2 threads; bad input is one line on stderr and exit 2.
source "$(dirname "$0")/common.sh.inc"

# reversi 4x4: every game is over by ply 18; standard perft settles at 60,060 games.
j=$("$BIN" perft reversi:4x4 19 --json --threads 2)
[ "$(echo "$j" | json "j['game'], j['depth'], [p['standard'] for p in j['plies']][15:], sum(p['finished'] or 0 for p in j['plies'])")" \
  = "reversi:4x4 19 [60060, 60060, 60060, 60060, 60060] 60060" ] || fail "reversi:4x4 perft: $j"
[ "$(echo "$j" | json "j['plies'][19]['finished'], j['plies'][12]['nodes'], j['plies'][12]['finished']")" = "None 55112 25844" ] \
  || fail "reversi:4x4 ply 12: $j"

# reversi 8x8 to ply 9 (README), 1 and 2 threads alike; the text table has the same rows.
want="1 4 12 56 244 1396 8200 55092 390216 3005288"
for t in 1 2; do
  got=$("$BIN" perft reversi:8x8 9 --json --threads $t | json "' '.join(str(p['nodes']) for p in j['plies'])")
  [ "$got" = "$want" ] || fail "reversi:8x8 perft with $t threads: $got"
done
row=$("$BIN" perft reversi:6x6 10 --threads 1 | awk '$1 == 10 {print $2, $3, $4}')
[ "$row" = "14976684 14976792 -" ] || fail "reversi:6x6 ply 10 row: $row"
"$BIN" perft reversi:6x6 10 --threads 1 | grep -q '^   9          2114912          2114912            108$' || fail "reversi:6x6 ply 9 row"

# Generic over games: connect4 and tictactoe.
[ "$("$BIN" perft connect4:7x6 4 --json | json "[p['nodes'] for p in j['plies']]")" = "[1, 7, 49, 343, 2401]" ] \
  || fail "connect4 perft"
[ "$("$BIN" perft tictactoe 9 --json | json "j['plies'][9]['standard'], j['plies'][9]['nodes']")" = "255168 127872" ] \
  || fail "tictactoe perft"

expect_error "unknown game 'chess'" "$BIN" perft chess 3
expect_error "reversi board 5x5 is not supported" "$BIN" perft reversi:5x5 3
expect_error "depth" "$BIN" perft reversi:8x8 -1
expect_error "depth" "$BIN" perft reversi:8x8 many
echo "perft: all checks passed"
