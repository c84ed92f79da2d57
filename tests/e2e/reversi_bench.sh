#!/usr/bin/env bash
# Reversi search end to end: bench --set on OBF files (every best score and,
# with --all-moves, every listed move's score), its exit codes (1: a wrong
# score, 2: a malformed line), and query on FFO #40.
. "$(dirname "$0")/common.sh.inc"
RDATA="$2/reversi"

# fforum-1-19: every listed move of every problem exact.
moves=$(grep -v '^%' "$RDATA/fforum-1-19.obf" | tr ';' '\n' | grep -c ':')
"$BIN" bench --set "$RDATA/fforum-1-19.obf" --all-moves --json > "$WORK/bench.json" || fail "bench fforum-1-19: $(cat "$WORK/bench.json")"
jq -e --argjson m "$moves" '.positions == 19 and .wrong == 0 and .moves_checked == $m and .mean_nodes > 0' \
  "$WORK/bench.json" > /dev/null || fail "bench fforum-1-19 --all-moves: $(cat "$WORK/bench.json")"

# A sample of FFO #40-59 (best scores): #40, #41 and #42 (20-22 empties).
"$BIN" bench --set "$RDATA/fforum-40-59.obf" --limit 3 --json > "$WORK/bench.json" || fail "bench FFO #40-42: $(cat "$WORK/bench.json")"
jq -e '.positions == 3 and .wrong == 0' "$WORK/bench.json" > /dev/null || fail "bench FFO #40-42: $(cat "$WORK/bench.json")"

# reversi:6x6 from the file's name: two positions of 22 empties, every move's score.
moves=$(grep -v '^%' "$RDATA/r6x6-22.obf" | head -n 2 | tr ';' '\n' | grep -c ':')
"$BIN" bench --set "$RDATA/r6x6-22.obf" --limit 2 --all-moves --json > "$WORK/bench.json" || fail "bench r6x6-22: $(cat "$WORK/bench.json")"
jq -e --argjson m "$moves" '.positions == 2 and .wrong == 0 and .moves_checked == $m' "$WORK/bench.json" > /dev/null \
  || fail "bench r6x6-22 --all-moves: $(cat "$WORK/bench.json")"

# One wrong best score (line 2: +0 -> +2) exits 1 and names the line.
head -n 3 "$RDATA/fforum-20-39.obf" > "$WORK/wrong.obf"
sed -i '2s/; G5:+0;/; G5:+2;/' "$WORK/wrong.obf"
rc=0
"$BIN" bench --set "$WORK/wrong.obf" > "$WORK/bench.txt" || rc=$?
[ "$rc" = 1 ] && grep -q "wrong 1 (first: line 2 (.*): expected 2 got 0)" "$WORK/bench.txt" \
  || fail "bench with a wrong best score: exit $rc: $(cat "$WORK/bench.txt")"
# One wrong move score (not the best move) is caught by --all-moves only.
head -n 3 "$RDATA/fforum-20-39.obf" > "$WORK/wrong_move.obf"
sed -i '2s/; G2:-2;/; G2:-4;/' "$WORK/wrong_move.obf"
"$BIN" bench --set "$WORK/wrong_move.obf" > /dev/null || fail "a wrong non-best move score without --all-moves"
rc=0
"$BIN" bench --set "$WORK/wrong_move.obf" --all-moves > "$WORK/bench.txt" || rc=$?
[ "$rc" = 1 ] && grep -q "wrong 1 (first: line 2 (.*) move G2: expected -4 got -2)" "$WORK/bench.txt" \
  || fail "bench --all-moves with a wrong move score: exit $rc: $(cat "$WORK/bench.txt")"

# A line without a score is a malformed file: exit 2, one line naming file and line.
{ printf '%% a comment\n'; head -n 1 "$RDATA/fforum-1-19.obf"; head -n 1 "$RDATA/fforum-1-19.obf" | cut -d';' -f1; } > "$WORK/noscore.obf"
rc=0
"$BIN" bench --set "$WORK/noscore.obf" > /dev/null 2> "$WORK/err" || rc=$?
[ "$rc" = 2 ] && [ "$(wc -l < "$WORK/err")" = 1 ] && grep -q "noscore.obf:3: no <move>:<score> after the position" "$WORK/err" \
  || fail "bench on a line without a score: exit $rc: $(cat "$WORK/err")"

# query on FFO #40: win by 38, every move's exact score as the file lists it.
line=$(head -n 1 "$RDATA/fforum-40-59.obf")
"$BIN" query --game reversi:8x8 "${line%%;*}" --json > "$WORK/q.json" || fail "query FFO #40"
python3 - "$WORK/q.json" "$line" <<'EOF' || fail "query FFO #40: $(cat "$WORK/q.json")"
import json, sys
j = json.load(open(sys.argv[1]))
listed = {f.split(':')[0].strip().lower(): int(f.split(':')[1]) for f in sys.argv[2].split(';')[1:] if ':' in f}
got = {m['move'].lower(): m['score'] for m in j['moves']}
assert j['value'] == 'win' and j['score'] == 38, (j['value'], j['score'])
assert all(got[m] == s for m, s in listed.items()), (listed, got)
assert len(got) == len(listed) == 10
assert [m['move'].lower() for m in j['moves'] if m['best']] == ['a2']
EOF
echo "reversi bench OK"
