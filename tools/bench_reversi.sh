#!/usr/bin/env bash
# Reversi endgame benchmark: gsolve and (when EDAX is set) Edax on the same OBF
# files in the same sitting, 1 thread, every position solved exactly.
#
#   tools/bench_reversi.sh                         # fforum-1-19, fforum-20-39, FFO #40-49
#   EDAX=/path/to/lEdax-x86-64-v3 tools/bench_reversi.sh
#   tools/bench_reversi.sh fforum-40-59.obf:20 fforum-60-79.obf:5   # FILE[:first N lines]
#
# Prints one row per (file, engine): positions, total nodes, total CPU seconds
# of the searches (gsolve: the table cleared before each position, every best
# score checked; Edax: `-l 60 -n 1 -solve`, its own summary line, with the
# all-zero evaluation file of tests/data/reversi/README.md). The load
# average is printed before each row: the machine is shared, so compare CPU
# seconds and nodes, not wall time. This script builds and fetches nothing:
# Edax must be built beside the project first (see that README).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-build/gsolve}
DATA=${DATA:-tests/data/reversi}
THREADS=${THREADS:-1}
[ -x "$BIN" ] || { echo "bench_reversi: $BIN is not built (tools/build.sh)" >&2; exit 2; }
if [ -n "${EDAX:-}" ]; then
  [ -x "$EDAX" ] || { echo "bench_reversi: EDAX=$EDAX is not an executable" >&2; exit 2; }
  [ -f "$(dirname "$EDAX")/data/eval.dat" ] || { echo "bench_reversi: no data/eval.dat beside $EDAX" >&2; exit 2; }
fi
[ $# -gt 0 ] || set -- fforum-1-19.obf fforum-20-39.obf fforum-40-59.obf:10

work=$(mktemp -d /tmp/bench-reversi-XXXXXX)
trap 'rm -rf "$work"' EXIT

# "h:mm:ss.sss" or "m:ss.sss" -> seconds
to_seconds() { awk -F: '{ s = 0; for (i = 1; i <= NF; ++i) s = s * 60 + $i; printf "%.3f", s }' <<< "$1"; }

printf '%-22s %-8s %9s %15s %10s   %s\n' file engine positions nodes "CPU s" "load (1/5/15 min)"
for spec in "$@"; do
  file=${spec%%:*}
  limit=0
  [ "$spec" != "$file" ] && limit=${spec#*:}
  path=$DATA/$file
  [ -f "$path" ] || { echo "bench_reversi: no $path" >&2; exit 2; }
  label=$file
  if [ "$limit" != 0 ]; then
    label="$file:$limit"
    grep -v '^%' "$path" | head -n "$limit" > "$work/$file"
    path=$work/$file
  fi

  load=$(cut -d' ' -f1-3 /proc/loadavg)
  json=$("$BIN" bench --set "$path" --threads "$THREADS" --json) || { echo "bench_reversi: gsolve failed on $label: $json" >&2; exit 1; }
  python3 - "$label" "$load" "$json" <<'EOF'
import json, sys
label, load, j = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
n = j["positions"]
print(f'{label:<22} {"gsolve":<8} {n:>9} {round(j["mean_nodes"] * n):>15} {j["mean_cpu_ms"] * n / 1e3:>10.2f}   {load}')
EOF

  if [ -n "${EDAX:-}" ]; then
    load=$(cut -d' ' -f1-3 /proc/loadavg)
    abs=$(cd "$(dirname "$path")" && pwd)/$(basename "$path")
    out=$(cd "$(dirname "$EDAX")" && "./$(basename "$EDAX")" -l 60 -n 1 -solve "$abs" 2>&1)
    # Summary: "<file>: 2313234 nodes in  0:00.193 (cpu =  0:00.150) (11985668 nodes/s)."
    summary=$(grep -E ' nodes in .*\(cpu = ' <<< "$out" | tail -1)
    [ -n "$summary" ] || { echo "bench_reversi: no Edax summary for $label" >&2; exit 1; }
    nodes=$(sed -E 's/.*: ([0-9]+) nodes in.*/\1/' <<< "$summary")
    cpu=$(to_seconds "$(sed -E 's/.*\(cpu = +([0-9:.]+)\).*/\1/' <<< "$summary")")
    positions=$(grep -cE '^ *[0-9]+\|' <<< "$out")
    printf '%-22s %-8s %9s %15s %10s   %s\n' "$label" edax "$positions" "$nodes" "$cpu" "$load"
  fi
done
