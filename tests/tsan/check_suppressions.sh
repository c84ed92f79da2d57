#!/usr/bin/env bash
# tools/tsan.supp hides no race planted in a parallel body
# (tests/tsan/race_probe.cpp), whether TSan's reports are symbolized by
# llvm-symbolizer or by libsanitizer's own symbolizer (which loses inlined
# frames), and the same bodies without the race pass.
# $1 = the TSan build directory (with tsan_race_probe).
set -euo pipefail
probe=$1/tsan_race_probe
supp=$(cd "$(dirname "$0")/../.." && pwd)/tools/tsan.supp
err=$(mktemp)
trap 'rm -f "$err"' EXIT
symbolizers=("")  # empty: libsanitizer's own
llvm=$(command -v llvm-symbolizer || command -v llvm-symbolizer-14 || true)
[ -n "$llvm" ] && symbolizers+=("$llvm")
failed=0
for sym in "${symbolizers[@]}"; do
  for mode in clean range index fed tasks; do
    rc=0
    TSAN_OPTIONS="halt_on_error=1:history_size=7:suppressions=$supp:external_symbolizer_path=$sym" \
      "$probe" "$mode" 2>"$err" || rc=$?
    if [ "$mode" = clean ]; then
      ok=$([ $rc -eq 0 ] && echo 1 || echo 0)
    else  # TSan's exit code, and the planted write named in the report
      ok=$([ $rc -eq 66 ] && grep -q "race_probe.cpp" "$err" && echo 1 || echo 0)
    fi
    if [ "$ok" != 1 ]; then
      echo "FAIL: tsan_race_probe $mode (symbolizer: ${sym:-built in}): exit $rc" >&2
      head -n 40 "$err" >&2
      failed=1
    fi
  done
done
[ $failed = 0 ] && echo "tsan.supp: planted races reported in every mode, ${#symbolizers[@]} symbolizer(s)"
exit $failed
