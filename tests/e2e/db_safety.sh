#!/usr/bin/env bash
# Database safety (docs/database.md, "Safety"): truncated files,
# one writer at a time, --force that keeps the old database until the new one
# is complete, edited meta, verify of an incomplete database, a read-only
# directory, and the sizes `info` reports.
source "$(dirname "$0")/common.sh.inc"

# expect_db_error "message" command...: exit 2 and exactly "gsolve: error: message" on stderr.
expect_db_error() { local want="$1"; shift; expect_exact "gsolve: error: $want" "$@"; }

cd "$WORK"
"$BIN" solve connect4:5x4 --db c4.gsdb --store-all-tiers --zstd-level 1 >/dev/null
size=$(stat -c %s c4.gsdb)
[ "$size" -gt 150000 ] || fail "the test database is too small to cut ($size bytes)"
# A few connect4:5x4 positions (start, 3344, 11), as the complete file answers them.
"$BIN" query --db c4.gsdb --json '' 3344 11 > want.json

# 1. Truncated files: one line, exit 2, never SIGBUS; the same for every command.
for cut in 8192 16384 50000 150000; do
  head -c $cut c4.gsdb > t$cut.gsdb
  for cmd in "query --db t$cut.gsdb 3344" "info --db t$cut.gsdb" "verify --db t$cut.gsdb --backtrack" \
             "solve connect4:5x4 --db t$cut.gsdb --resume"; do
    set +e
    "$BIN" $cmd >"$WORK/out" 2>"$WORK/err"
    rc=$?
    set -e
    [ $rc -eq 2 ] || fail "exit $rc (want 2): $cmd"
    [ "$(wc -l <"$WORK/err")" -eq 1 ] || { cat "$WORK/err"; fail "not one line: $cmd"; }
    grep -q "^gsolve: error: t$cut.gsdb: database file is truncated ($cut bytes, its pages need [0-9]* bytes)\$" "$WORK/err" \
      || { cat "$WORK/err"; fail "not the truncation message: $cmd"; }
  done
done

# 7. Meta and statistics under a checksum: any edit is refused at open.
edit() {  # edit FILE OLD NEW: the same bytes, changed in place (as a hex editor would)
  python3 - "$@" <<'PY'
import sys
path, old, new = sys.argv[1], sys.argv[2].encode(), sys.argv[3].encode()
data = open(path, 'rb').read()
assert len(old) == len(new) and data.count(old) >= 1, (old, data.count(old))
open(path, 'wb').write(data.replace(old, new))  # stale copies in free pages too
PY
}
cp c4.gsdb spec.gsdb && edit spec.gsdb 'gameconnect4:5x4' 'gameconnect4:4x4'
expect_db_error "spec.gsdb: database metadata is damaged (its checksum does not match)" "$BIN" query --db spec.gsdb 3344
expect_db_error "spec.gsdb: database metadata is damaged (its checksum does not match)" "$BIN" info --db spec.gsdb
expect_db_error "spec.gsdb: database metadata is damaged (its checksum does not match)" "$BIN" verify --db spec.gsdb --backtrack
"$BIN" solve tictactoe --db ttt.gsdb >/dev/null
reach=$("$BIN" info --db ttt.gsdb --json | json 'j["reachable_positions"]')
[ "$reach" = 5478 ] || fail "tictactoe has $reach reachable positions"
cp ttt.gsdb stat.gsdb && edit stat.gsdb 'canonical_positions' 'canonical_positionz'
expect_db_error "stat.gsdb: database metadata is damaged (its checksum does not match)" "$BIN" info --db stat.gsdb
cp ttt.gsdb stat2.gsdb && edit stat2.gsdb 'reachable_positions5478' 'reachable_positions5479'
expect_db_error "stat2.gsdb: database metadata is damaged (its checksum does not match)" "$BIN" verify --db stat2.gsdb --backtrack
cp ttt.gsdb nocheck.gsdb && edit nocheck.gsdb 'meta_check' 'meta_checq'
expect_db_error "nocheck.gsdb: database metadata is damaged (its checksum does not match)" "$BIN" info --db nocheck.gsdb
cp ttt.gsdb v3.gsdb && edit v3.gsdb 'format_version4' 'format_version3'
expect_db_error "v3.gsdb: database format version 3, this gsolve reads 4 (solve the game again)" "$BIN" info --db v3.gsdb

# 8. verify of an incomplete database: exit 2, "database is incomplete", nothing checked.
set +e
GSOLVE_TEST_KILL_AFTER_TIER=12 "$BIN" solve connect4:5x4 --db killed.gsdb >/dev/null 2>&1
rc=$?
set -e
[ $rc -eq 137 ] || fail "the solve was not killed (exit $rc)"
incomplete="killed.gsdb: database is incomplete (its solve was interrupted or is still running; solve --resume completes it): nothing verified"
expect_db_error "$incomplete" "$BIN" verify --db killed.gsdb --backtrack
expect_db_error "$incomplete" "$BIN" verify --db killed.gsdb --random --walks 10
"$BIN" info --db killed.gsdb | grep -qx "solve         INTERRUPTED (solve --resume continues it)" || fail "info: interrupted"

# 5. One writer: the database file is flock'ed for the whole solve. A held
# lock (here by flock(1), the same lock a solve takes) refuses a second solve
# at once, whatever its options, while readers keep reading.
# (The holder is sleep itself, holding the locked descriptor: killing it
# releases the lock, and no orphaned sleep keeps ctest waiting on its output.)
hold_lock() { (exec 9>>"$1" && flock -n 9 && exec sleep 30 >/dev/null 2>&1) & holder=$!; }
hold_lock c4.gsdb
sleep 0.3
locked="c4.gsdb: another solve is writing it (the file is locked)"
expect_db_error "$locked" "$BIN" solve connect4:5x4 --db c4.gsdb
expect_db_error "$locked" "$BIN" solve connect4:4x4 --db c4.gsdb --force
"$BIN" query --db c4.gsdb --json '' 3344 11 > got.json
cmp -s want.json got.json || fail "a reader could not read beside the writer lock"
"$BIN" info --db c4.gsdb >/dev/null
"$BIN" verify --db c4.gsdb --random --walks 50 >/dev/null
kill $holder; wait $holder 2>/dev/null || true
hold_lock killed.gsdb
sleep 0.3
expect_db_error "killed.gsdb: another solve is writing it (the file is locked)" "$BIN" solve connect4:5x4 --db killed.gsdb --resume
"$BIN" info --db killed.gsdb | grep -qx "solve         RUNNING (a solve is writing it now)" || fail "info does not see the running solve"
[ "$("$BIN" info --db killed.gsdb --json | json 'j["running"], j["complete"]')" = "True False" ] || fail "info --json: running"
kill $holder; wait $holder 2>/dev/null || true
# And two real solves: the second fails at once, the first completes.
"$BIN" solve connect4:5x4 --db two.gsdb --threads 1 >first.out 2>&1 &
first=$!
for _ in $(seq 100); do [ -s two.gsdb ] && break; sleep 0.05; done
expect_db_error "two.gsdb: another solve is writing it (the file is locked)" "$BIN" solve connect4:5x4 --db two.gsdb --force
wait $first || { cat first.out; fail "the first solve failed"; }
[ "$("$BIN" info --db two.gsdb --json | json 'j["complete"]')" = True ] || fail "the first solve did not complete"

# A solve killed while it created the file (before its first commit) leaves an
# empty file: --resume starts afresh and completes; without --resume the file
# is no database the solve may overwrite blindly.
: > shell.gsdb
"$BIN" solve connect4:5x4 --db shell.gsdb --resume >/dev/null
[ "$("$BIN" info --db shell.gsdb --json | json 'j["game"], j["complete"]')" = "connect4:5x4 True" ] \
  || fail "--resume of an empty file did not solve afresh"
"$BIN" query --db shell.gsdb --json '' 3344 11 | cmp -s - want.json || fail "the resumed shell answers differently"

# 6. --force builds beside the old file: killed, the old database is whole.
"$BIN" solve connect4:4x4 --db old.gsdb >/dev/null
"$BIN" query --db old.gsdb --json 11 > old.json
set +e
GSOLVE_TEST_KILL_AFTER_TIER=12 "$BIN" solve connect4:5x4 --db old.gsdb --force >/dev/null 2>&1
rc=$?
set -e
[ $rc -eq 137 ] || fail "the --force solve was not killed (exit $rc)"
[ "$("$BIN" info --db old.gsdb --json | json 'j["game"], j["complete"]')" = "connect4:4x4 True" ] \
  || fail "a killed --force solve damaged the old database"
"$BIN" query --db old.gsdb --json 11 | cmp -s - old.json || fail "the old database answers differently"
"$BIN" verify --db old.gsdb --backtrack >/dev/null || fail "the old database does not verify"
# A real kill -9 at a random moment of a second --force, then a --force that completes.
( "$BIN" solve connect4:5x4 --db old.gsdb --force --threads 1 >/dev/null 2>&1 & pid=$!; sleep 0.$((RANDOM % 9 + 1)); kill -9 $pid 2>/dev/null; wait $pid 2>/dev/null ) || true
[ "$("$BIN" info --db old.gsdb --json | json 'j["game"]')" = "connect4:5x4" ] || \
  [ "$("$BIN" info --db old.gsdb --json | json 'j["game"], j["complete"]')" = "connect4:4x4 True" ] || fail "kill -9 during --force lost the database"
"$BIN" solve connect4:5x4 --db old.gsdb --force >/dev/null
[ "$("$BIN" info --db old.gsdb --json | json 'j["game"], j["complete"]')" = "connect4:5x4 True" ] || fail "--force did not replace"
[ ! -e old.gsdb.new ] && [ ! -e old.gsdb.new-lock ] || fail "--force left its temporary file"
"$BIN" query --db old.gsdb --json '' 3344 11 | cmp -s - want.json || fail "the replaced database answers differently"

# 12. A read-only directory: readers open without LMDB's lock file.
chmod 755 "$WORK"
mkdir ro && cp c4.gsdb ro/ && chmod 555 ro && chmod 444 ro/c4.gsdb
as_user=()
if [ "$(id -u)" = 0 ]; then as_user=(setpriv --reuid=65534 --regid=65534 --clear-groups); fi
"${as_user[@]}" "$BIN" query --db ro/c4.gsdb --json '' 3344 11 > ro.json || fail "query in a read-only directory failed"
cmp -s ro.json want.json || fail "query in a read-only directory answers differently"
"${as_user[@]}" "$BIN" info --db ro/c4.gsdb >/dev/null || fail "info in a read-only directory failed"
[ ! -e ro/c4.gsdb-lock ] || fail "a lock file was made in the read-only directory"
chmod 755 ro

# 12. info: the file size as ls -l shows it, and both sizes per position, named.
for db in c4.gsdb; do
  "$BIN" info --db $db --json > info.json
  [ "$(json 'j["bytes"]' <info.json)" = "$(stat -c %s $db)" ] || fail "info bytes differ from the file size"
  python3 - "$(stat -c %s $db)" info.json <<'PY' || fail "bits per position"
import json, sys
j = json.load(open(sys.argv[2])); size = int(sys.argv[1]); n = j["canonical_positions"]
assert abs(j["file_bits_per_position"] - 8 * size / n) < 1e-9, j
assert abs(j["record_bits_per_position"] - 8 * j["record_bytes"] / n) < 1e-9, j
assert j["record_bits_per_position"] < j["file_bits_per_position"], j
PY
done
"$BIN" info --db c4.gsdb | grep -q "^size          file $(stat -c %s c4.gsdb) bytes ([0-9.]* bits per canonical position), records [0-9]* bytes in [0-9]* chunks ([0-9.]* bits per canonical position)$" \
  || fail "info's size line"
"$BIN" solve connect4:5x4 --store-depth 4 --db top.gsdb --hash 16 >/dev/null
"$BIN" info --db top.gsdb --json > top.json
[ "$(json 'j["bytes"]' <top.json)" = "$(stat -c %s top.gsdb)" ] || fail "info bytes of a --store-depth database"
[ "$(json 'j["record_bytes"] > 0 and j["chunks"] > 0' <top.json)" = True ] || fail "info counts no records in a --store-depth database"
echo "db_safety: all checks passed"
