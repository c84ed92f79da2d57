#!/usr/bin/env bash
# The Connect 4 search benchmarks of docs/benchmarks.md, one table per part (gsolve bench --set):
#   tools/bench_search.sh table       1 thread: mean CPU time and nodes per position
#   tools/bench_search.sh threads     1 vs 2 threads on the hard sets (wall time)
#   tools/bench_search.sh algorithms  the root drivers and ordering options, node counts
#   tools/bench_search.sh empty       the empty 7x6 board, 1 and 2 threads
#   tools/bench_search.sh all         everything (about 10 minutes on an idle 2-core machine)
# Tables are small on purpose: on this machine a bigger one finds hardly
# more and costs more per probe. Every run clears the table before each position and checks every answer
# against the set's Pons score (a wrong answer exits 1). Run it on an idle
# machine: `uptime` is printed before each part.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-build/gsolve}
DATA=${DATA:-tests/data/connect4}
[ -x "$BIN" ] || tools/build.sh > /dev/null

set_bench() {  # file limit hash threads [options...]
  local file=$1 limit=$2 hash=$3 threads=$4
  shift 4
  "$BIN" bench --set "$DATA/$file" --limit "$limit" --hash "$hash" --threads "$threads" "$@"
}

table() {
  echo "# 1 thread, table cleared before each position (uptime: $(uptime))"
  set_bench Test_L2_R2 0 64 1
  set_bench Test_L1_R1 0 64 1
  set_bench Test_L1_R2 200 64 1
  set_bench Test_L1_R3 30 64 1
}

threads() {
  echo "# 1 vs 2 threads, hard sets (uptime: $(uptime))"
  for t in 1 2; do set_bench Test_L1_R2 200 64 $t; done
  for t in 1 2; do set_bench Test_L1_R3 10 64 $t; done
}

algorithms() {
  echo "# root drivers and ordering options, 1 thread (uptime: $(uptime))"
  for a in narrowing negascout mtdf alphabeta; do
    set_bench Test_L2_R2 0 64 1 --algorithm $a
    set_bench Test_L1_R2 100 64 1 --algorithm $a
  done
  for o in --killers --history; do
    set_bench Test_L2_R2 0 64 1 $o
    set_bench Test_L1_R2 100 64 1 $o
  done
}

empty() {
  echo "# the empty 7x6 board: first player wins with stone 41 (uptime: $(uptime))"
  # A bigger table finds hardly more (305M nodes with 256 MB, 304M with 2 GB)
  # and is slower: every probe misses the cache and the TLB.
  for t in 1 2; do "$BIN" bench --position "" --threads $t --hash 256; done
}

case "${1:-table}" in
  table) table ;;
  threads) threads ;;
  algorithms) algorithms ;;
  empty) empty ;;
  all) table; threads; algorithms; empty ;;
  *) echo "usage: $0 table|threads|algorithms|empty|all" >&2; exit 2 ;;
esac
