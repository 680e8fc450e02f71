# Sourced by scripts/start.sh (and its tests): opens Chromium with the built extension, or says
# plainly why it did not and how to load the extension by hand. Never claims a browser that is not
# running: the process is checked a few seconds after launch.

# has_display: true when a graphical session is reachable through the environment.
has_display() {
  [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]
}

# still_running PID SECONDS: true when PID is still running SECONDS (whole) later. Polls rather
# than sleeping once, so a browser that dies is reported as soon as it does.
still_running() {
  local pid="$1" ticks=$(($2 * 4))
  while kill -0 "$pid" 2>/dev/null; do
    if [ "$ticks" -le 0 ]; then return 0; fi
    sleep 0.25
    ticks=$((ticks - 1))
  done
  return 1
}

# chromium_flags UID EXTENSION_DIR PROFILE_DIR: the flags `make start` gives Chromium, one a line.
chromium_flags() {
  local uid="$1" extension="$2" profile="$3"
  printf '%s\n' "--user-data-dir=$profile" \
    "--disable-extensions-except=$extension" "--load-extension=$extension" \
    --no-first-run --no-default-browser-check
  # Chromium's sandbox refuses to run as root: without this flag it exits at once.
  if [ "$uid" -eq 0 ]; then printf '%s\n' --no-sandbox; fi
  # Extra flags a person asks for (split on spaces), e.g. --ozone-platform=wayland.
  if [ -n "${ENCORE_CHROMIUM_FLAGS:-}" ]; then printf '%s\n' ${ENCORE_CHROMIUM_FLAGS}; fi
}

# print_load_by_hand EXTENSION_DIR
print_load_by_hand() {
  echo "To try Encore in your own Chromium (the servers keep running):"
  echo "  1. open chrome://extensions and switch on Developer mode"
  echo "  2. Load unpacked → choose $1"
  echo "  3. click the Encore icon in the toolbar and sign up"
}

# open_chromium UID CHROMIUM EXTENSION_DIR PROFILE_DIR LOG URL
# Starts Chromium in its own process group (CHROMIUM_PID), output to LOG, and checks it is still
# running CHROMIUM_CHECK_SECONDS (whole seconds, default 5) later. Returns 0 when it is, 1 (after
# saying why, with the tail of LOG) when it is not or could not start.
open_chromium() {
  local uid="$1" chromium="$2" extension="$3" profile="$4" log="$5" url="$6"
  local check_seconds="${CHROMIUM_CHECK_SECONDS:-5}"
  [[ "$check_seconds" =~ ^[0-9]+$ ]] || check_seconds=5
  CHROMIUM_PID=""
  if [ ! -x "$chromium" ]; then
    echo "Chromium was not started: no executable at $chromium (set CHROMIUM_PATH)."
    return 1
  fi
  if [ ! -f "$extension/manifest.json" ]; then
    echo "Chromium was not started: no built extension at $extension (manifest.json missing)."
    return 1
  fi
  if [ "$uid" -eq 0 ]; then
    echo "Running as root, so Chromium gets --no-sandbox: its sandbox cannot run as root (without"
    echo "the flag Chromium exits at once). Use that window for these local pages only."
  fi
  local -a flags
  mapfile -t flags < <(chromium_flags "$uid" "$extension" "$profile")
  setsid "$chromium" "${flags[@]}" "$url" >"$log" 2>&1 &
  CHROMIUM_PID=$!
  # The caller may list the browser's group (scripts/start.sh does, for its stop handler).
  if declare -F browser_started >/dev/null; then browser_started "$CHROMIUM_PID" Chromium; fi

  if still_running "$CHROMIUM_PID" "$check_seconds"; then
    echo "Chromium is open (pid $CHROMIUM_PID) with Encore loaded from $extension."
    return 0
  fi

  local status=0
  wait "$CHROMIUM_PID" 2>/dev/null || status=$?
  CHROMIUM_PID=""
  if [ "$status" -eq 0 ] && grep -q 'Opening in existing browser session' "$log"; then
    echo "Chromium did not open a new browser: a Chromium already runs with the profile $profile"
    echo "(an earlier \`make start\`?). Close that one and run \`make start\` again."
    return 1
  fi
  echo "Chromium exited at once (exit status $status): Encore is NOT open in a browser."
  echo "Last lines of $log (dbus messages left out):"
  grep -v 'ERROR:dbus/' "$log" | tail -n 15 | sed 's/^/    /' || true
  return 1
}

# offer_browser UID CHROMIUM EXTENSION_DIR PROFILE_DIR LOG URL
# What `make start` does once its servers are up: with a display, opens Chromium (CHROMIUM_PID)
# and says so only if it is still running; otherwise, or when it is not, says why and how to load
# the extension by hand. The servers keep running either way.
offer_browser() {
  if ! has_display; then
    echo "No display (\$DISPLAY and \$WAYLAND_DISPLAY are empty), so Chromium was not started."
    print_load_by_hand "$3"
  elif open_chromium "$@"; then
    echo "Click the Encore icon in the toolbar (pin it from the puzzle-piece menu) to sign up."
    echo "Closing Chromium leaves the servers running."
  else
    print_load_by_hand "$3"
  fi
}
