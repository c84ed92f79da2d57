#!/usr/bin/env bash
# The 5x5 proof, resumable: "Black scores 25" after c3 (White's score there is
# not at least -24), then on the empty board (25 is every point: c3's answer
# is the board's value). Each run appends its wall and CPU times to
# JOURNAL.times and resumes from the tests JOURNAL records (query --journal):
# run it again after a kill, the sum of the walls is the proof's time. The
# journal by default is the repository's data/go/5x5-proof.journal: the proof
# so far, committed, so that a run on any machine resumes from it.
#   tools/go5x5_proof.sh [JOURNAL] [-- query options]
#   THREADS=2 HASH=16384 tools/go5x5_proof.sh
# A dry run of a few seconds: THREADS=1 HASH=64 tools/go5x5_proof.sh /tmp/dry.journal -- --time 3
set -euo pipefail
BIN=${BIN:-"$(dirname "$0")/../build/gsolve"}
case ${1:-} in -h | --help) sed -n '2,/^set -euo/{/^#/s/^# \{0,1\}//p}' "$0"; exit 0 ;; esac
journal="$(dirname "$0")/../data/go/5x5-proof.journal"
if [ $# -ge 1 ] && [ "$1" != "--" ]; then journal=$1; shift; fi
[ "${1:-}" = "--" ] && shift
mkdir -p "$(dirname "$journal")"
threads=${THREADS:-$(nproc)} hash=${HASH:-16384}
run() {  # position, threshold, query options
  local position=$1 t=$2 log rc=0
  shift 2
  log=$(mktemp)
  echo "$(date -u +%FT%TZ) query --at-least $t \"$position\", $threads threads, --hash $hash, journal $journal" >>"$journal.times"
  /usr/bin/time -o "$log" -f "wall %e s, cpu %U+%S s, max rss %M KB" \
    "$BIN" query --game go:5x5 --at-least "$t" --threads "$threads" --hash "$hash" --journal "$journal" \
    --progress --json "$@" "$position" || rc=$?
  cat "$log" >>"$journal.times"
  rm -f "$log"
  return $rc
}
run c3 -24 "$@"
run "" 25 "$@"
echo "times so far ($journal.times):"
cat "$journal.times"
