#!/usr/bin/env bash
# Long end-to-end runs of the verifiers (label "long"): connect4:6x4 (47M
# canonical positions) and the loopy quickcross:4x4 (Draws, cycles).
#   clean: --backtrack checks exactly the canonical positions, --random passes;
#   50 mixed faults: --backtrack reports all 50, --random finds some and only
#   positions --backtrack reports too.
# $1: build directory (gsolve, gsolve-corrupt), $2: test data directory (tests/data).
. "$(dirname "$0")/verify_lib.sh.inc"

for spec in connect4:6x4 quickcross:4x4; do
  db=$T/clean.gsdb
  "$G" solve "$spec" --db "$db" --force >/dev/null
  "$G" info --db "$db" --json >"$T/info.json"
  canonical=$(json_field canonical_positions "$T/info.json")
  case $spec in
    connect4:6x4) [[ $canonical == 47455869 ]] || fail "$spec: $canonical canonical positions" ;;
  esac
  run_rc 0 "$T/back.json" -- "$G" verify --db "$db" --backtrack --json
  [[ $(json_field checked "$T/back.json") == "$canonical" ]] || fail "$spec: --backtrack did not check $canonical"
  [[ $(json_field errors "$T/back.json") == 0 ]] || fail "$spec: errors in a clean database"
  echo "$spec: backtrack checked $canonical at $(json_field positions_per_second "$T/back.json") positions/s"
  run_rc 0 "$T/walk.json" -- "$G" verify --db "$db" --random --seconds 5 --json
  echo "$spec: random, 5 s: $(json_field walks "$T/walk.json") walks, coverage $(json_field coverage "$T/walk.json")"

  run_rc 0 "$T/injected.txt" -- "$C" --db "$db" --out "$T/bad.gsdb" --count 50 --seed 9 --kind mixed --force
  awk '$1 == "index" {print $2}' "$T/injected.txt" | sort >"$T/injected"
  [[ $(wc -l <"$T/injected") == 50 ]] || fail "$spec: gsolve-corrupt listed $(wc -l <"$T/injected")"
  run_rc 1 "$T/back.json" -- "$G" verify --db "$T/bad.gsdb" --backtrack --max-errors 1000000 --json
  error_indexes "$T/back.json" >"$T/back"
  missed=$(comm -23 "$T/injected" "$T/back" | wc -l)
  [[ $missed == 0 ]] || fail "$spec: --backtrack missed $missed of 50"
  run_rc 1 "$T/walk.json" -- "$G" verify --db "$T/bad.gsdb" --random --walks 100000 --max-errors 1000000 --json
  error_indexes "$T/walk.json" >"$T/walk"
  (($(wc -l <"$T/walk") >= 1)) || fail "$spec: --random found nothing"
  [[ $(comm -23 "$T/walk" "$T/back" | wc -l) == 0 ]] || fail "$spec: --random reported positions --backtrack did not"
  echo "$spec: 50 faults: backtrack found all, random found $(wc -l <"$T/walk")"
done
echo "PASS"
