#!/usr/bin/env bash
# Foundation, end to end: solve, info, query on the small games, against
# published counts and the reference lines in tests/data/connect4.
. "$(dirname "$0")/common.sh.inc"

# --- tictactoe: the GAMESMAN analysis table -----------------------------------
"$BIN" solve tictactoe --db "$WORK/ttt.gsdb" --threads 2 >/dev/null
info=$("$BIN" info --db "$WORK/ttt.gsdb" --json)
[ "$(echo "$info" | json "j['reachable_positions'], j['canonical_positions']")" = "5478 765" ] || fail "tictactoe counts"
[ "$(echo "$info" | json "j['counts']['win'], j['counts']['lose'], j['counts']['tie']")" = "2836 1574 1068" ] || fail "tictactoe W/L/T"
rows=$(echo "$info" | json "' '.join('%d:%d/%d/%d' % (r['remoteness'], r['win'], r['lose'], r['tie']) for r in j['remoteness'])")
[ "$rows" = "0:0/942/16 1:2358/0/80 2:0/508/200 3:356/0/200 4:0/124/264 5:122/0/136 6:0/0/138 7:0/0/24 8:0/0/9 9:0/0/1" ] \
  || fail "tictactoe remoteness table: $rows"
[ "$(echo "$info" | json "j['start']['value'], j['start']['remoteness'], j['complete']")" = "tie 9 True" ] || fail "tictactoe start"
q=$("$BIN" query --db "$WORK/ttt.gsdb" --json 'XX-OO----')
[ "$(echo "$q" | json "j['value'], j['remoteness'], [m['move'] for m in j['moves'] if m['best']]")" = "win 1 ['3']" ] \
  || fail "tictactoe query: $q"

# --- connect4: reachable positions, start values, per-ply counts --------------
. "$(dirname "$0")/connect4_lib.sh.inc"
check_c4 4x4 161029 tie 16
check_c4 5x4 3945711 tie 20
check_c4 4x5 1706255 tie 20

# ply_counts: ply first_player_wins ties first_player_loses total terminal.
# At odd plies the side to move is the second player.
for size in 4x4 5x4; do
  got=$("$BIN" info --db "$WORK/c4-$size.gsdb" --json | json "'\n'.join('%d %d %d %d %d %d' % (t['tier'],
      c['win'] if t['tier'] % 2 == 0 else c['lose'], c['tie'], c['lose'] if t['tier'] % 2 == 0 else c['win'],
      t['reachable_positions'], t['primitive_positions']['reachable']) for t in j['by_tier'] for c in [t['counts']])")
  want=$(grep -v '^#' "$DATA/ply_counts_$size.txt" | grep -v '^$' | tr -s ' ')
  [ "$got" = "$want" ] || { diff <(echo "$want") <(echo "$got") | head; fail "connect4:$size per-ply counts"; }
done

pons_check 4x4 ref_4x4.txt || fail "ref_4x4"
pons_check 5x4 ref_5x4.txt || fail "ref_5x4"
pons_check 4x5 ref_4x5.txt || fail "ref_4x5"

# --- reversi:4x4: black loses by 10 ------------------------------------------
"$BIN" solve reversi:4x4 --db "$WORK/rev.gsdb" --threads 2 >/dev/null
info=$("$BIN" info --db "$WORK/rev.gsdb" --json)
[ "$(echo "$info" | json "j['start']['value'], j['start']['score'], j['complete']")" = "lose -10 True" ] || fail "reversi start"
[ "$(echo "$info" | json "j['reachable_positions']")" = "62789" ] || fail "reversi reachable"
q=$("$BIN" query --db "$WORK/rev.gsdb" --json -- '')
[ "$(echo "$q" | json "j['value'], j['score'], len(j['moves']), all(m['score'] == -10 for m in j['moves'])")" = "lose -10 4 True" ] \
  || fail "reversi query: $q"

# --- bench: the pinned signature and node count ----------------------------------
# A change meant to keep behaviour keeps both (CONTRIBUTING.md: the "Bench: N"
# trailer); a change that moves them updates these two lines in the same commit.
"$BIN" bench >"$WORK/bench1.txt"
grep -qx 'Signature: 6a47ae34f15f88b1' "$WORK/bench1.txt" || fail "bench signature changed: $(cat "$WORK/bench1.txt")"
grep -qx 'Nodes searched: 1112541' "$WORK/bench1.txt" || fail "bench node count changed: $(cat "$WORK/bench1.txt")"
"$BIN" bench --threads 2 >"$WORK/bench2.txt"
[ "$(grep '^Signature' "$WORK/bench2.txt")" = "Signature: 6a47ae34f15f88b1" ] \
  || fail "bench signature differs between 1 and 2 threads"
echo "foundation: all checks passed"
