#!/usr/bin/env bash
# End-to-end: the record format (db/chunk.h, format version 4).
#   connect4 fills unreachable and mirror ranks with nearby records (smaller
#   files); its queries still answer from the stored records and verify finds
#   nothing missing;
#   games whose position text can name an unreachable position keep Unknown
#   there: such a position is reported as not stored, never given a value.
. "$(dirname "$0")/common.sh.inc"

echo "== connect4:5x4: size and answers"
"$BIN" solve connect4:5x4 --db "$WORK/c54.gsdb" >/dev/null
"$BIN" info --db "$WORK/c54.gsdb" --json >"$WORK/info.json"
bits=$(json 'j["bits_per_position"]' <"$WORK/info.json")
python3 -c "import sys; sys.exit(0 if $bits < 2.1 else 1)" || fail "connect4:5x4: $bits bits per position (format 2 gives 1.97)"
"$BIN" query --db "$WORK/c54.gsdb" --json 3344 >"$WORK/q.json"
[[ $(json 'j["value"], j["remoteness"]' <"$WORK/q.json") == "win 3" ]] || fail "3344: $(cat "$WORK/q.json")"
"$BIN" verify --db "$WORK/c54.gsdb" --backtrack --json >"$WORK/v.json" || fail "verify of a clean filled database failed"
[[ $(json 'j["errors"]' <"$WORK/v.json") == 0 ]] || fail "verify: errors in a clean database"
echo "connect4:5x4: $bits bits per canonical position"

echo "== unreachable positions that parse are not stored"
"$BIN" solve quickcross:3x3 --db "$WORK/qc.gsdb" >/dev/null
# A horizontal and a vertical line: the game ended at the first of them. Not
# stored, but final by the rules: answered by the rules.
"$BIN" query --db "$WORK/qc.gsdb" --json -- '---|||...' >"$WORK/qc.json"
[[ $(json 'j["value"], j["remoteness"], j["source"]' <"$WORK/qc.json") == "lose 0 rules" ]] ||
  fail "unreachable final quickcross board not answered by the rules: $(cat "$WORK/qc.json")"
# A reachable one next to it is answered.
"$BIN" query --db "$WORK/qc.gsdb" --json -- '---......' >"$WORK/qc.json"
[[ $(json 'j["value"]' <"$WORK/qc.json") == lose ]] || fail "reachable quickcross board: $(cat "$WORK/qc.json")"

echo "== old format refused"
"$BIN" solve tictactoe --db "$WORK/ttt.gsdb" >/dev/null
python3 - "$WORK/ttt.gsdb" <<'EOF' || fail "could not rewrite the format version"
import sys
# The meta value "4" of key "format_version" sits in an LMDB leaf page; rewrite it in place.
data = bytearray(open(sys.argv[1], "rb").read())
key = b"format_version"
at = data.find(key)
assert at > 0 and data[at + len(key):at + len(key) + 1] == b"4"
data[at + len(key)] = ord("3")
open(sys.argv[1], "wb").write(data)
EOF
rc=0
"$BIN" info --db "$WORK/ttt.gsdb" >"$WORK/out" 2>"$WORK/err" || rc=$?
[[ $rc == 2 ]] || fail "old format: exit $rc"
[[ $(wc -l <"$WORK/err") == 1 ]] && grep -q "database format version 3, this gsolve reads 4" "$WORK/err" ||
  fail "old format: $(cat "$WORK/err")"
echo ok
