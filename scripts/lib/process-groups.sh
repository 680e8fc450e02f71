# Sourced by scripts/start.sh, scripts/stop.sh and scripts/lib/watchdog.sh: the process groups
# `make start` started (each service, the extension's build and the browser run in one of their
# own, through setsid), listed in a file (data/start.pids) so that whatever ends the script stops
# the same ones: its own handler (Ctrl-C, SIGTERM, SIGHUP), the watchdog when it was killed
# outright (SIGKILL), or `make stop` when something still outlived both.
#
# One line per group: PGID BOOT_ID START_TIME NAME. The boot id and the start time of the group's
# leader tell our group from an unrelated one that got the same number later (after a reboot, or
# once ours had exited): `make stop` may run as root and must never signal a stranger's group.
# Linux only: everything is read from /proc.

# boot_id: this boot's id (a stale file from before a reboot lists nothing of ours).
boot_id() {
  cat /proc/sys/kernel/random/boot_id 2>/dev/null || echo unknown
}

# proc_fields PID: prints the fields of /proc/PID/stat from the state on (field 3: state, 4: parent,
# 5: process group, 22: start time), or fails when there is no such process. The command name
# before them may hold spaces and parentheses, hence the cut after its last ')'.
proc_fields() {
  local line
  read -r line 2>/dev/null <"/proc/$1/stat" || return 1
  printf '%s\n' "${line##*) }"
}

# start_time PID: the process's start time in clock ticks since boot.
start_time() {
  local line
  local -a fields
  line=$(proc_fields "$1") || return 1
  read -r -a fields <<<"$line"
  [ -n "${fields[19]:-}" ] || return 1
  printf '%s\n' "${fields[19]}"
}

# process_running PID [START_TIME]: true when PID runs (a zombie, dead but not yet reaped, does not
# count) and, given START_TIME, is the process that started then.
process_running() {
  local line
  local -a fields
  line=$(proc_fields "$1") || return 1
  read -r -a fields <<<"$line"
  [ "${fields[0]:-Z}" != Z ] || return 1
  [ -z "${2:-}" ] || [ "${fields[19]:-}" = "$2" ]
}

# running_pgids: the process groups that have a running (not zombie) process, one per line. One
# pass over /proc; `kill -0 -PGID` would count zombies, which hold no port and outlive a KILL.
running_pgids() {
  local stat line
  local -a fields
  for stat in /proc/[0-9]*/stat; do
    read -r line 2>/dev/null <"$stat" || continue
    read -r -a fields <<<"${line##*) }"
    [ "${fields[0]}" = Z ] || printf '%s\n' "${fields[2]}"
  done
}

# group_record FILE PGID NAME: adds the group led by PGID (just started) to FILE.
group_record() {
  local time
  time=$(start_time "$2") || time=-
  printf '%s %s %s %s\n' "$2" "$(boot_id)" "$time" "$3" >>"$1"
}

# groups_alive FILE: prints "PGID NAME" for each group in FILE that still has a running process
# and is still ours: recorded during this boot, and either led by the same process as then or
# without a leader (a number still in use as a process group is never given to a new process).
groups_alive() {
  local file="$1" listed boot running pgid id time name leader_time
  # Read at once: a watchdog or `make stop` may remove the file at any moment.
  listed=$(cat "$file" 2>/dev/null) || return 0
  boot=$(boot_id)
  running=" $(running_pgids | tr '\n' ' ')"
  while read -r pgid id time name; do
    [[ "$pgid" =~ ^[0-9]+$ ]] && [ "$id" = "$boot" ] || continue
    [[ "$running" == *" $pgid "* ]] || continue
    if leader_time=$(start_time "$pgid"); then [ "$leader_time" = "$time" ] || continue; fi
    printf '%s %s\n' "$pgid" "$name"
  done <<<"$listed"
}

# groups_stop FILE: stops every live group in FILE at once (SIGTERM), gives them up to 2 seconds,
# kills those still running (SIGKILL), then removes FILE. Prints "PGID NAME" for each group it
# stopped. Quick on purpose: whoever sent our SIGTERM may send SIGKILL a few seconds later.
groups_stop() {
  local file="$1" live pgid name
  live=$(groups_alive "$file")
  while read -r pgid name; do
    [ -z "$pgid" ] || kill -TERM -- "-$pgid" 2>/dev/null || true
  done <<<"$live"
  for _ in $(seq 1 20); do
    [ -n "$(groups_alive "$file")" ] || break
    sleep 0.1
  done
  local left
  left=$(groups_alive "$file")
  if [ -n "$left" ]; then
    while read -r pgid name; do
      kill -KILL -- "-$pgid" 2>/dev/null || true
    done <<<"$left"
    # SIGKILL is not refused, but the kernel takes a moment to end a process and free its ports.
    for _ in $(seq 1 10); do
      [ -n "$(groups_alive "$file")" ] || break
      sleep 0.1
    done
  fi
  rm -f "$file"
  [ -z "$live" ] || printf '%s\n' "$live"
}
