#!/usr/bin/env bash
# Runs every libFuzzer target of a GSOLVE_FUZZ build for a while on its seed
# corpus (tests/fuzz/corpus/<target>/, read only: new inputs go to a scratch
# directory) and prints one line per target: executions, coverage (cov: edges,
# ft: features) and corpus size from libFuzzer's final report.
#
#   tools/fuzz.sh [build dir] [seconds per target] [target...]
#   JOBS=N runs N targets at a time (default: one per core).
#
# A crash, leak, timeout or sanitizer report fails the run; the input that
# caused it is kept in <build dir>/fuzz-findings/ and the log's end is shown.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build-asan}
SECONDS_EACH=${2:-20}
shift $(( $# > 2 ? 2 : $# ))
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(spec position move testset obf chunk keyed_run meta)
FINDINGS="$BUILD/fuzz-findings"
mkdir -p "$FINDINGS"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
# One target: runs libFuzzer, writes its report to $WORK/$t.result, and
# "failed" to $WORK/$t.failed on a finding.
fuzz_one() {
  local t=$1 bin="$BUILD/tests/fuzz/fuzz_$1" rc=0 execs last cov ft corp seeds
  [ -x "$bin" ] || { echo "fuzz_$t: not built ($bin)" >"$WORK/$t.result"; : >"$WORK/$t.failed"; return; }
  mkdir -p "$WORK/$t"
  "$bin" -max_total_time="$SECONDS_EACH" -timeout=10 -rss_limit_mb=1024 -max_len=65536 -print_final_stats=1 \
    -artifact_prefix="$FINDINGS/$t-" "$WORK/$t" "tests/fuzz/corpus/$t" >"$WORK/$t.log" 2>&1 || rc=$?
  execs=$(awk '/stat::number_of_executed_units/ {n = $2} END {print n}' "$WORK/$t.log")
  last=$(grep -E '^#[0-9]+' "$WORK/$t.log" | tail -1 || true)
  cov=$(echo "$last" | grep -o 'cov: [0-9]*' | cut -d' ' -f2)
  ft=$(echo "$last" | grep -o 'ft: [0-9]*' | cut -d' ' -f2)
  corp=$(echo "$last" | grep -o 'corp: [0-9]*' | cut -d' ' -f2)
  seeds=$(find "tests/fuzz/corpus/$t" -type f 2>/dev/null | wc -l)
  if [ $rc -eq 0 ]; then
    printf 'fuzz_%-10s %9s execs in %ss  cov %5s  ft %6s  corpus %5s (from %s seeds)  findings: none\n' \
      "$t" "${execs:-?}" "$SECONDS_EACH" "${cov:-?}" "${ft:-?}" "${corp:-?}" "$seeds" >"$WORK/$t.result"
    return
  fi
  : >"$WORK/$t.failed"
  {
    printf 'fuzz_%-10s FAILED (exit %s) after %s execs; input kept in %s\n' "$t" "$rc" "${execs:-?}" "$FINDINGS"
    grep -E 'ERROR|check failed|runtime error|SUMMARY|terminate|what\(\)' "$WORK/$t.log" | head -8 || true
    tail -30 "$WORK/$t.log"
  } >"$WORK/$t.result"
}
# The targets run JOBS at a time (each is one thread) and report in the order named.
JOBS=${JOBS:-$(nproc)}
for t in "${TARGETS[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n || true; done
  fuzz_one "$t" &
done
wait
failed=0
for t in "${TARGETS[@]}"; do
  cat "$WORK/$t.result"
  [ ! -e "$WORK/$t.failed" ] || failed=1
done
exit $failed
