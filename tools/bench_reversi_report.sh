#!/usr/bin/env bash
# The full query report on random 8x8 reversi endgames (docs/benchmarks.md,
# "reversi: the full report"): COUNT random positions (default 200) of 14..22
# empties, reached by random play from the start (tools/make_reversi_set.py's
# generator, seeded), answered by one `gsolve query --json -` process with
# every move's score and remoteness. Prints the wall and CPU seconds and the
# total nodes; the answers (without node counts and times) go to OUT (default
# /tmp/reversi_report.jsonl) so that two binaries' answers can be compared
# with `cmp`.
# Usage: tools/bench_reversi_report.sh   (BIN=..., THREADS=2, COUNT=200,
# SEED=1, WEAK=1 adds --weak: the score-only report)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-build/gsolve}
THREADS=${THREADS:-2}
COUNT=${COUNT:-200}
SEED=${SEED:-1}
OUT=${OUT:-/tmp/reversi_report.jsonl}
[ -x "$BIN" ] || tools/build.sh > /dev/null
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

python3 - "$COUNT" "$SEED" > "$WORK/positions" <<'PY'
import importlib.util, random, sys
spec = importlib.util.spec_from_file_location('mrs', 'tools/make_reversi_set.py')
mrs = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mrs)
count, seed = int(sys.argv[1]), int(sys.argv[2])
rnd = random.Random(seed)
for _ in range(count):
    print(mrs.random_position(8, rnd.randint(14, 22), rnd))
PY

extra=()
[ "${WEAK:-0}" = 1 ] && extra+=(--weak)
start=$(date +%s.%N)
/usr/bin/time -f '%U %S' -o "$WORK/cpu" "$BIN" query --game reversi:8x8 --json \
  --threads "$THREADS" "${extra[@]}" - < "$WORK/positions" > "$WORK/answers"
end=$(date +%s.%N)
python3 - "$WORK/answers" "$OUT" <<'PY'
import json, sys
nodes, lines = 0, []
for line in open(sys.argv[1]):
    j = json.loads(line)
    nodes += j.get('nodes', 0)
    for k in ('nodes', 'seconds', 'time', 'nps'):
        j.pop(k, None)
    lines.append(json.dumps(j, sort_keys=True))
open(sys.argv[2], 'w').write('\n'.join(lines) + '\n')
print(f'positions {len(lines)}  nodes {nodes}')
PY
read -r user sys < "$WORK/cpu"
echo "wall $(echo "$end - $start" | bc) s  cpu $(echo "$user + $sys" | bc) s  threads $THREADS  answers $OUT"
