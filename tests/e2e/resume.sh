#!/usr/bin/env bash
# kill -9 in the middle of a solve, then --resume: the same database as a clean run.
set -euo pipefail
BIN="$(cd "$1" && pwd)/gsolve"
GAME=${GAME:-connect4:5x4}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
field() { "$BIN" info --db "$1" --json | python3 -c "import json,sys; j=json.load(sys.stdin); print($2)"; }

"$BIN" solve "$GAME" --db "$WORK/clean.gsdb" --threads 2 >/dev/null

# A deterministic kill -9 (SIGKILL from the test hook) right after tier 12 commits.
set +e
GSOLVE_TEST_KILL_AFTER_TIER=12 "$BIN" solve "$GAME" --db "$WORK/killed.gsdb" --threads 2 >/dev/null 2>&1
rc=$?
set -e
[ $rc -eq 137 ] || fail "the solve was not killed (exit $rc)"
[ "$(field "$WORK/killed.gsdb" "j['complete']")" = "False" ] || fail "a killed solve claims to be complete"
"$BIN" query --db "$WORK/killed.gsdb" 11 2>&1 >/dev/null | grep -q "is not complete" || fail "query does not warn"

# A second kill, at a random moment, with a real kill -9.
( "$BIN" solve "$GAME" --db "$WORK/killed.gsdb" --resume --threads 2 >/dev/null 2>&1 & pid=$!; sleep 0.3; kill -9 $pid 2>/dev/null; wait $pid 2>/dev/null ) || true

"$BIN" solve "$GAME" --db "$WORK/killed.gsdb" --resume --threads 2 >/dev/null
for key in "j['complete']" "j['signature']" "j['canonical_positions']" "j['reachable_positions']" "j['counts']" "j['remoteness']" "j['start']"; do
  [ "$(field "$WORK/clean.gsdb" "$key")" = "$(field "$WORK/killed.gsdb" "$key")" ] || fail "resumed database differs in $key"
done
"$BIN" query --db "$WORK/clean.gsdb" --json '' 11 3344 12345 > "$WORK/a"
"$BIN" query --db "$WORK/killed.gsdb" --json '' 11 3344 12345 > "$WORK/b"
cmp -s "$WORK/a" "$WORK/b" || fail "query answers differ after resume"
echo "resume: all checks passed ($GAME)"
