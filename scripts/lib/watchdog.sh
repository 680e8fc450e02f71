#!/usr/bin/env bash
# watchdog.sh PARENT_PID PIDS_FILE LOCK_FILE: scripts/start.sh starts it in a session of its own, so neither
# Ctrl-C nor a closed terminal reaches it. A script killed outright (SIGKILL) runs no handler, and
# its services, each in a process group of its own, would go on holding their ports: the watchdog
# waits for PARENT_PID to end, then stops every group still listed in PIDS_FILE
# (scripts/lib/process-groups.sh). When the script stopped them itself, it has removed the file
# and the watchdog leaves with nothing to do. It holds LOCK_FILE while it lives
# (scripts/lib/start-lock.sh), so a `make start` begun while it stops a killed run's services
# waits for it.
set -uo pipefail
# shellcheck source=scripts/lib/process-groups.sh
source "$(dirname "$0")/process-groups.sh"
# shellcheck source=scripts/lib/start-lock.sh
source "$(dirname "$0")/start-lock.sh"
parent="$1" file="$2" lock="$3"

# The parent's start time, so that another process given its pid later is not taken for it.
parent_start=$(start_time "$parent") || parent_start=""
# Held until the watchdog ends, so a run begun after a SIGKILL waits for the stop below.
lock_hold "$lock" "$parent" "$parent_start"
# Half a second between looks: services stop soon after the script, at no cost worth measuring.
while [ -n "$parent_start" ] && process_running "$parent" "$parent_start"; do sleep 0.5; done
stopped=$(groups_stop "$file")
if [ -n "$stopped" ]; then
  echo "$(date -Is) the script (pid $parent) ended without stopping these; stopped:"
  sed 's/^/  /' <<<"$stopped"
fi
