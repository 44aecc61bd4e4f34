#!/usr/bin/env bash
# Control the hot standby of up.sh while a test runs:
#
#   standby.sh stop             fast shutdown (open sessions are ended; clients see their
#                               connections drop, as with a replica that fails)
#   standby.sh start            start it again and wait until it streams from the primary again
#                               (the replication slot kept the WAL it missed)
#   standby.sh status           prints "running" or "stopped"
#   standby.sh delay <interval> set recovery_min_apply_delay (e.g. 2s, 500ms; 0 removes it) with
#                               ALTER SYSTEM + pg_reload_conf() on the standby: no restart, it is
#                               a sighup setting. Kept across stop/start until reset.
#
# Which topology: $TOPOLOGY_DIR when it is one (after sourcing topology.env), else the one
# recorded for STANDBY_PORT / PGBOUNCER_PORT (defaults 5433 / 6432).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/topology/lib.sh
. "$HERE/lib.sh"

usage() { die "usage: $0 stop|start|status|delay <interval>"; }
[ $# -ge 1 ] || usage
dir=$(current_dir)
is_topology_dir "$dir" || die "no topology found (run scripts/topology/up.sh first)"

running() { alive "$(standby_pid "$dir" || true)"; }

case "$1" in
  stop)
    if running; then
      stop_standby "$dir"
      log "standby stopped"
    else
      log "standby already stopped"
    fi
    ;;
  start)
    if running; then
      log "standby already running"
    else
      start_standby "$dir"
    fi
    wait_standby_streaming "$dir"
    # The pid changed: keep the state file true for a later teardown.
    if [ -f "$STATE_FILE" ]; then
      sed -i "s/^standby_pid=.*/standby_pid=$(standby_pid "$dir")/" "$STATE_FILE"
    fi
    log "standby running and streaming (pid $(standby_pid "$dir"))"
    ;;
  status)
    if running; then echo running; else echo stopped; fi
    ;;
  delay)
    [ $# -eq 2 ] || usage
    [[ $2 =~ ^[0-9]+(us|ms|s|min|h|d)?$ ]] || die "delay: an interval like 2s, 500ms or 0"
    running || die "the standby is stopped"
    if [ "$2" = 0 ]; then
      standby_sql 'ALTER SYSTEM RESET recovery_min_apply_delay' >/dev/null
    else
      standby_sql "ALTER SYSTEM SET recovery_min_apply_delay = '$2'" >/dev/null
    fi
    standby_sql 'SELECT pg_reload_conf()' >/dev/null
    # The reload is asynchronous: wait until a new session sees it.
    for _ in $(seq 1 50); do
      now=$(standby_sql 'SHOW recovery_min_apply_delay')
      if { [ "$2" = 0 ] && [ "$now" = 0 ]; } || { [ "$2" != 0 ] && [ "$now" != 0 ]; }; then break; fi
      sleep 0.1
    done
    log "recovery_min_apply_delay = $now"
    ;;
  *) usage ;;
esac
