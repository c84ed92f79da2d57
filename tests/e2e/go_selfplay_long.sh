#!/usr/bin/env bash
# gsolve gtp playing both colours on 4x4 ends at the game value B+2 (every
# move proven: about 3.5 min with 2 threads).
source "$(dirname "$0")/common.sh.inc"
source "$(dirname "$0")/go_selfplay.inc"
got=$(selfplay 4 go:4x4 --threads 2 --hash 2048)
[ "$got" == "= B+2" ] || fail "4x4 self-play: $got"
echo "go self-play 4x4: OK"

# Against GNU Go on 4x4 (proven moves, about 5 min): gsolve as Black wins, as
# White it loses by no more than the value (it won W+1 when measured), and
# GNU Go accepts every move (the referee stops the match at a refused one).
GNUGO=${GNUGO:-/usr/games/gnugo}
[ -x "$GNUGO" ] || fail "GNU Go is missing (tools/install-deps.sh installs the gnugo package)"
out=$(BIN="$BIN" GNUGO="$GNUGO" "$(dirname "$0")/../../tools/gnugo_match.sh" go:4x4 2 --threads 2 --hash 2048) ||
  fail "GNU Go match on 4x4: $out"
grep -qE "^game 1: gsolve black, B\+" <<<"$out" || fail "4x4: gsolve as Black did not win: $out"
grep -qE "^game 2: gsolve white, (W\+|B\+[12] |0 )" <<<"$out" || fail "4x4: gsolve as White lost by more than 2: $out"
echo "go 4x4 against GNU Go: OK"
