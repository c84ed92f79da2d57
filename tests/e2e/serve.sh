#!/usr/bin/env bash
# gsolve serve: the API equals query --json and info --json on every game
# (databases, a partial database, live searches), bad requests get their 4xx,
# live searches are bounded (503 with Retry-After past the slots, a search cut
# at its time limit answers what it proved), SIGTERM stops the server cleanly.
source "$(dirname "$0")/common.sh.inc"
HERE="$(cd "$(dirname "$0")" && pwd)"
PID=""
trap 'if [ -n "$PID" ]; then kill -KILL $PID 2>/dev/null || true; fi; rm -rf "$WORK"' EXIT
cd "$WORK"

"$BIN" solve tictactoe --db ttt.gsdb >/dev/null
"$BIN" solve connect4:5x4 --db c54.gsdb >/dev/null
"$BIN" solve quickcross:3x3 --db qc33.gsdb >/dev/null
"$BIN" solve reversi:4x4 --db r44.gsdb >/dev/null
"$BIN" solve go:2x2 --db g22.gsdb --store-depth 4 >/dev/null
"$BIN" solve go:2x2 --db g22s.gsdb --store-depth 4 --objective score >/dev/null

# start_server args...: serves on a free loopback port; sets PID and URL.
start_server() {
  "$BIN" serve --port 0 "$@" >serve.out 2>serve.err &
  PID=$!
  for _ in $(seq 100); do
    grep -q '^gsolve serve: http://127.0.0.1:' serve.out 2>/dev/null && break
    kill -0 $PID 2>/dev/null || { cat serve.err; fail "serve did not start: $*"; }
    sleep 0.1
  done
  URL=$(sed -n 's/^gsolve serve: //p' serve.out)
  [ -n "$URL" ] || fail "serve printed no address"
}
# stop_server: SIGTERM, then the server must be gone within 3 s with exit code 0.
stop_server() {
  kill -TERM $PID
  for _ in $(seq 30); do kill -0 $PID 2>/dev/null || break; sleep 0.1; done
  kill -0 $PID 2>/dev/null && { kill -KILL $PID; fail "serve still running 3 s after SIGTERM"; }
  set +e; wait $PID; local rc=$?; set -e
  [ $rc -eq 0 ] || { cat serve.err; fail "serve exited $rc after SIGTERM"; }
  PID=""
}

echo "== the API against query --json and info --json"
start_server --db ttt.gsdb --db c54.gsdb --db qc33.gsdb --db r44.gsdb --db g22.gsdb --db g22s.gsdb \
  --game connect4:4x4 --game reversi:4x4 --game go:3x3
python3 "$HERE/serve_api.py" "$BIN" "$URL" "$WORK"
stop_server

echo "== the command line"
expect_exact "gsolve: error: serve needs --db FILE or --game SPEC (both repeatable)" "$BIN" serve
expect_exact "gsolve: error: tictactoe has no search solver: serve it from a database (--db)" \
  "$BIN" serve --game tictactoe
expect_exact "gsolve: error: serve: two games named 'ttt' (rename a database file)" "$BIN" serve --db ttt.gsdb --db ./ttt.gsdb
"$BIN" serve --help | grep -q "WARNING: any other address" || fail "--help warns about --bind"
# The port taken: a clear error, not a crash.
start_server --db ttt.gsdb
port=${URL##*:}; port=${port%/}
expect_exact "gsolve: error: cannot listen on 127.0.0.1:$port" "$BIN" serve --db ttt.gsdb --port "$port"
stop_server

echo "== live searches: bounded in number (503) and time (what was proved), SIGTERM ends them"
start_server --db c54.gsdb --game connect4:7x6 --searches 1 --search-time 2
curl -s -o slow.json "${URL}api/position?game=connect4:7x6&position=4" &
CURL=$!
sleep 0.5
code=$(curl -s -D busy.headers -o busy.json -w '%{http_code}' "${URL}api/position?game=connect4:7x6&position=44")
[ "$code" = 503 ] || fail "a second live search with one slot: HTTP $code (want 503)"
grep -qi '^Retry-After: 5' busy.headers || fail "503 without Retry-After"
[ "$(cat busy.json)" = '{"error":"every live search slot is busy (1 at once): try again later"}' ] || fail "503 body: $(cat busy.json)"
# A database answer is not held up by the search.
db_code=$(curl -s -o /dev/null -w '%{http_code} %{time_total}' "${URL}api/position?game=c54&position=33")
python3 -c "import sys; c, t = sys.argv[1].split(); sys.exit(0 if c == '200' and float(t) < 0.5 else 1)" "$db_code" \
  || fail "database answer during a live search: $db_code"
wait $CURL
python3 - slow.json <<'EOF' || fail "the search cut at 2 s: $(cat slow.json)"
import json, sys
j = json.load(open(sys.argv[1]))
# The search stops itself a second before its limit and reports what it proved.
assert j['complete'] is False and j['source'] == 'search' and len(j['moves']) == 7, j
EOF
# SIGTERM while a search runs: the server and its search end at once.
curl -s -o /dev/null "${URL}api/position?game=connect4:7x6&position=" &
sleep 0.5
pgrep -P $PID >/dev/null || fail "no live search process under the server"
stop_server
wait
echo "== a server killed outright takes its live search with it"
start_server --game connect4:7x6 --search-time 30
curl -s -m 10 -o /dev/null "${URL}api/position?game=connect4:7x6&position=4" &
child=""
for _ in $(seq 50); do child=$(pgrep -P $PID) && break; sleep 0.1; done
[ -n "$child" ] || fail "no live search started"
kill -KILL $PID
wait $PID 2>/dev/null || true
PID=""
for _ in $(seq 30); do kill -0 "$child" 2>/dev/null || break; sleep 0.1; done
kill -0 "$child" 2>/dev/null && { kill -KILL "$child"; fail "the live search outlived its server"; }
wait
echo "serve: all checks passed"
