#!/usr/bin/env bash
# Two hosts on this machine, to run gsolve's MPI jobs across a network:
#
#     sudo tools/hosts_local.sh start DIR     # keys, config and logs in DIR
#     sudo tools/hosts_local.sh mpirun DIR --allow-run-as-root -np 3 build/gsolve solve ...
#     sudo tools/hosts_local.sh stop DIR
#
# Each host is a network namespace with its own host name (gsolve-a
# 10.231.0.1, gsolve-b 10.231.0.2), joined by a veth pair, each running an
# sshd that accepts DIR's key for root. `run` starts a command on host a;
# `mpirun` starts mpirun there with the processes placed on a and b in turn
# (ranks 0, 2, ... on a): it starts b's through ssh (Open MPI's rsh launcher)
# and they talk over TCP, as on two machines; the file system is
# shared, as a cluster's is. Needs root, iproute2 and Debian's openssh-server.
# tools/mpi_launcher_test.sh hosts uses it to run the MPI end-to-end checks across hosts.
set -euo pipefail
usage="usage: hosts_local.sh start|stop DIR | run DIR COMMAND... | mpirun DIR MPIRUN-ARGS..."
cmd=${1:?$usage}
dir=$(mkdir -p "${2:?$usage}" && cd "$2" && pwd)
# DIR goes into sshd's and ssh's configuration and into Open MPI's ssh command line.
case $dir in *[[:space:]\'\"]*) echo "hosts_local.sh: DIR must not hold spaces or quotes: $dir" >&2; exit 2 ;; esac
hosts=(a b)
address() { [ "$1" = a ] && echo 10.231.0.1 || echo 10.231.0.2; }

# Everything still running on the hosts (sshd, a job's daemons and processes),
# whichever DIR started them, then the hosts and their link.
stop() {
  for h in "${hosts[@]}"; do
    ip netns pids "gsolve-$h" 2>/dev/null | xargs -r kill 2>/dev/null || true
    ip netns del "gsolve-$h" 2>/dev/null || true
  done
  ip link del gsolve-va 2>/dev/null || true
}
if [ "$cmd" = stop ]; then
  stop
  exit 0
fi
if [ "$cmd" = run ] || [ "$cmd" = mpirun ]; then
  shift 2
  mpirun=()
  [ "$cmd" = mpirun ] && mpirun=(mpirun -q --oversubscribe --host "$(address a):4,$(address b):4" --map-by node
    --mca plm_rsh_agent "ssh -F $dir/ssh_config" --mca btl tcp,self
    --mca btl_tcp_if_include 10.231.0.0/24 --mca oob_tcp_if_include 10.231.0.0/24)
  # Host a's name, so that Open MPI's processes there and on b name different nodes.
  exec ip netns exec gsolve-a unshare --uts sh -c 'hostname gsolve-a && exec "$@"' sh "${mpirun[@]}" "$@"
fi
[ "$cmd" = start ] || { echo "$usage" >&2; exit 2; }
[ -x /usr/sbin/sshd ] || { echo "hosts_local.sh: no sshd (apt-get install openssh-server)" >&2; exit 2; }

# Keys: the hosts' and root's, both made here and used only here.
[ -f "$dir/host_key" ] || ssh-keygen -q -t ed25519 -N '' -f "$dir/host_key"
[ -f "$dir/id" ] || ssh-keygen -q -t ed25519 -N '' -f "$dir/id"
cp "$dir/id.pub" "$dir/authorized_keys"
cat > "$dir/ssh_config" <<EOF
Host *
  User root
  IdentityFile $dir/id
  IdentitiesOnly yes
  StrictHostKeyChecking no
  UserKnownHostsFile /dev/null
  LogLevel ERROR
  BatchMode yes
EOF

# The network: two namespaces, one veth pair (an earlier start's go first).
stop
ip netns add gsolve-a
ip netns add gsolve-b
ip link add gsolve-va type veth peer name gsolve-vb
for h in "${hosts[@]}"; do
  ip link set "gsolve-v$h" netns "gsolve-$h"
  ip -n "gsolve-$h" addr add "$(address "$h")/24" dev "gsolve-v$h"
  ip -n "gsolve-$h" link set "gsolve-v$h" up
  ip -n "gsolve-$h" link set lo up
done

# An sshd on each host, under the host's own name.
mkdir -p /run/sshd
for h in "${hosts[@]}"; do
  cat > "$dir/sshd_config-$h" <<EOF
ListenAddress $(address "$h")
HostKey $dir/host_key
PidFile $dir/sshd-$h.pid
AuthorizedKeysFile $dir/authorized_keys
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
AcceptEnv *
EOF
  ip netns exec "gsolve-$h" unshare --uts sh -c \
    "hostname gsolve-$h && exec /usr/sbin/sshd -f '$dir/sshd_config-$h' -E '$dir/sshd-$h.log'"
done
for h in "${hosts[@]}"; do
  for _ in $(seq 1 50); do
    ip netns exec gsolve-a ssh -F "$dir/ssh_config" "$(address "$h")" hostname 2>/dev/null | grep -qx "gsolve-$h" && continue 2
    sleep 0.1
  done
  echo "host $h did not answer over ssh; see $dir/sshd-$h.log" >&2
  exit 1
done
echo "hosts up: gsolve-a $(address a), gsolve-b $(address b); ssh -F $dir/ssh_config"
