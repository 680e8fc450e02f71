#!/usr/bin/env bash
# `make start`: builds the extension against local servers, starts the backend (SQLite), the dev
# catalog (dev mode), the local chain (with the demo contracts) and the demo music site (with its
# relayer), opens Chromium (or, with ENCORE_BROWSER=firefox, which `make start BROWSER=firefox`
# sets, Firefox) with Encore loaded when there is a display (or says how to load it by hand), and
# prints what runs where. Ctrl-C, SIGTERM, SIGHUP (a closed terminal) or an error stop everything it
# started; when the script is killed outright, its watchdog does (scripts/lib/watchdog.sh).
#
# For its tests: ENCORE_DATA_DIR (instead of data/), ENCORE_BROWSER=none (no browser) and
# ENCORE_START_SKIP_BUILD=1 (keep whatever is in .output) make a quick run on other ports.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib/open-chromium.sh
source scripts/lib/open-chromium.sh
# shellcheck source=scripts/lib/open-firefox.sh
source scripts/lib/open-firefox.sh
# shellcheck source=scripts/lib/process-groups.sh
source scripts/lib/process-groups.sh
# shellcheck source=scripts/lib/port-holder.sh
source scripts/lib/port-holder.sh
# shellcheck source=scripts/lib/start-lock.sh
source scripts/lib/start-lock.sh

BACKEND_PORT="${BACKEND_PORT:-8787}"
KEY_HOLDER_PORT="${KEY_HOLDER_PORT:-8789}"
CATALOG_PORT="${CATALOG_PORT:-8790}"
CATALOG_HOSTS="${CATALOG_HOSTS:-3}"
DEMO_PORT="${DEMO_PORT:-8800}"
CHAIN_PORT="${CHAIN_PORT:-8545}"
BUNDLER_PORT="${BUNDLER_PORT:-4337}"
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
FIREFOX="${FIREFOX_PATH:-/usr/bin/firefox-esr}"
DATA_DIR="${ENCORE_DATA_DIR:-$PWD/data}"
case "${ENCORE_BROWSER:-chromium}" in
  chromium | none) EXTENSION_DIR="$PWD/.output/chrome-mv3"; BUILD_TARGET=() ;;
  firefox) EXTENSION_DIR="$PWD/.output/firefox-mv3"; BUILD_TARGET=(-b firefox --mv3) ;;
  *) echo "BROWSER must be chromium, firefox or none (got '$ENCORE_BROWSER')." >&2; exit 2 ;;
esac
BACKEND_URL="http://127.0.0.1:${BACKEND_PORT}"
KEY_HOLDER_URL="http://127.0.0.1:${KEY_HOLDER_PORT}"
CATALOG_URL="http://127.0.0.1:${CATALOG_PORT}/"
DEMO_URL="http://127.0.0.1:${DEMO_PORT}/"
TSX="$PWD/node_modules/.bin/tsx"
# The @encore-wallet/* packages from their sources, as npm scripts get them (.npmrc).
export NODE_OPTIONS="--conditions=@encore-wallet/source${NODE_OPTIONS:+ $NODE_OPTIONS}"
LOGS="$DATA_DIR/logs"
LOGS_SHOWN="${LOGS#"$PWD"/}/"
# The process groups this run starts, for its stop handler, its watchdog and `make stop`.
PIDS_FILE="$DATA_DIR/start.pids"
# Held by this run's watchdog (scripts/lib/start-lock.sh).
LOCK_FILE="$DATA_DIR/start.lock"
mkdir -p "$LOGS"

# A run killed outright (SIGKILL) a moment ago still has its watchdog stopping its services: wait
# for that (a few seconds) before looking at what is in the way.
lock_wait_for_cleanup "$LOCK_FILE" 60

# Before anything starts: what would be in the way. Each problem is reported, then the script
# leaves with nothing of its own to stop (no handler is set yet: the pids file may still list an
# earlier run's groups, which are not this run's to stop).
port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
blocked=0
# check_port VARIABLE PORT: says who holds PORT, if anyone, and which setting moves it.
check_port() {
  port_free "$2" && return 0
  echo "Port $2 is in use, $(port_holder "$2"): stop what runs there, or set $1." >&2
  blocked=1
}
check_port BACKEND_PORT "$BACKEND_PORT"
check_port KEY_HOLDER_PORT "$KEY_HOLDER_PORT"
# The dev catalog's API hosts listen on the ports after CATALOG_PORT.
for port in $(seq "$CATALOG_PORT" $((CATALOG_PORT + CATALOG_HOSTS))); do
  check_port CATALOG_PORT "$port"
done
check_port DEMO_PORT "$DEMO_PORT"
check_port CHAIN_PORT "$CHAIN_PORT"
check_port BUNDLER_PORT "$BUNDLER_PORT"
leftovers=$(groups_alive "$PIDS_FILE")
if [ -n "$leftovers" ]; then
  stop_command="make stop"
  [ -z "${ENCORE_DATA_DIR:-}" ] || stop_command="ENCORE_DATA_DIR=$ENCORE_DATA_DIR make stop"
  names=$(cut -d' ' -f2- <<<"$leftovers" | paste -sd,)
  echo "An earlier \`make start\` still runs (${names//,/, }: process groups" \
    "$(cut -d' ' -f1 <<<"$leftovers" | paste -sd' '))." \
    "Stop it with Ctrl-C where it runs, or with \`$stop_command\`." >&2
  blocked=1
fi
[ "$blocked" -eq 0 ] || exit 1
rm -f "$PIDS_FILE"

# say LINE...: prints each LINE, or nothing when the output is gone (a closed pipe or terminal).
say() { printf '%s\n' "$@" 2>/dev/null || true; }

# stop_all: what every way out of the script runs (Ctrl-C, SIGTERM, SIGHUP, a closed output, an
# error, the services' end). It kills first and prints after, and a failed print is no error: with
# `make start | tee start.log`, Ctrl-C has killed tee too, and a write to its pipe fails (EPIPE,
# or SIGPIPE, which would end bash before it stopped anything).
stop_all() {
  trap '' PIPE
  trap - INT TERM HUP EXIT
  local stopped
  stopped=$(groups_stop "$PIDS_FILE" | cut -d' ' -f2- | services_of | paste -sd,) || true
  [ -z "$stopped" ] || tell_stopped "Stopped: ${stopped//,/, }."
}
# services_of: each stopped group's name (one a line) as the services it ran: the bundler runs in
# the local chain's group, so stopping that group stopped both.
services_of() { sed 's/^local chain$/local chain\nbundler/'; }
# tell_stopped LINE: the stop line where a person finds it. Always in data/logs/start.log; on the
# output when it is still there, else (its reader, tee, died of the same Ctrl-C) on stderr, which
# a pipeline leaves on the terminal, else on the terminal itself (/dev/tty).
tell_stopped() {
  { printf '%s %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$1" >>"$LOGS/start.log"; } 2>/dev/null || true
  { printf '\n%s\n' "$1"; } 2>/dev/null && return 0
  printf '\n%s\n' "$1" >&2 && return 0
  { printf '\n%s\n' "$1" >/dev/tty; } 2>/dev/null || true
}
# on_signal SIGNAL: stops everything, then ends the script by SIGNAL itself, so that make (or a
# shell) sees how it ended; the exit status is the fallback when the signal is ignored.
on_signal() {
  stop_all
  trap - "$1"
  kill -s "$1" "$$"
  exit "$2"
}
trap 'on_signal INT 130' INT
trap 'on_signal TERM 143' TERM
trap 'on_signal HUP 129' HUP
trap 'on_signal PIPE 141' PIPE
trap stop_all EXIT
# The watchdog covers SIGKILL, which no handler sees. Started from a subshell so that it is not this
# script's child (the final `wait` would wait for it too), with no terminal and no pipe to hold.
(setsid bash scripts/lib/watchdog.sh "$$" "$PIDS_FILE" "$LOCK_FILE" </dev/null >>"$LOGS/watchdog.log" 2>&1 &)

# start NAME LOGFILE COMMAND...: runs COMMAND in its own process group (listed in PIDS_FILE),
# output to LOGFILE. The group's leader is STARTED_PID.
start() {
  local name="$1" log="$2"
  shift 2
  setsid "$@" >"$log" 2>&1 &
  STARTED_PID=$!
  group_record "$PIDS_FILE" "$STARTED_PID" "$name"
  echo "  started $name (log: ${log#"$PWD"/})"
}
# Called by open_chromium and open_firefox as soon as the browser is launched, before they check
# that it keeps running.
browser_started() { group_record "$PIDS_FILE" "$1" "$2"; }

# Up to a minute each: on a busy two-core machine the servers' first start (tsx compiling them,
# beside the chain's bundler warming up) has taken over 20 s.
wait_for() {
  local name="$1" url="$2"
  for _ in $(seq 1 300); do
    # Bounded: a signal's handler waits for the command in the foreground.
    if curl -fsS --max-time 2 -o /dev/null "$url" 2>/dev/null; then return 0; fi
    sleep 0.2
  done
  echo "$name did not come up at $url; see $LOGS_SHOWN" >&2
  exit 1
}

# The local chain first: the extension's build takes the delegate it deploys (WXT_DELEGATES) and
# the backend's sponsor service its contracts. `npm run chain` also runs the ERC-4337 bundler
# (Alto, a child of the chain's process, in its process group) and prints the addresses and the
# (public, local-only) keys as NAME=value lines.
echo "Starting servers:"
start "local chain" "$LOGS/chain.log" env CHAIN_PORT="$CHAIN_PORT" \
  BUNDLER_PORT="$BUNDLER_PORT" "$TSX" chain/main.ts
chain_value() { grep -m1 "^$1=" "$LOGS/chain.log" 2>/dev/null | cut -d= -f2; }
for _ in $(seq 1 1200); do
  [ -n "$(chain_value SPONSOR_KEY)" ] && break
  sleep 0.2
done
FAVORITES_ADDRESS="$(chain_value FAVORITES_ADDRESS)"
[ -n "$FAVORITES_ADDRESS" ] || { echo "The local chain did not deploy the demo contracts; see ${LOGS_SHOWN}chain.log" >&2; exit 1; }
CHAIN_RPC_URL="$(chain_value CHAIN_RPC_URL)"
FAN_ACTIONS_ADDRESS="$(chain_value FAN_ACTIONS_ADDRESS)"

# The local chain (31337) gets the RPC URL of the chain started above, so sites read it at once.
CHAIN_URL="http://127.0.0.1:${CHAIN_PORT}"

# The key holder's key is made once per data directory, so what is hardened under it keeps opening
# from one run to the next; the build pins its current key (id and public key, as `public-keys`
# prints them: "<id> <hex> (current)").
KEY_HOLDER_KEYS_FILE="$DATA_DIR/key-holder-keys.json"
[ -f "$KEY_HOLDER_KEYS_FILE" ] ||
  "$TSX" packages/key-holder/src/main.ts add-key --file "$KEY_HOLDER_KEYS_FILE" --id local-1 >/dev/null
KEY_HOLDER_CURRENT="$("$TSX" packages/key-holder/src/main.ts public-keys --file "$KEY_HOLDER_KEYS_FILE" | grep -m1 ' (current)$')" ||
  { echo "No current key in ${KEY_HOLDER_KEYS_FILE#"$PWD"/}." >&2; exit 1; }
KEY_HOLDER_KEY_ID="${KEY_HOLDER_CURRENT%% *}"
KEY_HOLDER_PUBLIC_KEY="$(cut -d' ' -f2 <<<"$KEY_HOLDER_CURRENT")"
if [ "${ENCORE_START_SKIP_BUILD:-}" = 1 ]; then
  echo "Not building the extension (ENCORE_START_SKIP_BUILD=1): .output stays as it is."
else
  echo "Building the extension (backend $BACKEND_URL, catalog $CATALOG_URL, chain 31337 at $CHAIN_URL, key holder $KEY_HOLDER_URL key $KEY_HOLDER_KEY_ID)…"
  # In the background, as a group of its own, waited for: bash runs a handler only once the
  # command in the foreground returns, and a build takes a minute.
  start "extension build" "$LOGS/build.log" env WXT_BACKEND_URL="$BACKEND_URL" \
    WXT_CATALOG_HOST_LIST_URL="$CATALOG_URL" WXT_APP_NAME=encore \
    WXT_RPC_URLS="{\"31337\":\"$CHAIN_URL\"}" WXT_DELEGATES="$(chain_value WXT_DELEGATES)" \
    WXT_BUNDLER_URLS="{\"31337\":\"$(chain_value BUNDLER_URL)\"}" \
    WXT_KEY_HOLDER_URL="$KEY_HOLDER_URL" WXT_KEY_HOLDER_KEY_ID="$KEY_HOLDER_KEY_ID" \
    WXT_KEY_HOLDER_PUBLIC_KEY="$KEY_HOLDER_PUBLIC_KEY" \
    ENCORE_OUT_DIR=.output npx wxt build "${BUILD_TARGET[@]}"
  wait "$STARTED_PID" || { cat "$LOGS/build.log" >&2; exit 1; }
fi

# The backend's sponsor service pays for favorites and follows on FanActions, and its funding hook
# gives each new listener 0.1 ETH on the local chain, so they can pay for a tip at once (see
# docs/backend.md; a developer signs up many times a day from 127.0.0.1, hence the client budget).
start "backend" "$LOGS/backend.log" env PORT="$BACKEND_PORT" \
  DATABASE_URL="${DATABASE_URL:-sqlite:$DATA_DIR/encore.sqlite}" \
  FUNDING_RPC_URL="$CHAIN_RPC_URL" FUNDING_KEY="$(chain_value FUNDING_KEY)" \
  FUNDING_AMOUNT_WEI=100000000000000000 FUNDING_PER_CLIENT_PER_DAY=1000 \
  SPONSOR_RPC_URL="$CHAIN_RPC_URL" SPONSOR_KEY="$(chain_value SPONSOR_KEY)" \
  SPONSOR_ENTRY_POINT="$(chain_value ENTRY_POINT_ADDRESS)" SPONSOR_DELEGATE="$(chain_value DELEGATE_ADDRESS)" \
  SPONSOR_ALLOWED_CALLS="$FAN_ACTIONS_ADDRESS:favorite(string),$FAN_ACTIONS_ADDRESS:follow(string)" \
  SPONSOR_PAYMASTER="$(chain_value PAYMASTER_ADDRESS)" \
  "$TSX" packages/server/src/main.ts
# The oblivious key holder (docs/key-holder.md): a process and a store of its own, with the key
# made before the build (above).
start "key holder" "$LOGS/key-holder.log" env KEY_HOLDER_PORT="$KEY_HOLDER_PORT" \
  KEY_HOLDER_KEYS_FILE="$KEY_HOLDER_KEYS_FILE" KEY_HOLDER_DATABASE_URL="sqlite:$DATA_DIR/key-holder.sqlite" \
  "$TSX" packages/key-holder/src/main.ts
start "dev catalog" "$LOGS/catalog.log" env CATALOG_PORT="$CATALOG_PORT" \
  CATALOG_HOSTS="$CATALOG_HOSTS" CATALOG_DEV=1 \
  "$TSX" dev-catalog/main.ts
start "demo site" "$LOGS/demo.log" env DEMO_PORT="$DEMO_PORT" \
  CATALOG_HOST_LIST_URL="$CATALOG_URL" CHAIN_RPC_URL="$CHAIN_RPC_URL" \
  RELAYER_KEY="$(chain_value RELAYER_KEY)" FAVORITES_ADDRESS="$FAVORITES_ADDRESS" \
  SPONSOR_URL="$BACKEND_URL/sponsor" FAN_ACTIONS_ADDRESS="$FAN_ACTIONS_ADDRESS" \
  PAYMASTER_URL="$BACKEND_URL/paymaster" \
  SUPPORT_SESSION_KEY="$(chain_value SUPPORT_SESSION_KEY)" \
  DELEGATION_MANAGER_ADDRESS="$(chain_value DELEGATION_MANAGER_ADDRESS)" \
  NATIVE_TOKEN_PERIOD_TRANSFER_ENFORCER_ADDRESS="$(chain_value NATIVE_TOKEN_PERIOD_TRANSFER_ENFORCER_ADDRESS)" \
  TIMESTAMP_ENFORCER_ADDRESS="$(chain_value TIMESTAMP_ENFORCER_ADDRESS)" \
  "$TSX" demo/server/main.ts

wait_for "backend" "$BACKEND_URL/health"
wait_for "key holder" "$KEY_HOLDER_URL/health"
wait_for "dev catalog" "$CATALOG_URL"
wait_for "demo site" "$DEMO_URL"

cat <<INFO

Encore is running:
  wallet backend   $BACKEND_URL   (SQLite: ${DATABASE_URL:-${DATA_DIR#"$PWD"/}/encore.sqlite})
  key holder       $KEY_HOLDER_URL   (RFC 9497 POPRF; the build pins key $KEY_HOLDER_KEY_ID; key file ${KEY_HOLDER_KEYS_FILE#"$PWD"/})
  dev catalog      $CATALOG_URL   (dev mode: POST ${CATALOG_URL}dev/wallets {handle, wallet})
  demo music site  $DEMO_URL   (pays for favorites and follows, through the sponsor service; charges "Support the artist" monthly)
  local chain      $CHAIN_RPC_URL   (chain id 31337; Favorites at $FAVORITES_ADDRESS)
  bundler          $(chain_value BUNDLER_URL)   (Alto, ERC-4337 v0.8 EntryPoint $(chain_value ENTRY_POINT_ADDRESS))
  sponsor service  $BACKEND_URL/sponsor   (pays for favorite/follow on FanActions at $FAN_ACTIONS_ADDRESS)
  paymaster        $BACKEND_URL/paymaster   (ERC-7677, for EncorePaymaster at $(chain_value PAYMASTER_ADDRESS))
  funding hook     pays 0.1 ETH on the local chain to each new listener's address
  extension        $EXTENSION_DIR

INFO
case "${ENCORE_BROWSER:-chromium}" in
  firefox)
    offer_firefox "$PWD/node_modules/.bin/web-ext" "$FIREFOX" "$EXTENSION_DIR" \
      "$DATA_DIR/firefox-profile" "$LOGS/firefox.log" "$DEMO_URL"
    ;;
  none)
    echo "No browser started (ENCORE_BROWSER=none)."
    print_load_by_hand "$EXTENSION_DIR"
    ;;
  *)
    offer_browser "$(id -u)" "$CHROMIUM" "$EXTENSION_DIR" "$DATA_DIR/chromium-profile" \
      "$LOGS/chromium.log" "$DEMO_URL"
    ;;
esac
echo
echo "A month later on the chain's clock (\"Support the artist\" charges again): \`npm run chain:advance\`."
echo "Logs in $LOGS_SHOWN. Press Ctrl-C to stop everything (or, from elsewhere, \`make stop\`)."
wait
