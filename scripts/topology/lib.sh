# shellcheck shell=bash
# Shared by up.sh, down.sh and standby.sh (sourced, never run). See up.sh for what the topology is.
#
# Every process this topology starts carries the tag "ib-topology" in its command line (the
# standby's cluster_name, the PgBouncer ini's file name, the directory's name), so a leftover of a
# crashed run is recognised as ours by /proc/<pid>/cmdline before it is stopped: a recycled pid
# or somebody else's server on the same port is never killed.
set -euo pipefail

PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
PGBOUNCER_BIN=${PGBOUNCER_BIN:-/usr/sbin/pgbouncer}
PRIMARY_HOST=127.0.0.1
PRIMARY_PORT=${PRIMARY_PORT:-5432}
STANDBY_PORT=${STANDBY_PORT:-5433}
PGBOUNCER_PORT=${PGBOUNCER_PORT:-6432}

TAG=ib-topology
MARKER=.ib-topology # a file in every topology directory: only such a directory is ever removed
# Where the last topology on these ports is recorded (its directory and pids), so the next up.sh
# or down.sh finds it even when its directory is gone. One per port pair: two topologies on
# different ports do not see each other.
STATE_FILE=${TOPOLOGY_STATE_FILE:-/tmp/$TAG.$STANDBY_PORT.$PGBOUNCER_PORT.state}
# The standby's physical replication slot on the primary: the primary keeps the WAL the standby
# has not received yet, so `standby.sh stop` during load followed by `start` always catches up.
# down.sh drops it (a slot whose standby is gone would keep WAL on the primary forever).
SLOT=ib_topology_$STANDBY_PORT
STANDBY_NAME=$TAG-standby

log() { echo "topology: $*" >&2; }
die() {
  echo "topology: error: $*" >&2
  exit 1
}

# pg_ctl and postgres refuse to run as root: run them (and PgBouncer) as the postgres OS user.
as_postgres() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  elif [ "$(id -un)" = postgres ]; then
    "$@"
  else
    die "run as root or as the postgres OS user (pg_ctl must run as postgres)"
  fi
}

# psql on the primary as the postgres role; -X ignores any ~/.psqlrc.
primary_sql() { psql -X -q -At -v ON_ERROR_STOP=1 -h "$PRIMARY_HOST" -p "$PRIMARY_PORT" -U postgres -d postgres -c "$1"; }
standby_sql() { psql -X -q -At -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$STANDBY_PORT" -U postgres -d postgres -c "$1"; }
pgbouncer_sql() { psql -X -q -At -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$PGBOUNCER_PORT" -U postgres -d "${2:-postgres}" -c "$1"; }

state_get() { # state_get KEY → value from the state file, or nothing
  [ -f "$STATE_FILE" ] || return 0
  sed -n "s/^$1=//p" "$STATE_FILE" | tail -n 1
}

is_topology_dir() { [ -n "${1:-}" ] && [ -d "$1" ] && [ -f "$1/$MARKER" ]; }

# The topology directory to act on: $TOPOLOGY_DIR when it is one (e.g. after sourcing
# topology.env), else the one recorded for these ports. Prints nothing when there is none.
current_dir() {
  if is_topology_dir "${TOPOLOGY_DIR:-}"; then
    echo "$TOPOLOGY_DIR"
    return 0
  fi
  local dir
  dir=$(state_get dir)
  if [ -n "$dir" ]; then echo "$dir"; fi
}

alive() { [[ ${1:-} =~ ^[0-9]+$ ]] && kill -0 "$1" 2>/dev/null; }

# Is pid $1 a live process of this topology (its command line carries the tag)?
ours() {
  alive "${1:-}" || return 1
  tr '\0' ' ' <"/proc/$1/cmdline" 2>/dev/null | grep -q -- "$TAG"
}

# Stop pid $1 with signal $2 (INT = PostgreSQL's fast shutdown; TERM = PgBouncer's immediate
# shutdown), wait up to 15 s, then SIGKILL.
stop_pid() {
  local pid=$1 sig=$2 what=$3
  alive "$pid" || return 0
  log "stopping $what (pid $pid, SIG$sig)"
  kill "-$sig" "$pid" 2>/dev/null || true
  for _ in $(seq 1 150); do
    alive "$pid" || return 0
    sleep 0.1
  done
  log "$what (pid $pid) did not stop in 15 s: SIGKILL"
  kill -KILL "$pid" 2>/dev/null || true
  sleep 0.2
}

# The pids listening on 127.0.0.1/any address at TCP port $1.
port_pids() {
  ss -Hltnp "( sport = :$1 )" 2>/dev/null | grep -oE 'pid=[0-9]+' | cut -d= -f2 | sort -u
}

port_busy() { [ -n "$(ss -Hltn "( sport = :$1 )" 2>/dev/null)" ]; }

# Stop a process of ours with the signal its kind wants.
stop_ours() {
  local pid=$1 what=$2
  if describe_pid "$pid" | grep -q pgbouncer; then
    stop_pid "$pid" TERM "$what"
  else
    stop_pid "$pid" INT "$what"
  fi
}

# The topology directory a process of ours runs from, read from its command line.
leftover_dir() {
  local args
  args=$(describe_pid "$1")
  if [[ $args =~ -D\ ([^ ]+)/standby ]]; then
    echo "${BASH_REMATCH[1]}"
  elif [[ $args =~ pgbouncer\ .*\ ([^ ]+)/pgbouncer/[^/\ ]+\.ini ]]; then
    echo "${BASH_REMATCH[1]}"
  fi
}

describe_pid() { tr '\0' ' ' <"/proc/$1/cmdline" 2>/dev/null | cut -c1-300 | sed 's/ *$//'; }

# The standby's postmaster pid, from its data directory.
standby_pid() {
  local data=$1/standby
  [ -f "$data/postmaster.pid" ] && head -n 1 "$data/postmaster.pid"
}

pgbouncer_pid() {
  local pidfile=$1/pgbouncer/pgbouncer.pid
  [ -f "$pidfile" ] && head -n 1 "$pidfile"
}

# Start the standby of topology directory $1 (its configuration is in $1/standby/postgresql.conf;
# port, socket directory and name are repeated on the command line so that nothing copied from
# the primary's postgresql.auto.conf by the base backup can move them).
start_standby() {
  local dir=$1
  if ! as_postgres "$PG_BIN/pg_ctl" -D "$dir/standby" \
    -o "-p $STANDBY_PORT -k $dir/run -c cluster_name=$STANDBY_NAME" \
    -l "$dir/standby.log" start -w -t 60 >/dev/null; then
    tail -n 30 "$dir/standby.log" >&2 || true
    die "the standby did not start (log: $dir/standby.log)"
  fi
}

stop_standby() {
  local dir=$1 pid
  pid=$(standby_pid "$dir" || true)
  if [ -n "$pid" ] && alive "$pid"; then
    log "stopping the standby (pid $pid, fast)"
    as_postgres "$PG_BIN/pg_ctl" -D "$dir/standby" -m fast stop -w -t 30 >/dev/null ||
      stop_pid "$pid" QUIT "standby (immediate)"
  fi
}

# Wait until the standby answers as a hot standby and its WAL receiver is streaming from the
# primary (so a change on the primary reaches it within milliseconds).
wait_standby_streaming() {
  local dir=$1 recovering="" receiver=""
  for _ in $(seq 1 300); do
    recovering=$(standby_sql 'SELECT pg_is_in_recovery()' 2>/dev/null || true)
    receiver=$(standby_sql 'SELECT status FROM pg_stat_wal_receiver' 2>/dev/null || true)
    if [ "$recovering" = t ] && [ "$receiver" = streaming ]; then return 0; fi
    sleep 0.1
  done
  tail -n 30 "$dir/standby.log" >&2 || true
  die "the standby on port $STANDBY_PORT is not a streaming hot standby after 30 s (in recovery: '${recovering}', WAL receiver: '${receiver}'; log: $dir/standby.log)"
}

# Drop the standby's replication slot on the primary when no standby is using it.
drop_slot() {
  local active
  active=$(primary_sql "SELECT active FROM pg_replication_slots WHERE slot_name = '$SLOT'" 2>/dev/null || true)
  case "$active" in
    f)
      primary_sql "SELECT pg_drop_replication_slot('$SLOT')" >/dev/null
      log "dropped replication slot $SLOT on the primary"
      ;;
    t) log "replication slot $SLOT is still in use on the primary: left alone" ;;
  esac
}

# Stop everything of the topology in directory $1 (may be empty or gone) and of the recorded
# pids, free our ports of any tagged leftover, drop the slot, and remove the directory.
teardown() {
  local dir=${1:-} pid
  if is_topology_dir "$dir"; then
    stop_standby "$dir"
    pid=$(pgbouncer_pid "$dir" || true)
    if ours "$pid"; then stop_pid "$pid" TERM pgbouncer; fi
  fi
  for pid in $(state_get standby_pid) $(state_get pgbouncer_pid); do
    if ours "$pid"; then stop_ours "$pid" "leftover process"; fi
  done
  # A leftover whose directory and state file are both gone still holds its port: stop it only if
  # it carries our tag.
  # Its directory is found from its command line (postgres -D <dir>/standby, pgbouncer
  # <dir>/pgbouncer/<ini>) and removed too.
  local port orphan
  for port in "$STANDBY_PORT" "$PGBOUNCER_PORT"; do
    for pid in $(port_pids "$port"); do
      if ours "$pid"; then
        orphan=$(leftover_dir "$pid")
        stop_ours "$pid" "leftover on port $port"
        if [ "$orphan" != "$dir" ] && is_topology_dir "$orphan"; then
          log "removing leftover directory $orphan"
          rm -rf "$orphan"
        fi
      fi
    done
  done
  drop_slot
  if is_topology_dir "$dir"; then rm -rf "$dir"; fi
  rm -f "$STATE_FILE"
}
