#!/usr/bin/env bash
# tools/format_check.sh: it fails on a misformatted file and passes once
# clang-format has formatted it (a temporary copy under .clang-format's rules).
source "$(dirname "$0")/common.sh.inc"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
command -v clang-format >/dev/null 2>&1 || { echo "format_check: no clang-format, skipped"; exit 77; }
cp "$ROOT/.clang-format" "$WORK/.clang-format"
printf '#include <vector>\nint  f( int x ){return x+1;}\n' >"$WORK/bad.cpp"
run_capture "$ROOT/tools/format_check.sh" "$WORK/bad.cpp"
[ $RC -eq 1 ] || fail "a misformatted file passed (exit $RC)"
grep -qF "not formatted: $WORK/bad.cpp" "$WORK/out" || fail "the file is not named: $(cat "$WORK/out")"
clang-format -i "$WORK/bad.cpp"
run_capture "$ROOT/tools/format_check.sh" "$WORK/bad.cpp"
[ $RC -eq 0 ] || fail "the formatted file failed: $(cat "$WORK/out")"
echo "format_check: all checks passed"
