#!/usr/bin/env bash
# The MPI end-to-end checks across two hosts: starts them on this machine
# (tools/hosts_local.sh: network namespaces, sshd; needs root and
# openssh-server), runs ctest's e2e_mpi_hosts in BUILD (default build), and
# stops them.
#
#     sudo tools/hosts_test.sh [BUILD]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
dir=$(mktemp -d)
trap '"$root/tools/hosts_local.sh" stop "$dir"; rm -rf "$dir"' EXIT
"$root/tools/hosts_local.sh" start "$dir"
export GSOLVE_HOSTS="$dir"
cd "$build" && ctest --output-on-failure -R '^e2e_mpi_hosts$'
