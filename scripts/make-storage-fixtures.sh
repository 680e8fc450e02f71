#!/usr/bin/env bash
# Writes tests/fixtures/storage/<release>/*.json: what a released build keeps in extension storage
# in a few situations (logged in with the lock setting off and on, after a browser restart with
# it on, logged out). The dumps come from that release's own code: its tree is exported with
# `git archive` into a temporary folder and tests/fixtures/storage/make-fixtures.gen.ts runs there
# against WXT's fake browser. Usage: scripts/make-storage-fixtures.sh [release tag, default v0.1.0]
set -euo pipefail

release="${1:-v0.1.0}"
repo="$(git rev-parse --show-toplevel)"
out="$repo/tests/fixtures/storage/$release"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# The export sits beside a link to ../shared (the Hedgehog vectors), as every checkout does.
tmp="$work/encore"
mkdir "$tmp"
ln -s "$(cd "$repo/../shared" && pwd)" "$work/shared"

git -C "$repo" archive "$release" | tar -x -C "$tmp"
ln -s "$repo/node_modules" "$tmp/node_modules"
(cd "$tmp" && npx wxt prepare >/dev/null)
mkdir -p "$tmp/tests/fixtures/storage"
cp "$repo/tests/fixtures/storage/make-fixtures.gen.ts" "$tmp/tests/fixtures/storage/"
cat >"$tmp/vitest.fixtures.config.ts" <<'EOF'
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  plugins: [WxtVitest()],
  test: { include: ['tests/fixtures/storage/make-fixtures.gen.ts'], environment: 'node' },
});
EOF

rm -rf "$out"
(cd "$tmp" && STORAGE_FIXTURES_OUT="$out" STORAGE_FIXTURES_RELEASE="$release" \
  npx vitest run --config vitest.fixtures.config.ts)
echo "wrote $(ls "$out" | wc -l) dumps to ${out#"$repo"/}"
