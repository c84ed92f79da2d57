#!/usr/bin/env bash
# gsolve gtp playing both colours on 3x3 ends at the game value B+9 (about 12 s).
source "$(dirname "$0")/common.sh.inc"
source "$(dirname "$0")/go_selfplay.inc"
got=$(selfplay 3 go:3x3)
[ "$got" == "= B+9" ] || fail "3x3 self-play: $got"
echo "go self-play 3x3: OK"
