#!/usr/bin/env bash
# Treblecross end to end, the game docs/adding_a_game.md adds: solved by the
# tiered retrograde solver, verified, queried, and its injected faults found.
# The records themselves are checked against a brute force in
# tests/unit/test_treblecross.cpp.
source "$(dirname "$0")/common.sh.inc"
CORRUPT="$(dirname "$BIN")/gsolve-corrupt"
DB=$WORK/t12.gsdb

"$BIN" solve treblecross:12 --db "$DB" >"$WORK/solve.txt"
grep -qx "solved treblecross:12 into $DB: start is lose in 6" "$WORK/solve.txt" || fail "solve: $(cat "$WORK/solve.txt")"
info=$("$BIN" info --db "$DB" --json)
[ "$(echo "$info" | json "j['start']['value'], j['start']['remoteness'], j['complete']")" = "lose 6 True" ] \
  || fail "start: $info"
[ "$(echo "$info" | json "j['canonical_positions'], j['reachable_positions']")" = "1751 3458" ] || fail "counts: $info"

"$BIN" verify --db "$DB" --backtrack >"$WORK/verify.txt" || fail "verify --backtrack: $(cat "$WORK/verify.txt")"
grep -q '^errors     0$' "$WORK/verify.txt" || fail "verify --backtrack: $(cat "$WORK/verify.txt")"
"$BIN" verify --db "$DB" --random --walks 500 --seed 3 >/dev/null || fail "verify --random"

# From one mark at the end, the second player's best replies keep the win.
[ "$("$BIN" query --db "$DB" --json X........... | json "j['value'], j['remoteness'], [m['move'] for m in j['moves'] if m['best']]")" \
  = "win 5 ['4', '7', '8', '9', '12']" ] || fail "query X..........."
[ "$("$BIN" query --db "$DB" --json XX.......... | json "j['value'], j['remoteness'], j['moves'][0]['move']")" \
  = "win 1 3" ] || fail "query XX.........."
expect_exact "gsolve: error: bad character 'O' at cell 2 (expected 'X', '.' or '-')" "$BIN" query --db "$DB" XO..........
expect_exact "gsolve: error: bad treblecross size '41' (expected N cells, 1..40)" "$BIN" solve treblecross:41 --db "$WORK/x.gsdb"

# The search (src/search/treblecross/): the top 4 plies solved by search hold
# the strong solve's records, verify --deep passes, and a live search agrees.
"$BIN" solve treblecross:12 --db "$WORK/top.gsdb" --store-depth 4 --threads 2 >/dev/null
"$BIN" verify --db "$WORK/top.gsdb" --backtrack --deep >"$WORK/deep.txt" || fail "verify --deep: $(cat "$WORK/deep.txt")"
python3 -c "
import itertools
for k in range(3):
    for cells in itertools.combinations(range(12), k):
        print(''.join('X' if i in cells else '.' for i in range(12)))" >"$WORK/boards.txt"
"$BIN" query --db "$DB" --json - <"$WORK/boards.txt" >"$WORK/strong.json"
"$BIN" query --db "$WORK/top.gsdb" --json - <"$WORK/boards.txt" >"$WORK/top.json"
[ "$(wc -l <"$WORK/strong.json")" -eq 79 ] || fail "the strong database answered $(wc -l <"$WORK/strong.json") of 79 boards"
cmp -s "$WORK/strong.json" "$WORK/top.json" || fail "the search solve differs from the strong solve: $(diff "$WORK/strong.json" "$WORK/top.json" | head -4)"
[ "$("$BIN" query --game treblecross:12 --json X........... | json "j['value'], j['remoteness'], j['source']")" \
  = "win 5 search" ] || fail "live search of X..........."

# Faults injected into a copy are all found.
"$CORRUPT" --db "$DB" --out "$WORK/bad.gsdb" --count 20 --seed 7 --kind mixed >"$WORK/injected.txt"
set +e
"$BIN" verify --db "$WORK/bad.gsdb" --backtrack --max-errors 1000 --json >"$WORK/bad.json"
rc=$?
set -e
[ $rc -eq 1 ] || fail "verify of a corrupted copy exited $rc"
[ "$(json "j['errors'] >= 20" <"$WORK/bad.json")" = "True" ] || fail "verify found too few errors: $(cat "$WORK/bad.json")"
echo "treblecross: all checks passed"
