#!/usr/bin/env bash
# Stop the topology of up.sh (the standby and PgBouncer), drop the standby's replication slot on
# the primary, and remove the topology's directory. The pg_hba.conf line up.sh added to the
# primary stays (harmless, and the next up.sh would add it again). Idempotent: with nothing
# running it says so and succeeds.
#
# Which topology: $TOPOLOGY_DIR when it is one (after sourcing topology.env), else the one
# recorded for STANDBY_PORT / PGBOUNCER_PORT (defaults 5433 / 6432) in /tmp/ib-topology.*.state.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/topology/lib.sh
. "$HERE/lib.sh"

dir=$(current_dir)
recorded=$(state_get dir)
if [ -z "$dir" ] && [ -z "$(port_pids "$STANDBY_PORT")$(port_pids "$PGBOUNCER_PORT")" ]; then
  drop_slot
  log "no topology on ports $STANDBY_PORT / $PGBOUNCER_PORT: nothing to stop"
  exit 0
fi
if [ -n "$dir" ] && [ "$dir" != "$recorded" ] && [ -n "$recorded" ]; then teardown "$dir"; dir=$recorded; fi
teardown "$dir"
log "down${dir:+: removed $dir}"
