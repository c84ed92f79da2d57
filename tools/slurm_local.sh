#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, to run gsolve's jobs under srun:
#
#     sudo tools/slurm_local.sh start DIR     # config, state and logs in DIR
#     export SLURM_CONF=DIR/slurm.conf
#     srun -n 3 --overcommit --mpi=pmix build/gsolve solve connect4:5x4 --db x.gsdb
#     sudo tools/slurm_local.sh stop DIR
#
# Needs root and Debian's slurm-wlm and munge (`apt-get install slurm-wlm
# munge`). The node is this machine under its short host name, with
# `CPUS` CPUs (default: twice the cores, so three tasks fit on two cores);
# no cgroups and no accounting, so it runs in a container. tools/mpi_launcher_test.sh slurm
# uses it to run the MPI end-to-end checks under srun.
set -euo pipefail
cmd=${1:?usage: slurm_local.sh start|stop DIR}
dir=$(mkdir -p "${2:?usage: slurm_local.sh start|stop DIR}" && cd "$2" && pwd)

if [ "$cmd" = stop ]; then
  for d in slurmd slurmctld; do
    [ -f "$dir/$d.pid" ] && kill "$(cat "$dir/$d.pid")" 2>/dev/null || true
  done
  exit 0
fi
[ "$cmd" = start ] || { echo "usage: slurm_local.sh start|stop DIR" >&2; exit 2; }

node=$(hostname -s)
cpus=${CPUS:-$(( $(nproc) * 2 ))}
mkdir -p "$dir/spool/ctld" "$dir/spool/d" "$dir/log"
cat > "$dir/slurm.conf" <<EOF
ClusterName=gsolve-local
SlurmctldHost=$node
AuthType=auth/munge
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SlurmdParameters=config_overrides
ReturnToService=2
MpiDefault=none
StateSaveLocation=$dir/spool/ctld
SlurmdSpoolDir=$dir/spool/d
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
NodeName=$node CPUs=$cpus State=UNKNOWN
PartitionName=local Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$dir/slurm.conf"

# munge: the key Debian's package made, the daemon if it is not running.
if ! pgrep -x munged > /dev/null; then
  mkdir -p /run/munge && chown munge:munge /run/munge 2>/dev/null || true
  if id munge > /dev/null 2>&1; then runuser -u munge -- /usr/sbin/munged; else /usr/sbin/munged --force; fi
fi
/usr/sbin/slurmctld -f "$SLURM_CONF"
/usr/sbin/slurmd -f "$SLURM_CONF"
for _ in $(seq 1 30); do
  if sinfo -h -o %T 2>/dev/null | grep -qx idle; then
    echo "slurm up: export SLURM_CONF=$SLURM_CONF"
    exit 0
  fi
  sleep 1
done
echo "slurm did not come up; see $dir/log" >&2
exit 1
