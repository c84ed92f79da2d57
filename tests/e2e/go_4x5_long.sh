#!/usr/bin/env bash
# 4x5 Go (4 columns, 5 rows) is +20: Black b3 takes the whole board. After
# b3 c3 Black still takes it (c2 does; a3 does not), and the same line turned
# onto 5x4 (c3 c2) gives the same answer. One thread; each answer is exact and
# its expansions have a ceiling, so that a prover that needs far more fails.
source "$(dirname "$0")/common.sh.inc"
# at_least GAME T LINE HOLDS MAX: "the side to move scores at least T" answers HOLDS within MAX expansions.
at_least() {
  local out nodes
  out=$("$BIN" query --game "go:$1" --at-least "$2" --threads 1 --hash 256 --json "$3")
  grep -qF "\"at_least\":$2,\"holds\":$4,\"source\":\"search\",\"complete\":true," <<<"$out" ||
    fail "$1 after $3, at least $2: $out"
  nodes=$(json 'j["nodes"]' <<<"$out")
  [ "$nodes" -le "$5" ] || fail "$1 after $3 took $nodes expansions (at most $5)"
  echo "go $1 after $3: at least $2 $4 in $nodes expansions"
}
at_least 4x5 20 "b3 c3" true 17100000
at_least 4x5 -19 "b3 c3 a3" true 4000000
at_least 5x4 20 "c3 c2" true 20100000
