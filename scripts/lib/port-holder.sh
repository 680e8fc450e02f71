# Sourced by scripts/start.sh: names what listens on a TCP port, so "port in use" can say what to
# stop. Asks ss (iproute2), then fuser (psmisc), then lsof, whichever is installed and answers;
# without root they only see the user's own processes.

# command_line PID: the process's command line, arguments separated by spaces.
command_line() {
  local line
  line=$(tr '\0' ' ' 2>/dev/null <"/proc/$1/cmdline") || return 1
  printf '%s\n' "${line% }"
}

# port_holder_pids PORT: the pids listening on TCP PORT, one per line; nothing when no tool could
# tell.
port_holder_pids() {
  local port="$1" pids=""
  if command -v ss >/dev/null 2>&1; then
    pids=$(ss -Hltnp "sport = :$port" 2>/dev/null | grep -o 'pid=[0-9]*' | cut -d= -f2) || true
  fi
  if [ -z "$pids" ] && command -v fuser >/dev/null 2>&1; then
    pids=$(fuser -n tcp "$port" 2>/dev/null) || true
  fi
  if [ -z "$pids" ] && command -v lsof >/dev/null 2>&1; then
    pids=$(lsof -nP -t -iTCP:"$port" -sTCP:LISTEN 2>/dev/null) || true
  fi
  # shellcheck disable=SC2086 # fuser separates pids with spaces, the others with newlines
  [ -z "$pids" ] || printf '%s\n' $pids | sort -un
}

# port_holder PORT: one line naming who holds PORT: "pid 123 (node server.js)", or what could not
# be found out and how to find it.
port_holder() {
  local port="$1" pids pid described=""
  pids=$(port_holder_pids "$port")
  for pid in $pids; do
    described+="${described:+; }pid $pid ($(command_line "$pid" || echo 'command line unreadable'))"
  done
  if [ -n "$described" ]; then
    printf 'held by %s\n' "$described"
  elif command -v ss >/dev/null 2>&1 || command -v fuser >/dev/null 2>&1 ||
    command -v lsof >/dev/null 2>&1; then
    printf "held by a process this user cannot see (sudo ss -ltnp 'sport = :%s' names it)\n" "$port"
  else
    printf 'held by a process not named here (none of ss, fuser or lsof is installed)\n'
  fi
}
