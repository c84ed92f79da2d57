#!/usr/bin/env bash
# Solves as MPI jobs (docs/mpi.md), on this machine with mpirun --oversubscribe:
# the tiered retrograde (connect4:5x4, reversi:4x4) and the search with
# --store-depth 5 (connect4:5x5; go:2x2 depth 4, a serial searcher) with 1, 2
# and 3 processes give the database of a run without mpirun (signature,
# counts, per-tier statistics, answers), and
# verify --backtrack passes; a job with one process killed is resumed, with
# another number of processes, to the same database; a refusal is one line.
# Exit 77 (skipped) in a build without MPI. With GSOLVE_LAUNCHER=srun the same
# checks run under Slurm (srun --mpi=pmix; ctest's e2e_mpi_srun); with
# GSOLVE_LAUNCHER=hosts they run across two hosts, mpirun on one starting
# processes on both through ssh, talking over TCP (tools/hosts_local.sh's
# hosts in GSOLVE_HOSTS; ctest's e2e_mpi_hosts).
source "$(dirname "$0")/common.sh.inc"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
command -v mpirun >/dev/null || { echo "mpi: no mpirun: skipped"; exit 77; }
launcher=${GSOLVE_LAUNCHER:-mpirun}
under_srun=false across_hosts=false
[ "$launcher" = srun ] && under_srun=true
[ "$launcher" = hosts ] && across_hosts=true
if $under_srun; then
  sinfo -h >/dev/null 2>&1 || { echo "mpi (srun): no Slurm cluster answers (tools/mpi_launcher_test.sh slurm starts one): skipped"; exit 77; }
fi
if $across_hosts; then
  [ -n "${GSOLVE_HOSTS:-}" ] && "$ROOT/tools/hosts_local.sh" run "$GSOLVE_HOSTS" \
    ssh -F "$GSOLVE_HOSTS/ssh_config" 10.231.0.2 true 2>/dev/null ||
    { echo "mpi (hosts): no hosts answer in GSOLVE_HOSTS (tools/mpi_launcher_test.sh hosts starts them): skipped"; exit 77; }
fi
"$BIN" --version | grep -q "(MPI)" || { echo "mpi: gsolve built without MPI: skipped"; exit 77; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1  # CI runs as root
# -q: no banners from mpirun; the test hooks' variables reach every process.
# GSOLVE_LAUNCHER=srun runs the jobs under Slurm instead (tools/mpi_launcher_test.sh slurm):
# -K ends the job when a process dies, as mpirun does.
# srun's own lines on stderr ("srun: error: ... Exited with exit code 2") are
# not gsolve's: dropped, and srun's exit status kept.
srun_job() {
  { srun --overcommit -K --mpi=pmix "$@" 2>&1 1>&3 3>&- | { grep -v '^srun: ' >&2 || true; }
    return "${PIPESTATUS[0]}"; } 3>&1
}
# mpirun here, or on host a with the processes placed on a and b in turn
# (ranks 0 and 2 on a, 1 on b), TCP between them as between two machines.
mpirun_job() {
  if $across_hosts; then
    "$ROOT/tools/hosts_local.sh" mpirun "$GSOLVE_HOSTS" "$@"
    return
  fi
  # Jobs on this machine need no credentials: without this, a machine with
  # munge installed but its daemon stopped waits 2.3 s in every mpirun.
  PMIX_MCA_psec=^munge mpirun -q --oversubscribe "$@"
}
job() {
  local n=$1 pass=() v; shift
  if $under_srun; then
    srun_job -n "$n" "$BIN" "$@"
    return
  fi
  for v in GSOLVE_TEST_KILL_RANK GSOLVE_TEST_KILL_AFTER_TIER GSOLVE_TEST_KILL_AFTER_SEARCHED \
           GSOLVE_TEST_ROOT_SERVES_ONLY; do
    [ -n "${!v:-}" ] && pass+=(-x "$v")
  done
  mpirun_job -np "$n" "${pass[@]}" "$BIN" "$@"
}
info() { "$BIN" info --db "$1" --json | json "$2"; }
# Everything info says of the records, the start and the statistics.
summary() { "$BIN" info --db "$1" --json | json "[j[k] for k in ('complete','signature','canonical_positions',
  'reachable_positions','counts','remoteness','by_tier','start','coverage')]"; }
same_db() {  # reference, other, what
  [ "$(summary "$1")" = "$(summary "$2")" ] || { summary "$1"; summary "$2"; fail "$3: database differs"; }
}

if $across_hosts; then
  [ "$(mpirun_job -np 3 hostname | sort | tr '\n' ' ')" = "gsolve-a gsolve-a gsolve-b " ] ||
    fail "a job of 3 processes is not placed on both hosts"
fi

# 1. Tiered retrograde: 1, 2 and 3 processes, one thread each.
for game in connect4:5x4 reversi:4x4; do
  "$BIN" solve "$game" --db "$WORK/$game.ref" --threads 2 >/dev/null
  for n in 1 2 3; do
    job $n solve "$game" --db "$WORK/$game.$n" --threads 1 --json >"$WORK/out"
    [ "$(json "j['processes']" <"$WORK/out")" = $n ] || fail "$game: the summary does not count $n processes"
    same_db "$WORK/$game.ref" "$WORK/$game.$n" "$game with $n processes"
  done
  [ "$(json "j['exchanged_bytes'] > 0" <"$WORK/out")" = True ] || fail "$game: no bytes exchanged by 3 processes"
  "$BIN" verify --db "$WORK/$game.3" --backtrack >"$WORK/out" || { cat "$WORK/out"; fail "$game: verify"; }
  grep -q "^errors     0$" "$WORK/out" || fail "$game: verify found errors"
done
[ "$(info "$WORK/connect4:5x4.3" "j['signature']")" = 98e1987fe104e1eb ] || fail "connect4:5x4 signature"
[ "$(info "$WORK/reversi:4x4.3" "j['signature']")" = a915a4e0b1aa0f37 ] || fail "reversi:4x4 signature"
# info records how the database was made.
[ "$(info "$WORK/reversi:4x4.3" "[(r['processes'], r['threads']) for r in j['runs']]")" = "[(3, 1)]" ] ||
  fail "info does not record 3 processes x 1 thread"
"$BIN" info --db "$WORK/reversi:4x4.3" | grep -q "^made by       3 processes x 1 thread, started " ||
  fail "info's text does not say how the database was made"
"$BIN" query --db "$WORK/connect4:5x4.ref" --json '' 11 3344 >"$WORK/a"
"$BIN" query --db "$WORK/connect4:5x4.3" --json '' 11 3344 >"$WORK/b"
cmp -s "$WORK/a" "$WORK/b" || fail "query answers differ"

# 2. Search with --store-depth 5: the root hands frontier positions out.
"$BIN" solve connect4:5x5 --store-depth 5 --hash 64 --db "$WORK/top.ref" --threads 2 --json >"$WORK/out"
[ "$(json "j['signature']" <"$WORK/out")" = e0c0f5c2db4abc44 ] || fail "connect4:5x5 depth 5 signature"
for n in 2 3; do
  # The root only serves: how much the others share does not depend on how
  # many units the root's own thread wins from a worker the machine's load
  # holds back (a worker busy with one unit while the root did the other 544).
  GSOLVE_TEST_ROOT_SERVES_ONLY=1 job $n solve connect4:5x5 --store-depth 5 --hash 64 --db "$WORK/top.$n" --threads 1 --json >"$WORK/out"
  [ "$(json "(j['processes'], j['search_nodes'] > 0)" <"$WORK/out")" = "($n, True)" ] || fail "search summary with $n"
  # The tables' heavy entries travel (219 KB with 2 processes, 456 KB with 3;
  # the requests and results of the 545 units alone are about 17 KB).
  [ "$(json "j['exchanged_bytes'] > 100000" <"$WORK/out")" = True ] || fail "no table entries shared by $n processes"
  same_db "$WORK/top.ref" "$WORK/top.$n" "connect4:5x5 depth 5 with $n processes"
done
# Go's searcher is serial: each process searches groups of lines, one per thread.
job 2 solve go:2x2 --store-depth 4 --db "$WORK/go" --threads 1 --json >"$WORK/out"
[ "$(json "j['signature']" <"$WORK/out")" = ac2b13973ea4e473 ] || fail "go:2x2 depth 4 with 2 processes"
"$BIN" verify --db "$WORK/top.3" --backtrack >"$WORK/out" 2>/dev/null || fail "verify of the search database"
grep -q "^errors     0$" "$WORK/out" || fail "the search database has errors"

# 3. A process killed mid-way (kill -9 by the test hook): the job stops, the
# database is resumable and not complete; resumed with another number of
# processes it is the same database.
killed() {  # db, then what the job runs
  local db=$1; shift
  run_capture "$@"
  [ $RC -ne 0 ] || fail "a job with a killed process exited 0 ($db)"
  [ "$(info "$db" "j['complete']")" = False ] || fail "a killed job left a database that claims to be complete"
}
GSOLVE_TEST_KILL_RANK=1 GSOLVE_TEST_KILL_AFTER_TIER=12 killed "$WORK/k1" job 3 solve connect4:5x4 --db "$WORK/k1" --threads 1
job 2 solve connect4:5x4 --db "$WORK/k1" --resume --threads 1 >/dev/null
same_db "$WORK/connect4:5x4.ref" "$WORK/k1" "tiered job resumed after process 1 was killed"
[ "$(info "$WORK/k1" "[r['processes'] for r in j['runs']]")" = "[3, 2]" ] || fail "info does not list both runs"
# The root (the writer) killed right after it committed tier 8.
GSOLVE_TEST_KILL_AFTER_TIER=8 killed "$WORK/k2" job 2 solve reversi:4x4 --db "$WORK/k2" --threads 1
[ "$(info "$WORK/k2" "j['by_tier'][0]['tier']")" = 8 ] || fail "the root's kill did not leave tier 8 committed"
job 3 solve reversi:4x4 --db "$WORK/k2" --resume --threads 1 >/dev/null
same_db "$WORK/reversi:4x4.ref" "$WORK/k2" "tiered job resumed after the root was killed"
# A search worker killed after its 20th position; resumed by one process
# without mpirun. Depth 7 (7,173 positions, 0.7 s): at depth 5 the job was so
# short that a worker which started late had not 20 positions left to search.
"$BIN" solve connect4:5x5 --store-depth 7 --hash 64 --db "$WORK/top7.ref" --threads 2 >/dev/null
GSOLVE_TEST_KILL_RANK=2 GSOLVE_TEST_KILL_AFTER_SEARCHED=20 \
  killed "$WORK/k3" job 3 solve connect4:5x5 --store-depth 7 --hash 64 --db "$WORK/k3" --threads 1
"$BIN" solve connect4:5x5 --store-depth 7 --hash 64 --db "$WORK/k3" --resume --threads 2 >/dev/null
same_db "$WORK/top7.ref" "$WORK/k3" "search job resumed after a worker was killed"

# 4. Refusals: one line from the root, nothing from the others, no file left.
expect_exact "gsolve: error: $WORK/top.3: already exists (--resume continues an interrupted solve, --force replaces it)" \
  job 3 solve connect4:5x5 --store-depth 5 --db "$WORK/top.3" --threads 1
expect_exact "gsolve: error: quickcross:3x3,connect=3: the loopy solver runs in one process (run it without mpirun, or with -np 1)" \
  job 2 solve quickcross:3x3 --db "$WORK/loopy" --threads 1
[ ! -e "$WORK/loopy" ] || fail "a refused loopy job left a file"
expect_exact "gsolve: error: unknown game 'nogame' (known: connect4, tictactoe, reversi, quickcross, go, treblecross)" \
  job 3 solve nogame --db "$WORK/x" --threads 1
# The memory check counts the job's processes on this machine (connect4:5x4: 16.5 MiB each).
if $across_hosts; then
  # Two of the three share host a; the one on b does not count there.
  expect_exact "gsolve: error: connect4:5x4: a strong solve needs about 33.1 MiB of memory (2 processes of the job on this machine), more than 30.0 MiB (--max-memory); solve by search with --store-depth D instead" \
    job 3 solve connect4:5x4 --db "$WORK/mem" --threads 1 --max-memory 30M
  job 3 solve connect4:5x4 --db "$WORK/mem" --threads 1 --max-memory 40M >/dev/null ||
    fail "3 processes on two hosts need 33.1 MiB on the fuller one, under 40 MiB"
  one_each="16.5 MiB of memory" small=10
else
  expect_exact "gsolve: error: connect4:5x4: a strong solve needs about 49.6 MiB of memory (3 processes of the job on this machine), more than 40.0 MiB (--max-memory); solve by search with --store-depth D instead" \
    job 3 solve connect4:5x4 --db "$WORK/mem" --threads 1 --max-memory 40M
  job 2 solve connect4:5x4 --db "$WORK/mem" --threads 1 --max-memory 40M >/dev/null || fail "2 x 16.5 MiB is under 40 MiB"
  one_each="33.1 MiB of memory (2 processes of the job on this machine)" small=20
fi
# Machines may differ (memory, disks): processes given different limits
# (mpirun's "A : B" form) agree before the first collective, with no hang.
# Another process's refusal names it; the root's is the only line.
mixed() {
  if $under_srun; then  # srun's form: a program per rank
    printf '%s\n' "0 $BIN solve connect4:5x4 --db $WORK/mix --threads 1 --max-memory $1" \
      "1 $BIN solve connect4:5x4 --db $WORK/mix --threads 1 --max-memory $2" >"$WORK/multi.conf"
    srun_job -n 2 --multi-prog "$WORK/multi.conf"
    return
  fi
  local second=()  # across hosts, the second process on b
  $across_hosts && second=(--host 10.231.0.2)
  mpirun_job -np 1 "$BIN" solve connect4:5x4 --db "$WORK/mix" --threads 1 --max-memory "$1" : \
    -np 1 "${second[@]}" "$BIN" solve connect4:5x4 --db "$WORK/mix" --threads 1 --max-memory "$2"
}
expect_exact "gsolve (process 1): error: connect4:5x4: a strong solve needs about $one_each, more than $small.0 MiB (--max-memory); solve by search with --store-depth D instead" \
  mixed 1G ${small}M
expect_exact "gsolve: error: connect4:5x4: a strong solve needs about $one_each, more than $small.0 MiB (--max-memory); solve by search with --store-depth D instead" \
  mixed ${small}M 1G
[ ! -e "$WORK/mix" ] || fail "a refused job left a file"
echo "mpi ($launcher): all checks passed"
