#!/usr/bin/env bash
# End-to-end: gsolve verify (--backtrack, --random) and gsolve-corrupt (docs/verify.md).
#   clean databases: both verifiers exit 0, --backtrack checks exactly the
#     canonical positions stored;
#   50 injected faults of each kind in connect4:5x4: --backtrack reports every
#     injected position, --random (10,000 walks) finds at least one error and
#     reports only positions that --backtrack reports too (which the unit tests
#     show are the injected positions and their parents);
#   a damaged zstd frame: reported as damaged frame only, the rest still checked;
#   exit codes 0 / 1 / 2 and repeatable --random.
# $1: build directory (gsolve, gsolve-corrupt), $2: test data directory (tests/data).
. "$(dirname "$0")/verify_lib.sh.inc"

echo "== clean databases"
for spec in tictactoe connect4:4x4 connect4:5x4 reversi:4x4 quickcross:3x3; do
  db=$T/clean-${spec//[:,]/_}.gsdb
  "$G" solve "$spec" --db "$db" >/dev/null
  "$G" info --db "$db" --json >"$T/info.json"
  canonical=$(json_field canonical_positions "$T/info.json")
  run_rc 0 "$T/back.json" -- "$G" verify --db "$db" --backtrack --json
  [[ $(json_field checked "$T/back.json") == "$canonical" ]] ||
    fail "$spec: --backtrack checked $(json_field checked "$T/back.json"), database stores $canonical"
  [[ $(json_field visited "$T/back.json") == "$canonical" ]] || fail "$spec: --backtrack visited != $canonical"
  [[ $(json_field errors "$T/back.json") == 0 ]] || fail "$spec: --backtrack found errors in a clean database"
  [[ $(json_field skipped "$T/back.json") == 0 ]] || fail "$spec: --backtrack skipped positions"
  run_rc 0 "$T/walk.json" -- "$G" verify --db "$db" --random --walks 2000 --json
  [[ $(json_field errors "$T/walk.json") == 0 ]] || fail "$spec: --random found errors in a clean database"
  distinct=$(json_field distinct_checked "$T/walk.json")
  ((distinct > 0 && distinct <= canonical)) || fail "$spec: --random distinct $distinct of $canonical"
  echo "$spec: $canonical canonical positions, backtrack ok, random ok ($distinct distinct)"
done
C54=$T/clean-connect4_5x4.gsdb
CANON54=1974174
[[ $(json_field canonical_positions <("$G" info --db "$C54" --json)) == "$CANON54" ]] ||
  fail "connect4:5x4 should have $CANON54 canonical positions"

echo "== text summary and exit codes"
run_rc 0 "$T/text" -- "$G" verify --db "$C54" --backtrack --threads 1
grep -q "^checked    1974174 positions" "$T/text" || fail "text summary: $(cat "$T/text")"
grep -q "^errors     0$" "$T/text" || fail "text summary errors: $(cat "$T/text")"
run_rc 2 "$T/out" -- "$G" verify --db "$C54"
grep -q "needs a mode: --backtrack (every position reachable from the start, once) or --random" "$T/out.err" || fail "no mode: $(cat "$T/out.err")"
run_rc 2 "$T/out" -- "$G" verify --db "$T/none.gsdb" --backtrack
grep -q "no such database file" "$T/out.err" || fail "missing file: $(cat "$T/out.err")"
run_rc 2 "$T/out" -- "$G" verify --db "$C54" --backtrack --random
run_rc 2 "$T/out" -- "$G" verify --db "$C54" --backtrack --walks 5
run_rc 2 "$T/out" -- "$C" --db "$T/none.gsdb" --out "$T/x.gsdb" --count 1
run_rc 2 "$T/out" -- "$C" --db "$C54" --out "$T/x.gsdb" --count 1 --kind nonsense
run_rc 2 "$T/out" -- "$C" --db "$C54" --out "$C54" --count 1   # exists

echo "== --random is repeatable across thread counts"
run_rc 0 "$T/r1.json" -- "$G" verify --db "$C54" --random --walks 3000 --seed 5 --threads 1 --json
run_rc 0 "$T/r2.json" -- "$G" verify --db "$C54" --random --walks 3000 --seed 5 --threads 2 --json
for key in steps distinct_checked checked; do
  [[ $(json_field $key "$T/r1.json") == $(json_field $key "$T/r2.json") ]] ||
    fail "--random $key differs between 1 and 2 threads"
done

echo "== 50 injected faults of each kind (connect4:5x4)"
seed=100
for kind in value remoteness primitive mixed; do
  seed=$((seed + 1))
  bad=$T/bad-$kind.gsdb
  run_rc 0 "$T/injected.txt" -- "$C" --db "$C54" --out "$bad" --count 50 --seed $seed --kind $kind
  awk '$1 == "index" {print $2}' "$T/injected.txt" | sort >"$T/injected"
  [[ $(wc -l <"$T/injected") == 50 ]] || fail "$kind: gsolve-corrupt listed $(wc -l <"$T/injected") positions"
  [[ $(sort -u "$T/injected" | wc -l) == 50 ]] || fail "$kind: injected positions are not distinct"
  # the same seed changes the same records
  "$C" --db "$C54" --out "$T/again.gsdb" --count 50 --seed $seed --kind $kind --force >"$T/again.txt" 2>/dev/null
  cmp -s "$T/injected.txt" "$T/again.txt" || fail "$kind: gsolve-corrupt is not repeatable"

  run_rc 1 "$T/back.json" -- "$G" verify --db "$bad" --backtrack --max-errors 1000000 --json
  error_indexes "$T/back.json" >"$T/back"
  missed=$(comm -23 "$T/injected" "$T/back" | wc -l)
  [[ $missed == 0 ]] || fail "$kind: --backtrack missed $missed of 50 injected positions: $(comm -23 "$T/injected" "$T/back" | head)"
  [[ $(json_field checked "$T/back.json") == "$CANON54" ]] || fail "$kind: --backtrack did not check everything"
  [[ $(json_field damaged_frame "$T/back.json") == 0 ]] || fail "$kind: damaged frames reported"
  [[ $(json_field missing_child "$T/back.json") == 0 ]] || fail "$kind: missing children reported"
  case $kind in
    primitive) [[ $(json_field bad_primitive "$T/back.json") == 50 ]] || fail "primitive: bad_primitive != 50" ;;
    value | remoteness) [[ $(json_field bad_primitive "$T/back.json") == 0 ]] || fail "$kind: bad_primitive != 0" ;;
  esac

  run_rc 1 "$T/walk.json" -- "$G" verify --db "$bad" --random --walks 10000 --seed 7 --max-errors 1000000 --json
  [[ $(json_field walks "$T/walk.json") == 10000 ]] || fail "$kind: --random did not make 10000 walks"
  error_indexes "$T/walk.json" >"$T/walk"
  found=$(wc -l <"$T/walk")
  ((found >= 1)) || fail "$kind: --random with 10000 walks found no error"
  [[ $found == $(json_field errors "$T/walk.json") ]] || fail "$kind: --random listed $found errors, counted more"
  extra=$(comm -23 "$T/walk" "$T/back" | wc -l)
  [[ $extra == 0 ]] || fail "$kind: --random reported $extra positions that are not injected or their parents"
  if [[ $kind == mixed ]]; then  # the text form lists the same positions
    run_rc 1 "$T/walk.txt" -- "$G" verify --db "$bad" --random --walks 10000 --seed 7 --max-errors 1000000
    cmp -s "$T/walk" <(awk '$1 == "index" {print $2}' "$T/walk.txt" | sort) || fail "$kind: text and json lists differ"
    grep -q "^errors     $found (" "$T/walk.txt" || fail "text summary: $(head -8 "$T/walk.txt")"
  fi
  echo "$kind: backtrack found all 50 ($(wc -l <"$T/back") errors with parents), random found $found"
done

echo "== damaged zstd frame"
run_rc 0 "$T/damage.txt" -- "$C" --db "$C54" --out "$T/damaged.gsdb" --damage-frame --seed 3
where=$(sed -n 's/^damaged \(chunk [0-9]*:[0-9]* frame [0-9]*\)  (\([0-9]*\) stored records)$/\1/p' "$T/damage.txt")
records=$(sed -n 's/^damaged \(chunk [0-9]*:[0-9]* frame [0-9]*\)  (\([0-9]*\) stored records)$/\2/p' "$T/damage.txt")
[[ -n $where && -n $records && $records -gt 0 ]] || fail "gsolve-corrupt --damage-frame said: $(cat "$T/damage.txt")"
run_rc 1 "$T/dmg.json" -- "$G" verify --db "$T/damaged.gsdb" --backtrack --json
[[ $(json_field damaged_frame "$T/dmg.json") == "$records" ]] ||
  fail "damaged frame: $(json_field damaged_frame "$T/dmg.json") positions reported, $records stored there"
[[ $(json_field errors "$T/dmg.json") == "$records" ]] || fail "damaged frame: other errors reported too"
grep -q "\"damaged_frames\":\[\"$where\"\]" "$T/dmg.json" || fail "damaged frame not named $where"
[[ $(json_field visited "$T/dmg.json") == "$CANON54" ]] || fail "damaged frame: traversal stopped"
checked=$(json_field checked "$T/dmg.json")
unverifiable=$(json_field damaged_child "$T/dmg.json")
[[ $((checked + unverifiable + records)) == "$CANON54" ]] || fail "damaged frame: $checked + $unverifiable + $records"
((checked > CANON54 / 2)) || fail "damaged frame: only $checked checked"
run_rc 1 "$T/dmg.txt" -- "$G" verify --db "$T/damaged.gsdb" --backtrack --max-errors 5
grep -q "^index [0-9]*  damaged frame  \".*\"  ($where)$" "$T/dmg.txt" || fail "damaged frame error line: $(tail -3 "$T/dmg.txt")"
grep -q "^damaged    $where$" "$T/dmg.txt" || fail "text summary does not name $where"
if grep -E "wrong|primitive|missing" "$T/dmg.txt" | grep -v "^errors" >/dev/null; then fail "damaged frame read as values"; fi
# query names the same frame, for the position and for its parent (whose move
# list reads it), and exits 2 rather than answering.
first=$(sed -n 's/^index [0-9]*  damaged frame  "\(.*\)"  (.*)$/\1/p' "$T/dmg.txt" | head -1)
for line in "$first" "${first%?}"; do
  run_rc 2 "$T/dmgq.txt" -- "$G" query --db "$T/damaged.gsdb" "$line"
  grep -qx "gsolve: error: $T/damaged.gsdb: damaged frame ($where)" "$T/dmgq.txt.err" ||
    fail "query $line on a damaged frame: $(cat "$T/dmgq.txt.err")"
done
rc=0
"$G" verify --db "$T/damaged.gsdb" --random --walks 10000 --json >"$T/dmgw.json" || rc=$?
[[ $rc == 0 || $rc == 1 ]] || fail "--random on a damaged frame: exit code $rc"
[[ $(json_field errors "$T/dmgw.json") == $(json_field damaged_frame "$T/dmgw.json") ]] ||
  fail "--random on a damaged frame reported other kinds"
echo "damaged $where: $records positions reported as damaged frame, $checked checked"

echo "== sparse database: the top 8 plies of connect4:5x4 by the search solver (keyed runs)"
top=$T/top.gsdb
"$G" solve connect4:5x4 --store-depth 8 --hash 16 --db "$top" >/dev/null
"$G" info --db "$top" --json >"$T/info.json"
canonical=$(json_field canonical_positions "$T/info.json")
[[ $canonical == 16662 ]] || fail "top 8 plies of connect4:5x4: $canonical positions"
run_rc 0 "$T/top.json" -- "$G" verify --db "$top" --backtrack --json
[[ $(json_field visited "$T/top.json") == "$canonical" ]] || fail "sparse: --backtrack visited $(json_field visited "$T/top.json")"
[[ $(($(json_field checked "$T/top.json") + $(json_field beyond_coverage "$T/top.json"))) == "$canonical" ]] ||
  fail "sparse: checked + beyond coverage != $canonical"
[[ $(json_field errors "$T/top.json") == 0 ]] || fail "sparse: errors in a clean database"
run_rc 0 "$T/top.json" -- "$G" verify --db "$top" --backtrack --deep --json
[[ $(json_field checked "$T/top.json") == "$canonical" ]] || fail "sparse --deep: not every position checked"
(($(json_field checked_by_search "$T/top.json") > 0)) || fail "sparse --deep: nothing re-solved"
run_rc 0 "$T/top.json" -- "$G" verify --db "$top" --random --walks 2000 --json
run_rc 0 "$T/injected.txt" -- "$C" --db "$top" --out "$T/topbad.gsdb" --count 20 --seed 4 --kind mixed
awk '$1 == "index" {print $2}' "$T/injected.txt" | sort >"$T/injected"
[[ $(wc -l <"$T/injected") == 20 ]] || fail "sparse: gsolve-corrupt listed $(wc -l <"$T/injected")"
run_rc 1 "$T/back.json" -- "$G" verify --db "$T/topbad.gsdb" --backtrack --deep --max-errors 100000 --json
error_indexes "$T/back.json" >"$T/back"
[[ $(comm -23 "$T/injected" "$T/back" | wc -l) == 0 ]] || fail "sparse: --backtrack --deep missed injected positions"
run_rc 0 "$T/damage.txt" -- "$C" --db "$top" --out "$T/topdmg.gsdb" --damage-frame --seed 2
records=$(sed -n 's/^damaged keyed run [0-9a-f]*  (\([0-9]*\) stored records)$/\1/p' "$T/damage.txt")
[[ -n $records ]] || fail "sparse --damage-frame said: $(cat "$T/damage.txt")"
run_rc 1 "$T/dmg.json" -- "$G" verify --db "$T/topdmg.gsdb" --backtrack --json
[[ $(json_field damaged_frame "$T/dmg.json") == "$records" && $(json_field errors "$T/dmg.json") == "$records" ]] ||
  fail "sparse damaged run: $(json_field errors "$T/dmg.json") errors, $records records in the run"
echo "sparse: $canonical positions, 20 faults found with --deep, damaged run of $records reported"

echo "PASS"
