#!/usr/bin/env bash
# Go: query (value, score, remoteness, every move), GTP framing, one-line errors with exit 2.
source "$(dirname "$0")/common.sh.inc"

# Go answers through the report of every game: each move shows its child's
# record (remoteness as is), '*' on the best moves.
out=$("$BIN" query --game go:1x3 "")
grep -qx "(start): win in 3, score +3 (searched)" <<<"$out" || fail "1x3 value: $out"
grep -qx "  \* a2     win in 2, score +3" <<<"$out" || fail "1x3 a2: $out"
grep -qx "    pass   lose in 3, score -3" <<<"$out" || fail "1x3 pass: $out"
out=$("$BIN" query --game go:2x2 "" --json)
grep -qF '"remoteness":11,"score":1,"source":"search","value":"win"}' <<<"$out" || fail "2x2 json: $out"
grep -qF '{"best":true,"move":"a2","remoteness":10,"score":1,"value":"win"}' <<<"$out" || fail "2x2 json a2: $out"
grep -qF '"primitive":false,' <<<"$out" || fail "2x2 json primitive: $out"
# Searched without a database, record for record what a database of its lines says.
"$BIN" solve go:2x2 --db "$WORK/g6.gsdb" --store-depth 6 >/dev/null
same_fields='s/,"nodes":[0-9]+//; s/"complete":true,//; s/"source":"[a-z]+",//'
searched=$("$BIN" query --game go:2x2 --json "" a1 "b2 a1" "a1 b2 pass" | sed -E "$same_fields")
stored=$("$BIN" query --db "$WORK/g6.gsdb" --json "" a1 "b2 a1" "a1 b2 pass" | sed -E "$same_fields")
[ "$searched" == "$stored" ] || fail "2x2 searched and stored differ: $(diff <(echo "$searched") <(echo "$stored"))"
# --weak: the value and score of the position and of every move, no remoteness.
out=$("$BIN" query --game go:3x3 "" --weak)
grep -qx "(start): win, score +9 (searched)" <<<"$out" || fail "3x3 weak: $out"
grep -qx "  \* b2     win, score +9" <<<"$out" || fail "3x3 weak b2: $out"
out=$("$BIN" query --game go:2x4 "" --weak --json)
grep -qF '"remoteness":null,"score":8,"source":"search","value":"win"}' <<<"$out" || fail "2x4 weak json: $out"
out=$("$BIN" query --game go:3x3 "b2" --json)
grep -qF '"remoteness":14,"score":-9,"source":"search","value":"lose"}' <<<"$out" || fail "3x3 after the centre: $out"
# Every line of a batch is answered, a bad one with its error and line number; '%' lines are comments.
out=$(printf 'b2\nzz\n%% a comment\na1\n' | "$BIN" query --game go:3x3 --json -) && fail "a bad line exits 0"
[ "$(wc -l <<<"$out")" -eq 3 ] || fail "3x3 batch: $out"
grep -qxF '{"line":2,"position":"zz","error":"'"'"'zz'"'"' is not a point of the 3x3 board (expected e.g. b2 or pass)"}' <<<"$out" || fail "3x3 batch error: $out"
grep -qF '"position":"a1","primitive":false,"remoteness":15,"score":9,' <<<"$out" || fail "3x3 batch a1: $out"
# One test: 3x3 is at least +9 and not +10; 3x4 (+4) with two threads' tables.
out=$("$BIN" query --game go:3x3 --at-least 9 "")
grep -qx "(start): score >= 9: yes (searched)" <<<"$out" || fail "3x3 at least 9: $out"
out=$("$BIN" query --game go:3x4 --at-least 5 --json "")
grep -qF '"at_least":5,"holds":false,' <<<"$out" || fail "3x4 at least 5: $out"
out=$("$BIN" query --game go:3x4 --weak --threads 2 --progress "" 2>"$WORK/progress")
grep -qx "(start): win, score +4 (searched)" <<<"$out" || fail "3x4 with 2 threads: $out"
grep -qE "^test score >= -?[0-9]+: (yes|no), [0-9]+ nodes, " "$WORK/progress" || fail "3x4 progress: $(cat "$WORK/progress")"
# Rectangles: 2x6 (2 columns, 6 rows) is +12: a first move on rows 2-5 takes
# the whole board, one on an end row or a pass loses it; 3x5 and 5x3 (the
# same board turned) are +15, every point.
out=$("$BIN" query --game go:2x6 --weak --json "")
[ "$(json '" ".join("%s:%d" % (m["move"], m["score"]) for m in j["moves"]), j["score"]' <<<"$out")" == \
  "a5:12 b5:12 a4:12 b4:12 a3:12 b3:12 a2:12 b2:12 a6:-12 b6:-12 a1:-12 b1:-12 pass:-12 12" ] || fail "2x6 weak: $out"
for board in 3x5 5x3; do
  out=$("$BIN" query --game go:$board --at-least 15 "")
  grep -qx "(start): score >= 15: yes (searched)" <<<"$out" || fail "$board at least 15: $out"
done
expect_error "--at-least applies to searches of scored games without a database (reversi, go), not connect4:4x4" \
  "$BIN" query --game connect4:4x4 --at-least 1 ""
# --time: what the finished tests proved, marked incomplete. 4x4's first test
# takes far more than the 4096 expansions between two looks at the clock.
out=$("$BIN" query --game go:4x4 --time 0.001 --json "")
grep -qF '"nodes":4096,' <<<"$out" || fail "4x4 --time nodes: $out"
grep -qF '"score_lower":-16,"score_upper":16,"source":"search","value":"unknown"}' <<<"$out" || fail "4x4 --time json: $out"
grep -qF '"complete":false,' <<<"$out" || fail "4x4 --time not marked incomplete: $out"
out=$("$BIN" query --game go:4x4 --time 0.001 --weak "")
grep -qxF "(start): unknown, score between -16 and +16 (searched; incomplete: --time 0.001 s ran out)" <<<"$out" || fail "4x4 --time: $out"
out=$("$BIN" query --game go:4x4 --time 0.001 --at-least 2 --threads 2 "")
grep -qxF "(start): score >= 2: unknown (searched; incomplete: --time 0.001 s ran out)" <<<"$out" || fail "4x4 --time test: $out"
out=$("$BIN" query --game go:2x2 --time 600 --json "")
grep -qF '"remoteness":11,"score":1,"source":"search","value":"win"}' <<<"$out" || fail "2x2 within --time: $out"
grep -qF '"complete":true,' <<<"$out" || fail "2x2 within --time not complete: $out"
expect_error "--time: expected seconds > 0, got '0'" "$BIN" query --game go:3x3 --time 0 ""
# --journal: a second run answers from the tests the first closed (none
# searched again: nodes 0), with the same records; other rules are refused.
"$BIN" query --game go:3x4 --journal "$WORK/go.journal" --json "" >"$WORK/first" || fail "3x4 with a journal"
"$BIN" query --game go:3x4 --journal "$WORK/go.journal" --json --progress "" >"$WORK/second" 2>"$WORK/progress" ||
  fail "3x4 again with the journal"
grep -qF '"nodes":0,' "$WORK/second" || fail "3x4 from the journal searched again: $(cat "$WORK/second")"
[ "$(sed -E 's/"nodes":[0-9]+,//' "$WORK/first")" = "$(sed -E 's/"nodes":[0-9]+,//' "$WORK/second")" ] ||
  fail "3x4 from the journal differs: $(diff "$WORK/first" "$WORK/second")"
grep -qE "^journal .*go.journal: [1-9][0-9]* tests recorded$" "$WORK/progress" || fail "journal progress: $(cat "$WORK/progress")"
expect_error "go.journal: not a journal of go:4x4 (its first line is \"gsolve go proof journal 1 go:3x4\")" \
  "$BIN" query --game go:4x4 --journal "$WORK/go.journal" ""
# tools/go_journal.py: the records two searches add to a copy of a journal,
# less those below another (b2 c3's subtree, keyed under other images too):
# the 11 tests of b2 c3 (keyed as its mirror image b2 a3) and 10 of a2 b2.
JOURNAL_TOOL=(python3 "$(dirname "$0")/../../tools/go_journal.py")
"$BIN" query --game go:3x4 --threads 1 --journal "$WORK/base.journal" "b2 b3" >/dev/null || fail "3x4 b2 b3 journal"
cp "$WORK/base.journal" "$WORK/run.journal"
for line in "b2 c3" "a2 b2"; do
  "$BIN" query --game go:3x4 --threads 1 --journal "$WORK/run.journal" "$line" >/dev/null || fail "3x4 $line journal"
done
"${JOURNAL_TOOL[@]}" select "$WORK/base.journal" "$WORK/run.journal" >"$WORK/selected" || fail "go_journal.py select"
{ head -n1 "$WORK/base.journal"; cat "$WORK/selected"; } >"$WORK/selected.journal"
lines=$("${JOURNAL_TOOL[@]}" moves "$WORK/selected.journal") || fail "go_journal.py moves"
out=$(cut -d' ' -f1-2 <<<"$lines" | uniq -c | tr -s ' ')
[ "$out" = "$(printf ' 11 b2 a3\n 10 a2 b2')" ] || fail "go_journal.py select: $out"
grep -qxF "a2 b2  S 4 holds 933" <<<"$lines" || fail "go_journal.py moves: $lines"
[ -z "$("${JOURNAL_TOOL[@]}" select "$WORK/base.journal" "$WORK/run.journal" --max-plies 1)" ] || fail "--max-plies 1"
expect_error "base.journal: a search is writing it" \
  flock "$WORK/base.journal" "${JOURNAL_TOOL[@]}" select "$WORK/base.journal" "$WORK/run.journal" --append
before=$(wc -l <"$WORK/base.journal")
"${JOURNAL_TOOL[@]}" select "$WORK/base.journal" "$WORK/run.journal" --append 2>/dev/null || fail "--append"
[ "$(wc -l <"$WORK/base.journal")" = $((before + 21)) ] || fail "--append did not add the 21 records"
out=$("$BIN" query --game go:3x4 --threads 1 --journal "$WORK/base.journal" --json --at-least 12 "b2 c3")
grep -qF '"at_least":12,"holds":true,"source":"search","complete":true,"nodes":0,' <<<"$out" ||
  fail "the appended records do not answer b2 c3: $out"
expect_error "run.journal does not begin with" "${JOURNAL_TOOL[@]}" select "$WORK/selected.journal" "$WORK/run.journal"
expect_error "--cut-plies applies to go searches (--game go:WxH), not connect4:4x4" \
  "$BIN" query --game connect4:4x4 --cut-plies 5 ""
expect_error "--cut-plies: expected an integer 1..20, got '0'" "$BIN" query --game go:3x3 --cut-plies 0 ""
expect_error "--journal applies to go searches (--game go:WxH), not connect4:4x4" \
  "$BIN" query --game connect4:4x4 --journal "$WORK/go.journal" ""
out=$("$BIN" query --game go:2x2 "(;SZ[2];B[ab];W[bb];B[aa];W[ba])")
grep -qxF "    2 . O" <<<"$out" || fail "2x2 sgf board: $out"
grep -qxF "    black (X) to move" <<<"$out" || fail "2x2 sgf side to move: $out"

expect_error "illegal move B2 (occupied)" "$BIN" query --game go:3x3 "b2 B2"
expect_error "illegal move a3 (suicide)" "$BIN" query --game go:3x3 "a2 a3 b3 a3"
expect_error "illegal move b2 (superko)" "$BIN" query --game go:2x2 "b2 a1 b1 a2 b2 b1 b2"
expect_error "'d4' is not a point of the 3x3 board" "$BIN" query --game go:3x3 "d4"
expect_error "move a1 after two passes: the game is over" "$BIN" query --game go:3x3 "pass pass a1"
expect_error "bad SGF: missing ')'" "$BIN" query --game go:3x3 "(;SZ[3];B[aa]"
expect_error "go board 8x8 is not supported" "$BIN" query --game go:8x8 ""

reply=$(printf '1 protocol_version\nboardsize 2\n2 play black b2\nplay black a1\nis_legal white a1\nfoo\nrectangular_boardsize 1 3\ngenmove b\nfinal_score\nquit\nname\n' | "$BIN" gtp --game go:3x3)
want=$'=1 2\n\n=\n\n=2\n\n=\n\n= 0\n\n? unknown command\n\n=\n\n= A2\n\n= B+3\n\n='
[ "$reply" == "$want" ] || fail "gtp transcript: $reply"
# printsgf writes the game with proven values; gsolve and GNU Go read it back to the same stones.
printf 'boardsize 3\nplay b b2\nplay w a1\nplay b b1\nplay w a3\nplay b a2\nprintsgf %s\nloadsgf %s 3\nshowboard\nloadsgf %s\nquit\n' \
  "$WORK/g.sgf" "$WORK/g.sgf" "$WORK/missing.sgf" | "$BIN" gtp --game go:3x3 > "$WORK/gtp.out"
grep -qF ';B[ab]V[9]C[proven: B+9])' "$WORK/g.sgf" || fail "printsgf: $(cat "$WORK/g.sgf")"
grep -qx "= black" "$WORK/gtp.out" || fail "loadsgf 3: $(cat "$WORK/gtp.out")"
grep -qx "1 O . . " "$WORK/gtp.out" || fail "loadsgf 3 board: $(cat "$WORK/gtp.out")"
grep -q "^? cannot open file '" "$WORK/gtp.out" || fail "loadsgf of a missing file: $(cat "$WORK/gtp.out")"
ours=$("$BIN" query --game go:3x3 --weak --json "$(cat "$WORK/g.sgf")" | json 'j["board"]')
[ "$ours" == "O../XX./.X. O" ] || fail "gsolve reads its SGF as: $ours"
GNUGO=${GNUGO:-/usr/games/gnugo}
[ -x "$GNUGO" ] || fail "GNU Go is missing (tools/install-deps.sh installs the gnugo package)"
theirs=$(printf 'loadsgf %s\nlist_stones black\nlist_stones white\n' "$WORK/g.sgf" | "$GNUGO" --mode gtp --chinese-rules --positional-superko | grep '^=' | tr '\n' '|')
[ "$theirs" == "= white|= A2 B2 B1|= A3|" ] || fail "GNU Go reads gsolve's SGF as: $theirs"

# A referee match against GNU Go: proven play wins both colours on 2x2.
out=$(BIN="$BIN" GNUGO="$GNUGO" "$(dirname "$0")/../../tools/gnugo_match.sh" go:2x2 2)
grep -qx "go:2x2: gsolve won 2 of 2 against GNU Go" <<<"$out" || fail "GNU Go match: $out"
grep -qx "game 1: gsolve black, B+1 in 5 moves, both programs agree: A2 B1 B2 PASS PASS " <<<"$out" || fail "GNU Go match game 1: $out"

# --time: a 4x4 genmove answers in time without a proof and says so; 3x3 is proven at once.
reply=$(printf 'genmove b\nquit\n' | "$BIN" gtp --game go:4x4 --time 1 2>"$WORK/time.err")
grep -qE '^= ([A-D][1-4]|PASS)$' <<<"$reply" || fail "4x4 timed genmove: $reply"
grep -qE '^genmove: no proof within 1 s; [a-d][1-4] is the best move of depth [0-9]+ ' "$WORK/time.err" || fail "4x4 timed genmove stderr: $(cat "$WORK/time.err")"
reply=$(printf 'genmove b\nquit\n' | "$BIN" gtp --game go:3x3 --time 30 2>"$WORK/time.err")
grep -qx '= B2' <<<"$reply" || fail "3x3 timed genmove: $reply"
[ ! -s "$WORK/time.err" ] || fail "3x3 timed genmove is proven, yet: $(cat "$WORK/time.err")"
# A move proven within half the time is played as proven: on 4x4 after 8
# moves the timed genmove is the untimed (proven) one, and says nothing.
cmds='play b c3\nplay w b2\nplay b b3\nplay w c2\nplay b a2\nplay w a3\nplay b d2\nplay w d3\ngenmove b\nquit\n'
timed=$(printf "$cmds" | "$BIN" gtp --game go:4x4 --time 60 2>"$WORK/time.err" | grep '^= [A-Z]')
untimed=$(printf "$cmds" | "$BIN" gtp --game go:4x4 | grep '^= [A-Z]')
[ "$timed" == "= A4" ] && [ "$untimed" == "= A4" ] || fail "4x4 timed genmove after 8 moves: $timed, untimed $untimed"
[ ! -s "$WORK/time.err" ] || fail "4x4 timed genmove after 8 moves is proven, yet: $(cat "$WORK/time.err")"
expect_error "--time: expected seconds > 0, got '-1'" "$BIN" gtp --game go:3x3 --time -1
# After White's pass, passing would end the 5x5 game at a proven +1; the
# other moves are open (the board is +25): the timed genmove plays on.
reply=$(printf 'play b c3\nplay w c4\nplay b b3\nplay w pass\ngenmove b\nquit\n' |
  "$BIN" gtp --game go:5x5 --time 1 --hash 64 2>"$WORK/time.err" | grep '^= [A-Z]')
grep -qxE '= [A-E][1-5]' <<<"$reply" || fail "5x5 timed genmove after a pass: $reply"
grep -qE '^genmove: (no proof within 1 s; [a-e][1-5] is the best move of depth [0-9]+ \(score in \[-?[0-9]+, ([2-9]|[12][0-9])\]\)|[a-e][1-5] keeps the proven score, \+25; .*)$' \
  "$WORK/time.err" || fail "5x5 timed genmove after a pass, stderr: $(cat "$WORK/time.err")"

# A database of lines (--store-depth): killed and resumed to the same signature,
# verified, queried from the database and by search past it.
"$BIN" solve go:2x2 --db "$WORK/g22.gsdb" --store-depth 4 --json >"$WORK/g22.json"
grep -qF '"start":{"remoteness":11,"score":1,"value":"win"}' "$WORK/g22.json" || fail "2x2 solve: $(cat "$WORK/g22.json")"
grep -qF '"canonical_positions":41,' "$WORK/g22.json" || fail "2x2 solve count: $(cat "$WORK/g22.json")"
sig=$(sed -E 's/.*"signature":"([0-9a-f]+)".*/\1/' "$WORK/g22.json")
bash -c 'GSOLVE_TEST_KILL_AFTER_SEARCHED=5 "$0" solve go:2x2 --db "$1" --store-depth 4; [ $? -eq 137 ]' "$BIN" "$WORK/k22.gsdb" >/dev/null 2>&1 || fail "the kill hook did not kill"
"$BIN" solve go:2x2 --db "$WORK/k22.gsdb" --store-depth 4 --resume --json | grep -qF "\"signature\":\"$sig\"" || fail "resumed 2x2 signature"
out=$("$BIN" verify --db "$WORK/k22.gsdb" --backtrack 2>&1) || fail "verify 2x2 lines: $out"
grep -qE '^errors +0$' <<<"$out" || fail "verify 2x2 lines: $out"
# The fault injector's changes to a database of lines are caught (the one on the frontier through its parent).
"$(dirname "$BIN")/gsolve-corrupt" --db "$WORK/g22.gsdb" --out "$WORK/bad22.gsdb" --count 6 --seed 3 >/dev/null 2>&1
rc=0
out=$("$BIN" verify --db "$WORK/bad22.gsdb" --backtrack 2>&1) || rc=$?
[ $rc -eq 1 ] || fail "verify of a damaged database of lines: exit $rc: $out"
grep -qxF "errors     8 (wrong value 2, wrong remoteness 4, bad primitive 2)" <<<"$out" || fail "faults in lines: $out"
grep -qF 'index 54  wrong value  "a2 pass b1"  stored win in 2, score -4  expected lose in 2, score -4' <<<"$out" || fail "fault line: $out"
out=$("$BIN" query --db "$WORK/g22.gsdb" "b2" "b2 a1 pass a2 b1")
grep -qx "b2: lose in 10, score -1" <<<"$out" || fail "2x2 stored query: $out"
grep -qx "b2 a1 pass a2 b1: win in 6, score +1 (searched)" <<<"$out" || fail "2x2 query past the database: $out"
printf '(;GM[1]SZ[2]KM[0];B[bb])' >"$WORK/b2.sgf"
out=$("$BIN" query --db "$WORK/g22.gsdb" --sgf "$WORK/b2.sgf")
grep -qx "(;GM\[1\]SZ\[2\]KM\[0\];B\[bb\]): lose in 10, score -1" <<<"$out" || fail "2x2 stored query from SGF: $out"
out=$("$BIN" query --game go:2x2 --sgf "$WORK/b2.sgf")
grep -qx "(;GM\[1\]SZ\[2\]KM\[0\];B\[bb\]): lose in 10, score -1 (searched)" <<<"$out" || fail "2x2 query --sgf: $out"
printf '(;GM[1]SZ[2]AB[aa])' >"$WORK/setup.sgf"
expect_error "go: an SGF game with setup stones or a move out of turn is not a line of play from the empty board" "$BIN" query --db "$WORK/g22.gsdb" --sgf "$WORK/setup.sgf"
expect_error "go:2x2 is solved by search: give --store-depth D (the plies stored)" "$BIN" solve go:2x2 --db "$WORK/none.gsdb"
expect_error "--store-depth 20: go:4x4 stores lines of up to 14 moves" "$BIN" solve go:4x4 --db "$WORK/none.gsdb" --store-depth 20
[ ! -e "$WORK/none.gsdb" ] || fail "a refused solve left a file"

# The printed line follows both sides' best records: as long as the remoteness
# (score-keeping moves alone made it 31 plies, c3 where a2 loses latest).
"$BIN" solve go:3x3 --db "$WORK/go3.gsdb" --store-depth 3 --json >"$WORK/go3.json"
[ "$(json 'j["start"]["remoteness"], j["principal_variation"]' <"$WORK/go3.json")" == \
  "15 b2 a3 b3 a2 a1 a2 a3 c2 c3 c1 b1 c2 c1 pass pass" ] || fail "3x3 line: $(cat "$WORK/go3.json")"

# query prints the line too: from the stored plies and then the search, or searched
# (after b2 a3 b3 the loser's best is a2, lose in 12, not c3, lose in 10).
grep -qx "  line: b2 a3 b3 a2 a1 a2 a3 c2 c3 c1 b1 c2 c1 pass pass" <("$BIN" query --db "$WORK/go3.gsdb" "") \
  || fail "3x3 query line from the database: $("$BIN" query --db "$WORK/go3.gsdb" "")"
for source in "--db $WORK/go3.gsdb" "--game go:3x3"; do
  [ "$("$BIN" query $source --json "b2 a3 b3" | json 'j["remoteness"], j["line"]')" == \
    "12 a2 a1 a2 a3 c2 c3 c1 b1 c2 c1 pass pass" ] || fail "3x3 line after b2 a3 b3 ($source)"
done

# --objective score: the score without the remoteness, a fraction of the
# search; the records agree with the full database's in value and score, and
# verify checks them by the rule without remoteness.
"$BIN" solve go:3x3 --db "$WORK/s3.gsdb" --store-depth 3 --objective score --threads 1 --json >"$WORK/s3.json"
[ "$(json 'j["start"], j["search_nodes"], j["principal_variation"]' <"$WORK/s3.json")" == \
  "{'remoteness': None, 'score': 9, 'value': 'win'} 23419 b2 a3 b3" ] || fail "3x3 score solve: $(cat "$WORK/s3.json")"
"$BIN" solve go:3x3 --db "$WORK/f3.gsdb" --store-depth 3 --threads 1 --json >"$WORK/f3.json"
[ "$(json 'j["search_nodes"]' <"$WORK/f3.json")" == 133572 ] || fail "3x3 full solve: $(cat "$WORK/f3.json")"
records() {
  "$BIN" query --db "$1" --json "" b2 a1 "b2 a3" "a1 b2 pass" |
    python3 -c 'import json,sys; [print(j["position"], m["move"], m["value"], m["score"]) for l in sys.stdin for j in [json.loads(l)] for m in j["moves"]]'
}
[ "$(records "$WORK/s3.gsdb" | wc -l)" == 44 ] && [ "$(records "$WORK/s3.gsdb" | sort)" == "$(records "$WORK/f3.gsdb" | sort)" ] \
  || fail "3x3 score and full records differ"
out=$("$BIN" query --db "$WORK/s3.gsdb" "" "b2 a3")
grep -qx "(start): win, score +9" <<<"$out" && grep -qx "  \* b2     win, score +9" <<<"$out" \
  && grep -qx "    b3     win, score +3" <<<"$out" && grep -qx "b2 a3: win, score +9" <<<"$out" || fail "3x3 score query: $out"
grep -qx "start         win, score +9" <("$BIN" info "$WORK/s3.gsdb") || fail "3x3 score info: $("$BIN" info "$WORK/s3.gsdb")"
[ "$("$BIN" info --json "$WORK/s3.gsdb" | json 'j["objective"], j["remoteness"]')" == "score []" ] || fail "3x3 score info --json"
out=$("$BIN" verify --db "$WORK/s3.gsdb" --backtrack --deep 2>/dev/null)
grep -qx "checked    132 positions (132 visited, 132 canonical positions stored)" <<<"$out" \
  && grep -qx "errors     0" <<<"$out" || fail "3x3 score verify: $out"
"$(dirname "$BIN")/gsolve-corrupt" --db "$WORK/s3.gsdb" --out "$WORK/s3-bad.gsdb" --kind mixed --count 4 --seed 3 >"$WORK/s3-faults" 2>/dev/null
run_capture "$BIN" verify --db "$WORK/s3-bad.gsdb" --backtrack --deep --json
[ $RC -eq 1 ] && [ "$(json 'j["errors"], j["errors_by_kind"]["wrong_remoteness"]' <"$WORK/out")" == "4 0" ] \
  || fail "3x3 score faults: $(cat "$WORK/s3-faults") $(cat "$WORK/out")"
# A wrong score of the last stored ply: --deep re-proves it by two tests at the
# position ("at least s", not "at least s + 1"); above it the rule finds the parent.
"$(dirname "$BIN")/gsolve-corrupt" --db "$WORK/s3.gsdb" --out "$WORK/s3-score.gsdb" --kind score --count 3 --seed 1 >/dev/null 2>&1
run_capture "$BIN" verify --db "$WORK/s3-score.gsdb" --backtrack --deep
[ $RC -eq 1 ] && grep -qx "errors     5 (wrong score 5)" "$WORK/out" &&
  grep -qxF 'index 1028  wrong score  "pass b3 b1"  stored win, score +10  (search: the score is below the stored one)' "$WORK/out" &&
  grep -qxF 'index 205  wrong score  "a3 pass b2"  stored lose, score -10  (search: the score is above the stored one)' "$WORK/out" &&
  grep -qxF 'index 20  wrong score  "a3 pass"  stored win, score +9  expected win, score +10' "$WORK/out" ||
  fail "3x3 score faults: $(cat "$WORK/out")"
run_capture "$BIN" verify --db "$WORK/s3-score.gsdb" --backtrack
[ $RC -eq 1 ] && grep -qx "errors     2 (wrong score 2)" "$WORK/out" || fail "3x3 score faults without --deep: $(cat "$WORK/out")"
expect_exact "gsolve-corrupt: error: $WORK/s3.gsdb: --kind remoteness: the database keeps no remoteness (objective score)" \
  "$(dirname "$BIN")/gsolve-corrupt" --db "$WORK/s3.gsdb" --out "$WORK/s3-bad2.gsdb" --kind remoteness --count 1
expect_error "--objective score applies to search solves (--store-depth D) of scored games (reversi, go)" \
  "$BIN" solve tictactoe --db "$WORK/none.gsdb" --objective score
expect_error "--objective score: connect4:4x4 has no score (use full or wdl)" \
  "$BIN" solve connect4:4x4 --db "$WORK/none.gsdb" --store-depth 2 --objective score
expect_error "--journal applies to go search solves (go:WxH --store-depth D), not reversi:4x4" \
  "$BIN" solve reversi:4x4 --db "$WORK/none.gsdb" --store-depth 2 --journal "$WORK/none.journal"
[ ! -e "$WORK/none.gsdb" ] && [ ! -e "$WORK/none.journal" ] || fail "a refused solve left a file"
# 5x5's start from the proof's journal (tools/go5x5_proof.sh): win, +25, no search.
cp "$(dirname "$0")/../../data/go/5x5-proof.journal" "$WORK/5x5.journal"
"$BIN" solve go:5x5 --db "$WORK/g5.gsdb" --store-depth 0 --objective score --journal "$WORK/5x5.journal" --json >"$WORK/g5.json"
[ "$(json 'j["start"], j["search_nodes"]' <"$WORK/g5.json")" == "{'remoteness': None, 'score': 25, 'value': 'win'} 0" ] \
  || fail "5x5 start from the journal: $(cat "$WORK/g5.json")"
cmp -s "$WORK/5x5.journal" "$(dirname "$0")/../../data/go/5x5-proof.journal" || fail "the 5x5 journal changed"
# After --time runs out a query's moves still take the journal's answers
# (no search): 5x5's proven c3 (+25), the pass and the sixteen points of the
# edge (-25: White's c3 takes every point), c2 and its images at least +3,
# b2 and its images unknown, the journal untouched.
out=$("$BIN" query --game go:5x5 --journal "$WORK/5x5.journal" --weak --time 1 "")
grep -qxF "(start): win, score +25 (searched; incomplete: --time 1 s ran out)" <<<"$out" || fail "5x5 weak query: $out"
[ "$(grep -c ' unknown$' <<<"$out")" == 4 ] && [ "$(grep -c ' lose, score -25$' <<<"$out")" == 17 ] &&
  [ "$(grep -c ' win, score between +3 and +25$' <<<"$out")" == 4 ] &&
  grep -qxF "  * c3     win, score +25" <<<"$out" && grep -qxF "    pass   lose, score -25" <<<"$out" &&
  grep -qxF "    e3     lose, score -25" <<<"$out" && grep -qxF "    b2     unknown" <<<"$out" &&
  grep -qxF "    c2     win, score between +3 and +25" <<<"$out" \
  || fail "5x5 weak query's moves: $out"
cmp -s "$WORK/5x5.journal" "$(dirname "$0")/../../data/go/5x5-proof.journal" || fail "the 5x5 journal changed"
# Where the journal bounds a score without deciding the record, a stopped
# query prints those bounds: after c2 c3 (c2's probe) Black's d3 and its
# mirror image b3 score exactly 3, c4, a4 and e4 at most 2, the others at
# most 3 but b2, d2 (its image) and c1, so c2 c3 wins by at least 3; the
# journal untouched.
out=$("$BIN" query --game go:5x5 --journal "$WORK/5x5.journal" --time 1 "c2 c3")
grep -q "^c2 c3: win, score between +3 and +25 (searched; incomplete: --time 1 s ran out)$" <<<"$out" &&
  grep -qxF "    d3     win, score +3" <<<"$out" && grep -qxF "    b3     win, score +3" <<<"$out" &&
  grep -qxF "    c4     unknown, score between -25 and +2" <<<"$out" && grep -qxF "    a4     unknown, score between -25 and +2" <<<"$out" &&
  grep -qxF "    c5     unknown, score between -25 and +3" <<<"$out" &&
  grep -qxF "    d4     unknown, score between -25 and +3" <<<"$out" &&
  grep -qxF "    a1     unknown, score between -25 and +3" <<<"$out" &&
  grep -qxF "    pass   unknown, score between -25 and +3" <<<"$out" &&
  [ "$(grep ' unknown$' <<<"$out" | awk '{printf "%s ", $1}')" == "b2 d2 c1 " ] || fail "5x5 query's bounds from the journal: $out"
out=$("$BIN" query --game go:5x5 --journal "$WORK/5x5.journal" --time 1 --json "c2 c3")
grep -qF '"score_lower":3,"score_upper":25,' <<<"$out" &&
  grep -qF '{"best":false,"move":"d3","remoteness":null,"score":null,"score_lower":3,"score_upper":3,"value":"win"}' <<<"$out" \
  || fail "5x5 query's bounds from the journal, --json: $out"
# A move's bounds take in its children's records: after c2, White's c3 is
# answered by d3 above and b1 and b2 by Black's c3 (Black at least 3),
# though "c2 c3", "c2 b1" and "c2 b2" have no record; c2 itself is recorded
# at least 3 for Black.
out=$("$BIN" query --game go:5x5 --journal "$WORK/5x5.journal" --time 1 "c2")
grep -q "^c2: lose, score between -25 and -3 " <<<"$out" &&
  for move in c3 b1 b2 b3 d3 d2 d1; do grep -qxF "    $move     lose, score between -25 and -3" <<<"$out" || exit 1; done ||
  fail "5x5 query's bounds after c2: $out"
cmp -s "$WORK/5x5.journal" "$(dirname "$0")/../../data/go/5x5-proof.journal" || fail "the 5x5 journal changed"
# The openings a1, d5 (b1's image) and e3 (c1's): White takes every point,
# no search, the journal untouched.
out=$("$BIN" query --game go:5x5 --journal "$WORK/5x5.journal" --at-least 25 --json a1 d5 e3)
[ "$(grep -cF '"at_least":25,"holds":true,"source":"search","complete":true,"nodes":0,' <<<"$out")" == 3 ] \
  || fail "5x5 edge openings from the journal: $out"
cmp -s "$WORK/5x5.journal" "$(dirname "$0")/../../data/go/5x5-proof.journal" || fail "the 5x5 journal changed"
# ... and GTP's White answers a1 with the journal's c3.
cp "$(dirname "$0")/../../data/go/5x5-proof.journal" "$WORK/a1gtp.journal"
reply=$(printf 'play b a1\ngenmove w\nquit\n' |
  "$BIN" gtp --game go:5x5 --journal "$WORK/a1gtp.journal" --time 1 --hash 256 2>"$WORK/a1gtp.err" | grep '^= [A-Z]')
[ "$reply" == "= C3" ] && grep -qxF "genmove: c3 keeps the proven score, +25; its length is not proven within 1 s" "$WORK/a1gtp.err" \
  || fail "5x5 gtp after a1 from the journal: $reply $(cat "$WORK/a1gtp.err")"
# Those lookups leave the position's own bounds as its search proved them:
# the journal's "at least 1" and the split's child tests (two threads).
"$BIN" query --game go:4x4 --journal "$WORK/4x4.journal" --at-least 1 --threads 2 "" >/dev/null
out=$("$BIN" query --game go:4x4 --journal "$WORK/4x4.journal" --weak --time 0.001 --json "")
grep -qF '"score_lower":1,"score_upper":16,' <<<"$out" || fail "4x4 bounds after the journal's lookups: $out"
# gtp --journal: genmove plays a move that keeps the proven score where the
# journal holds it (5x5: c3, and Black's proving answer to White's c2, a
# symmetric image of the journal's line), saying the length is unproven.
cp "$(dirname "$0")/../../data/go/5x5-proof.journal" "$WORK/gtp5.journal"
reply=$(printf 'genmove b\nplay w c2\ngenmove b\nquit\n' |
  "$BIN" gtp --game go:5x5 --journal "$WORK/gtp5.journal" --time 2 --hash 256 2>"$WORK/gtp5.err" | grep '^= [A-Z]')
[ "$reply" == $'= C3\n= B3' ] || fail "5x5 gtp from the journal: $reply"
[ "$(cat "$WORK/gtp5.err")" == $'genmove: c3 keeps the proven score, +25; its length is not proven within 2 s\ngenmove: b3 keeps the proven score, +25; its length is not proven within 2 s' ] \
  || fail "5x5 gtp from the journal, stderr: $(cat "$WORK/gtp5.err")"
expect_error "journal $WORK/gtp5.journal: not a journal of go:4x4 (its first line is \"gsolve go proof journal 1 go:5x5\")" \
  "$BIN" gtp --game go:4x4 --journal "$WORK/gtp5.journal"
# --cut-plies as query's: the proof's own cut depth, the same answers.
"$BIN" solve go:5x5 --db "$WORK/g5c.gsdb" --store-depth 0 --objective score --journal "$WORK/5x5.journal" \
  --cut-plies 6 --json >"$WORK/g5c.json"
[ "$(json 'j["start"], j["search_nodes"], j["signature"]' <"$WORK/g5c.json")" == \
  "$(json 'j["start"], j["search_nodes"], j["signature"]' <"$WORK/g5.json")" ] || fail "5x5 --cut-plies 6: $(cat "$WORK/g5c.json")"
expect_error "--cut-plies applies to go search solves (go:WxH --store-depth D), not connect4:4x4" \
  "$BIN" solve connect4:4x4 --db "$WORK/none.gsdb" --store-depth 2 --cut-plies 4
expect_error "--cut-plies applies to go search solves (go:WxH --store-depth D), not go:2x2" \
  "$BIN" solve go:2x2 --db "$WORK/none.gsdb" --cut-plies 4
expect_error "--cut-plies: expected an integer 1..20, got '21'" "$BIN" solve go:3x3 --db "$WORK/none.gsdb" --store-depth 1 --cut-plies 21
[ ! -e "$WORK/none.gsdb" ] || fail "a refused solve left a file"

# Self-play from the solution ends at the game value.
source "$(dirname "$0")/go_selfplay.inc"
[ "$(selfplay 2 go:2x2)" == "= B+1" ] || fail "2x2 self-play: $(selfplay 2 go:2x2)"
[ "$(selfplay 3 go:3x3)" == "= B+9" ] || fail "3x3 self-play: $(selfplay 3 go:3x3)"
[ "$(selfplay 3 go:3x3 --db "$WORK/s3.gsdb")" == "= B+9" ] || fail "3x3 self-play from the score database"
# The same from the database of lines for its first 4 moves, then by search.
[ "$(selfplay 2 go:2x2 --db "$WORK/g22.gsdb")" == "= B+1" ] || fail "2x2 self-play from the database"
reply=$(printf 'genmove b\ngenmove w\nquit\n' | "$BIN" gtp --game go:2x2 --db "$WORK/g22.gsdb")
[ "$reply" == $'= A2\n\n= B1\n\n=' ] || fail "2x2 moves from the database: $reply"
expect_error "$WORK/g22.gsdb holds go:2x2, not go:3x3" "$BIN" gtp --game go:3x3 --db "$WORK/g22.gsdb"
# The 5x5 move predictor (data/go/move-predictor-5x5.txt) orders the moves of a side
# where it needs the whole board: the same answer in fewer expansions; a
# damaged table is one line and exit 2.
line="c3 c4 d4 d3 d2 b3 c2 d5 e3 a3"
out=$("$BIN" query --game go:5x5 --at-least 25 --threads 1 --hash 256 --json "$line")
grep -qF '"holds":true,' <<<"$out" && grep -qF '"nodes":42888,' <<<"$out" || fail "5x5 with the predictor: $out"
out=$(GSOLVE_GO_PREDICTOR=off "$BIN" query --game go:5x5 --at-least 25 --threads 1 --hash 256 --json "$line")
grep -qF '"holds":true,' <<<"$out" && grep -qF '"nodes":422851,' <<<"$out" || fail "5x5 without the predictor: $out"
# White's moves too where White needs the whole board: after Black's pass the
# same line with the colours swapped, the same expansions (without White's
# predictions: 440,489).
out=$("$BIN" query --game go:5x5 --at-least 25 --threads 1 --hash 256 --json "pass $line")
grep -qF '"holds":true,' <<<"$out" && grep -qF '"nodes":42888,' <<<"$out" || fail "5x5 White with the predictor: $out"
printf '63 2873\nfnv1a64 0000000000000000\n' >"$WORK/bad-predictor.txt"
export GSOLVE_GO_PREDICTOR="$WORK/bad-predictor.txt"
expect_error "go move predictor: $WORK/bad-predictor.txt is damaged (checksum mismatch)" "$BIN" query --game go:5x5 c3
unset GSOLVE_GO_PREDICTOR
echo "go: OK"
