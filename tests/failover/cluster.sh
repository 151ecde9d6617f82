#!/usr/bin/env bash
# A two-node PostgreSQL cluster on this machine for the failover test (issue 34 point 6):
# etcd (one member) holds the leader key, Patroni runs each node (pg1, pg2) with a synchronous
# standby, and HAProxy on 127.0.0.1:$FAILOVER_PORT sends connections to whichever node Patroni's
# REST API calls the primary. Sourced by tests/failover/run.sh: `cluster_up DIR`, `primary`,
# `kill_node NAME`; everything it starts writes its log under DIR.

FAILOVER_PORT="${FAILOVER_PORT:-15440}"
PG_BIN="${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)}"

cluster_up() { # dir
  local dir="$1"
  for tool in etcd patroni haproxy; do
    command -v "$tool" >/dev/null || {
      echo "$tool is missing: apt-get install patroni etcd-server haproxy" >&2
      return 1
    }
  done
  local port
  for port in 23790 23800 "$FAILOVER_PORT" 15441 15442 18441 18442; do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      echo "port $port is taken (a cluster of an earlier run still up?)" >&2
      return 1
    fi
  done
  chown postgres "$dir"
  etcd --name failover --data-dir "$dir/etcd" \
    --listen-client-urls http://127.0.0.1:23790 --advertise-client-urls http://127.0.0.1:23790 \
    --listen-peer-urls http://127.0.0.1:23800 --initial-advertise-peer-urls http://127.0.0.1:23800 \
    --initial-cluster failover=http://127.0.0.1:23800 >"$dir/etcd.log" 2>&1 &
  echo $! >"$dir/etcd.pid"
  for n in 1 2; do
    node_config "$dir" "$n" >"$dir/pg$n.yml"
    # PostgreSQL will not run as root; setpriv execs, so the pid is Patroni's own.
    setpriv --reuid=postgres --regid=postgres --init-groups env HOME="$dir" patroni "$dir/pg$n.yml" >"$dir/patroni$n.log" 2>&1 &
    echo $! >"$dir/patroni$n.pid"
    disown # killing it is the test's point: no "Killed" notice from this shell
    # The first node bootstraps alone, so the leader is known before the second clones it.
    if [ "$n" = 1 ]; then wait_for "pg1 to lead" 60 is_primary pg1 || return 1; fi
  done
  haproxy_config >"$dir/haproxy.cfg"
  haproxy -f "$dir/haproxy.cfg" >"$dir/haproxy.log" 2>&1 &
  echo $! >"$dir/haproxy.pid"
  wait_for "a synchronous standby" 90 sync_standby_is pg2 || return 1
  wait_for "HAProxy to reach the primary" 30 \
    "$PG_BIN/psql" -h 127.0.0.1 -p "$FAILOVER_PORT" -U postgres -Atqc "SELECT 1" postgres
}

node_config() { # dir n
  local dir="$1" n="$2"
  cat <<YAML
scope: harbour-failover
name: pg$n
restapi:
  listen: 127.0.0.1:1844$n
  connect_address: 127.0.0.1:1844$n
etcd3:
  hosts: 127.0.0.1:23790
bootstrap:
  dcs:
    # The leader key lives 12 s: a dead primary is replaced within about that, inside the
    # 30 s the bank may be away (Patroni asks loop_wait + 2 × retry_timeout <= ttl).
    ttl: 12
    loop_wait: 2
    retry_timeout: 5
    maximum_lag_on_failover: 0
    # A commit returns only once the standby has it: nothing acknowledged is lost with the primary.
    synchronous_mode: true
    postgresql:
      use_pg_rewind: false
      parameters:
        max_connections: 200
        synchronous_commit: "on"
  initdb:
    - encoding: UTF8
    - locale: C
  pg_hba:
    - local all all trust
    - host replication all 127.0.0.1/32 trust
    - host all all 127.0.0.1/32 trust
postgresql:
  listen: 127.0.0.1:1544$n
  connect_address: 127.0.0.1:1544$n
  data_dir: $dir/pg$n
  bin_dir: $PG_BIN
  pgpass: $dir/pgpass$n
  authentication:
    superuser:
      username: postgres
      password: failover
    replication:
      username: replicator
      password: failover
  parameters:
    unix_socket_directories: $dir
YAML
}

haproxy_config() {
  cat <<CFG
global
  maxconn 1000
defaults
  mode tcp
  timeout connect 2s
  timeout client 30m
  timeout server 30m
  timeout check 2s
listen primary
  bind 127.0.0.1:$FAILOVER_PORT
  # Only the node whose Patroni answers 200 on /primary takes connections; when it stops being
  # the primary, its open sessions are cut so the bank's pool reconnects to the new one.
  option httpchk OPTIONS /primary
  http-check expect status 200
  default-server inter 1s fall 2 rise 1 on-marked-down shutdown-sessions
  server pg1 127.0.0.1:15441 check port 18441
  server pg2 127.0.0.1:15442 check port 18442
CFG
}

# The node Patroni's REST API calls the primary (empty when none is).
primary() {
  for n in 1 2; do
    curl -sf -o /dev/null "http://127.0.0.1:1844$n/primary" && echo "pg$n" && return
  done
  true
}

is_primary() { # name
  curl -sf -o /dev/null "http://127.0.0.1:1844${1#pg}/primary"
}

# Patroni's view of the cluster names this node the synchronous standby.
sync_standby_is() { # name
  curl -sf "http://127.0.0.1:1844${1#pg}/patroni" | grep -q '"sync_standby": true'
}

# Kill a node as a crash would: its Patroni and its PostgreSQL, without a chance to hand over.
kill_node() { # dir name
  local dir="$1" name="$2" n="${2#pg}"
  kill -9 "$(cat "$dir/patroni$n.pid")" 2>/dev/null || true
  local postmaster
  postmaster="$(head -1 "$dir/$name/postmaster.pid" 2>/dev/null || true)"
  if [ -n "$postmaster" ]; then kill -9 "$postmaster" 2>/dev/null || true; fi
  pkill -9 -f -- "-D $dir/$name" 2>/dev/null || true
}

cluster_down() { # dir
  local dir="$1"
  for pidfile in "$dir"/haproxy.pid "$dir"/patroni*.pid "$dir"/etcd.pid; do
    if [ -f "$pidfile" ]; then kill "$(cat "$pidfile")" 2>/dev/null || true; fi
  done
  sleep 1
  for n in 1 2; do pkill -9 -f -- "-D $dir/pg$n" 2>/dev/null || true; done
  pkill -9 -f -- "--data-dir $dir/etcd" 2>/dev/null || true
  pkill -9 -f -- "patroni $dir/" 2>/dev/null || true
}

wait_for() { # what seconds command...
  local what="$1" seconds="$2"
  shift 2
  for _ in $(seq $((seconds * 5))); do
    "$@" >/dev/null 2>&1 && return 0
    sleep 0.2
  done
  echo "timed out waiting for $what" >&2
  return 1
}
