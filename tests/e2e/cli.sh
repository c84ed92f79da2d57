#!/usr/bin/env bash
# The command line's limits and errors (docs/cli.md): every usage error is one
# exact line on stderr and exit 2; batches answer every line.
source "$(dirname "$0")/common.sh.inc"
CORRUPT="$(cd "$1" && pwd)/gsolve-corrupt"

# expect_output "stdout" command...: exit 0, stdout exactly that (stderr empty).
expect_output() {
  local want="$1"; shift
  run_capture "$@"
  [ $RC -eq 0 ] || { cat "$WORK/err"; fail "exit $RC (want 0): $*"; }
  [ ! -s "$WORK/err" ] || { cat "$WORK/err"; fail "stderr not empty: $*"; }
  [ "$(cat "$WORK/out")" = "$want" ] || { echo "got:" >&2; cat "$WORK/out" >&2; echo "want:" >&2; echo "$want" >&2; fail "$*"; }
}

cd "$WORK"
"$BIN" solve tictactoe --db ttt.gsdb >/dev/null
"$BIN" solve connect4:4x4 --db c4.gsdb >/dev/null
"$BIN" solve quickcross:3x3 --db q3.gsdb >/dev/null

# --- unknown command -------------------------------------------------
expect_exact "gsolve: error: unknown command 'frob' (expected solve, query, info, bench, verify, perft, gtp, serve, help)" "$BIN" frob
expect_exact "gsolve: error: no command given (expected solve, query, info, bench, verify, perft, gtp, serve, help)" "$BIN"

# --- numeric options ----------------------------------------------------
expect_exact "gsolve: error: --threads: expected an integer 0..1024, got '-1'" "$BIN" solve tictactoe --db n.gsdb --threads -1
expect_exact "gsolve: error: --threads: expected an integer 0..1024, got '100000'" "$BIN" solve tictactoe --db n.gsdb --threads 100000
expect_exact "gsolve: error: --threads: expected an integer 0..1024, got '2x'" "$BIN" query --db ttt.gsdb --threads 2x X--------
expect_exact "gsolve: error: --hash: expected an integer 1..1048576, got '0'" "$BIN" solve connect4:7x6 --db n.gsdb --store-depth 2 --hash 0
expect_exact "gsolve: error: --hash: expected an integer 1..1048576, got '999999999'" "$BIN" query --game connect4:7x6 --hash 999999999 1
expect_exact "gsolve: error: --zstd-level: expected an integer 1..22, got '0'" "$BIN" solve tictactoe --db n.gsdb --zstd-level 0
expect_exact "gsolve: error: --store-depth: expected an integer 0..64, got '65'" "$BIN" solve connect4:7x6 --db n.gsdb --store-depth 65
expect_exact "gsolve: error: --walks: expected an integer 1..9223372036854775807, got '-5'" "$BIN" verify --db ttt.gsdb --random --walks -5
expect_exact "gsolve: error: --walks: expected an integer 1..9223372036854775807, got '0'" "$BIN" verify --db ttt.gsdb --random --walks 0
expect_exact "gsolve: error: --seed: expected an integer 0..18446744073709551615, got '-1'" "$BIN" verify --db ttt.gsdb --random --seed -1
expect_exact "gsolve: error: --seed: expected an integer 0..18446744073709551615, got '18446744073709551616'" "$BIN" verify --db ttt.gsdb --random --seed 18446744073709551616
expect_exact "gsolve: error: --seconds: expected seconds > 0, got '0'" "$BIN" verify --db ttt.gsdb --random --seconds 0
expect_exact "gsolve: error: --seconds: expected seconds > 0, got 'nan'" "$BIN" verify --db ttt.gsdb --random --seconds nan
expect_exact "gsolve: error: --max-steps: expected an integer 1..2147483647, got '0'" "$BIN" verify --db ttt.gsdb --random --max-steps 0
expect_exact "gsolve: error: --limit: expected an integer 1..9223372036854775807, got '0'" "$BIN" bench --set c4.gsdb --limit 0
expect_exact "gsolve: error: --split-depth: expected an integer 0..64, got '-2'" "$BIN" bench --position '' --split-depth -2
expect_exact "gsolve: error: --max-memory: expected a size such as 512M or 8G, got '8X'" "$BIN" solve tictactoe --db n.gsdb --max-memory 8X
# 0 threads = all cores, accepted everywhere.
"$BIN" solve tictactoe --db t0.gsdb --threads 0 >/dev/null || fail "solve --threads 0"
"$BIN" query --game connect4:4x4 --hash 1 --threads 0 1 >/dev/null || fail "query --threads 0"
# A good seed at the top of the range is accepted; --walks 1 checks one walk.
"$BIN" verify --db ttt.gsdb --random --walks 1 --seed 18446744073709551615 >/dev/null || fail "largest seed"
[ ! -e n.gsdb ] || fail "a refused solve wrote a file"

# --- memory estimate ----------------------------------------------------
expect_exact "gsolve: error: connect4:7x6: a strong solve needs about 78.7 TiB of memory, more than 64.0 GiB (--max-memory); solve by search with --store-depth D instead" \
  "$BIN" solve connect4:7x6 --db n.gsdb --max-memory 64G
expect_exact "gsolve: error: connect4:5x4: a strong solve needs about 16.5 MiB of memory, more than 1.0 MiB (--max-memory); solve by search with --store-depth D instead" \
  "$BIN" solve connect4:5x4 --db n.gsdb --max-memory 1M
expect_exact "gsolve: error: quickcross:4x4,connect=4: a strong solve needs about 223.5 MiB of memory, more than 100.0 MiB (--max-memory)" \
  "$BIN" solve quickcross:4x4 --db n.gsdb --max-memory 100M
set +e; "$BIN" solve connect4:9x6 --db n.gsdb 2>"$WORK/err"; rc=$?; set -e
[ $rc -eq 2 ] && grep -q "^gsolve: error: connect4:9x6: a strong solve needs about .* of memory, more than .* (available on this machine); solve by search with --store-depth D instead$" "$WORK/err" \
  || fail "9x6 without --max-memory: exit $rc, $(cat "$WORK/err")"
[ ! -e n.gsdb ] || fail "a refused solve wrote a file"
"$BIN" solve connect4:5x4 --db c5.gsdb --max-memory 64M >/dev/null || fail "5x4 within --max-memory"

# --- --store-all-tiers, --resume -----------------------------------------
expect_exact "gsolve: error: --store-all-tiers applies to connect4 only" "$BIN" solve tictactoe --db n.gsdb --store-all-tiers
expect_exact "gsolve: error: n.gsdb: no database to resume (run without --resume to start a solve)" "$BIN" solve tictactoe --db n.gsdb --resume
[ ! -e n.gsdb ] || fail "a refused solve wrote a file"

# --- gsolve-corrupt never replaces its input --------------------------------
sum=$(md5sum ttt.gsdb | cut -d' ' -f1)
mkdir sub
ln -s ttt.gsdb link.gsdb
ln ttt.gsdb hard.gsdb
for out in ttt.gsdb ./ttt.gsdb sub/../ttt.gsdb link.gsdb hard.gsdb "$WORK/ttt.gsdb"; do
  expect_exact "gsolve-corrupt: error: --out $out is the input database itself: refusing to replace it" \
    "$CORRUPT" --db ttt.gsdb --out "$out" --force --count 1
done
[ "$(md5sum ttt.gsdb | cut -d' ' -f1)" = "$sum" ] || fail "gsolve-corrupt changed its input"
expect_exact "gsolve-corrupt: error: --count: expected an integer 0..9223372036854775807, got '-1'" "$CORRUPT" --db ttt.gsdb --out x.gsdb --count -1
"$CORRUPT" --db ttt.gsdb --out copy.gsdb --count 1 >/dev/null 2>&1 || fail "a corrupt copy to another file"

# --- connect4 column names as typed -----------------------------------------
expect_exact "gsolve: error: column c at move 2 is outside 1..9, a" "$BIN" query --game connect4:10x4 --hash 1 1c
expect_exact "gsolve: error: bad character 'A' at move 1 (expected a column 1..9, a..c)" "$BIN" query --game connect4:12x4 --hash 1 A
expect_exact "gsolve: error: bad character '\\x1b' at move 2 (expected a column 1..4)" "$BIN" query --db c4.gsdb $'1\x1b[2J'

# --- boards a database does not hold -------------------------------------
"$BIN" solve reversi:4x4 --db r4.gsdb >/dev/null
expect_exact "gsolve: error: position '-----XO--OX----- X' is not reachable from the start (the complete database holds no record of it)" \
  "$BIN" query --db r4.gsdb "-----XO--OX----- X"
expect_output '{"line":"","moves":[],"position":"XXXXXXXXXXXXXXXX X","primitive":true,"remoteness":0,"score":16,"source":"rules","value":"win"}' \
  "$BIN" query --db r4.gsdb --json "XXXXXXXXXXXXXXXX X"
expect_output '---------: lose in 0 (primitive)' "$BIN" query --db q3.gsdb -- ---------
# An interrupted database answers unknown, and JSON gives no score for it.
bash -c 'GSOLVE_TEST_KILL_AFTER_TIER=14 "$0" solve connect4:4x4 --db cut.gsdb --threads 1; true' "$BIN" >/dev/null 2>&1
"$BIN" query --db cut.gsdb --json "" 2>/dev/null | python3 -c '
import json, sys
j = json.load(sys.stdin)
assert j["value"] == "unknown" and j.get("score") is None and j["remoteness"] is None, j' || fail "unknown record in JSON"

# --- batches ---------------------------------------------------------------
long=$(printf 'X%.0s' $(seq 200))
printf 'X--------\n9\n\n-X-------\r\n%s\n' "$long" > batch.txt
set +e; "$BIN" query --db ttt.gsdb --json - <batch.txt >out.json 2>err.txt; rc=$?; set -e
[ $rc -eq 2 ] && [ ! -s err.txt ] || fail "json batch: exit $rc, $(cat err.txt)"
python3 - "$long" <<'PY' || fail "json batch output"
import json, sys
lines = [json.loads(l) for l in open("out.json")]
assert [l.get("position") for l in lines] == ["X--------", "9", "-X-------", "X" * 80 + "..."], lines
assert lines[1] == {"line": 2, "position": "9", "error": "tictactoe position needs 9 characters (X, O or -, row-major), got 1"}, lines[1]
assert list(lines[1]) == ["line", "position", "error"]
assert lines[0]["value"] == "tie" and lines[2]["value"] == "tie", lines
assert lines[3] == {"line": 5, "position": "X" * 80 + "...", "error": "tictactoe position needs 9 characters (X, O or -, row-major), got 200"}, lines[3]
PY
set +e; "$BIN" query --db ttt.gsdb - <batch.txt >out.txt 2>err.txt; rc=$?; set -e
[ $rc -eq 2 ] || fail "text batch: exit $rc"
[ "$(cat err.txt)" = "gsolve: error: line 2: tictactoe position needs 9 characters (X, O or -, row-major), got 1
gsolve: error: line 5: tictactoe position needs 9 characters (X, O or -, row-major), got 200" ] || { cat err.txt; fail "text batch errors"; }
[ "$(grep -c '^[^ ]' out.txt)" -eq 2 ] || { cat out.txt; fail "text batch answers"; }
printf 'X--------\n\n' | "$BIN" query --db ttt.gsdb - >/dev/null || fail "a trailing empty line"
# In connect4 the empty move sequence is the start: an empty line is answered.
[ "$(printf '1\n\n' | "$BIN" query --db c4.gsdb --json - | python3 -c '
import json, sys; print([json.loads(l)["position"] for l in sys.stdin])')" = "['1', '']" ] || fail "connect4 empty line"

# --- positions starting with '-', info, signature, bench --set, timing --------
expect_output "$("$BIN" query --db ttt.gsdb -- -X-------)" "$BIN" query --db ttt.gsdb -X-------
expect_output "$("$BIN" query --db ttt.gsdb -- --X------)" "$BIN" query --db ttt.gsdb --X------
expect_exact "gsolve: error: query: unknown option '--jsn'" "$BIN" query --db ttt.gsdb --jsn X--------
expect_exact "gsolve: error: query: unknown option '--no-such=1'" "$BIN" query --db ttt.gsdb --no-such=1 X--------
expect_exact "gsolve: error: query: unknown option '-j'" "$BIN" query --db ttt.gsdb -j X--------
expect_output "$("$BIN" query --db q3.gsdb -- ---------)" "$BIN" query --db q3.gsdb ---------
expect_exact "gsolve: error: query needs a position ('-' reads them from stdin, --sgf FILE)" "$BIN" query --db ttt.gsdb
"$BIN" info --db c4.gsdb > info.txt
grep -q "NOT complete" info.txt && fail "info contradicts itself"
grep -qx "coverage      every reachable position" info.txt || { cat info.txt; fail "info coverage"; }
grep -qx "start         tie in 16" info.txt || { cat info.txt; fail "info start"; }
sig=$("$BIN" solve connect4:4x4 --db c4b.gsdb --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["signature"])')
[ "$("$BIN" info --db c4b.gsdb --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["signature"])')" = "$sig" ] \
  || fail "info --json signature differs from solve's $sig"
grep -qx "solve         finished, signature $sig" info.txt || { cat info.txt; fail "info signature"; }
grep -qx "start         lose in 10, score -10" <("$BIN" info --db r4.gsdb) || fail "info start with a score"
"$BIN" solve reversi:4x4 --db rw.gsdb --objective wdl --json | python3 -c '
import json, sys; j = json.load(sys.stdin); assert j["start"] == {"value": "lose", "remoteness": 12}, j' || fail "solve --json wdl start"
"$BIN" info --db rw.gsdb --json | python3 -c '
import json, sys; j = json.load(sys.stdin); assert j["start"] == {"value": "lose", "remoteness": 12}, j' || fail "info wdl start"
grep -qx "start         lose in 12" <("$BIN" info --db rw.gsdb) || fail "info wdl start text"
# The principal line: both sides' best moves, as many as the remoteness,
# the same from a database and from a search.
grep -qx "  line: 1111222234333444" <("$BIN" query --db c4.gsdb "") || fail "connect4:4x4 query line"
[ "$("$BIN" query --db ttt.gsdb --json X-------- | json 'j["remoteness"], j["line"]')" = "8 52374689" ] \
  || fail "tictactoe query --json line"
grep -qx "  line: b1a1a2c1d4a3d1b4a4c4" <("$BIN" query --db r4.gsdb "") || fail "reversi:4x4 query line from the database"
grep -qx "  line: b1a1a2c1d4a3d1b4a4c4" <("$BIN" query --game reversi:4x4 "") || fail "reversi:4x4 searched query line"
[ "$("$BIN" query --game reversi:4x4 --weak --json "" | json '"line" in j')" = False ] || fail "--weak has no line"
# by_tier: each tier's counts under the whole file's names (reachable and canonical), summing to them.
"$BIN" info --db c4.gsdb --json | python3 -c '
import json, sys
j = json.load(sys.stdin)
keys = {"tier", "canonical_positions", "reachable_positions", "primitive_positions", "counts", "canonical_counts"}
tiers = j["by_tier"]
assert all(set(t) == keys for t in tiers), tiers[0]
assert tiers[0]["tier"] == 0 and tiers[0]["reachable_positions"] == 1 and tiers[0]["canonical_positions"] == 1, tiers[0]
assert tiers[1]["reachable_positions"] == 4 and tiers[1]["canonical_positions"] == 2, tiers[1]
for name in ("canonical_positions", "reachable_positions"):
  assert sum(t[name] for t in tiers) == j[name], name
for group in ("counts", "canonical_counts", "primitive_positions"):
  for k in j[group]:
    assert sum(t[group][k] for t in tiers) == j[group][k], (group, k)' || fail "info --json by_tier"
printf '433211433 0\n4455\n' > ref_4x4.txt
expect_exact "gsolve: error: ref_4x4.txt:2: expected '<moves> <score>', got '4455'" "$BIN" bench --set ref_4x4.txt
printf '433211433 0\n12x 1\n' > ref_4x4.txt
expect_exact "gsolve: error: ref_4x4.txt:2: bad character 'x' at move 3 (expected a column 1..4)" "$BIN" bench --set ref_4x4.txt
GSOLVE_TIMING=1 "$BIN" solve connect4:5x4 --db t5.gsdb --threads 2 >/dev/null 2>timing.txt
grep -q "queued" timing.txt || fail "GSOLVE_TIMING printed nothing"
! grep -q "queued *-" timing.txt || { grep "queued *-" timing.txt; fail "negative queued time"; }


# Habits of a command-line user: help [command], the database as a positional
# argument, the nearest command to a slip, verify's modes named.
"$BIN" help | grep -q '^Usage: .*gsolve \[OPTIONS\] SUBCOMMAND' || fail "gsolve help"
"$BIN" help query | grep -q '^Usage: .*gsolve query \[OPTIONS\]' || fail "gsolve help query"
"$BIN" solve tictactoe --db "$WORK/habits.gsdb" >/dev/null
"$BIN" info "$WORK/habits.gsdb" | grep -q '^game  *tictactoe' || fail "info with a positional database"
"$BIN" verify "$WORK/habits.gsdb" --backtrack | grep -qE '^errors +0$' || fail "verify with a positional database"
expect_error "unknown command 'qeury' (did you mean 'query'?) (expected solve, query, info, bench, verify, perft, gtp, serve, help)" "$BIN" qeury
expect_error "unknown command 'hlep' (did you mean 'help'?)" "$BIN" hlep
expect_error "verify needs a mode: --backtrack (every position reachable from the start, once) or --random" "$BIN" verify
expect_error "verify needs a database: verify FILE --backtrack, or --db FILE" "$BIN" verify --backtrack
echo "cli: all checks passed"
