#!/usr/bin/env bash
# The search solver end to end: live queries against the public test sets,
# --store-depth databases against the strong solver, kill and --resume.
. "$(dirname "$0")/common.sh.inc"
LINES=${LINES_PER_SET:-25}

# Pons scores of live searches (strong) and their signs (--weak), 7x6.
pons_sets() {  # mode files...
  local mode=$1; shift
  for set in "$@"; do
    head -n "$LINES" "$DATA/$set" > "$WORK/lines"
    "$BIN" query --game connect4:7x6 --json --threads 2 --hash 256 $mode - < "$WORK/lines" > "$WORK/answers"
    python3 - "$WORK/lines" "$WORK/answers" "$mode" <<'EOF' || fail "$set $mode"
import json, sys
ref = [l.split() for l in open(sys.argv[1]) if l.strip()]
ans = [json.loads(l) for l in open(sys.argv[2])]
weak = sys.argv[3] == "--weak"
assert len(ref) == len(ans)
bad = 0
for (moves, score), a in zip(ref, ans):
    score = int(score)
    assert a['source'] == 'search'
    if weak:
        ok = a['value'] == ('win' if score > 0 else 'lose' if score < 0 else 'tie')
    else:
        N = len(moves) + a['remoteness']
        s = {'win': (44 - N) // 2, 'lose': -((44 - N) // 2), 'tie': 0}[a['value']]
        ok = s == score
    if not ok:
        bad += 1
        print('mismatch', moves, score, a['value'], a['remoteness'])
sys.exit(1 if bad else 0)
EOF
  done
}
pons_sets "" Test_L3_R1 Test_L2_R1 Test_L1_R1
pons_sets --weak Test_L3_R1 Test_L2_R1 Test_L1_R1 Test_L2_R2

# bench --set: every line of ref_4x5 (board size from the file name), each
# root driver; a wrong expected score makes it exit 1.
for algo in narrowing negascout mtdf alphabeta; do
  "$BIN" bench --set "$DATA/ref_4x5.txt" --algorithm $algo --json > "$WORK/bench.json" || fail "bench --set $algo"
  jq -e --arg a $algo --argjson n "$(grep -c . "$DATA/ref_4x5.txt")" '.positions == $n and .wrong == 0 and .algorithm == $a and .mean_nodes > 0' \
    "$WORK/bench.json" > /dev/null || fail "bench --set $algo: $(cat "$WORK/bench.json")"
done
awk 'NR <= 20 { print $1, $2 + 1 }' "$DATA/ref_4x5.txt" > "$WORK/ref_4x5_wrong.txt"
rc=0
"$BIN" bench --set "$WORK/ref_4x5_wrong.txt" > "$WORK/bench.txt" || rc=$?
[ "$rc" = 1 ] && grep -q "wrong 20 (first: " "$WORK/bench.txt" || fail "bench --set with wrong scores: exit $rc"

# --store-depth on 5x4 agrees with the strong solver on every stored position,
# and searched answers below the stored plies agree too.
"$BIN" solve connect4:5x4 --db "$WORK/strong.gsdb" --threads 2 >/dev/null
"$BIN" solve connect4:5x4 --db "$WORK/top.gsdb" --store-depth 5 --threads 2 --hash 64 >/dev/null
info=$("$BIN" info --db "$WORK/top.gsdb" --json)
[ "$(echo "$info" | json "j['coverage'], j['complete'], j['start']['value'], j['start']['remoteness']")" = "depth:5 True tie 20" ] \
  || fail "store-depth info: $info"
python3 - > "$WORK/lines" <<'EOF'
import itertools
# move sequences of up to 7 plies on 5x4 (a four needs 7 plies, so none continues after one)
seen = set()
def rec(s):
    if len(s) > 7: return
    seen.add(s)
    for c in '12345':
        if s.count(c) < 4: rec(s + c)
rec('')
for s in sorted(seen, key=lambda x: (len(x), x)):
    if len(s) <= 3 or int(s) % 29 == 0: print(s)
EOF
"$BIN" query --db "$WORK/strong.gsdb" --json - < "$WORK/lines" > "$WORK/a" 2>/dev/null || true
"$BIN" query --db "$WORK/top.gsdb" --json - < "$WORK/lines" > "$WORK/b" 2>/dev/null || true
python3 - "$WORK/a" "$WORK/b" <<'EOF' || fail "store-depth answers differ from the strong solver"
import json, sys
a = [json.loads(l) for l in open(sys.argv[1])]
b = [json.loads(l) for l in open(sys.argv[2])]
assert len(a) == len(b) and len(a) > 100, (len(a), len(b))
strip = lambda j: {k: v for k, v in j.items() if k not in ('source', 'complete', 'nodes')}  # how it was found
bad = [x['position'] for x, y in zip(a, b) if strip(x) != strip(y)]
print(len(a), 'positions compared;', sum(y['source'] == 'search' for y in b), 'searched')
sys.exit(1 if bad else 0)
EOF

# The full reversi report (every move's score and remoteness, the line) of
# positions whose remoteness counts passes or an early end, pinned: with 1 and
# 2 threads, the moves searched before the position, the line from the walk.
REPORT="$(dirname "$DATA")/reversi/report-passes.jsonl"
for t in 1 2; do
  python3 -c "import json,sys; [print(json.loads(l)['position']) for l in sys.stdin]" <"$REPORT" |
    "$BIN" query --game reversi:8x8 --json --threads $t --hash 64 - >"$WORK/report.json"
  python3 - "$REPORT" "$WORK/report.json" <<'EOF2' || fail "reversi full report differs from the pinned one ($t threads)"
import json, sys
want = [json.loads(l) for l in open(sys.argv[1])]
got = [json.loads(l) for l in open(sys.argv[2])]
for g in got:
    g.pop('nodes')
sys.exit(0 if got == want else 1)
EOF2
done

# A killed --store-depth solve resumes to the same database.
set +e
GSOLVE_TEST_KILL_AFTER_SEARCHED=40 "$BIN" solve connect4:5x4 --db "$WORK/killed.gsdb" --store-depth 6 --threads 2 --hash 64 >/dev/null 2>&1
rc=$?
set -e
[ $rc -eq 137 ] || fail "the search solve was not killed (exit $rc)"
[ "$(echo "$("$BIN" info --db "$WORK/killed.gsdb" --json)" | json "j['complete']")" = "False" ] || fail "killed solve claims complete"
"$BIN" solve connect4:5x4 --db "$WORK/killed.gsdb" --store-depth 6 --resume --threads 2 --hash 64 >/dev/null
"$BIN" solve connect4:5x4 --db "$WORK/clean.gsdb" --store-depth 6 --threads 2 --hash 64 >/dev/null
for key in "j['signature']" "j['canonical_positions']" "j['counts']" "j['complete']"; do
  [ "$(echo "$("$BIN" info --db "$WORK/clean.gsdb" --json)" | json "$key")" = \
    "$(echo "$("$BIN" info --db "$WORK/killed.gsdb" --json)" | json "$key")" ] || fail "resumed search solve differs in $key"
done
echo "search: all checks passed"
