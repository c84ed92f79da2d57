#!/usr/bin/env bash
# Searches a user can bound, in every game: --time prints what the finished
# searches proved, marked incomplete; Ctrl-C does the same and exits 130;
# --progress shows a sign of life.
source "$(dirname "$0")/common.sh.inc"

out=$("$BIN" query --game reversi:8x8 --time 0.5 f5d6c3)
grep -qE '^f5d6c3: unknown, score between -[0-9]+ and \+[0-9]+ \(searched; incomplete: --time 0.5 s ran out\)$' <<<"$out" ||
  fail "reversi --time: $out"
out=$("$BIN" query --game connect4:7x6 --time 0.5 --json "")
grep -qF '"complete":false,' <<<"$out" || fail "connect4 --time json: $out"
grep -qF '"value":"unknown"}' <<<"$out" || fail "connect4 --time value: $out"
# A report that finished within the time is whole.
out=$("$BIN" query --game reversi:4x4 --time 60 --json "")
grep -qF '"complete":true,' <<<"$out" || fail "reversi 4x4 within --time: $out"

# Ctrl-C: the position being searched is printed with what was finished, the next ones are not answered.
# (Sent once the search runs: its first progress line.)
"$BIN" query --game reversi:8x8 --progress f5d6c3 f5 >"$WORK/int.out" 2>"$WORK/int.err" &
pid=$!
for _ in $(seq 300); do grep -q '^progress:' "$WORK/int.err" && break; sleep 0.1; done
kill -INT $pid
rc=0
wait $pid || rc=$?
[ $rc -eq 130 ] || fail "query after Ctrl-C: exit $rc: $(cat "$WORK/int.out" "$WORK/int.err")"
grep -qE '^f5d6c3: unknown, score between -[0-9]+ and \+[0-9]+ \(searched; incomplete: interrupted\)$' "$WORK/int.out" ||
  fail "query after Ctrl-C: $(cat "$WORK/int.out")"
grep -q '^f5:' "$WORK/int.out" && fail "a position after Ctrl-C was answered: $(cat "$WORK/int.out")"

# --progress: the nodes so far every 2 s.
"$BIN" query --game reversi:6x6 --progress --time 2.5 d5 >/dev/null 2>"$WORK/progress"
grep -qE '^progress: [1-9][0-9]* nodes, 2\.[0-9] s, [0-9.]+M nodes/s$' "$WORK/progress" ||
  fail "reversi --progress: $(cat "$WORK/progress")"
# perft: the plies finished before --time or Ctrl-C are printed.
out=$("$BIN" perft reversi:8x8 30 --time 1)
grep -qE '^   4 +244 +244 +0$' <<<"$out" || fail "perft --time rows: $out"
grep -qE '^incomplete: --time 1 s ran out; plies [0-9]+\.\.30 not finished$' <<<"$out" || fail "perft --time: $out"
"$BIN" perft reversi:8x8 30 --progress >"$WORK/perft.out" 2>"$WORK/perft.err" &
pid=$!
for _ in $(seq 300); do grep -q '^ply 6:' "$WORK/perft.err" && break; sleep 0.1; done
kill -INT $pid
rc=0
wait $pid || rc=$?
[ $rc -eq 130 ] || fail "perft after Ctrl-C: exit $rc: $(cat "$WORK/perft.out")"
grep -qx 'ply 6: 8200 nodes, 8200 standard, [0-9.]* s' "$WORK/perft.err" || fail "perft --progress: $(cat "$WORK/perft.err")"
grep -qE '^   6 +8200 +8200 +0$' "$WORK/perft.out" || fail "perft after Ctrl-C rows: $(cat "$WORK/perft.out")"
grep -qE '^incomplete: interrupted; plies [0-9]+\.\.30 not finished$' "$WORK/perft.out" || fail "perft after Ctrl-C: $(cat "$WORK/perft.out")"
echo "bounded: all checks passed"
