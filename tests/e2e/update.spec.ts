import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { buildReleaseExtension, latestRelease, prepareRelease } from '../support/release/index.ts';
import { decide, expectResult, openSite, rpc } from './provider-support.ts';
import { signUp, uniqueUsername } from './support/accounts.ts';
import { e2eEnv } from './support/env.ts';
import { expect, openExtensionPopup, test } from './support/fixtures.ts';
import {
  applyUpdate,
  enableDeveloperMode,
  installBuild,
  runningBuild,
} from './support/installed-extension.ts';
import { type ExtensionBrowser, launchExtensionBrowser } from './support/launch.ts';

// A listener on the previous release updates to this build: everything they set up is still
// there, without logging in again. The previous release is checked out and installed once per
// commit (a few minutes on a cold cache, see tests/support/release) and built against this run's
// servers.

const APP_NAME = 'encore-kept-across-update';
const SEPOLIA = { id: '11155111', hex: '0xaa36a7' };
const CURRENT = 'current build';

let releaseName = '';
let releaseBuild = '';
let work = '';

test.beforeAll(async () => {
  // Cold: checkout + npm install of the release (better-sqlite3 compiles). Cached: seconds.
  test.setTimeout(15 * 60_000);
  const release = await prepareRelease(await latestRelease());
  work = await mkdtemp(join(tmpdir(), 'encore-update-'));
  releaseName = release.name;
  releaseBuild = await buildReleaseExtension(release, {
    outDir: join(work, 'release-build'),
    env: e2eEnv().extensionBuildEnv,
  });
});

test.afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

test('an update from the previous release keeps the account, its site connection and the settings', async () => {
  test.setTimeout(180_000);
  const env = e2eEnv();
  const demoUrl = env.services.demo!;
  const installDir = join(work, 'extension');
  const profileDir = join(work, 'profile');
  await enableDeveloperMode(profileDir);
  await installBuild(releaseBuild, installDir, releaseName);

  // On the previous release: sign up, connect the demo site, change two settings.
  const before = await launchExtensionBrowser(installDir, { profileDir });
  let address = '';
  try {
    expect(await runningBuild(await before.serviceWorker())).toBe(releaseName);
    address = await signUp(await openExtensionPopup(before), uniqueUsername('update'));
    const site = await openSite(before.context, demoUrl);
    const connected = rpc(site, 'eth_requestAccounts');
    await decide(before.context, 'approve');
    expect(lowercase(await expectResult(connected))).toEqual([address.toLowerCase()]);

    const options = await before.context.newPage();
    await options.goto(`chrome-extension://${before.extensionId}/options.html`);
    await options.getByTestId('app-name').fill(APP_NAME);
    await options.getByTestId('chain').selectOption(SEPOLIA.id);
    await options.getByTestId('save-settings').click();
    await expect(options.getByTestId('settings-status')).toHaveText('Saved.');
    expect(await expectResult(rpc(site, 'eth_chainId'))).toBe(SEPOLIA.hex);
    await dumpStorage(options, releaseName);
  } finally {
    await before.close();
  }

  // The update: this build in the same folder, the browser restarted on the same profile.
  await installBuild(env.extensionDir, installDir, CURRENT);
  const after = await launchExtensionBrowser(installDir, { profileDir });
  try {
    expect(after.extensionId).toBe(before.extensionId);
    expect(await runningBuild(await applyUpdate(after))).toBe(CURRENT);
    await expectKept(after, address);
  } finally {
    await after.close();
  }

  // And whatever the new build made of the stored data survives its own restart.
  const again = await launchExtensionBrowser(installDir, { profileDir });
  try {
    expect(await runningBuild(await again.serviceWorker())).toBe(CURRENT);
    await expectKept(again, address);
  } finally {
    await again.close();
  }
});

/** The same account without logging in, the site still connected to it, the settings kept. */
async function expectKept(browser: ExtensionBrowser, address: string): Promise<void> {
  const popup = await openExtensionPopup(browser);
  await expect(popup.getByTestId('address')).toHaveText(address);

  const site = await openSite(browser.context, e2eEnv().services.demo!);
  expect(lowercase(await expectResult(rpc(site, 'eth_accounts')))).toEqual([address.toLowerCase()]);
  expect(await expectResult(rpc(site, 'eth_chainId'))).toBe(SEPOLIA.hex);
  // Nothing asked the listener anything.
  expect(browser.context.pages().filter((page) => page.url().includes('/approval.html'))).toEqual(
    [],
  );

  const options = await browser.context.newPage();
  await options.goto(`chrome-extension://${browser.extensionId}/options.html`);
  await expect(options.getByTestId('app-name')).toHaveValue(APP_NAME);
  await expect(options.getByTestId('chain')).toHaveValue(SEPOLIA.id);
}

/**
 * With ENCORE_DUMP_STORAGE=<dir>, writes what the previous release stored (both areas) to
 * <dir>/<release>.json: the storage-layout fixture a migration's unit tests start from.
 */
async function dumpStorage(extensionPage: Page, release: string): Promise<void> {
  const dir = process.env.ENCORE_DUMP_STORAGE;
  if (!dir) return;
  const dump = await extensionPage.evaluate(async () => {
    const { chrome } = globalThis as unknown as {
      chrome: { storage: Record<'local' | 'session', { get(keys: null): Promise<object> }> };
    };
    return {
      local: await chrome.storage.local.get(null),
      session: await chrome.storage.session.get(null),
    };
  });
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, `${release}.json`), `${JSON.stringify(dump, null, 2)}\n`);
}

function lowercase(accounts: unknown): unknown {
  return Array.isArray(accounts)
    ? accounts.map((a) => (typeof a === 'string' ? a.toLowerCase() : a))
    : accounts;
}
