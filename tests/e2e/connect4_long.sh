#!/usr/bin/env bash
# The larger boards of the foundation issue: 6x4 and 5x5 counts and start values,
# and the Pons scores of ref_5x5.
set -euo pipefail
BIN="$(cd "$1" && pwd)/gsolve"
DATA="$2/connect4"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
json() { python3 -c "import json,sys; j=json.load(sys.stdin); print($1)"; }
. "$(dirname "$0")/connect4_lib.sh.inc"
check_c4 6x4 94910577 lose 24
check_c4 5x5 69763700 tie 25
pons_check 5x5 ref_5x5.txt || fail "ref_5x5"
echo "connect4_long: all checks passed"
