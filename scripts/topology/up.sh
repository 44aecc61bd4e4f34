#!/usr/bin/env bash
# Start the production-like topology of issue 34 next to the local PostgreSQL 15 (the primary,
# 127.0.0.1:5432): a streaming hot standby of it and a PgBouncer in transaction mode in front of
# it, both throwaway, in one temporary directory. For the end-to-end suite that CI runs through
# them; also usable by hand.
#
#   scripts/topology/up.sh            → prints KEY=VALUE lines (also in $TOPOLOGY_DIR/topology.env)
#   scripts/topology/standby.sh stop|start|status|delay <interval>
#   scripts/topology/down.sh
#
# Settings (environment):
#   TOPOLOGY_DIR    a base directory: the topology's own directory is created under it
#                   (default: a fresh `mktemp -d` in $TMPDIR or /tmp). If it names a topology
#                   directory itself (after sourcing topology.env), that one is replaced and
#                   the new one is made beside it.
#   STANDBY_PORT    the standby's port (default 5433)
#   PGBOUNCER_PORT  PgBouncer's port (default 6432)
#   PRIMARY_PORT    the primary's port (default 5432; its host is always 127.0.0.1)
#
# Output on stdout (progress goes to stderr), one KEY=VALUE a line, for `set -a; . file; set +a`:
#   TOPOLOGY_DIR, PGBOUNCER_URL_BASE, STANDBY_URL_BASE, PRIMARY_URL_BASE (a caller appends
#   /<database>), PGBOUNCER_ADMIN_URL (PgBouncer's admin console: SHOW POOLS, SHOW CLIENTS, ...),
#   STANDBY_PORT, PGBOUNCER_PORT.
#
# Idempotent: a topology already running on these ports (or left by a run that crashed: its
# directory, pid files, the state file /tmp/ib-topology.<ports>.state, or a tagged process still
# holding a port) is stopped and removed first, and a fresh one is built (a base backup of a
# small cluster takes about a second). Runs as root (pg_ctl, postgres and PgBouncer themselves run
# as the postgres OS user through runuser) or as the postgres OS user.
#
# What it changes on the primary: one line `host replication all 127.0.0.1/32 trust` appended to
# its pg_hba.conf (then a reload), kept by down.sh (harmless: the primary listens on 127.0.0.1
# and already trusts every local connection), and a physical replication slot
# (ib_topology_<standby port>) that down.sh drops.
#
# A database created on the primary after the base backup reaches the standby by streaming
# replication (CREATE DATABASE is WAL-logged), within milliseconds: one topology serves every
# database a test creates. Create it before setting an apply delay (below), or wait that long.
#
# Replica lag on demand: recovery_min_apply_delay is a sighup setting (PostgreSQL 12+), so a test
# delays the standby's replay with no restart, on the standby itself:
#   psql "$STANDBY_URL_BASE/postgres" -c "ALTER SYSTEM SET recovery_min_apply_delay = '2s'" \
#                                     -c "SELECT pg_reload_conf()"
# (or `standby.sh delay 2s`; `standby.sh delay 0` removes it). ALTER SYSTEM is accepted during
# recovery: it writes the standby's postgresql.auto.conf, not the database. The delay holds back
# the replay of each commit until it is that old; WAL is still received and flushed at once, so
# pg_last_wal_receive_lsn() runs ahead of pg_last_wal_replay_lsn(). It is kept across
# `standby.sh stop` / `start` (it is in postgresql.auto.conf) until reset.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/topology/lib.sh
. "$HERE/lib.sh"

t0=$(date +%s%N)
elapsed() { echo "$((($(date +%s%N) - t0) / 1000000))ms"; }

# ---------------------------------------------------------------------------------------------
# PgBouncer: Debian's package (1.18 on Debian 12).
stop_debian_pgbouncer() {
  # The package's own service (/etc/pgbouncer/pgbouncer.ini, listen_port 6432) is not ours. On a
  # machine where installing the package started it, stop it (and disable it under systemd).
  log "stopping Debian's packaged pgbouncer service (/etc/pgbouncer/pgbouncer.ini) if it runs"
  if [ -d /run/systemd/system ]; then
    systemctl disable --now pgbouncer >/dev/null 2>&1 || true
  elif [ -x /etc/init.d/pgbouncer ]; then
    /etc/init.d/pgbouncer stop >/dev/null 2>&1 || true
  fi
  local pid
  pid=$(head -n 1 /var/run/postgresql/pgbouncer.pid 2>/dev/null || true)
  if alive "$pid" && describe_pid "$pid" | grep -q pgbouncer; then
    stop_pid "$pid" TERM "Debian's pgbouncer service"
  fi
}

if [ ! -x "$PGBOUNCER_BIN" ]; then
  [ "$(id -u)" -eq 0 ] || die "$PGBOUNCER_BIN is missing and installing Debian's pgbouncer needs root"
  log "installing Debian's pgbouncer"
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -qq pgbouncer >/dev/null 2>&1 ||
    { apt-get update -qq && apt-get install -y -qq pgbouncer >/dev/null; }
  [ -x "$PGBOUNCER_BIN" ] || die "installing pgbouncer did not provide $PGBOUNCER_BIN"
  stop_debian_pgbouncer
fi

# ---------------------------------------------------------------------------------------------
# The primary: up, a primary, and able to feed a streaming standby.
pg_isready -q -h "$PRIMARY_HOST" -p "$PRIMARY_PORT" ||
  die "the primary is not answering on $PRIMARY_HOST:$PRIMARY_PORT (start it: pg_ctlcluster 15 main start)"
[ "$(primary_sql 'SELECT pg_is_in_recovery()')" = f ] ||
  die "$PRIMARY_HOST:$PRIMARY_PORT is itself a standby, not a primary"
IFS='|' read -r wal_level max_wal_senders max_slots <<<"$(primary_sql "
  SELECT current_setting('wal_level'), current_setting('max_wal_senders'),
         current_setting('max_replication_slots')")"
case "$wal_level" in
  replica | logical) ;;
  *) die "the primary's wal_level is '$wal_level': a streaming standby needs 'replica' or 'logical' (ALTER SYSTEM SET wal_level = replica, then restart the primary)" ;;
esac
# The base backup streams WAL on a second WAL sender while it copies; the standby keeps one.
[ "$max_wal_senders" -ge 2 ] ||
  die "the primary's max_wal_senders is $max_wal_senders: the base backup needs 2 (ALTER SYSTEM SET max_wal_senders = 10, then restart the primary)"

# Replication connections from 127.0.0.1 without a password: `all` in pg_hba's database column
# does not cover replication, so the cluster's `host all all 127.0.0.1/32 trust` is not enough.
hba_file=$(primary_sql 'SHOW hba_file')
if ! grep -Eq '^[[:space:]]*host[[:space:]]+replication[[:space:]]+all[[:space:]]+127\.0\.0\.1/32[[:space:]]+trust[[:space:]]*$' "$hba_file"; then
  [ -w "$hba_file" ] || die "cannot write $hba_file to allow replication from 127.0.0.1 (run as root)"
  log "allowing replication from 127.0.0.1 in $hba_file"
  printf '\n# Added by scripts/topology/up.sh (issue 34): streaming replication to the throwaway hot\n# standby it starts on this machine.\nhost replication all 127.0.0.1/32 trust\n' >>"$hba_file"
  primary_sql 'SELECT pg_reload_conf()' >/dev/null
fi
hba_errors=$(primary_sql "SELECT string_agg(line_number || ': ' || error, '; ') FROM pg_hba_file_rules WHERE error IS NOT NULL")
[ -z "$hba_errors" ] || die "$hba_file has errors ($hba_errors)"
replication_ok=""
for _ in $(seq 1 50); do # the reload is asynchronous
  if psql -X -q -At "host=$PRIMARY_HOST port=$PRIMARY_PORT user=postgres dbname=postgres replication=true" \
    -c IDENTIFY_SYSTEM >/dev/null 2>&1; then
    replication_ok=1
    break
  fi
  sleep 0.1
done
[ -n "$replication_ok" ] ||
  die "the primary refuses replication connections from 127.0.0.1 as postgres (an earlier line of $hba_file may match first)"

# ---------------------------------------------------------------------------------------------
# Whatever ran before on these ports goes.
previous_explicit=""
base=${TOPOLOGY_DIR:-}
if is_topology_dir "$base"; then
  previous_explicit=$base
  base=$(dirname "$base")
elif [[ $(basename "${base:-/}") == "$TAG".* ]]; then
  # A topology directory that is gone (a sourced topology.env outlived down.sh): its parent.
  base=$(dirname "$base")
fi
recorded=$(state_get dir)
if [ -n "$previous_explicit" ] && [ "$previous_explicit" != "$recorded" ]; then teardown "$previous_explicit"; fi
teardown "$recorded"
# Replication slots are checked after the teardown, which drops a stale one of ours.
used_slots=$(primary_sql 'SELECT count(*) FROM pg_replication_slots')
[ "$used_slots" -lt "$max_slots" ] ||
  die "the primary has no free replication slot (max_replication_slots = $max_slots, all used)"

for port in "$STANDBY_PORT" "$PGBOUNCER_PORT"; do
  port_busy "$port" || continue
  for pid in $(port_pids "$port"); do
    if describe_pid "$pid" | grep -q /etc/pgbouncer/; then stop_debian_pgbouncer; fi
  done
  if port_busy "$port"; then
    holders=$(for pid in $(port_pids "$port"); do echo "pid $pid: $(describe_pid "$pid")"; done)
    die "port $port is in use by a process that is not this topology's: ${holders:-unknown}. Stop it, or choose STANDBY_PORT / PGBOUNCER_PORT."
  fi
done

# ---------------------------------------------------------------------------------------------
# The topology's directory: owned by postgres (pg_ctl refuses root); world-readable so that
# topology.env and the logs can be read by whoever runs the tests (the data directory itself
# stays 0700).
if [ -n "$base" ]; then
  mkdir -p "$base"
  dir=$(mktemp -d -p "$base" "$TAG.XXXXXX")
else
  dir=$(mktemp -d -t "$TAG.XXXXXX")
fi
dir=$(cd "$dir" && pwd -P)
touch "$dir/$MARKER"
mkdir "$dir/run" "$dir/pgbouncer"
chmod 0755 "$dir"
chown -R postgres:postgres "$dir" 2>/dev/null || [ "$(id -un)" = postgres ] || die "cannot chown $dir to postgres"
as_postgres test -w "$dir" || die "the postgres OS user cannot write $dir (is a parent directory closed to it?)"
socket="$dir/run/.s.PGSQL.$STANDBY_PORT"
[ "${#socket}" -lt 100 ] || die "the socket path $socket is too long for a Unix socket: choose a shorter TOPOLOGY_DIR"
printf 'dir=%s\n' "$dir" >"$STATE_FILE"

failed=1
on_exit() {
  if [ "$failed" = 1 ]; then
    log "failed: removing the half-built topology (logs above)"
    teardown "$dir" || true
  fi
}
trap on_exit EXIT

# ---------------------------------------------------------------------------------------------
# The standby: a base backup of the primary (fast checkpoint, WAL streamed alongside, a slot
# created for it, -R writes standby.signal and primary_conninfo/primary_slot_name into its
# postgresql.auto.conf), then its own configuration: on Debian the primary's postgresql.conf and
# pg_hba.conf live in /etc/postgresql/15/main, so the copied data directory has neither.
log "base backup of $PRIMARY_HOST:$PRIMARY_PORT into $dir/standby ($(elapsed))"
as_postgres "$PG_BIN/pg_basebackup" -h "$PRIMARY_HOST" -p "$PRIMARY_PORT" -U postgres \
  -D "$dir/standby" -R -X stream -C -S "$SLOT" --checkpoint=fast --no-sync

IFS='|' read -r max_connections max_worker_processes max_wal_senders max_prepared_transactions \
  max_locks_per_transaction timezone datestyle lc_messages lc_monetary lc_numeric lc_time \
  text_search_config <<<"$(primary_sql "
  SELECT current_setting('max_connections'), current_setting('max_worker_processes'),
         current_setting('max_wal_senders'), current_setting('max_prepared_transactions'),
         current_setting('max_locks_per_transaction'), current_setting('TimeZone'),
         current_setting('DateStyle'), current_setting('lc_messages'),
         current_setting('lc_monetary'), current_setting('lc_numeric'),
         current_setting('lc_time'), current_setting('default_text_search_config')")"

cat >"$dir/standby/postgresql.conf" <<EOF
# Written by scripts/topology/up.sh: a throwaway hot standby of the primary at
# $PRIMARY_HOST:$PRIMARY_PORT. primary_conninfo and primary_slot_name are in postgresql.auto.conf
# (pg_basebackup -R), and so is recovery_min_apply_delay once a test sets it (ALTER SYSTEM).
listen_addresses = '127.0.0.1'
port = $STANDBY_PORT
unix_socket_directories = '$dir/run'
cluster_name = '$STANDBY_NAME'
hot_standby = on

# A hot standby refuses to start with less of these than its primary has: the primary's values.
max_connections = $max_connections
max_worker_processes = $max_worker_processes
max_wal_senders = $max_wal_senders
max_prepared_transactions = $max_prepared_transactions
max_locks_per_transaction = $max_locks_per_transaction

# Reads on the standby are not cancelled by the replay of row cleanup on the primary ("canceling
# statement due to conflict with recovery" would surface as a 5xx): the standby tells the primary
# which rows its queries still see (kept in the slot while it is stopped; down.sh drops the slot).
hot_standby_feedback = on
# Report received/replayed positions to the primary every second (default 10 s).
wal_receiver_status_interval = 1s

# Session defaults as on the primary, so a read answers the same text on either.
TimeZone = '$timezone'
DateStyle = '$datestyle'
lc_messages = '$lc_messages'
lc_monetary = '$lc_monetary'
lc_numeric = '$lc_numeric'
lc_time = '$lc_time'
default_text_search_config = '$text_search_config'

# A throwaway copy on a shared CI machine: small, and no need to survive a power cut.
shared_buffers = 32MB
fsync = off
log_line_prefix = '%m [%p] %q%u@%d '
EOF
cat >"$dir/standby/pg_hba.conf" <<'EOF'
local all all trust
host all all 127.0.0.1/32 trust
host replication all 127.0.0.1/32 trust
EOF
: >"$dir/standby/pg_ident.conf"
chown postgres:postgres "$dir/standby/postgresql.conf" "$dir/standby/pg_hba.conf" "$dir/standby/pg_ident.conf" 2>/dev/null || true

log "starting the standby on 127.0.0.1:$STANDBY_PORT ($(elapsed))"
start_standby "$dir"

# ---------------------------------------------------------------------------------------------
# PgBouncer, in front of the primary.
cat >"$dir/pgbouncer/userlist.txt" <<'EOF'
"postgres" ""
EOF
cat >"$dir/pgbouncer/$TAG-pgbouncer.ini" <<EOF
; Written by scripts/topology/up.sh: PgBouncer (Debian's 1.18) in transaction mode in front of the
; primary, as the service runs behind it in production (docs/operations.md, issue 34).

[databases]
; Any database name is passed through to the primary: a test's own database needs no entry.
; connect_query gives every server connection the service's 30 s statement limit, which its
; startup parameter cannot carry through PgBouncer (ignore_startup_parameters, below).
* = host=$PRIMARY_HOST port=$PRIMARY_PORT connect_query='SET statement_timeout = 30000'

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $PGBOUNCER_PORT
unix_socket_dir = $dir/run
pidfile = $dir/pgbouncer/pgbouncer.pid
logfile = $dir/pgbouncer/pgbouncer.log

; A server connection is lent to a client for one transaction only. Nothing of a session survives
; between transactions: LISTEN, SET outside a transaction, advisory locks held across statements,
; named prepared statements (1.18 has no max_prepared_statements; that came in 1.21: the service
; runs with DATABASE_PREPARED_STATEMENTS=false behind it).
pool_mode = transaction

; Local throwaway: no passwords. PgBouncer still only admits the users listed in auth_file.
auth_type = trust
auth_file = $dir/pgbouncer/userlist.txt
; The admin console: psql "postgres://postgres@127.0.0.1:$PGBOUNCER_PORT/pgbouncer" -c 'SHOW POOLS'
admin_users = postgres

max_client_conn = 1000
; Server connections per (database, user) pair: what the primary sees, however many clients.
default_pool_size = 20

; Empty: in transaction mode the reset query is not run at all (server_reset_query_always = 0),
; a transaction ending is the reset. DISCARD ALL would only matter in session mode.
server_reset_query =

; Startup parameters PgBouncer does not track are refused ("unsupported startup parameter")
; unless listed here, and then they are dropped, not applied:
; - extra_float_digits: sent by many drivers (JDBC, pgx, psql tools);
; - statement_timeout: node-postgres sends its statement_timeout option (the service's
;   QUERY_TIMEOUT_MS) as a startup parameter, so without this every connection of the service
;   would be refused. Dropped, it no longer applies on the server: behind PgBouncer the limit
;   comes from connect_query above (or ALTER ROLE/DATABASE ... SET statement_timeout);
; - options: "-c name=value" settings in the connection string (PGOPTIONS); 1.18 cannot parse them.
ignore_startup_parameters = extra_float_digits,statement_timeout,options
EOF
chown -R postgres:postgres "$dir/pgbouncer" 2>/dev/null || true

log "starting PgBouncer on 127.0.0.1:$PGBOUNCER_PORT ($(elapsed))"
# max_client_conn = 1000 needs more file descriptors than a default soft limit of 1024.
if ! (ulimit -n 4096 2>/dev/null || true; as_postgres "$PGBOUNCER_BIN" -d -q "$dir/pgbouncer/$TAG-pgbouncer.ini"); then
  tail -n 20 "$dir/pgbouncer/pgbouncer.log" >&2 || true
  die "PgBouncer did not start (log: $dir/pgbouncer/pgbouncer.log)"
fi

# ---------------------------------------------------------------------------------------------
# Ready: the standby is a hot standby streaming from the primary, PgBouncer answers a query
# (which opens a server connection to the primary) and its admin console answers.
wait_standby_streaming "$dir"
bouncer_ok=""
for _ in $(seq 1 100); do
  if [ "$(pgbouncer_sql 'SELECT 1' 2>/dev/null || true)" = 1 ]; then
    bouncer_ok=1
    break
  fi
  sleep 0.1
done
if [ -z "$bouncer_ok" ]; then
  tail -n 20 "$dir/pgbouncer/pgbouncer.log" >&2 || true
  die "PgBouncer on port $PGBOUNCER_PORT does not answer a query (log: $dir/pgbouncer/pgbouncer.log)"
fi
pgbouncer_sql 'SHOW VERSION' pgbouncer >/dev/null || die "PgBouncer's admin console does not answer"

{
  printf 'dir=%s\n' "$dir"
  printf 'standby_pid=%s\n' "$(standby_pid "$dir")"
  printf 'pgbouncer_pid=%s\n' "$(pgbouncer_pid "$dir")"
} >"$STATE_FILE"

cat >"$dir/topology.env" <<EOF
TOPOLOGY_DIR=$dir
PGBOUNCER_URL_BASE=postgres://postgres@127.0.0.1:$PGBOUNCER_PORT
STANDBY_URL_BASE=postgres://postgres@127.0.0.1:$STANDBY_PORT
PRIMARY_URL_BASE=postgres://postgres@$PRIMARY_HOST:$PRIMARY_PORT
PGBOUNCER_ADMIN_URL=postgres://postgres@127.0.0.1:$PGBOUNCER_PORT/pgbouncer
STANDBY_PORT=$STANDBY_PORT
PGBOUNCER_PORT=$PGBOUNCER_PORT
EOF
chmod 0644 "$dir/topology.env"
failed=0
log "up in $(elapsed): standby pid $(standby_pid "$dir") on $STANDBY_PORT, pgbouncer pid $(pgbouncer_pid "$dir") on $PGBOUNCER_PORT; env in $dir/topology.env"
cat "$dir/topology.env"
