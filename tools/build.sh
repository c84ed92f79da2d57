#!/usr/bin/env bash
# Configures and builds gsolve (Release) into build/ (or $BUILD_DIR).
# ccache is used when it is installed (worktrees share it with CCACHE_BASEDIR).
# TARGETS="a b" builds only those targets (default: all); extra arguments go
# to cmake (e.g. -DGSOLVE_SANITIZE=address). A new build directory uses Ninja
# where it is installed: it compiles a target's files while the libraries it
# links are still being built, so every core stays busy (10% faster than make
# on the sanitizer build, docs/benchmarks.md).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
launcher=()
if command -v ccache >/dev/null 2>&1; then
  export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$(cd .. && pwd)}
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
generator=()
if [ ! -f "$BUILD_DIR/CMakeCache.txt" ] && command -v ninja >/dev/null 2>&1; then generator=(-G Ninja); fi
cmake -S . -B "$BUILD_DIR" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" "$@" >/dev/null
# shellcheck disable=SC2086
cmake --build "$BUILD_DIR" -j "$(nproc)" ${TARGETS:+--target $TARGETS}
