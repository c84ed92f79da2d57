# End-to-end: gsolve as other programs and hostile input meet it. Half-point
# komi; GTP as its specification says (either colour moves at any time, every
# refusal says why, final_status_list, a controller's clock); SGF files as
# editors write them; error messages that quote at most ~80 characters with
# control bytes escaped; a full disk, a failed --force, a query during a
# solve, a database opened through a symbolic link.
# $1: build directory, $2: test data directory (tests/data).
source "$(dirname "$0")/common.sh.inc"

gtp() {  # gtp GAME COMMANDS...: the replies, one line each ("= x" / "? why"), blank lines dropped
  local game=$1; shift
  printf '%s\n' "$@" | "$BIN" gtp --game "$game" 2>"$WORK/gtp.err" | sed '/^$/d'
}

echo "== half-point komi"
# query prints the margin (B+0.5 is +0.5, not the stored +1); --json keeps the
# stored score and adds the margin.
out=$("$BIN" query --game go:3x3,komi=8.5 --weak "")
grep -qx "(start): win, score +0.5 (searched)" <<<"$out" || fail "3x3 komi 8.5 (B+0.5): $out"
out=$("$BIN" query --game go:3x3,komi=9.5 --weak "")
grep -qx "(start): lose, score -0.5 (searched)" <<<"$out" || fail "3x3 komi 9.5 (W+0.5): $out"
out=$("$BIN" query --game go:3x3,komi=8.5 "")
grep -qx "(start): win in 15, score +0.5 (searched)" <<<"$out" || fail "3x3 komi 8.5 full: $out"
grep -qx "    b3     lose in 8, score -5.5" <<<"$out" || fail "3x3 komi 8.5 b3: $out"
[ "$("$BIN" query --game go:3x3,komi=8.5 --json "" | json 'j["score"], j["margin"], j["moves"][1]["score"], j["moves"][1]["margin"]')" \
  == "1 0.5 -6 -5.5" ] || fail "3x3 komi 8.5 --json margin"
[ "$("$BIN" query --game go:3x3 --json "" | json '"margin" in j')" == False ] || fail "a whole-point komi has no margin field"
out=$("$BIN" query --game go:4x4,komi=0.5 --time 0.001 "")
grep -qx "(start): unknown, score between -16.5 and +16.5 (searched; incomplete: --time 0.001 s ran out)" <<<"$out" \
  || fail "4x4 komi 0.5 bounds: $out"
expect_exact "gsolve: error: bad komi '7.25' (expected a whole or half point between -1000 and 1000, e.g. 7 or 7.5)" \
  "$BIN" query --game go:5x5,komi=7.25 ""
reply=$(gtp go:3x3 "komi 6.5" "final_score" "play b b2" "komi 8.5" "final_score" "komi 7.x")
want=$'=\n= W+6.5\n=\n=\n= B+0.5\n? syntax error (bad komi \'7.x\' (expected a whole or half point between -1000 and 1000, e.g. 7 or 7.5))'
[ "$reply" == "$want" ] || fail "gtp komi: $reply"

echo "== GTP: either colour at any time, every refusal with its reason"
reply=$(gtp go:3x3 "play b b2" "play b a1" "showboard")
[ "$(sed -n 1p <<<"$reply")" == "=" ] || fail "play b b2: $reply"
[ "$(sed -n 2p <<<"$reply")" == "=" ] || fail "play b a1 after play b b2: $reply"
grep -qx "1 X . . " <<<"$reply" || fail "board after two black moves: $reply"
grep -qx "White to move" <<<"$reply" || fail "side to move after two black moves: $reply"
reply=$(gtp go:2x2 "genmove w")
grep -qE '^= ([AB][12]|PASS)$' <<<"$reply" || fail "genmove w at the start: $reply"
reply=$(gtp go:3x3 "play b b2" "play w b2" "play x b2" "play b z9" "boardsize" "boardsize 9" "undo" "undo" \
  "final_status_list maybe" "time_left b x 0" "loadsgf /nonexistent/x.sgf")
want="=
? illegal move (occupied)
? invalid color ('x': expected b, w, black or white)
? invalid coordinate ('z9' is not a point of the 3x3 board (expected e.g. b2 or pass))
? syntax error (boardsize takes 1 argument)
? unacceptable size (9x9: gsolve plays boards of 1 to 7 points a side)
=
? cannot undo (no move to take back)
? syntax error (expected alive, dead or seki, got 'maybe')
? syntax error (expected an integer, got 'x')
? cannot open file '/nonexistent/x.sgf'"
[ "$reply" == "$want" ] || fail "gtp refusals: $reply"
reply=$(gtp go:3x3 "play b a2" "play w a3" "play b b3" "play w a3")
[ "$(sed -n 4p <<<"$reply")" == "? illegal move (suicide)" ] || fail "suicide: $reply"
# Play goes on after two passes (a controller's cleanup).
reply=$(gtp go:3x3 "play b b2" "play w pass" "play b pass" "play w a1")
[ "$(sed -n 4p <<<"$reply")" == "=" ] || fail "a move after two passes: $reply"

echo "== GTP: final_status_list, final_score's rule, the clock"
# gsolve counts every stone on the board (Tromp-Taylor area), GNU Go removes
# the dead ones: final_status_list names them from the solver's line.
moves=("play b b2" "play w a3" "play b a2" "play w b3" "play b c2" "play w b1" "play b pass" "play w pass")
reply=$(gtp go:3x3 "${moves[@]}" "final_score" "final_status_list dead" "final_status_list alive" "final_status_list seki")
[ "$(sed -n 9,12p <<<"$reply")" == $'= 0\n= A3 B3 B1\n= A2 B2 C2\n=' ] || fail "final_status_list: $reply"
"$BIN" gtp --help | grep -q "final_score counts the board as it stands (Tromp-Taylor area" ||
  fail "gtp --help does not say which rule final_score follows"
# A controller's clock bounds genmove: 4x4 is not proven in a second (some 50 s).
start=$(date +%s)
reply=$(gtp go:4x4 "time_settings 0 1 1" "genmove b")
[ "$(sed -n 2p <<<"$reply" | grep -cE '^= ([A-D][1-4]|PASS)$')" == 1 ] || fail "genmove under a clock: $reply"
(($(date +%s) - start < 20)) || fail "genmove under a 1 s byo-yomi took $(($(date +%s) - start)) s"
grep -q "^genmove: no proof within 0.9 s" "$WORK/gtp.err" || fail "timed genmove stderr: $(cat "$WORK/gtp.err")"
start=$(date +%s)
reply=$(gtp go:4x4 "time_settings 300 0 0" "time_left b 5 0" "genmove b")
(($(date +%s) - start < 20)) || fail "genmove with 5 s of main time left took $(($(date +%s) - start)) s"
# The referee plays on where the two programs' scores differ.
GNUGO=${GNUGO:-/usr/games/gnugo}
if [ -x "$GNUGO" ]; then
  out=$(OPENING="B2 A3 A2 B3 C2 B1 PASS PASS" BIN="$BIN" GNUGO="$GNUGO" \
    "$(dirname "$0")/../../tools/gnugo_match.sh" go:3x3 1)
  grep -qE "^game 1: gsolve black, B\+9 in [0-9]+ moves, both programs agree: B2 A3 A2 B3 C2 B1 PASS PASS \(GNU Go says B\+9: play on\) " <<<"$out" ||
    fail "GNU Go match played on: $out"
fi

echo "== SGF as other programs write it"
sgf() { printf '%s' "$1" >"$WORK/g.sgf"; }
sgf $'\xef\xbb\xbf(;GM[1]FF[4]RU[Chinese]SZ[3]KM[0];B[bb])'
out=$("$BIN" query --game go:3x3 --weak --json --sgf "$WORK/g.sgf" | python3 -c 'import json, sys; print(json.load(sys.stdin)["board"])')
[ "$out" == ".../.X./... O" ] || fail "SGF with a byte-order mark: $out"
sgf '(;GM[1]SZ[3]AB[bb]AW[aa];W[ca])'
# Setup stones are not a line of play from the empty board, which query's Go answers follow.
expect_exact "gsolve: error: go: an SGF game with setup stones or a move out of turn is not a line of play from the empty board" \
  "$BIN" query --game go:3x3 --weak --sgf "$WORK/g.sgf"
sgf '(;SZ[-3])'
expect_exact "gsolve: error: bad SGF: size SZ[-3] (expected 1..52, or columns:rows)" "$BIN" query --game go:3x3 --sgf "$WORK/g.sgf"
sgf '(;GM[2]SZ[3])'
expect_exact "gsolve: error: SGF game GM[2] is not Go (GM[1])" "$BIN" query --game go:3x3 --sgf "$WORK/g.sgf"
sgf '(;RU[Japanese]SZ[3];B[bb])'
expect_error "SGF rules RU[Japanese] are not gsolve's" "$BIN" query --game go:3x3 --sgf "$WORK/g.sgf"
sgf '(;SZ[3];B[bb])(;SZ[3];B[aa])'
expect_exact "gsolve: error: SGF holds more than one game tree (gsolve reads one: keep one game in the file)" \
  "$BIN" query --game go:3x3 --sgf "$WORK/g.sgf"
sgf ';SZ[3];B[bb])'
expect_exact "gsolve: error: bad SGF: a game tree must start with '('" "$BIN" query --game go:3x3 --sgf "$WORK/g.sgf"
sgf '(;SZ[3];B[bb])'
expect_exact "gsolve: error: --sgf reads Go games (SGF GM[1]), not connect4" "$BIN" query --game connect4:4x4 --sgf "$WORK/g.sgf"
# A 20 MB comment is read, never echoed.
python3 -c "import sys; sys.stdout.write('(;SZ[3]C[' + 'c' * (20 << 20) + '];B[bb])')" >"$WORK/big.sgf"
"$BIN" query --game go:3x3 --weak --json --sgf "$WORK/big.sgf" >"$WORK/big.out"
(($(wc -c <"$WORK/big.out") < 2000)) || fail "a 20 MB comment echoed: $(wc -c <"$WORK/big.out") bytes"
[ "$(python3 -c 'import json, sys; print(json.load(sys.stdin)["board"])' <"$WORK/big.out")" == ".../.X./... O" ] || fail "20 MB comment: $(head -c 300 "$WORK/big.out")"

echo "== error messages quote at most ~80 characters, control bytes escaped"
python3 -c "print('a' * 5000000)" >"$WORK/long.txt"
run_capture "$BIN" query --game go:3x3 - <"$WORK/long.txt"
(($(wc -c <"$WORK/err") < 300)) || fail "a 5 MB go line echoed: $(wc -c <"$WORK/err") bytes"
grep -qF "'$(printf 'a%.0s' {1..80})...' is not a point of the 3x3 board" "$WORK/err" || fail "5 MB go line: $(head -c 300 "$WORK/err")"
printf 'b2 \x1b[2J\x00zz\n' >"$WORK/esc.txt"
run_capture "$BIN" query --game go:3x3 - <"$WORK/esc.txt"
grep -qF "'\\x1b[2J\\x00zz' is not a point of the 3x3 board" "$WORK/err" || fail "ESC/NUL in a go line: $(cat -v "$WORK/err")"
run_capture "$BIN" query --game "$(printf 'go:3x3,\x1b[31mred')" ""
grep -qF "bad go option '\\x1b[31mred'" "$WORK/err" || fail "ESC in a go spec: $(cat -v "$WORK/err")"
run_capture "$BIN" query --game "frob$(printf '\x1b')" ""
grep -qF "unknown game 'frob\\x1b'" "$WORK/err" || fail "ESC in a game name: $(cat -v "$WORK/err")"
reply=$(printf 'play b %s\n' "$(head -c 3000 "$WORK/long.txt")" | "$BIN" gtp --game go:3x3 | sed '/^$/d')
((${#reply} < 300)) || fail "a 3000-character GTP vertex echoed whole: ${#reply} bytes"
# A journal that went through a CRLF editor is read as it was.
"$BIN" query --game go:2x2 --journal "$WORK/j" "" >"$WORK/j1.out"
sed -i 's/$/\r/' "$WORK/j"
"$BIN" query --game go:2x2 --journal "$WORK/j" "" >"$WORK/j2.out" 2>"$WORK/j2.err" || fail "CRLF journal refused: $(cat "$WORK/j2.err")"
cmp -s <(grep -v '^nodes' "$WORK/j1.out") <(grep -v '^nodes' "$WORK/j2.out") || fail "CRLF journal answers differently"

echo "== databases: a full disk, a failed --force, a solve still running, a symbolic link"
# A tmpfs of 100 KiB (connect4:5x4 takes 196 KiB) in a private mount namespace (as root, or in a user namespace).
mnt="$WORK/small"
mkdir -p "$mnt"
if unshare --mount true 2>/dev/null; then ns=(unshare --mount); else ns=(unshare --user --map-root-user --mount); fi
if "${ns[@]}" sh -c "mount -t tmpfs -o size=100k none '$mnt'" 2>/dev/null; then
  # shellcheck disable=SC2016
  "${ns[@]}" sh -c 'mount -t tmpfs -o size=100k none "$1" && "$2" solve connect4:5x4 --db "$1/c.gsdb" --threads 1 >/dev/null 2>"$1/../full.err"; echo $? >"$1/../full.rc"; ls "$1" >"$1/../full.ls"' \
    sh "$mnt" "$BIN"
  grep -qi "no space left on device" "$WORK/full.err" || fail "disk full: $(cat "$WORK/full.err")"
  [ "$(cat "$WORK/full.rc")" != 0 ] || fail "disk full: solve exited 0"
  # --force over a database on a full disk: the old file stays, no .new, no lock file beside it.
  "$BIN" solve tictactoe --db "$WORK/t.gsdb" >/dev/null
  # shellcheck disable=SC2016
  "${ns[@]}" sh -c 'mount -t tmpfs -o size=100k none "$1" && cp "$3" "$1/c.gsdb" && "$2" solve connect4:5x4 --db "$1/c.gsdb" --force --threads 1 >/dev/null 2>"$1/../force.err"; ls "$1" >"$1/../force.ls"' \
    sh "$mnt" "$BIN" "$WORK/t.gsdb"
  grep -qi "no space left on device" "$WORK/force.err" || fail "--force on a full disk: $(cat "$WORK/force.err")"
  [ "$(cat "$WORK/force.ls")" == "c.gsdb" ] || fail "--force failure left: $(tr '\n' ' ' <"$WORK/force.ls")"
else
  echo "SKIP disk full: no tmpfs mount possible here (unshare --mount, or a user namespace)"
fi
# A query while a solve writes the file says so (not "solve interrupted").
"$BIN" solve connect4:6x5 --db "$WORK/run.gsdb" --threads 1 >/dev/null 2>&1 &
solver=$!
for _ in $(seq 1 100); do [ -s "$WORK/run.gsdb" ] && "$BIN" info --db "$WORK/run.gsdb" >/dev/null 2>&1 && break; sleep 0.1; done
run_capture "$BIN" query --db "$WORK/run.gsdb" ""
kill "$solver" 2>/dev/null || true
wait "$solver" 2>/dev/null || true
grep -qF "is not complete (a solve is still writing it)" "$WORK/err" || fail "query during a solve: $(cat "$WORK/err")"
# Through a symbolic link: the real file's LMDB lock file, none beside the link.
mkdir -p "$WORK/real" "$WORK/links"
"$BIN" solve tictactoe --db "$WORK/real/t.gsdb" >/dev/null
ln -s "$WORK/real/t.gsdb" "$WORK/links/t.gsdb"
"$BIN" query --db "$WORK/links/t.gsdb" --------- >/dev/null
[ ! -e "$WORK/links/t.gsdb-lock" ] || fail "a lock file beside the link"
"$BIN" solve tictactoe --db "$WORK/links/t.gsdb" --force >/dev/null
[ -L "$WORK/links/t.gsdb" ] || fail "--force through a link replaced the link by a file"
[ ! -e "$WORK/links/t.gsdb-lock" ] && [ ! -e "$WORK/links/t.gsdb.new" ] || fail "--force through a link: $(ls "$WORK/links")"
echo "interop: ok"
