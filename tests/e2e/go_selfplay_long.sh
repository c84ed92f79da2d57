#!/usr/bin/env bash
# gsolve gtp playing both colours on 4x4 ends at the game value B+2 (every
# move proven: about 3.5 min with 2 threads).
source "$(dirname "$0")/common.sh.inc"
source "$(dirname "$0")/go_selfplay.inc"
got=$(selfplay 4 go:4x4 --threads 2 --hash 2048)
[ "$got" == "= B+2" ] || fail "4x4 self-play: $got"
echo "go self-play 4x4: OK"
