#!/usr/bin/env bash
# gsolve serve's page in a real browser (headless Chromium through Selenium):
# moves clicked on connect4:5x4 and tictactoe databases, the board's marks and
# the value-history chart checked against query --json. The screenshots are
# kept in <build>/test-artifacts/. Skipped (exit 77) where Chromium, its driver
# or Selenium is not installed (tools/install-deps.sh installs them).
source "$(dirname "$0")/common.sh.inc"
HERE="$(cd "$(dirname "$0")" && pwd)"
ARTIFACTS="$(cd "$1" && pwd)/test-artifacts"
for need in /usr/bin/chromium /usr/bin/chromedriver; do
  [ -x "$need" ] || { echo "SKIP: $need is not installed (tools/install-deps.sh installs chromium chromium-driver)"; exit 77; }
done
# Debian's python3 (python3-selenium), also where another python3 comes first on PATH.
PY=""
for py in /usr/bin/python3 python3; do
  "$py" -c "import selenium" 2>/dev/null && { PY=$py; break; }
done
[ -n "$PY" ] || { echo "SKIP: python3-selenium is not installed (tools/install-deps.sh installs it)"; exit 77; }
PID=""
trap 'if [ -n "$PID" ]; then kill -KILL $PID 2>/dev/null || true; fi; rm -rf "$WORK"' EXIT
cd "$WORK"
"$BIN" solve tictactoe --db ttt.gsdb >/dev/null
"$BIN" solve connect4:5x4 --db c54.gsdb >/dev/null
"$BIN" serve --port 0 --db ttt.gsdb --db c54.gsdb >serve.out 2>serve.err &
PID=$!
for _ in $(seq 100); do grep -q '^gsolve serve: ' serve.out && break; sleep 0.1; done
URL=$(sed -n 's/^gsolve serve: //p' serve.out)
[ -n "$URL" ] || { cat serve.err; fail "serve did not start"; }
# The browser: its own profile, no network but loopback (no sync, updates or QUIC).
HOME="$WORK" timeout 300 "$PY" "$HERE/serve_browser.py" "$BIN" "$URL" "$WORK" "$ARTIFACTS"
kill -TERM $PID
wait $PID || fail "serve exited $? after SIGTERM"
PID=""
echo "serve_browser: all checks passed (screenshots in $ARTIFACTS)"
