#!/usr/bin/env bash
# gsolve serve under load on loopback: clients on a connect4:6x4 database
# (--threads 2), every answer checked byte for byte against query --json;
# then again while 10 slow live searches of connect4:7x6 run. Bounded: each
# run stops after a few seconds or 200,000 requests. Prints throughput and
# p50/p99 latency; fails on any wrong answer, or where database answers stall
# behind the live searches (p99 over 100 ms).
source "$(dirname "$0")/common.sh.inc"
LOAD="$(cd "$1" && pwd)/gsolve-serve-load"
[ -x "$LOAD" ] || fail "$LOAD is not built"
PID=""
trap 'if [ -n "$PID" ]; then kill -KILL $PID 2>/dev/null || true; fi; rm -rf "$WORK"' EXIT
cd "$WORK"
"$BIN" solve connect4:6x4 --db c64.gsdb --threads 2 >/dev/null

# 4000 move sequences of 0..20 moves; query keeps those that are positions (a game not over).
python3 - >lines.txt <<'EOF'
import random
rng = random.Random(64)
for _ in range(4000):
    print(''.join(rng.choice('123456') for _ in range(rng.randrange(21))))
EOF
"$BIN" query --json --db c64.gsdb - <lines.txt | grep -v '"error"' | sort -u >expected.jsonl || true
count=$(wc -l <expected.jsonl)
[ "$count" -gt 1000 ] || fail "only $count positions to ask"

"$BIN" serve --port 0 --threads 2 --db c64.gsdb --game connect4:7x6 --searches 10 --search-time 8 \
  --search-hash 16 >serve.out 2>serve.err &
PID=$!
for _ in $(seq 100); do grep -q '^gsolve serve: ' serve.out && break; sleep 0.1; done
URL=$(sed -n 's/^gsolve serve: //p' serve.out)
port=${URL##*:}; port=${port%/}
[ -n "$port" ] || { cat serve.err; fail "serve did not start"; }

echo "== $count connect4:6x4 positions, server --threads 2"
for connections in 1 2 4; do
  "$LOAD" --port "$port" --game c64 --expected expected.jsonl --connections $connections --seconds 4 \
    --max-requests 200000 || fail "wrong answers with $connections connections"
done

echo "== the same with 10 live searches of connect4:7x6 running"
k=0
for position in 1 2 3 4 5 6 7 11 22 33; do
  k=$((k + 1))
  curl -s -o "live$k.json" -w '%{http_code}\n' "${URL}api/position?game=connect4:7x6&position=$position" >"live$k.code" &
done
for _ in $(seq 200); do [ "$(pgrep -c -P $PID)" -eq 10 ] && break; sleep 0.1; done
[ "$(pgrep -c -P $PID)" -eq 10 ] || fail "not 10 live searches running: $(pgrep -c -P $PID)"
"$LOAD" --port "$port" --game c64 --expected expected.jsonl --connections 2 --seconds 3 --max-requests 200000 \
  | tee during.txt || fail "wrong answers during the live searches"
for job in $(jobs -p); do [ "$job" = "$PID" ] || wait "$job"; done
python3 - during.txt <<'EOF' || fail "database answers stalled behind the live searches: $(cat during.txt)"
import re, sys
text = open(sys.argv[1]).read()
p99 = float(re.search(r'p99 ([0-9.]+) ms', text).group(1))
sys.exit(0 if p99 < 100 else 1)
EOF
for k in $(seq 10); do
  [ "$(cat live$k.code)" = 200 ] || fail "live search $k: HTTP $(cat live$k.code)"
done
echo "10 live searches answered 200 ($(grep -l incomplete live*.json | wc -l) cut at their 8 s)"
kill -TERM $PID
wait $PID || fail "serve exited $? after SIGTERM"
PID=""
echo "serve_load: all checks passed"
