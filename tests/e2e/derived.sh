#!/usr/bin/env bash
# End-to-end: derived tiers (db/chunk.h, db/resolver.h). connect4 stores every
# other tier; query answers every position (own record and every move's) as a
# database of all tiers does, info counts are the same, verify --backtrack
# checks every position and finds injected faults; --store-all-tiers opts out.
. "$(dirname "$0")/common.sh.inc"
CORRUPT="$(cd "$1" && pwd)/gsolve-corrupt"

echo "== connect4:5x4 with and without derived tiers"
"$BIN" solve connect4:5x4 --db "$WORK/d.gsdb" >/dev/null
"$BIN" solve connect4:5x4 --db "$WORK/f.gsdb" --store-all-tiers >/dev/null
"$BIN" info --db "$WORK/d.gsdb" --json >"$WORK/d.json"
"$BIN" info --db "$WORK/f.gsdb" --json >"$WORK/f.json"
for key in canonical_positions reachable_positions; do
  [[ $(json "j['$key']" <"$WORK/d.json") == $(json "j['$key']" <"$WORK/f.json") ]] || fail "info $key differs"
done
dbits=$(json 'j["bits_per_position"]' <"$WORK/d.json")
fbits=$(json 'j["bits_per_position"]' <"$WORK/f.json")
python3 -c "import sys; sys.exit(0 if $dbits < 0.8 * $fbits else 1)" || fail "derived $dbits bits, all tiers $fbits"

echo "== query: the same answers (positions of every ply, primitives included)"
# Random games from the start, every prefix: plies of both parities, and the last
# position of each game is a primitive.
python3 - >"$WORK/positions.txt" <<'EOF'
import random
random.seed(11)
W, H = 5, 4
def won(cells, c, r, p):
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        n = 1
        for s in (1, -1):
            x, y = c + s * dc, r + s * dr
            while 0 <= x < W and 0 <= y < H and cells.get((x, y)) == p:
                n += 1; x += s * dc; y += s * dr
        if n >= 4: return True
    return False
seen = set()
for game in range(120):
    cells, heights, moves = {}, [0] * W, ""
    print(moves)
    while True:
        free = [c for c in range(W) if heights[c] < H]
        if not free: break
        c = random.choice(free); p = len(moves) % 2
        cells[(c, heights[c])] = p; heights[c] += 1; moves += str(c + 1)
        if moves not in seen:
            seen.add(moves); print(moves)
        if won(cells, c, heights[c] - 1, p): break
EOF
lines=$(wc -l <"$WORK/positions.txt")
((lines > 1000)) || fail "only $lines positions"
"$BIN" query --db "$WORK/d.gsdb" --json - <"$WORK/positions.txt" >"$WORK/qd.json"
"$BIN" query --db "$WORK/f.gsdb" --json - <"$WORK/positions.txt" >"$WORK/qf.json"
[[ $(wc -l <"$WORK/qd.json") == "$lines" ]] || fail "derived: $(wc -l <"$WORK/qd.json") answers for $lines positions"
cmp -s "$WORK/qd.json" "$WORK/qf.json" || fail "query answers differ: $(diff "$WORK/qd.json" "$WORK/qf.json" | head -4)"
grep -q '"value":"unknown"' "$WORK/qd.json" && fail "derived database answered unknown"
[[ $("$BIN" query --db "$WORK/d.gsdb" --json 3344 | json 'j["value"], j["remoteness"]') == "win 3" ]] ||
  fail "3344 is a win in 3"
echo "$lines positions: same answers; $dbits bits per position (all tiers: $fbits)"

echo "== verify on a derived database"
canonical=$(json 'j["canonical_positions"]' <"$WORK/d.json")
"$BIN" verify --db "$WORK/d.gsdb" --backtrack --json >"$WORK/v.json" || fail "verify of a clean derived database"
[[ $(json 'j["checked"]' <"$WORK/v.json") == "$canonical" ]] || fail "checked != $canonical"
"$CORRUPT" --db "$WORK/d.gsdb" --out "$WORK/bad.gsdb" --count 30 --seed 9 --kind mixed >"$WORK/inj.txt"
awk '$1 == "index" {print $2}' "$WORK/inj.txt" | sort >"$WORK/inj"
rc=0
"$BIN" verify --db "$WORK/bad.gsdb" --backtrack --max-errors 100000 --json >"$WORK/bad.json" || rc=$?
[[ $rc == 1 ]] || fail "verify of a corrupted derived database: exit $rc"
grep -o '"index":[0-9]*' "$WORK/bad.json" | cut -d: -f2 | sort >"$WORK/found"
[[ $(comm -23 "$WORK/inj" "$WORK/found" | wc -l) == 0 ]] || fail "injected faults missed"
echo "clean: $canonical checked; 30 injected faults found"
echo PASS
