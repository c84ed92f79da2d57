#!/usr/bin/env bash
# The MPI end-to-end checks under Slurm: starts a one-node cluster on this
# machine (tools/slurm_local.sh; needs root, slurm-wlm and munge), runs ctest's
# e2e_mpi_srun in BUILD (default build), and stops the cluster.
#
#     sudo tools/slurm_test.sh [BUILD]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
dir=$(mktemp -d)
trap '"$root/tools/slurm_local.sh" stop "$dir"; rm -rf "$dir"' EXIT
"$root/tools/slurm_local.sh" start "$dir"
export SLURM_CONF="$dir/slurm.conf"
cd "$build" && ctest --output-on-failure -R '^e2e_mpi_srun$'
