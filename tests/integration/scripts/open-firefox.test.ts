// `make start BROWSER=firefox`'s browser step (scripts/lib/open-firefox.sh) against stub web-ext
// programs: it runs `web-ext run` with Debian's Firefox and the Firefox build, and claims an open
// browser only when one is still running.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BashResult, makeSandbox, REPO_ROOT, runBash, type Sandbox } from './support.ts';

// Records its arguments, then either keeps running (a Firefox window) or fails as web-ext does
// when Firefox cannot start.
const RUNNING_WEB_EXT = `#!/bin/sh
printf '%s\\n' "$@" > "$(dirname "$0")/args"
exec sleep 60
`;
const FAILING_WEB_EXT = `#!/bin/sh
printf '%s\\n' "$@" > "$(dirname "$0")/args"
echo "Error: could not start Firefox: no display" >&2
exit 1
`;

const LAUNCH = `set -euo pipefail
source "$REPO_ROOT/scripts/lib/open-chromium.sh"
source "$REPO_ROOT/scripts/lib/open-firefox.sh"
offer_firefox "$TEST_WEB_EXT" "$TEST_FIREFOX" "$TEST_EXTENSION" "$TEST_PROFILE" "$TEST_LOG" http://127.0.0.1:9/
if [ -n "\${FIREFOX_PID:-}" ]; then
  echo "left running: $FIREFOX_PID"
  kill -TERM -- "-$FIREFOX_PID"
fi`;

let box: Sandbox;
let extension: string;
let firefox: string;
beforeEach(() => {
  box = makeSandbox();
  extension = join(box.dir, 'firefox-mv3');
  mkdirSync(extension);
  writeFileSync(join(extension, 'manifest.json'), '{"manifest_version":3}');
  firefox = box.stub('firefox-esr', '#!/bin/sh\n');
});
afterEach(() => box.remove());

function offerFirefox(options: {
  webExt: string;
  display?: { DISPLAY?: string; WAYLAND_DISPLAY?: string };
  checkSeconds?: number;
}): BashResult {
  return runBash(['-c', LAUNCH], {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    REPO_ROOT,
    DISPLAY: '',
    WAYLAND_DISPLAY: '',
    ...options.display,
    FIREFOX_CHECK_SECONDS: String(options.checkSeconds ?? 30),
    TEST_WEB_EXT: options.webExt,
    TEST_FIREFOX: firefox,
    TEST_EXTENSION: extension,
    TEST_PROFILE: join(box.dir, 'profile'),
    TEST_LOG: join(box.dir, 'firefox.log'),
  });
}

const webExtArgs = (): string[] => readFileSync(join(box.dir, 'args'), 'utf8').split('\n');
const LOAD_BY_HAND = /about:debugging[\s\S]*Load Temporary Add-on… → choose (\S+)\/manifest\.json/;

describe('make start BROWSER=firefox: opening Firefox', () => {
  it('runs web-ext with the Firefox binary, the build and a kept profile, and reports it open', () => {
    const result = offerFirefox({
      webExt: box.stub('web-ext', RUNNING_WEB_EXT),
      display: { DISPLAY: ':0' },
      checkSeconds: 1,
    });

    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/Firefox is open \(pid \d+\) with Encore installed/);
    expect(result.stdout).toMatch(/left running: \d+/);
    const args = webExtArgs();
    expect(args[0]).toBe('run');
    for (const [flag, value] of [
      ['--source-dir', extension],
      ['--firefox', firefox],
      ['--firefox-profile', join(box.dir, 'profile')],
      ['--start-url', 'http://127.0.0.1:9/'],
    ]) {
      expect(args[args.indexOf(flag as string) + 1], flag).toBe(value);
    }
    expect(args).toEqual(expect.arrayContaining(['--keep-profile-changes', '--no-reload']));
  });

  it('reports a web-ext that exits at once with its log and the by-hand steps, never as open', () => {
    const result = offerFirefox({
      webExt: box.stub('web-ext', FAILING_WEB_EXT),
      display: { WAYLAND_DISPLAY: 'wayland-0' },
    });

    expect(result.stdout).not.toContain('Firefox is open');
    expect(result.stdout).not.toContain('left running');
    expect(result.stdout).toContain('Firefox exited at once (exit status 1)');
    expect(result.stdout).toContain('could not start Firefox: no display');
    expect(LOAD_BY_HAND.exec(result.stdout)?.[1]).toBe(extension);
  });

  it('without a display, starts nothing and says how to load the add-on by hand', () => {
    const result = offerFirefox({ webExt: box.stub('web-ext', RUNNING_WEB_EXT) });

    expect(existsSync(join(box.dir, 'args'))).toBe(false);
    expect(result.stdout).toContain('No display');
    expect(result.stdout).toContain('so Firefox was not started');
    expect(LOAD_BY_HAND.exec(result.stdout)?.[1]).toBe(extension);
  });

  it('says which executable is missing instead of starting web-ext', () => {
    firefox = join(box.dir, 'no-firefox-here');
    const result = offerFirefox({
      webExt: box.stub('web-ext', RUNNING_WEB_EXT),
      display: { DISPLAY: ':0' },
    });

    expect(existsSync(join(box.dir, 'args'))).toBe(false);
    expect(result.stdout).toContain(`no executable at ${firefox} (set FIREFOX_PATH)`);
    expect(LOAD_BY_HAND.exec(result.stdout)?.[1]).toBe(extension);
  });
});
