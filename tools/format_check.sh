#!/usr/bin/env bash
# Checks that C++ files are formatted as .clang-format says (clang-format
# --dry-run --Werror): prints each file that differs and exits 1 if any does.
#   tools/format_check.sh                every tracked *.h and *.cpp
#   tools/format_check.sh FILE...        those files
#   tools/format_check.sh --changed REV  the *.h and *.cpp files changed since REV
# To fix a file: clang-format -i FILE.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v clang-format >/dev/null 2>&1 || { echo "format_check: clang-format is not installed" >&2; exit 2; }
files=()
if [ $# -eq 0 ]; then
  mapfile -t files < <(git ls-files '*.h' '*.cpp')
elif [ "$1" = --changed ]; then
  [ $# -eq 2 ] || { echo "usage: tools/format_check.sh --changed REV" >&2; exit 2; }
  mapfile -t files < <(git diff --name-only --diff-filter=d "$2" -- '*.h' '*.cpp')
else
  files=("$@")
fi
bad=0
for f in "${files[@]}"; do
  clang-format --dry-run --Werror "$f" >/dev/null 2>&1 || { echo "not formatted: $f (clang-format -i $f)"; bad=1; }
done
[ $bad -eq 0 ] && echo "format_check: ${#files[@]} files formatted"
exit $bad
