// `make start`'s browser step (scripts/lib/open-chromium.sh) against stub Chromiums: it turns the
// sandbox off for root, and claims an open browser only when one is still running.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BashResult, makeSandbox, REPO_ROOT, runBash, type Sandbox } from './support.ts';

// Behaves like Debian's Chromium started as root: exits at once unless the sandbox is off.
const ROOT_CHROMIUM = `#!/bin/sh
printf '%s\\n' "$@" > "$(dirname "$0")/args"
for arg in "$@"; do [ "$arg" = --no-sandbox ] && exec sleep 60; done
echo "[1:1:ERROR:zygote_host_impl_linux.cc:103] Running as root without --no-sandbox is not supported." >&2
exit 1
`;
// Another Chromium already has this profile open: the new one hands its URL over and exits 0.
const HANDOVER_CHROMIUM = `#!/bin/sh
printf '%s\\n' "$@" > "$(dirname "$0")/args"
echo "Opening in existing browser session."
`;

const LAUNCH = `set -euo pipefail
source "$REPO_ROOT/scripts/lib/open-chromium.sh"
offer_browser "$TEST_UID" "$TEST_CHROMIUM" "$TEST_EXTENSION" "$TEST_PROFILE" "$TEST_LOG" http://127.0.0.1:9/
if [ -n "\${CHROMIUM_PID:-}" ]; then
  echo "left running: $CHROMIUM_PID"
  kill -TERM -- "-$CHROMIUM_PID"
fi`;

let box: Sandbox;
let extension: string;
beforeEach(() => {
  box = makeSandbox();
  extension = join(box.dir, 'chrome-mv3');
  mkdirSync(extension);
  writeFileSync(join(extension, 'manifest.json'), '{"manifest_version":3}');
});
afterEach(() => box.remove());

function offerBrowser(options: {
  uid: number;
  chromium: string;
  display?: { DISPLAY?: string; WAYLAND_DISPLAY?: string };
  /** How long Chromium must survive to count as open. A dying one is reported as it dies, so
   * a long check costs nothing there and keeps a slow machine from passing it off as open. */
  checkSeconds?: number;
}): BashResult {
  return runBash(['-c', LAUNCH], {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    REPO_ROOT,
    DISPLAY: '',
    WAYLAND_DISPLAY: '',
    ...options.display,
    CHROMIUM_CHECK_SECONDS: String(options.checkSeconds ?? 30),
    TEST_UID: String(options.uid),
    TEST_CHROMIUM: options.chromium,
    TEST_EXTENSION: extension,
    TEST_PROFILE: join(box.dir, 'profile'),
    TEST_LOG: join(box.dir, 'chromium.log'),
  });
}

const chromiumArgs = (): string[] => readFileSync(join(box.dir, 'args'), 'utf8').split('\n');
const LOAD_BY_HAND = /chrome:\/\/extensions[\s\S]*Load unpacked → choose (\S+)/;

describe('make start: opening Chromium', () => {
  it('as root, passes --no-sandbox, says why, and reports Chromium open while it runs', () => {
    const chromium = box.stub('chromium', ROOT_CHROMIUM);
    const result = offerBrowser({
      uid: 0,
      chromium,
      display: { WAYLAND_DISPLAY: 'wayland-0' },
      checkSeconds: 1,
    });

    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Running as root, so Chromium gets --no-sandbox');
    expect(result.stdout).toMatch(/Chromium is open \(pid \d+\) with Encore loaded/);
    expect(result.stdout).toMatch(/left running: \d+/);
    expect(chromiumArgs()).toEqual(
      expect.arrayContaining([
        '--no-sandbox',
        `--load-extension=${extension}`,
        `--disable-extensions-except=${extension}`,
        'http://127.0.0.1:9/',
      ]),
    );
  });

  it('reports a Chromium that exits at once with its log and the by-hand steps, never as open', () => {
    // Not root, so no --no-sandbox: this stub dies the way Chromium as root without it does.
    const chromium = box.stub('chromium', ROOT_CHROMIUM);
    const result = offerBrowser({ uid: 1000, chromium, display: { DISPLAY: ':0' } });

    expect(chromiumArgs()).not.toContain('--no-sandbox');
    expect(result.stdout).not.toContain('Chromium is open');
    expect(result.stdout).not.toContain('left running');
    expect(result.stdout).toContain('Chromium exited at once (exit status 1)');
    expect(result.stdout).toContain('Running as root without --no-sandbox is not supported.');
    expect(result.stdout).toMatch(LOAD_BY_HAND);
    expect(LOAD_BY_HAND.exec(result.stdout)?.[1]).toBe(extension);
  });

  it('does not count a hand-over to an already running Chromium as opening one', () => {
    const chromium = box.stub('chromium', HANDOVER_CHROMIUM);
    const result = offerBrowser({ uid: 0, chromium, display: { DISPLAY: ':0' } });

    expect(result.stdout).not.toContain('Chromium is open');
    expect(result.stdout).toContain('a Chromium already runs with the profile');
    expect(result.stdout).toMatch(LOAD_BY_HAND);
  });

  it('without a display, starts no Chromium and says how to load the extension by hand', () => {
    const chromium = box.stub('chromium', ROOT_CHROMIUM);
    const result = offerBrowser({ uid: 0, chromium });

    expect(existsSync(join(box.dir, 'args'))).toBe(false);
    expect(result.stdout).toContain('No display');
    expect(result.stdout).not.toContain('Chromium is open');
    expect(LOAD_BY_HAND.exec(result.stdout)?.[1]).toBe(extension);
  });

  it('says so when there is no Chromium at CHROMIUM_PATH', () => {
    const result = offerBrowser({
      uid: 0,
      chromium: join(box.dir, 'no-chromium'),
      display: { DISPLAY: ':0' },
    });

    expect(result.stdout).toContain('no executable at');
    expect(result.stdout).not.toContain('Chromium is open');
    expect(LOAD_BY_HAND.exec(result.stdout)?.[1]).toBe(extension);
  });
});
