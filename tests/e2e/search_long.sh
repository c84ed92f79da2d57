#!/usr/bin/env bash
# The long search checks: every line of the six public Connect 4 test sets
# (strong and --weak), connect4:6x5 --store-depth 6 verified, and the 7x6 root.
. "$(dirname "$0")/common.sh.inc"

for mode in "" --weak; do
  for set in Test_L3_R1 Test_L2_R1 Test_L2_R2 Test_L1_R1 Test_L1_R2 Test_L1_R3; do
    "$BIN" query --game connect4:7x6 --json --threads 2 --hash 256 $mode - < "$DATA/$set" > "$WORK/answers"
    python3 - "$DATA/$set" "$WORK/answers" "$mode" <<'PY' || fail "$set $mode"
import json, sys
ref = [l.split() for l in open(sys.argv[1]) if l.strip()]
ans = [json.loads(l) for l in open(sys.argv[2])]
weak = sys.argv[3] == "--weak"
assert len(ref) == len(ans) == 1000
bad = 0
for (moves, score), a in zip(ref, ans):
    score = int(score)
    if weak:
        ok = a['value'] == ('win' if score > 0 else 'lose' if score < 0 else 'tie')
    else:
        N = len(moves) + a['remoteness']
        ok = {'win': (44 - N) // 2, 'lose': -((44 - N) // 2), 'tie': 0}[a['value']] == score
    bad += not ok
print(sys.argv[1].split('/')[-1], sys.argv[3] or 'strong', len(ans), 'lines,', bad, 'wrong')
sys.exit(1 if bad else 0)
PY
  done
done

"$BIN" solve connect4:6x5 --db "$WORK/c65.gsdb" --store-depth 6 --threads 2 --hash 512 >/dev/null
[ "$("$BIN" info --db "$WORK/c65.gsdb" --json | json "j['start']['value'], j['start']['remoteness']")" = "tie 30" ] \
  || fail "6x5 start"
"$BIN" verify --db "$WORK/c65.gsdb" --backtrack --threads 2 || fail "verify 6x5 depth 6"

out=$("$BIN" solve connect4:7x6 --db "$WORK/c76.gsdb" --store-depth 0 --threads 2 --hash 256 --json)
[ "$(echo "$out" | json "j['start']['value'], j['start']['remoteness']")" = "win 41" ] || fail "7x6: $out"
echo "search_long: all checks passed"
