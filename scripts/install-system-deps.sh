#!/usr/bin/env bash
# Installs the Debian packages `make start` and `make test` need, only those that are missing (a
# quick no-op when everything is there). `--dry-run` prints what it would install, changing nothing.
#   chromium (+ fonts-liberation)  browser tests and `make start` (CHROMIUM_PATH, default
#                                  /usr/bin/chromium)
#   firefox-esr   the Firefox suite and `make start BROWSER=firefox` (FIREFOX_PATH, default
#                 /usr/bin/firefox-esr); Debian's package, never a browser downloaded by npm
#   postgresql    initdb, pg_ctl and postgres for the integration suites' throwaway clusters
#                 (in PG_BIN when set, else in any /usr/lib/postgresql/*/bin)
#   util-linux    flock (browser tests serialise extension builds), setsid (`make start`), runuser
#                 (the clusters run as the postgres user when the suites run as root)
#   curl          `make start` waits for its servers with it
#   g++ make python3  npm compiles better-sqlite3 when no prebuilt binary can be downloaded
# Node is a prerequisite, not installed here: Debian's own is older than Encore needs (20.19).
set -euo pipefail

dry_run=false
case "${1:-}" in
  --dry-run) dry_run=true ;;
  "") ;;
  *) echo "usage: $0 [--dry-run]" >&2; exit 2 ;;
esac

if ! command -v node >/dev/null; then
  echo "Encore needs Node.js 20.19 or later, and no node is on PATH: install it first." >&2
  exit 1
fi
node_version="$(node --version)"
IFS=. read -r node_major node_minor _ <<<"${node_version#v}"
node_new_enough() {
  [[ "$node_major" =~ ^[0-9]+$ && "$node_minor" =~ ^[0-9]+$ ]] || return 1
  ((node_major > 20 || (node_major == 20 && node_minor >= 19)))
}
if ! node_new_enough; then
  echo "Encore needs Node.js 20.19 or later; this is $node_version: install a newer one." >&2
  exit 1
fi

pg_tools_in() { [ -x "$1/postgres" ] && [ -x "$1/initdb" ] && [ -x "$1/pg_ctl" ]; }
postgres_found() {
  if [ -n "${PG_BIN:-}" ]; then
    pg_tools_in "$PG_BIN"
    return
  fi
  local dir
  for dir in /usr/lib/postgresql/*/bin; do
    if pg_tools_in "$dir"; then return 0; fi
  done
  return 1
}

# missing_packages: the Debian packages to install, space-separated (empty when none).
missing_packages() {
  local -a missing=()
  [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium fonts-liberation)
  [ -x "${FIREFOX_PATH:-/usr/bin/firefox-esr}" ] || missing+=(firefox-esr)
  postgres_found || missing+=(postgresql)
  local -a util_linux=(flock setsid)
  # runuser lives in /usr/sbin (often not on a user's PATH) and is only used as root.
  if [ "$(id -u)" -eq 0 ]; then util_linux+=(runuser); fi
  local tool
  for tool in "${util_linux[@]}"; do
    if ! command -v "$tool" >/dev/null; then
      missing+=(util-linux)
      break
    fi
  done
  for tool in curl g++ make python3; do
    command -v "$tool" >/dev/null || missing+=("$tool")
  done
  echo "${missing[*]}"
}

read -r -a missing <<<"$(missing_packages)"
if [ ${#missing[@]} -eq 0 ]; then
  if $dry_run; then echo "nothing to install"; fi
  exit 0
fi
if $dry_run; then
  echo "would install: ${missing[*]}"
  exit 0
fi

as_root() {
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  elif command -v sudo >/dev/null; then
    sudo "$@"
  else
    echo "Need root (or sudo) to install: ${missing[*]}" >&2
    exit 1
  fi
}
# sudo resets the environment, so the non-interactive frontend goes through env.
apt_install() {
  as_root env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}
# "Candidate: (none)", or no output at all, when the package lists do not offer the package.
has_candidate() {
  local policy
  policy="$(apt-cache policy "$1" 2>/dev/null)" || return 1
  [[ "$policy" =~ Candidate:\ [^\(] ]]
}

echo "Installing Debian packages (a few minutes the first time): ${missing[*]}"
# A fresh machine has no package lists yet: fetch them only when a package is unknown, and once
# more if the install fails on lists that have gone stale.
updated=false
for package in "${missing[@]}"; do
  if ! has_candidate "$package"; then
    as_root apt-get update -qq
    updated=true
    break
  fi
done
if ! apt_install; then
  $updated && exit 1
  echo "Install failed; updating the package lists and trying once more."
  as_root apt-get update -qq
  apt_install
fi

read -r -a still_missing <<<"$(missing_packages)"
if [ ${#still_missing[@]} -gt 0 ]; then
  echo "Still missing after the install: ${still_missing[*]}" >&2
  if [ -n "${PG_BIN:-}" ] && ! postgres_found; then
    echo "PG_BIN=$PG_BIN lacks postgres, initdb or pg_ctl: unset it, or point it at" >&2
    echo "/usr/lib/postgresql/<version>/bin" >&2
  fi
  exit 1
fi
echo "Debian packages installed."
