#!/usr/bin/env bash
# `make start`: builds the extension against local servers, starts the backend (SQLite), the dev
# catalog (dev mode) and the demo music site, opens Chromium with Encore loaded when there is a
# display, and prints what runs where. Ctrl-C stops everything it started.
set -euo pipefail
cd "$(dirname "$0")/.."

BACKEND_PORT="${BACKEND_PORT:-8787}"
CATALOG_PORT="${CATALOG_PORT:-8790}"
DEMO_PORT="${DEMO_PORT:-8800}"
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
DATA_DIR="$PWD/data"
EXTENSION_DIR="$PWD/.output/chrome-mv3"
BACKEND_URL="http://127.0.0.1:${BACKEND_PORT}"
CATALOG_URL="http://127.0.0.1:${CATALOG_PORT}/"
DEMO_URL="http://127.0.0.1:${DEMO_PORT}/"
TSX="$PWD/node_modules/.bin/tsx"
mkdir -p "$DATA_DIR/logs"

pids=()
stop_all() {
  trap - INT TERM EXIT
  echo
  echo "Stopping…"
  # Each service runs in its own process group (setsid): stop the group, children included.
  for pid in "${pids[@]}"; do kill -TERM -- "-$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap stop_all INT TERM EXIT

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
for port in "$BACKEND_PORT" "$CATALOG_PORT" "$DEMO_PORT"; do
  port_free "$port" || { echo "Port $port is in use: stop what runs there, or set *_PORT." >&2; exit 1; }
done

# start NAME LOGFILE COMMAND...: runs COMMAND in its own process group, output to LOGFILE.
start() {
  local name="$1" log="$2"
  shift 2
  setsid "$@" >"$log" 2>&1 &
  pids+=("$!")
  echo "  started $name (log: ${log#"$PWD"/})"
}

wait_for() {
  local name="$1" url="$2"
  for _ in $(seq 1 100); do
    if curl -fsS -o /dev/null "$url" 2>/dev/null; then return 0; fi
    sleep 0.2
  done
  echo "$name did not come up at $url; see data/logs/" >&2
  exit 1
}

echo "Building the extension (backend $BACKEND_URL, catalog $CATALOG_URL)…"
WXT_BACKEND_URL="$BACKEND_URL" WXT_CATALOG_HOST_LIST_URL="$CATALOG_URL" WXT_APP_NAME=encore \
  ENCORE_OUT_DIR=.output npx wxt build >"$DATA_DIR/logs/build.log" 2>&1 ||
  { cat "$DATA_DIR/logs/build.log" >&2; exit 1; }

echo "Starting servers:"
start "backend" "$DATA_DIR/logs/backend.log" env PORT="$BACKEND_PORT" \
  DATABASE_URL="${DATABASE_URL:-sqlite:$DATA_DIR/encore.sqlite}" "$TSX" server/main.ts
start "dev catalog" "$DATA_DIR/logs/catalog.log" env CATALOG_PORT="$CATALOG_PORT" CATALOG_DEV=1 \
  "$TSX" server/catalog/main.ts
start "demo site" "$DATA_DIR/logs/demo.log" env DEMO_PORT="$DEMO_PORT" \
  CATALOG_HOST_LIST_URL="$CATALOG_URL" "$TSX" demo/server/main.ts

wait_for "backend" "$BACKEND_URL/health"
wait_for "dev catalog" "$CATALOG_URL"
wait_for "demo site" "$DEMO_URL"

opened=false
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [ -x "$CHROMIUM" ]; then
  start "Chromium" "$DATA_DIR/logs/chromium.log" "$CHROMIUM" \
    --user-data-dir="$DATA_DIR/chromium-profile" \
    --disable-extensions-except="$EXTENSION_DIR" --load-extension="$EXTENSION_DIR" \
    --no-first-run --no-default-browser-check \
    "$DEMO_URL"
  opened=true
fi

cat <<INFO

Encore is running:
  wallet backend   $BACKEND_URL   (SQLite: ${DATABASE_URL:-data/encore.sqlite})
  dev catalog      $CATALOG_URL   (dev mode: POST ${CATALOG_URL}dev/wallets {userId, wallet})
  demo music site  $DEMO_URL
  extension        $EXTENSION_DIR
INFO
if $opened; then
  echo "Chromium is open with Encore loaded (profile: data/chromium-profile). Click the Encore"
  echo "icon in the toolbar (pin it from the puzzle-piece menu) to sign up."
else
  echo "No display found, so Chromium was not started. To try Encore in your own Chromium:"
  echo "  1. open chrome://extensions and switch on Developer mode"
  echo "  2. Load unpacked → choose $EXTENSION_DIR"
  echo "  3. click the Encore icon in the toolbar and sign up"
fi
echo
echo "Logs in data/logs/. Press Ctrl-C to stop everything."
wait
