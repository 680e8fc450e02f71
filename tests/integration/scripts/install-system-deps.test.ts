// scripts/install-system-deps.sh decides from what is on the machine which Debian packages
// `make start` and `make test` still need, and installs only those. Missing programs are
// simulated with a PATH of stubs, apt and sudo with stubs that log their calls.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BashResult, makeSandbox, REPO_ROOT, runBash, type Sandbox } from './support.ts';

const SCRIPT = join(REPO_ROOT, 'scripts', 'install-system-deps.sh');
const TOOLS = ['flock', 'setsid', 'runuser', 'curl', 'g++', 'make', 'python3'];
const PG_TOOLS = ['postgres', 'initdb', 'pg_ctl'];

let box: Sandbox;
let bin: string;
beforeEach(() => {
  box = makeSandbox();
  bin = join(box.dir, 'bin');
  // The only real programs on this PATH: node (the prerequisite) and env; `id` says root.
  box.link('bin/node', process.execPath);
  box.link('bin/env', '/usr/bin/env');
  box.stub('bin/id', '#!/bin/sh\necho 0\n');
});
afterEach(() => box.remove());

const stubAll = (names: string[], under: string): void => {
  for (const name of names) box.stub(`${under}/${name}`, '#!/bin/sh\n');
};

function installDeps(args: string[], env: Record<string, string> = {}): BashResult {
  return runBash([SCRIPT, ...args], {
    PATH: bin,
    CHROMIUM_PATH: join(box.dir, 'chromium'),
    FIREFOX_PATH: join(box.dir, 'firefox-esr'),
    PG_BIN: join(box.dir, 'pg'),
    ...env,
  });
}

/** Everything present but curl; apt stubs that log to apt.log and "install" curl. */
function machineMissingCurl(options: {
  listsKnowPackages: 'always' | 'after-update';
  firstInstallFails?: boolean;
}): void {
  stubAll(
    TOOLS.filter((tool) => tool !== 'curl'),
    'bin',
  );
  stubAll(PG_TOOLS, 'pg');
  box.stub('chromium', '#!/bin/sh\n');
  box.stub('firefox-esr', '#!/bin/sh\n');
  const updated = join(box.dir, 'updated');
  const known = options.listsKnowPackages === 'always' ? 'true' : `[ -e ${updated} ]`;
  box.stub('bin/apt-cache', `#!/bin/sh\n${known} && echo '  Candidate: 1.0'\nexit 0\n`);
  box.stub(
    'bin/apt-get',
    `#!/bin/sh
echo "DEBIAN_FRONTEND=\${DEBIAN_FRONTEND:-} $*" >> ${join(box.dir, 'apt.log')}
if [ "$1" = update ]; then : > ${updated}; exit 0; fi
${options.firstInstallFails ? `[ -e ${updated} ] || { echo 'E: 404 Not Found' >&2; exit 100; }` : ''}
for package in "$@"; do [ "$package" = curl ] && /bin/ln -s /bin/true ${join(bin, 'curl')}; done
exit 0
`,
  );
}
const aptLog = (): string[] => readFileSync(join(box.dir, 'apt.log'), 'utf8').trim().split('\n');
const INSTALL_CURL = 'DEBIAN_FRONTEND=noninteractive install -y -qq --no-install-recommends curl';

describe('install-system-deps.sh', () => {
  it('on a bare machine, would install Chromium, Firefox ESR, PostgreSQL and every missing tool', () => {
    const result = installDeps(['--dry-run']);

    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe(
      'would install: chromium fonts-liberation firefox-esr postgresql util-linux curl g++ make python3',
    );
  });

  it('with only Firefox ESR missing, would install just firefox-esr', () => {
    stubAll(TOOLS, 'bin');
    stubAll(PG_TOOLS, 'pg');
    box.stub('chromium', '#!/bin/sh\n');

    expect(installDeps(['--dry-run']).stdout.trim()).toBe('would install: firefox-esr');
  });

  it('with everything present, is a silent no-op that never calls apt', () => {
    stubAll(TOOLS, 'bin');
    stubAll(PG_TOOLS, 'pg');
    box.stub('chromium', '#!/bin/sh\n');
    box.stub('firefox-esr', '#!/bin/sh\n');

    expect(installDeps(['--dry-run']).stdout.trim()).toBe('nothing to install');
    // No apt-get or sudo on this PATH: any install attempt would fail.
    const real = installDeps([]);
    expect(real).toEqual({ status: 0, stdout: '', stderr: '' });
  });

  it('counts a PostgreSQL without initdb or pg_ctl as missing', () => {
    stubAll(TOOLS, 'bin');
    box.stub('chromium', '#!/bin/sh\n');
    box.stub('firefox-esr', '#!/bin/sh\n');
    box.stub('pg/postgres', '#!/bin/sh\n');

    expect(installDeps(['--dry-run']).stdout.trim()).toBe('would install: postgresql');
  });

  it('refuses a Node older than 20.19 with a plain message, before anything else', () => {
    for (const [version, accepted] of [
      ['v18.19.0', false],
      ['v20.18.1', false],
      ['v20.19.0', true],
      ['v22.1.0', true],
    ] as const) {
      box.stub('bin/node', `#!/bin/sh\necho ${version}\n`);
      const result = installDeps(['--dry-run']);
      if (accepted) {
        expect(result.status, version).toBe(0);
      } else {
        expect(result.status, version).toBe(1);
        expect(result.stderr).toContain(`needs Node.js 20.19 or later; this is ${version}`);
      }
    }
  });

  it('on a fresh machine, fetches the package lists first, then installs only what is missing', () => {
    machineMissingCurl({ listsKnowPackages: 'after-update' });
    const result = installDeps([]);

    expect(result.status, result.stderr).toBe(0);
    expect(aptLog()).toEqual(['DEBIAN_FRONTEND= update -qq', INSTALL_CURL]);
    expect(result.stdout).toContain('Installing Debian packages');
  });

  it('with known package lists, skips apt-get update unless the install fails on stale ones', () => {
    machineMissingCurl({ listsKnowPackages: 'always' });
    expect(installDeps([]).status).toBe(0);
    expect(aptLog()).toEqual([INSTALL_CURL]);
  });

  it('retries once after apt-get update when the install fails on stale package lists', () => {
    machineMissingCurl({ listsKnowPackages: 'always', firstInstallFails: true });
    const result = installDeps([]);

    expect(result.status, result.stderr).toBe(0);
    expect(aptLog()).toEqual([INSTALL_CURL, 'DEBIAN_FRONTEND= update -qq', INSTALL_CURL]);
  });

  it('as a user with sudo, installs through sudo and does not ask for runuser', () => {
    machineMissingCurl({ listsKnowPackages: 'always' });
    rmSync(join(bin, 'runuser')); // used by the suites only as root
    box.stub('bin/id', '#!/bin/sh\necho 1000\n');
    box.stub('bin/sudo', `#!/bin/sh\necho "sudo $*" >> ${join(box.dir, 'apt.log')}\nexec "$@"\n`);
    const result = installDeps([]);

    expect(result.status, result.stderr).toBe(0);
    expect(aptLog()).toEqual([
      'sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends curl',
      INSTALL_CURL,
    ]);
  });
});
