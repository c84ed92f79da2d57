#!/usr/bin/env bash
# Installs, builds and runs the default test suite (everything but the "long" label).
# Pass "-L long" to run the long tests instead.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install-deps.sh
tools/build.sh >/dev/null
cd build
if [ $# -gt 0 ]; then ctest --output-on-failure "$@"; else ctest --output-on-failure -LE long; fi
