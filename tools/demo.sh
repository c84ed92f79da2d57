#!/usr/bin/env bash
# The main job on a small default game: install, build, solve, info, verify, query.
set -euo pipefail
cd "$(dirname "$0")/.."
GAME=${1:-connect4:5x4}
tools/install-deps.sh
tools/build.sh >/dev/null
DB=${DB:-demo.gsdb}
set -x
build/gsolve solve "$GAME" --db "$DB" --force
build/gsolve info --db "$DB"
build/gsolve verify --db "$DB" --backtrack
build/gsolve query --db "$DB" ""
