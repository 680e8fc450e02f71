#!/usr/bin/env bash
# `make stop`: stops what a `make start` still has running, from another terminal or after it was
# killed in a way that left something behind: every process group listed in data/start.pids
# (ENCORE_DATA_DIR/start.pids) that is still the one started then (scripts/lib/process-groups.sh).
# A `make start` still running sees its services end and leaves too.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib/process-groups.sh
source scripts/lib/process-groups.sh

DATA_DIR="${ENCORE_DATA_DIR:-$PWD/data}"
stopped=$(groups_stop "$DATA_DIR/start.pids")
if [ -n "$stopped" ]; then
  echo "Stopped what make start had running:"
  printf '%s\n' "$stopped" | while read -r pgid name; do echo "  $name (process group $pgid)"; done
else
  echo "Nothing that make start started is running."
fi
