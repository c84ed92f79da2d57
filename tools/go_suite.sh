#!/usr/bin/env bash
# A fixed suite of Go prover tests to rank a change of the prover by: each test is
# one `gsolve query --game go:WxH --threads 1 --hash H --json` (an --at-least T
# test, or a --weak search on 4x4) whose answer is pinned here; a wrong answer
# fails the suite (exit 1). Prints one row per test (answer, expansions, CPU user
# seconds) and the sums. With BASE=<another gsolve binary> each test runs on both
# binaries, one after the other, and the rows add the base's figures and the
# ratios new/base; the line "geomean", the geometric mean of the ratios
# (expansions and CPU), is the figure to rank a change by: one test's count
# moves by 10-20% with any change of df-pn's path (docs/go-proof-measurement.md),
# the mean over seventeen diverse tests much less; "std error" is that mean's
# standard error as a factor (1.031: +-3.1%). About 80 s of CPU; at most 1 GB.
#   tools/go_suite.sh [TEST...]                   every test, or the named ones
#   BASE=/work/main/build/gsolve tools/go_suite.sh
#   BIN=build/gsolve (default) is the binary measured.
set -euo pipefail
BIN=${BIN:-"$(dirname "$0")/../build/gsolve"}
BASE=${BASE:-}
usage() { sed -n '2,/^set -euo/{/^#/s/^# \{0,1\}//p}' "$0"; }
case ${1:-} in -h | --help) usage; exit 0 ;; esac

# GNU Go's 5x5 line (c3 c4 d4 d3 d2 b3 c2 d5 e3 b2 b1 e4 e5), its first moves.
L8="c3 c4 d4 d3 d2 b3 c2 d5"
L9="$L8 e3"
L10="$L9 b2"
# name | board | --hash | T, or "weak" | pinned answer (yes / no, or the score) | line
tests=(
  "l11|5x5|1024|-24|no|$L10 b1"
  "l10|5x5|256|25|yes|$L10"
  "l9|5x5|1024|-24|no|$L9"
  "l9-h256|5x5|256|-24|no|$L9"
  "l10-a2|5x5|256|-24|no|$L10 a2"
  "l9-b4|5x5|256|25|yes|$L9 b4"
  "l9-e4|5x5|256|25|yes|$L9 e4"
  "l9-a3|5x5|256|25|yes|$L9 a3"
  "l10-a3=-1|5x5|256|-1|yes|$L10 a3"
  "l10-a3>-1|5x5|256|0|no|$L10 a3"
  "l8-b2=-3|5x5|256|-3|yes|$L8 b2"
  "l8-b2>-3|5x5|256|-2|no|$L8 b2"
  "4x4-b2|4x4|256|weak|-2|b2"
  "4x4-b2c3c2b3|4x4|64|weak|2|b2 c3 c2 b3"
  "3x5|3x5|256|15|yes|"
  "4x5-b3c3a3|4x5|256|-19|yes|b3 c3 a3"
  "w-l9|5x5|1024|-24|no|pass $L9"
)

# Runs one test on binary $1: prints "answer expansions user-seconds".
run() {
  local bin=$1 board=$2 hash=$3 t=$4 line=$5 out mode
  if [ "$t" = weak ]; then mode=(--weak); else mode=(--at-least "$t"); fi
  out=$( { /usr/bin/time -f 'user %U' "$bin" query --game "go:$board" "${mode[@]}" --threads 1 \
           --hash "$hash" --json "$line"; } 2>&1)
  python3 -c 'import json, sys
lines = sys.stdin.read().splitlines()
j = json.loads(next(l for l in lines if l.startswith("{")))
user = next(l for l in lines if l.startswith("user "))[5:]
answer = j["score"] if "score" in j and "at_least" not in j else {True: "yes", False: "no"}.get(j["holds"], "open")
print(answer, j["nodes"], user)' <<<"$out"
}

# new / base; CPU seconds are read to 0.01 s, so both get half of that added.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { print (a + 0.005) / (b + 0.005) }'; }

selected=("$@")
wanted() {
  [ ${#selected[@]} -eq 0 ] && return 0
  local s
  for s in "${selected[@]}"; do [ "$s" = "$1" ] && return 0; done
  return 1
}

if [ -n "$BASE" ]; then
  printf '%-14s %-5s %8s %11s %8s %11s %8s %8s %8s\n' test board answer expansions "user s" \
    "base exp" "base s" "exp x" "cpu x"
else
  printf '%-14s %-5s %8s %11s %8s\n' test board answer expansions "user s"
fi
failed=0 rows=""
for spec in "${tests[@]}"; do
  IFS='|' read -r name board hash t expect line <<<"$spec"
  wanted "$name" || continue
  read -r answer nodes user < <(run "$BIN" "$board" "$hash" "$t" "$line")
  mark=""
  [ "$answer" = "$expect" ] || { mark="  WRONG: expected $expect"; failed=1; }
  if [ -n "$BASE" ]; then
    read -r banswer bnodes buser < <(run "$BASE" "$board" "$hash" "$t" "$line")
    [ "$banswer" = "$expect" ] || { mark="$mark  BASE WRONG: $banswer, expected $expect"; failed=1; }
    rows+="$nodes $user $bnodes $buser"$'\n'
    printf '%-14s %-5s %8s %11s %8s %11s %8s %8.3f %8.3f%s\n' "$name" "$board" "$answer" "$nodes" "$user" \
      "$bnodes" "$buser" "$(ratio "$nodes" "$bnodes")" "$(ratio "$user" "$buser")" "$mark"
  else
    rows+="$nodes $user"$'\n'
    printf '%-14s %-5s %8s %11s %8s%s\n' "$name" "$board" "$answer" "$nodes" "$user" "$mark"
  fi
done
awk -v base="$BASE" 'NF {
    n += $1; u += $2
    if (base != "") { bn += $3; bu += $4; x = log(($1 + 0.005) / ($3 + 0.005)); y = log(($2 + 0.005) / ($4 + 0.005))
      le += x; lu += y; le2 += x * x; lu2 += y * y; k++
    }
  }
  END {
    if (base == "") { printf "%-14s %-5s %8s %11d %8.2f\n", "sum", "", "", n, u; exit }
    printf "%-14s %-5s %8s %11d %8.2f %11d %8.2f %8.3f %8.3f\n", "sum", "", "", n, u, bn, bu, n / bn, u / bu
    printf "%-14s %-5s %8s %11s %8s %11s %8s %8.3f %8.3f\n", "geomean", "", "", "", "", "", "", exp(le / k), exp(lu / k)
    if (k > 1) printf "%-14s %-5s %8s %11s %8s %11s %8s %8.3f %8.3f\n", "std error", "", "", "", "", "", "",
      exp(sqrt((le2 - le * le / k) / (k - 1) / k)), exp(sqrt((lu2 - lu * lu / k) / (k - 1) / k))
  }' <<<"$rows"
[ "$failed" -eq 0 ] || { echo "go_suite: a test gave a wrong answer" >&2; exit 1; }
