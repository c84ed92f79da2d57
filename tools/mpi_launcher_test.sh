#!/usr/bin/env bash
# The MPI end-to-end checks under another launcher, started on this machine
# for the run and stopped after it:
#   slurm  a one-node Slurm cluster (tools/slurm_local.sh; slurm-wlm, munge):
#          tests/e2e/mpi.sh as ctest's e2e_mpi_srun, every job through srun --mpi=pmix;
#   hosts  two hosts (tools/hosts_local.sh; network namespaces, openssh-server):
#          tests/e2e/mpi.sh as ctest's e2e_mpi_hosts, mpirun on one host
#          starting processes on both.
# A skip (no MPI in the build, no answer from the launcher) fails here.
# Needs root.
#
#     sudo tools/mpi_launcher_test.sh slurm|hosts [BUILD]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
kind=${1:?usage: mpi_launcher_test.sh slurm|hosts [BUILD]}
case $kind in
  slurm) test=e2e_mpi_srun launcher=srun ;;
  hosts) test=e2e_mpi_hosts launcher=hosts ;;
  *) echo "usage: mpi_launcher_test.sh slurm|hosts [BUILD]" >&2; exit 2 ;;
esac
build=$(cd "${2:-$root/build}" && pwd)
dir=$(mktemp -d)
trap '"$root/tools/${kind}_local.sh" stop "$dir"; rm -rf "$dir"' EXIT
"$root/tools/${kind}_local.sh" start "$dir"
export SLURM_CONF="$dir/slurm.conf" GSOLVE_HOSTS="$dir"
# The test itself, not through ctest, which counts a skip (77: no MPI in this
# build, the launcher did not answer) as a pass: here it is a failure.
rc=0
GSOLVE_LAUNCHER=$launcher bash "$root/tests/e2e/mpi.sh" "$build" "$root/tests/data" || rc=$?
[ $rc -ne 77 ] || { echo "mpi_launcher_test.sh: $test was skipped" >&2; exit 1; }
exit $rc
