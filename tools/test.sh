#!/usr/bin/env bash
# Installs what is missing, builds, and runs the test suite (what CI runs,
# .ci/run), one stage after another, each printing its wall and CPU time:
#   release      build/: the default suite (ctest -LE long)
#   asan+ubsan   build-asan/ (GSOLVE_SANITIZE=address; with clang also the
#                libFuzzer targets): the unit tests and the quick end-to-end
#                tests, less the heaviest scripts (their code runs there in
#                lighter tests); then each fuzz target for FUZZ_SECONDS
#                (default 10) on its seeds
#   tsan         build-tsan/ (GSOLVE_SANITIZE=thread, g++: with clang, TSan
#                reports TBB's own bookkeeping): the parallel solvers,
#                verifiers, search and Go (tests/e2e/parallel.sh), after
#                tests/tsan/check_suppressions.sh has shown that
#                tools/tsan.supp hides no race planted in a parallel body
#   format       tools/format_check.sh on every tracked C++ file
# The tests of a stage run one per core (ctest -j). SANITIZE=0 runs the
# Release and format stages only, TSAN=0 skips TSan. "-L long" (or any ctest arguments)
# runs those tests in the Release build instead, one at a time.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
tools/install-deps.sh

declare -a TIMES=()
# Runs a stage (name, command...) and records its wall and CPU seconds.
stage() {
  local name=$1 t0 c0 c1
  shift
  echo "== $name" >&2
  t0=$(date +%s.%N)
  c0=$(awk '{print $14 + $15 + $16 + $17}' /proc/$$/stat)
  "$@"
  c1=$(awk '{print $14 + $15 + $16 + $17}' /proc/$$/stat)
  TIMES+=("$(awk -v n="$name" -v t0="$t0" -v t1="$(date +%s.%N)" -v c="$((c1 - c0))" -v hz="$(getconf CLK_TCK)" \
    'BEGIN { printf "%-20s wall %5.0f s   cpu %5.0f s", n, t1 - t0, c / hz }')")
  echo "${TIMES[-1]}" >&2
}
run_ctest() { (cd "$1" && shift && ctest --output-on-failure -j "$(nproc)" "$@"); }

if [ $# -gt 0 ]; then
  tools/build.sh >/dev/null
  (cd build && ctest --output-on-failure "$@")  # one at a time: the long tests use every core
  exit
fi

stage "release build" tools/build.sh >/dev/null
stage "release tests" run_ctest build -LE long

if [ "${SANITIZE:-1}" != 0 ]; then
  # clang gives libFuzzer and builds faster; g++ runs the sanitizers without fuzzing.
  fuzz=OFF
  if command -v clang++ >/dev/null 2>&1; then export CXX=clang++ fuzz=ON; fi
  # Any sanitizer finding aborts the process, so the test that hit it fails.
  export ASAN_OPTIONS=abort_on_error=1:detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
  # llvm-symbolizer names the frames TBB's inlined code left in our functions,
  # which tools/tsan.supp matches (where libsanitizer's own symbolizer loses
  # them, the file matches src/core/parallel.h's out-of-line frames instead).
  # The longest history (4M accesses per thread) keeps the other thread's
  # stack of a report, so both stacks are matched against the file.
  export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:history_size=7:suppressions=$ROOT/tools/tsan.supp"
  TSAN_OPTIONS+=":external_symbolizer_path=$(command -v llvm-symbolizer || command -v llvm-symbolizer-14 || true)"
  asan_targets="gsolve gsolve-corrupt gsolve_tests"
  [ $fuzz = ON ] && asan_targets+=" fuzz_all"
  stage "asan+ubsan build" env BUILD_DIR=build-asan TARGETS="$asan_targets" \
    tools/build.sh -DGSOLVE_SANITIZE=address -DGSOLVE_FUZZ=$fuzz >/dev/null
  # The heaviest e2e scripts (a minute to five each under ASan) stay in the
  # Release stage for CI's budget: the unit tests run the same search,
  # verifiers and fault injector under ASan on smaller games. So do the MPI
  # jobs (Open MPI's own allocations at exit are not ours to fix).
  # e2e_serve too: its live searches (child processes under the server's
  # memory limit) run out of their 10 s under ASan; the Release stage runs it.
  stage "asan+ubsan tests" run_ctest build-asan -LE long -E "^e2e_(search|parallel|verify|derived|reversi_bench|mpi|serve)$"
  fuzz_targets() { tools/fuzz.sh build-asan "${FUZZ_SECONDS:-10}"; }
  if [ "${TSAN:-1}" != 0 ]; then
    stage "tsan build" env CXX=g++ BUILD_DIR=build-tsan TARGETS="gsolve tsan_race_probe" \
      tools/build.sh -DGSOLVE_SANITIZE=thread >/dev/null
    # First: the suppressions hide no race planted in a parallel body.
    stage "tsan probe" bash tests/tsan/check_suppressions.sh "$ROOT/build-tsan"
    # Without address randomisation: LMDB's 1 TiB map then never lands where TSan's shadow memory is.
    tsan_tests() { setarch "$(uname -m)" -R bash tests/e2e/parallel.sh "$ROOT/build-tsan" "$ROOT/tests/data"; }
    if [ $fuzz = ON ]; then
      # The TSan tests keep about one core busy: the fuzz targets run one at
      # a time beside them, which is faster than one stage after the other.
      both() {
        local rc=0 pid
        tsan_tests & pid=$!
        JOBS=1 fuzz_targets || rc=$?
        wait "$pid" || rc=$?
        return $rc
      }
      stage "fuzz + tsan tests" both
    else
      stage "tsan tests" tsan_tests
    fi
  elif [ $fuzz = ON ]; then
    stage "fuzz" fuzz_targets
  fi
fi
# Last, so that a misformatted file does not hide the tests' results.
stage "format check" tools/format_check.sh
printf '%s\n' "${TIMES[@]}"
