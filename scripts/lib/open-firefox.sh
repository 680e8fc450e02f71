# Sourced by scripts/start.sh (and its tests) for `make start BROWSER=firefox`: opens Firefox with
# the built add-on installed temporarily through Mozilla's `web-ext run`, or says plainly why it
# did not and how to load the add-on by hand. Never claims a browser that is not running: the
# process is checked a few seconds after launch. has_display and still_running come from
# open-chromium.sh.

# print_firefox_load_by_hand EXTENSION_DIR
print_firefox_load_by_hand() {
  echo "To try Encore in your own Firefox (140 or later; the servers keep running):"
  echo "  1. open about:debugging#/runtime/this-firefox"
  echo "  2. Load Temporary Add-on… → choose $1/manifest.json"
  echo "  3. click the Encore icon in the toolbar (from the puzzle-piece menu) and sign up"
}

# open_firefox WEB_EXT FIREFOX EXTENSION_DIR PROFILE_DIR LOG URL
# Starts `web-ext run` in its own process group (FIREFOX_PID), output to LOG, and checks it is
# still running FIREFOX_CHECK_SECONDS (whole seconds, default 5) later. Returns 0 when it is, 1
# (after saying why, with the tail of LOG) when it is not or could not start.
open_firefox() {
  local web_ext="$1" firefox="$2" extension="$3" profile="$4" log="$5" url="$6"
  local check_seconds="${FIREFOX_CHECK_SECONDS:-5}"
  [[ "$check_seconds" =~ ^[0-9]+$ ]] || check_seconds=5
  FIREFOX_PID=""
  if [ ! -x "$firefox" ]; then
    echo "Firefox was not started: no executable at $firefox (set FIREFOX_PATH)."
    return 1
  fi
  if [ ! -f "$extension/manifest.json" ]; then
    echo "Firefox was not started: no built add-on at $extension (manifest.json missing)."
    return 1
  fi
  mkdir -p "$profile"
  # The profile is kept (storage, the add-on's uuid), and web-ext does not watch the folder:
  # `make start` builds once.
  setsid "$web_ext" run --source-dir "$extension" --firefox "$firefox" \
    --firefox-profile "$profile" --keep-profile-changes --no-reload --no-input \
    --start-url "$url" >"$log" 2>&1 &
  FIREFOX_PID=$!
  # The caller may list the browser's group (scripts/start.sh does, for its stop handler).
  if declare -F browser_started >/dev/null; then browser_started "$FIREFOX_PID" Firefox; fi

  if still_running "$FIREFOX_PID" "$check_seconds"; then
    echo "Firefox is open (pid $FIREFOX_PID) with Encore installed from $extension."
    return 0
  fi

  local status=0
  wait "$FIREFOX_PID" 2>/dev/null || status=$?
  FIREFOX_PID=""
  echo "Firefox exited at once (exit status $status): Encore is NOT open in a browser."
  echo "Last lines of $log:"
  tail -n 15 "$log" | sed 's/^/    /' || true
  return 1
}

# offer_firefox WEB_EXT FIREFOX EXTENSION_DIR PROFILE_DIR LOG URL
# The Firefox half of `make start`'s browser step: with a display, opens Firefox (FIREFOX_PID) and
# says so only if it is still running; otherwise, or when it is not, says why and how to load the
# add-on by hand. The servers keep running either way.
offer_firefox() {
  if ! has_display; then
    echo "No display (\$DISPLAY and \$WAYLAND_DISPLAY are empty), so Firefox was not started."
    print_firefox_load_by_hand "$3"
  elif open_firefox "$@"; then
    echo "Click the Encore icon in the toolbar (pin it from the puzzle-piece menu) to sign up."
    echo "Closing Firefox leaves the servers running."
  else
    print_firefox_load_by_hand "$3"
  fi
}
