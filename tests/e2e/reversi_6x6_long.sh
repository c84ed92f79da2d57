#!/usr/bin/env bash
# Reversi 6x6 from the start by search: `solve --store-depth 1`, then `--store-depth 4`, prove the
# start value (-4: white wins 20-16, Feinstein 1993), stores every position of
# the first 4 plies exactly, and `verify --backtrack` passes on them.
. "$(dirname "$0")/common.sh.inc"

# The start value first, from the one canonical position of ply 1 (about 4 min
# with 2 threads): lose in 32, score -4, and the database verifies.
"$BIN" solve reversi:6x6 --db "$WORK/r6d1.gsdb" --store-depth 1 --threads 2 --hash 2048 --json > "$WORK/d1.json" \
  || fail "solve reversi:6x6 --store-depth 1: $(cat "$WORK/d1.json")"
[ "$(json "j['start']['value'], j['start']['remoteness'], j['start']['score'], j['canonical_positions']" < "$WORK/d1.json")" = "lose 32 -4 2" ] \
  || fail "reversi:6x6 depth 1: $(cat "$WORK/d1.json")"
"$BIN" verify --db "$WORK/r6d1.gsdb" --backtrack > /dev/null || fail "verify --backtrack of the depth-1 database"

"$BIN" solve reversi:6x6 --db "$WORK/r6.gsdb" --store-depth 4 --threads 2 > /dev/null || fail "solve reversi:6x6 --store-depth 4"
info=$("$BIN" info --db "$WORK/r6.gsdb" --json)
[ "$(echo "$info" | json "j['coverage'], j['complete'], j['start']['value'], j['start']['score']")" = "depth:4 True lose -4" ] \
  || fail "reversi:6x6 info: $info"

"$BIN" verify --db "$WORK/r6.gsdb" --backtrack --json > "$WORK/verify.json" || fail "verify --backtrack: $(cat "$WORK/verify.json")"

# The start's four moves are one up to symmetry: each loses by 4.
"$BIN" query --db "$WORK/r6.gsdb" "" --json > "$WORK/q.json" || fail "query the start: $(cat "$WORK/q.json")"
python3 - "$WORK/q.json" <<'PY' || fail "query the start: $(cat "$WORK/q.json")"
import json, sys
j = json.load(open(sys.argv[1]))
assert j['value'] == 'lose' and j['score'] == -4, j
assert len(j['moves']) == 4 and all(m['score'] == -4 and m['best'] for m in j['moves']), j
PY
echo "reversi 6x6 OK"
