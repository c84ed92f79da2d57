#!/usr/bin/env bash
# The larger boards of the foundation issue: 6x4 and 5x5 counts and start values,
# and the Pons scores of ref_5x5.
. "$(dirname "$0")/common.sh.inc"
. "$(dirname "$0")/connect4_lib.sh.inc"
check_c4 6x4 94910577 lose 24
check_c4 5x5 69763700 tie 25
pons_check 5x5 ref_5x5.txt || fail "ref_5x5"
echo "connect4_long: all checks passed"
