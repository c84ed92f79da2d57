#!/usr/bin/env bash
# 5x5 Go along GNU Go's line (c3 c4 d4 d3 d2 b3 c2 d5 e3 b2 b1 e4 e5), one
# thread: after 11 moves White does not score -24 (Black takes the whole
# board), and after 13 moves every White move scores -25. Each is exact; the
# expansions have a ceiling, so that a prover that needs far more fails.
source "$(dirname "$0")/common.sh.inc"
line11="c3 c4 d4 d3 d2 b3 c2 d5 e3 b2 b1"
out=$("$BIN" query --game go:5x5 --at-least -24 --threads 1 --hash 256 --json "$line11")
grep -qF '"at_least":-24,"holds":false,"source":"search","complete":true,' <<<"$out" || fail "5x5 after 11 moves: $out"
nodes=$(json 'j["nodes"]' <<<"$out")
[ "$nodes" -le 3200000 ] || fail "5x5 after 11 moves took $nodes expansions (at most 3,200,000)"
echo "go 5x5 after 11 moves: White's score < -24 in $nodes expansions"

out=$("$BIN" query --game go:5x5 --weak --threads 1 --hash 256 --json "$line11 e4 e5")
[ "$(json 'j["score"], j["value"], j["complete"]' <<<"$out")" == "-25 lose True" ] || fail "5x5 after 13 moves: $out"
moves=$(json '" ".join("%s:%d" % (m["move"], m["score"]) for m in j["moves"])' <<<"$out")
want="a5:-25 b5:-25 c5:-25 a4:-25 b4:-25 a3:-25 a2:-25 e2:-25 a1:-25 c1:-25 d1:-25 e1:-25 pass:-25"
[ "$moves" == "$want" ] || fail "5x5 after 13 moves, the moves' scores: $moves"
nodes=$(json 'j["nodes"]' <<<"$out")
[ "$nodes" -le 3500000 ] || fail "5x5 after 13 moves took $nodes expansions (at most 3,500,000)"
echo "go 5x5 after 13 moves: every move scores -25, $nodes expansions"
