#!/usr/bin/env bash
# The 5x5 proof, resumable: "Black scores 25" after c3 (White's score there is
# not at least -24), then on the empty board (25 is every point: c3's answer
# is the board's value). Each run appends its wall and CPU times to
# JOURNAL.times and resumes from the tests JOURNAL records (query --journal):
# run it again after a kill, the sum of the walls is the proof's time. The
# journal by default is the repository's data/go/5x5-proof.journal: the
# finished proof, committed with the proofs of the openings pass, a1, b1
# and c1 (a run on it answers at once); give a new file to prove 5x5 again.
#   tools/go5x5_proof.sh [JOURNAL] [-- query options]
#   THREADS=2 HASH=16384 tools/go5x5_proof.sh new.journal
# With WORKERS=N, N processes first prove White's six replies to c3 (one per
# symmetry class), each taking the next reply when it finishes one and
# writing its own journal JOURNAL.wK (THREADS and HASH, by default 16384 / N
# MB, are each worker's); their records are then merged into JOURNAL, and
# the two tests above find every reply's answer recorded. The processes
# share no table and wait on no one: about 30 minutes on two cores.
#   WORKERS=2 THREADS=1 HASH=6144 tools/go5x5_proof.sh new.journal
# A dry run of a few seconds: THREADS=1 HASH=64 tools/go5x5_proof.sh /tmp/dry.journal -- --time 3
set -euo pipefail
BIN=${BIN:-"$(dirname "$0")/../build/gsolve"}
case ${1:-} in -h | --help) sed -n '2,/^set -euo/{/^#/s/^# \{0,1\}//p}' "$0"; exit 0 ;; esac
journal="$(dirname "$0")/../data/go/5x5-proof.journal"
if [ $# -ge 1 ] && [ "$1" != "--" ]; then journal=$1; shift; fi
[ "${1:-}" = "--" ] && shift
mkdir -p "$(dirname "$journal")"
workers=${WORKERS:-1} threads=${THREADS:-$(nproc)}
hash=${HASH:-$((16384 / workers))}  # MB, each process's
run() {  # journal, position, threshold, query options
  local journal=$1 position=$2 t=$3 log rc=0
  shift 3
  log=$(mktemp)
  echo "$(date -u +%FT%TZ) query --at-least $t \"$position\", $threads threads, --hash $hash, journal $journal" >>"$journal.times"
  /usr/bin/time -o "$log" -f "wall %e s, cpu %U+%S s, max rss %M KB" \
    "$BIN" query --game go:5x5 --at-least "$t" --threads "$threads" --hash "$hash" --journal "$journal" \
    --progress --json "$@" "$position" || rc=$?
  cat "$log" >>"$journal.times"
  rm -f "$log"
  return $rc
}
# A journal's records without a torn last line (a kill may leave one).
records() { if [ -n "$(tail -c1 "$1")" ]; then sed '1d;$d' "$1"; else sed 1d "$1"; fi; }
# The workers' journals (of this run or a stopped one) merged into JOURNAL.
merge() {
  local w merged
  compgen -G "$journal.w*[0-9]" >/dev/null || return 0
  merged=$(mktemp "$journal.merge.XXXXXX")
  local files=("$journal".w*[0-9])
  [ -e "$journal" ] && files=("$journal" "${files[@]}")
  { head -n1 "${files[0]}"; for w in "${files[@]}"; do records "$w"; done; } |
    awk 'NR == 1 || !seen[$0]++' >"$merged"
  mv "$merged" "$journal"
  for w in "$journal".w*[0-9]; do
    cat "$w.times" >>"$journal.times" 2>/dev/null || true
    rm -f "$w" "$w.times"
  done
}
merge
if [ "$workers" -gt 1 ]; then
  # White's replies to c3 up to the board's symmetry; a reply already proven
  # is answered from the journal at once.
  queue=$journal.queue
  printf '%s\n' c2 b2 c1 b1 a1 pass >"$queue"
  worker() {  # index, query options
    local w=$1 reply
    shift
    if [ -e "$journal" ]; then cp "$journal" "$journal.w$w"; else rm -f "$journal.w$w"; fi
    while :; do
      # shellcheck disable=SC2016 # the inner sh expands its own $1
      reply=$(flock "$queue" sh -c 'r=$(head -n1 "$1"); [ -n "$r" ] && sed -i 1d "$1"; echo "$r"' sh "$queue")
      [ -n "$reply" ] || return 0
      run "$journal.w$w" "c3 $reply" 25 "$@" || return 1  # Black to move after c3 and the reply: Black scores 25
    done
  }
  pids=()
  for w in $(seq 1 "$workers"); do
    worker "$w" "$@" &
    pids+=($!)
  done
  failed=0
  for p in "${pids[@]}"; do wait "$p" || failed=1; done
  rm -f "$queue"
  merge
  [ "$failed" = 0 ] || { echo "a worker stopped: run again to resume" >&2; exit 1; }
fi
run "$journal" c3 -24 "$@"
run "$journal" "" 25 "$@"
echo "times so far ($journal.times):"
cat "$journal.times"
