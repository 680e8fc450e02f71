# Encore: two commands do everything.
#   make start  installs what is missing, builds, starts the local servers and opens Chromium
#   make test   installs what is missing and runs every suite (lint, types, unit, integration, browser)
SHELL := /bin/bash
NPM_STAMP := node_modules/.encore-installed

.PHONY: start test deps system-deps lint typecheck unit integration e2e build bench

start: deps
	@bash scripts/start.sh

test: deps lint typecheck unit integration e2e
	@echo "make test: every suite passed"

deps: system-deps $(NPM_STAMP)

system-deps:
	@bash scripts/install-system-deps.sh

$(NPM_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	npx wxt prepare
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

build: deps
	npm run build
