#!/usr/bin/env bash
# `make start`: builds the extension against local servers, starts the backend (SQLite), the dev
# catalog (dev mode), the local chain (with the demo contracts) and the demo music site (with its
# relayer), opens Chromium (or, with ENCORE_BROWSER=firefox, which `make start BROWSER=firefox`
# sets, Firefox) with Encore loaded when there is a display (or says how to load it by hand), and
# prints what runs where. Ctrl-C stops everything it started.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib/open-chromium.sh
source scripts/lib/open-chromium.sh
# shellcheck source=scripts/lib/open-firefox.sh
source scripts/lib/open-firefox.sh

BACKEND_PORT="${BACKEND_PORT:-8787}"
CATALOG_PORT="${CATALOG_PORT:-8790}"
CATALOG_HOSTS="${CATALOG_HOSTS:-3}"
DEMO_PORT="${DEMO_PORT:-8800}"
CHAIN_PORT="${CHAIN_PORT:-8545}"
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
FIREFOX="${FIREFOX_PATH:-/usr/bin/firefox-esr}"
DATA_DIR="$PWD/data"
case "${ENCORE_BROWSER:-chromium}" in
  chromium) EXTENSION_DIR="$PWD/.output/chrome-mv3"; BUILD_TARGET=() ;;
  firefox) EXTENSION_DIR="$PWD/.output/firefox-mv3"; BUILD_TARGET=(-b firefox --mv3) ;;
  *) echo "BROWSER must be chromium or firefox (got '$ENCORE_BROWSER')." >&2; exit 2 ;;
esac
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
  # Each service and the browser (CHROMIUM_PID or FIREFOX_PID, set by open_chromium or
  # open_firefox) runs in its own process group (setsid): stop the group, children included.
  for pid in "${pids[@]}" ${CHROMIUM_PID:-} ${FIREFOX_PID:-}; do kill -TERM -- "-$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap stop_all INT TERM EXIT

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
# The dev catalog's API hosts listen on the ports after CATALOG_PORT.
catalog_ports=$(seq "$CATALOG_PORT" $((CATALOG_PORT + CATALOG_HOSTS)))
for port in "$BACKEND_PORT" $catalog_ports "$DEMO_PORT" "$CHAIN_PORT"; do
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

# The local chain first: the extension's build takes the delegate it deploys (WXT_DELEGATES) and
# the backend's sponsor service its contracts. `npm run chain` prints the addresses and the
# (public, local-only) keys as NAME=value lines.
echo "Starting servers:"
start "local chain" "$DATA_DIR/logs/chain.log" env CHAIN_PORT="$CHAIN_PORT" "$TSX" chain/main.ts
chain_value() { grep -m1 "^$1=" "$DATA_DIR/logs/chain.log" 2>/dev/null | cut -d= -f2; }
for _ in $(seq 1 600); do
  [ -n "$(chain_value SPONSOR_KEY)" ] && break
  sleep 0.2
done
FAVORITES_ADDRESS="$(chain_value FAVORITES_ADDRESS)"
[ -n "$FAVORITES_ADDRESS" ] || { echo "The local chain did not deploy the demo contracts; see data/logs/chain.log" >&2; exit 1; }
CHAIN_RPC_URL="$(chain_value CHAIN_RPC_URL)"
FAN_ACTIONS_ADDRESS="$(chain_value FAN_ACTIONS_ADDRESS)"

# The local chain (31337) gets the RPC URL of the chain started above, so sites read it at once.
CHAIN_URL="http://127.0.0.1:${CHAIN_PORT}"
echo "Building the extension (backend $BACKEND_URL, catalog $CATALOG_URL, chain 31337 at $CHAIN_URL)…"
WXT_BACKEND_URL="$BACKEND_URL" WXT_CATALOG_HOST_LIST_URL="$CATALOG_URL" WXT_APP_NAME=encore \
  WXT_RPC_URLS="{\"31337\":\"$CHAIN_URL\"}" WXT_DELEGATES="$(chain_value WXT_DELEGATES)" \
  ENCORE_OUT_DIR=.output npx wxt build "${BUILD_TARGET[@]}" >"$DATA_DIR/logs/build.log" 2>&1 ||
  { cat "$DATA_DIR/logs/build.log" >&2; exit 1; }

# The backend's sponsor service pays for favorites and follows on FanActions, and its funding hook
# gives each new listener 0.1 ETH on the local chain, so they can pay for a tip at once (see
# docs/backend.md; a developer signs up many times a day from 127.0.0.1, hence the client budget).
start "backend" "$DATA_DIR/logs/backend.log" env PORT="$BACKEND_PORT" \
  DATABASE_URL="${DATABASE_URL:-sqlite:$DATA_DIR/encore.sqlite}" \
  FUNDING_RPC_URL="$CHAIN_RPC_URL" FUNDING_KEY="$(chain_value FUNDING_KEY)" \
  FUNDING_AMOUNT_WEI=100000000000000000 FUNDING_PER_CLIENT_PER_DAY=1000 \
  SPONSOR_RPC_URL="$CHAIN_RPC_URL" SPONSOR_KEY="$(chain_value SPONSOR_KEY)" \
  SPONSOR_ENTRY_POINT="$(chain_value ENTRY_POINT_ADDRESS)" SPONSOR_DELEGATE="$(chain_value DELEGATE_ADDRESS)" \
  SPONSOR_ALLOWED_CALLS="$FAN_ACTIONS_ADDRESS:favorite(string),$FAN_ACTIONS_ADDRESS:follow(string)" \
  "$TSX" server/main.ts
start "dev catalog" "$DATA_DIR/logs/catalog.log" env CATALOG_PORT="$CATALOG_PORT" \
  CATALOG_HOSTS="$CATALOG_HOSTS" CATALOG_DEV=1 \
  "$TSX" dev-catalog/main.ts
start "demo site" "$DATA_DIR/logs/demo.log" env DEMO_PORT="$DEMO_PORT" \
  CATALOG_HOST_LIST_URL="$CATALOG_URL" CHAIN_RPC_URL="$CHAIN_RPC_URL" \
  RELAYER_KEY="$(chain_value RELAYER_KEY)" FAVORITES_ADDRESS="$FAVORITES_ADDRESS" \
  SPONSOR_URL="$BACKEND_URL/sponsor" FAN_ACTIONS_ADDRESS="$FAN_ACTIONS_ADDRESS" \
  "$TSX" demo/server/main.ts

wait_for "backend" "$BACKEND_URL/health"
wait_for "dev catalog" "$CATALOG_URL"
wait_for "demo site" "$DEMO_URL"

cat <<INFO

Encore is running:
  wallet backend   $BACKEND_URL   (SQLite: ${DATABASE_URL:-data/encore.sqlite})
  dev catalog      $CATALOG_URL   (dev mode: POST ${CATALOG_URL}dev/wallets {handle, wallet})
  demo music site  $DEMO_URL   (pays for favorites and follows, through the sponsor service)
  local chain      $CHAIN_RPC_URL   (chain id 31337; Favorites at $FAVORITES_ADDRESS)
  sponsor service  $BACKEND_URL/sponsor   (pays for favorite/follow on FanActions at $FAN_ACTIONS_ADDRESS)
  funding hook     pays 0.1 ETH on the local chain to each new listener's address
  extension        $EXTENSION_DIR

INFO
if [ "${ENCORE_BROWSER:-chromium}" = firefox ]; then
  offer_firefox "$PWD/node_modules/.bin/web-ext" "$FIREFOX" "$EXTENSION_DIR" \
    "$DATA_DIR/firefox-profile" "$DATA_DIR/logs/firefox.log" "$DEMO_URL"
else
  offer_browser "$(id -u)" "$CHROMIUM" "$EXTENSION_DIR" "$DATA_DIR/chromium-profile" \
    "$DATA_DIR/logs/chromium.log" "$DEMO_URL"
fi
echo
echo "Logs in data/logs/. Press Ctrl-C to stop everything."
wait
