#!/usr/bin/env bash
# Loopy games, long (label "long"): quickcross:4x4 and quickcross:4x4,connect=3
# with the exact counts, the verifier, and a killed solve that is never marked
# complete and finishes with --resume.
# $1 = build dir (with $1/gsolve), $2 = test data dir (tests/data) (unused).
. "$(dirname "$0")/loopy_lib.sh.inc"

# --- quickcross:4x4 (connect 4) ----------------------------------------------
"$G" solve quickcross:4x4 --db "$T/q44.gsdb" > /dev/null
"$G" info --db "$T/q44.gsdb" --json > "$T/q44.json"
expect "$T/q44.json" .game '"quickcross:4x4,connect=4"'
expect "$T/q44.json" .complete true
expect "$T/q44.json" .start.value '"draw"'
expect "$T/q44.json" .reachable_positions 42658929
expect "$T/q44.json" '.counts | [.win, .lose, .tie, .draw]' '[28918596,8895356,0,4844977]'
expect "$T/q44.json" .primitive_positions.reachable 8840492
expect "$T/q44.json" .canonical_positions 2675506
expect "$T/q44.json" '.canonical_counts | [.win, .lose, .tie, .draw]' '[1811670,558704,0,305132]'
expect "$T/q44.json" .primitive_positions.canonical 554959
expect "$T/q44.json" '[.remoteness[] | [.remoteness, .win, .lose, .tie]]' \
  '[[0,0,8840492,0],[1,28505844,0,0],[2,0,1606,0],[3,18800,0,0],[4,0,13184,0],[5,105200,0,0],[6,0,20024,0],[7,141808,0,0],[8,0,14992,0],[9,111232,0,0],[10,0,4450,0],[11,31616,0,0],[12,0,608,0],[13,4096,0,0]]'
"$G" query --db "$T/q44.gsdb" --json '................' > "$T/q.json"
expect "$T/q.json" '[.value, .remoteness]' '["draw",null]'
expect "$T/q.json" '[.moves[] | .value] | unique' '["draw"]'
"$G" verify --db "$T/q44.gsdb" --backtrack > /dev/null || fail "verify --backtrack quickcross:4x4"
"$G" verify --db "$T/q44.gsdb" --random --walks 5000 > /dev/null || fail "verify --random quickcross:4x4"

# --- quickcross:4x4,connect=3: a Draw too ------------------------------------
# Every first move but a corner piece loses; after a corner piece the side to
# move can turn it over, which gives the same position up to the '-'/'|' swap.
"$G" solve quickcross:4x4,connect=3 --db "$T/q443.gsdb" > /dev/null
"$G" info --db "$T/q443.gsdb" --json > "$T/q443.json"
expect "$T/q443.json" .start.value '"draw"'
expect "$T/q443.json" .reachable_positions 28999497
expect "$T/q443.json" '.counts | [.win, .lose, .tie, .draw]' '[10184116,18813514,0,1867]'
expect "$T/q443.json" .primitive_positions.reachable 18810160
expect "$T/q443.json" .canonical_positions 1818439
expect "$T/q443.json" '.canonical_counts | [.win, .lose, .tie, .draw]' '[639622,1178683,0,134]'
expect "$T/q443.json" '[.remoteness[] | [.remoteness, .win, .lose]]' \
  '[[0,0,18810160],[1,10177062,0],[2,0,1134],[3,3656,0],[4,0,1536],[5,2920,0],[6,0,660],[7,462,0],[8,0,24],[9,16,0]]'
"$G" query --db "$T/q443.gsdb" --json '................' > "$T/q.json"
expect "$T/q.json" '[.moves[] | select(.value == "draw") | .move]' '["-@a1","|@a1","-@d1","|@d1","-@a4","|@a4","-@d4","|@d4"]'
"$G" query --db "$T/q443.gsdb" --json -- '-...............' > "$T/q.json"
expect "$T/q.json" '.moves[] | select(.move == "flip@a1") | .value' '"draw"'
"$G" verify --db "$T/q443.gsdb" --backtrack > /dev/null || fail "verify --backtrack quickcross:4x4,connect=3"

# --- a killed solve is never complete; --resume finishes it --------------------
"$G" solve quickcross:4x4 --db "$T/k.gsdb" --threads 1 > /dev/null 2>&1 &
pid=$!
sleep 3
kill "$pid" 2> /dev/null || fail "the solve ended before it could be killed"
wait "$pid" 2> /dev/null || true
if [[ -e "$T/k.gsdb" ]]; then
  "$G" info --db "$T/k.gsdb" --json > "$T/k.json"
  expect "$T/k.json" .complete false
  "$G" solve quickcross:4x4 --db "$T/k.gsdb" --resume > /dev/null
  "$G" info --db "$T/k.gsdb" --json > "$T/k.json"
  expect "$T/k.json" .complete true
  [[ $(jq -r .signature "$T/k.json") == $(jq -r .signature "$T/q44.json") ]] || fail "resumed solve differs"
fi

echo "loopy_long: ok"
