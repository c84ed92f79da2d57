#!/usr/bin/env bash
# Kill soak: N kill -9 moments at random during solves, each solve resumed with
# --resume until complete; every resumed database must carry the same
# signature, counts and start record as a clean solve of its game, and pass
# `verify --backtrack`.
#
#   tools/kill_soak.sh N [build dir]      (default N=100, build dir build/)
#
# The games take turns: tiered solves (connect4:4x4, connect4:5x4 with its
# derived tiers, reversi:4x4), a loopy one (quickcross:3x3) and a search solve
# that stores the top plies (connect4:5x4 --store-depth 5). A kill moment is uniform over
# the clean solve's measured wall time; a kill that came after the solve had
# finished is not counted (the loop runs until N kills landed). One resume in
# three is itself killed again at a random moment before the final resume.
# Prints one line per kill and a summary "N kills, D differences"; exits 1 if
# D > 0. SEED (environment) makes the moments reproducible.
set -euo pipefail
N=${1:-100}
BUILD=$(cd "${2:-build}" && pwd)
BIN="$BUILD/gsolve"
[ -x "$BIN" ] || { echo "no $BIN (build first)" >&2; exit 2; }
SEED=${SEED:-$$}
RANDOM=$SEED
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

GAMES=("connect4:4x4" "quickcross:3x3" "connect4:5x4 --store-depth 5 --hash 16" "connect4:5x4" "reversi:4x4")
KEYS='[.signature, .complete, .canonical_positions, .reachable_positions, .counts, .remoteness, .start]'

now_ms() { date +%s%3N; }
summary() { "$BIN" info --db "$1" --json | jq -c "$KEYS"; }

# Clean solves: the reference summary and wall time of each game.
declare -a REF MS
for g in "${!GAMES[@]}"; do
  t0=$(now_ms)
  # shellcheck disable=SC2086
  "$BIN" solve ${GAMES[$g]} --db "$WORK/clean$g.gsdb" --threads 2 >/dev/null
  MS[$g]=$(( $(now_ms) - t0 ))
  REF[$g]=$(summary "$WORK/clean$g.gsdb")
  "$BIN" verify --db "$WORK/clean$g.gsdb" --backtrack --threads 2 >/dev/null
  echo "clean ${GAMES[$g]}: ${MS[$g]} ms, $(echo "${REF[$g]}" | jq -r '.[0]')"
done

# Starts a solve of game $1 into $2 (with $3: --resume) and kill -9s it after
# $4 ms; succeeds if the kill landed (exit status 137), fails if the solve had
# ended by itself first.
kill_solve() {
  local g=$1 db=$2 resume=$3 delay_ms=$4 pid rc=0
  # shellcheck disable=SC2086
  "$BIN" solve ${GAMES[$g]} --db "$db" $resume --threads 2 >/dev/null 2>&1 &
  pid=$!
  sleep "$(printf '%d.%03d' $((delay_ms / 1000)) $((delay_ms % 1000)))"
  kill -9 "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || rc=$?
  [ $rc -eq 137 ]
}
# Sets at to a random moment of game $1 (no subshell: RANDOM must advance here).
pick_moment() { at=$(( (RANDOM * 32768 + RANDOM) % (MS[$1] + 1) )); }

kills=0 diffs=0 misses=0 round=0
while [ $kills -lt "$N" ]; do
  g=$(( round % ${#GAMES[@]} ))
  round=$((round + 1))
  db="$WORK/soak.gsdb"
  rm -f "$db" "$db"-lock "$db".*
  pick_moment "$g"
  if ! kill_solve "$g" "$db" "" "$at"; then misses=$((misses + 1)); continue; fi
  kills=$((kills + 1))
  moments="$at"
  pick_moment "$g"
  if [ $((RANDOM % 3)) -eq 0 ] && [ $kills -lt "$N" ] && [ -e "$db" ] && kill_solve "$g" "$db" --resume "$at"; then
    kills=$((kills + 1))
    moments="$moments, then in the resume at $at"
  fi
  # A kill before the solve had made its file leaves nothing: --resume rightly
  # refuses a missing file, so the user (and this loop) starts afresh.
  resume=--resume
  if [ ! -e "$db" ]; then resume=""; moments="$moments (before the file existed)"; fi
  # shellcheck disable=SC2086
  "$BIN" solve ${GAMES[$g]} --db "$db" $resume --threads 2 >/dev/null 2>"$WORK/err" || {
    diffs=$((diffs + 1)); echo "DIFF ${GAMES[$g]} killed at $moments ms: resume failed: $(head -c 300 "$WORK/err")"; continue; }
  got=$(summary "$db")
  if [ "$got" != "${REF[$g]}" ]; then
    diffs=$((diffs + 1)); echo "DIFF ${GAMES[$g]} killed at $moments ms: $got"; cp "$db" "$WORK/../kill_soak_diff_$kills.gsdb" 2>/dev/null || true; continue
  fi
  if ! "$BIN" verify --db "$db" --backtrack --threads 2 >"$WORK/verify" 2>&1; then
    diffs=$((diffs + 1)); echo "DIFF ${GAMES[$g]} killed at $moments ms: verify --backtrack failed: $(tail -3 "$WORK/verify")"; continue
  fi
  echo "kill $kills: ${GAMES[$g]} at $moments ms: same signature, verify passed"
done
echo "kill soak (SEED=$SEED): $kills kills, $diffs differences ($misses kills came after the solve had ended, not counted)"
[ $diffs -eq 0 ]
