#!/usr/bin/env bash
# Query speed on connect4:6x4 (docs/benchmarks.md, "query"), measured in CPU time
# (user + system, perf stat) so that a loaded machine does not skew it much:
#   warm: one process answers 3000 random positions with every move
#         (query --json -); warm time per position = (CPU of the batch given
#         twice - CPU of the batch once) / 3000, so process start and the
#         first decode of each frame cancel out;
#   cold: one process per position, mean CPU of $COLD processes (default 200);
#   size: the database file as ls -l shows it, in bits per canonical position.
# Usage: tools/bench_query.sh [DB]  (DB default /tmp/bench_6x4.gsdb, solved
# first if missing: about 20 s of CPU). BIN=... picks the binary; SEED=...
# the positions (default 1). Prints one line per measure.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-build/gsolve}
DB=${1:-/tmp/bench_6x4.gsdb}
COLD=${COLD:-200}
SEED=${SEED:-1}
[ -x "$BIN" ] || tools/build.sh > /dev/null
[ -e "$DB" ] || "$BIN" solve connect4:6x4 --db "$DB" --threads 1 > /dev/null
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# 3000 random positions of connect4:6x4 (columns 1..6, 4 rows), each reached
# by random legal moves that end no game, 0..23 moves: the move lists query takes.
python3 - "$SEED" > "$WORK/positions" <<'PY'
import random, sys
W, H = 6, 4
rng = random.Random(int(sys.argv[1]))
def wins(board, c, r, who):
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        n = 1
        for s in (1, -1):
            x, y = c + s * dc, r + s * dr
            while 0 <= x < W and 0 <= y < H and board[x][y] == who:
                n += 1; x += s * dc; y += s * dr
        if n >= 4: return True
    return False
out = []
while len(out) < 3000:
    board = [[0] * H for _ in range(W)]
    heights = [0] * W
    moves = ""
    length = rng.randrange(0, W * H)
    for ply in range(length):
        legal = [c for c in range(W) if heights[c] < H]
        c = rng.choice(legal)
        who = 1 + ply % 2
        r = heights[c]
        if wins(board, c, r, who):
            break  # this move would end the game: stop before it
        board[c][r] = who; heights[c] += 1; moves += str(c + 1)
    out.append(moves)
print("\n".join(out))
PY
cat "$WORK/positions" "$WORK/positions" > "$WORK/twice"

cpu_of() {  # CPU seconds (user + sys) of a command, stdout discarded
  perf stat -x, -e task-clock "$@" 2>&1 >/dev/null | awk -F, '/task-clock/ { print $1 / 1000 }'
}
once=$(cpu_of "$BIN" query --db "$DB" --json - < "$WORK/positions")
twice=$(cpu_of "$BIN" query --db "$DB" --json - < "$WORK/twice")
warm_us=$(python3 -c "print(f'{($twice - $once) * 1e6 / 3000:.1f}')")
batch_us=$(python3 -c "print(f'{$once * 1e6 / 3000:.1f}')")
echo "warm: ${warm_us} us CPU per position (3000 positions with every move: batch ${once} s, twice ${twice} s;"
echo "      the whole first batch, process start and first decodes included: ${batch_us} us per position)"
# Cold: the first $COLD positions, one process each.
head -n "$COLD" "$WORK/positions" | sed 's/^$/""/' > "$WORK/cold"
total=0
while read -r p; do
  [ "$p" = '""' ] && p=""
  t=$(cpu_of "$BIN" query --db "$DB" --json "$p")
  total=$(python3 -c "print($total + $t)")
done < "$WORK/cold"
cold_ms=$(python3 -c "print(f'{$total * 1000 / $COLD:.2f}')")
echo "cold: ${cold_ms} ms CPU per process (mean of $COLD processes, one position each)"
info=$("$BIN" info --db "$DB" --json 2>/dev/null || true)
size=$(stat -c %s "$DB")
if [ -n "$info" ]; then
  python3 -c "
import json, sys
j = json.loads(sys.argv[1]); n = j['canonical_positions']; size = int(sys.argv[2])
print(f'size: {size} bytes, file {8 * size / n:.3f} bits per canonical position, records {8 * j[\"record_bytes\"] / n:.3f} ({n} canonical positions)')
" "$info" "$size"
else
  echo "size: $size bytes"
fi
