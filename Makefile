# Encore: two commands do everything.
#   make start  installs what is missing, builds, starts the local servers and opens Chromium (or
#               says how to load the extension by hand); `make start BROWSER=firefox` opens Firefox
#   (and make stop, which stops what a `make start` still has running, e.g. from elsewhere)
#   make test   installs what is missing and runs every suite (lint, types, unit, integration,
#               browser: Chromium, then Firefox)
SHELL := /bin/bash
NPM_STAMP := node_modules/.encore-installed
# The integration suites find PostgreSQL in PG_BIN: default to the newest Debian server install
# (a client-only version has a bin folder too). Deferred, and a shell call rather than make's
# cached wildcard, so recipes after system-deps see what it has just installed.
export PG_BIN ?= $(patsubst %/postgres,%,$(shell ls /usr/lib/postgresql/*/bin/postgres 2>/dev/null | sort -V | tail -n 1))

# Only a BROWSER given on the command line picks the browser: desktops often export BROWSER as
# the name of some program.
START_BROWSER := $(if $(filter command line,$(origin BROWSER)),$(BROWSER),chromium)

.PHONY: start stop test deps system-deps lint typecheck unit integration e2e firefox build bench

start: deps
	@ENCORE_BROWSER='$(START_BROWSER)' bash scripts/start.sh

# No deps: it only reads data/start.pids and signals what is listed there.
stop:
	@bash scripts/stop.sh

test: deps lint typecheck unit integration e2e firefox
	@echo "make test: every suite passed"

deps: system-deps $(NPM_STAMP)

system-deps:
	@bash scripts/install-system-deps.sh

# `npm install` rather than `npm ci`: the registry mirror here lacks some foreign-platform optional
# packages (e.g. Biome's macOS binaries), which npm ci counts as a lock mismatch. The lock still
# pins every version; postinstall runs `wxt prepare`.
$(NPM_STAMP): package.json package-lock.json $(wildcard packages/*/package.json)
	npm install --no-audit --no-fund
	@touch $@

lint: deps
	npm run lint

typecheck: deps
	npm run typecheck

unit: deps
	npm run test:unit

integration: deps
	npm run test:integration

e2e: deps
	npm run test:e2e

firefox: deps
	npm run test:firefox

build: deps
	npm run build
