#!/usr/bin/env bash
# Loopy games: Quick Cross 3x3 and 3x4 solved by the loopy retrograde
# solver with exact position counts, both verifiers pass, the loopy
# solver reproduces the tiered solver's database on tiered games, and the
# solver choice is checked.
# $1 = build dir (with $1/gsolve), $2 = test data dir (tests/data) (unused).
. "$(dirname "$0")/loopy_lib.sh.inc"

# --- quickcross:3x3 ---------------------------------------------------------
"$G" solve quickcross:3x3 --db "$T/q33.gsdb" --threads 2 > /dev/null
"$G" info --db "$T/q33.gsdb" --json > "$T/q33.json"
expect "$T/q33.json" .game '"quickcross:3x3,connect=3"'
expect "$T/q33.json" .solver '"retrograde-loopy"'
expect "$T/q33.json" .complete true
expect "$T/q33.json" '.start | [.value, .remoteness]' '["lose",6]'
expect "$T/q33.json" .reachable_positions 18753
expect "$T/q33.json" '.counts | [.win, .lose, .tie, .draw]' '[10812,7709,0,232]'
expect "$T/q33.json" .primitive_positions.reachable 7628
expect "$T/q33.json" .canonical_positions 1359
expect "$T/q33.json" '.canonical_counts | [.win, .lose, .tie, .draw]' '[777,565,0,17]'
expect "$T/q33.json" .primitive_positions.canonical 553
expect "$T/q33.json" '[.remoteness[] | [.remoteness, .win, .lose, .tie]]' \
  '[[0,0,7628,0],[1,10666,0,0],[2,0,12,0],[3,56,0,0],[4,0,60,0],[5,90,0,0],[6,0,9,0]]'
"$G" query --db "$T/q33.gsdb" --json '.........' > "$T/q.json"
expect "$T/q.json" '[.value, .remoteness]' '["lose",6]'
"$G" verify --db "$T/q33.gsdb" --backtrack > /dev/null || fail "verify --backtrack quickcross:3x3"
"$G" verify --db "$T/q33.gsdb" --random --walks 2000 > /dev/null || fail "verify --random quickcross:3x3"

# --- quickcross:3x4,connect=3 -------------------------------------------------
"$G" solve quickcross:3x4,connect=3 --db "$T/q34.gsdb" --threads 2 > /dev/null
"$G" info --db "$T/q34.gsdb" --json > "$T/q34.json"
expect "$T/q34.json" '.start | [.value, .remoteness]' '["lose",8]'
expect "$T/q34.json" .reachable_positions 453831
expect "$T/q34.json" '.counts | [.win, .lose, .tie, .draw]' '[211188,242101,0,542]'
expect "$T/q34.json" .primitive_positions.reachable 241678
expect "$T/q34.json" .canonical_positions 57522
expect "$T/q34.json" '.canonical_counts | [.win, .lose, .tie, .draw]' '[26825,30619,0,78]'
expect "$T/q34.json" '[.remoteness[] | [.remoteness, .win, .lose]]' \
  '[[0,0,241678],[1,210248,0],[2,0,108],[3,424,0],[4,0,234],[5,436,0],[6,0,72],[7,80,0],[8,0,9]]'
"$G" query --db "$T/q34.gsdb" --json '............' > "$T/q.json"
expect "$T/q.json" '[.value, .remoteness]' '["lose",8]'
"$G" verify --db "$T/q34.gsdb" --backtrack > /dev/null || fail "verify --backtrack quickcross:3x4"
"$G" verify --db "$T/q34.gsdb" --random --walks 2000 > /dev/null || fail "verify --random quickcross:3x4"

# One thread gives the same database.
"$G" solve quickcross:3x4,connect=3 --db "$T/q34-1.gsdb" --threads 1 > /dev/null
[[ $(jq -r .signature "$T/q34.json") == $("$G" info --db "$T/q34-1.gsdb" --json | jq -r .signature) ]] ||
  fail "quickcross:3x4 signature differs between 1 and 2 threads"

# --- the loopy solver on tiered games: the tiered solver's database ----------
for spec in tictactoe connect4:4x4; do
  "$G" solve "$spec" --db "$T/tiered.gsdb" --solver tiered --force > /dev/null
  "$G" solve "$spec" --db "$T/loopy.gsdb" --solver loopy --force > /dev/null
  "$G" info --db "$T/tiered.gsdb" --json | jq -c '[.signature, .start, .canonical_positions, .counts, .remoteness]' > "$T/a"
  "$G" info --db "$T/loopy.gsdb" --json | jq -c '[.signature, .start, .canonical_positions, .counts, .remoteness]' > "$T/b"
  cmp -s "$T/a" "$T/b" || fail "$spec: loopy and tiered solvers differ: $(cat "$T/a") vs $(cat "$T/b")"
done
"$G" info --db "$T/loopy.gsdb" --json > "$T/c4.json"
expect "$T/c4.json" .solver '"retrograde-loopy"'
expect "$T/c4.json" '.start | [.value, .remoteness]' '["tie",16]'
"$G" verify --db "$T/loopy.gsdb" --backtrack > /dev/null || fail "verify connect4:4x4 (loopy solver)"

# --- solver choice ------------------------------------------------------------
if "$G" solve quickcross:3x3 --db "$T/x.gsdb" --solver tiered 2> "$T/err"; then fail "tiered solver accepted a loopy game"; fi
grep -q "can repeat positions" "$T/err" || fail "unexpected message: $(cat "$T/err")"
if "$G" solve reversi:4x4 --db "$T/x.gsdb" --solver loopy 2> "$T/err"; then fail "loopy solver accepted a scored objective"; fi
grep -q "objective wdl" "$T/err" || fail "unexpected message: $(cat "$T/err")"
[[ ! -e "$T/x.gsdb" ]] || fail "a refused solve left a database file"

echo "loopy: ok"
