# Sourced by scripts/start.sh and scripts/lib/watchdog.sh: the data directory's lock
# (data/start.lock). A run's watchdog holds it for as long as it lives, and writes into it the pid
# and start time of the script it watches. A script killed outright (SIGKILL) leaves its watchdog
# stopping its services for a few seconds; a `make start` begun meanwhile waits for that to end
# (the lock is free again) instead of finding ports still held and the pids file going away under
# its feet. A script still running is not waited for: the new run says what is in its way.
# Needs flock (util-linux); without it nothing waits.

# lock_hold FILE PID START_TIME: (the watchdog) takes FILE's lock on fd 9 for the rest of its life
# and says whose run it watches.
lock_hold() {
  command -v flock >/dev/null 2>&1 || return 0
  exec 9>>"$1"
  flock 9
  printf '%s %s\n' "$2" "$3" >"$1"
}

# lock_wait_for_cleanup FILE SECONDS: when the run named in FILE has ended but its watchdog still
# holds the lock, says so and waits up to SECONDS for the watchdog to finish. Returns at once when
# nobody holds the lock or the run named there still runs.
lock_wait_for_cleanup() {
  local file="$1" seconds="$2" pid time
  command -v flock >/dev/null 2>&1 || return 0
  [ -f "$file" ] || return 0
  read -r pid time 2>/dev/null <"$file" || return 0
  [[ "$pid" =~ ^[0-9]+$ ]] || return 0
  if [ -n "${time:-}" ] && process_running "$pid" "$time"; then return 0; fi
  flock -n "$file" true && return 0
  echo "An earlier \`make start\` (pid $pid) has ended; waiting for its watchdog to stop what it left…"
  flock -w "$seconds" "$file" true || echo "Its watchdog is still at it after ${seconds} s." >&2
}
