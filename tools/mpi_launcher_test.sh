#!/usr/bin/env bash
# The MPI end-to-end checks under another launcher, started on this machine
# for the run and stopped after it:
#   slurm  a one-node Slurm cluster (tools/slurm_local.sh; slurm-wlm, munge):
#          ctest's e2e_mpi_srun, every job through srun --mpi=pmix;
#   hosts  two hosts (tools/hosts_local.sh; network namespaces, openssh-server):
#          ctest's e2e_mpi_hosts, mpirun on one host starting processes on both.
# Needs root.
#
#     sudo tools/mpi_launcher_test.sh slurm|hosts [BUILD]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
kind=${1:?usage: mpi_launcher_test.sh slurm|hosts [BUILD]}
case $kind in
  slurm) test=e2e_mpi_srun ;;
  hosts) test=e2e_mpi_hosts ;;
  *) echo "usage: mpi_launcher_test.sh slurm|hosts [BUILD]" >&2; exit 2 ;;
esac
build=$(cd "${2:-$root/build}" && pwd)
dir=$(mktemp -d)
trap '"$root/tools/${kind}_local.sh" stop "$dir"; rm -rf "$dir"' EXIT
"$root/tools/${kind}_local.sh" start "$dir"
export SLURM_CONF="$dir/slurm.conf" GSOLVE_HOSTS="$dir"
cd "$build" && ctest --output-on-failure -R "^$test\$"
