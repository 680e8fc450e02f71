import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Mnemonic } from 'ethers';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { uniqueUsername } from '../e2e/support/accounts.ts';
import {
  type FirefoxWithEncore,
  type KeptProfile,
  launchFirefox,
  makeKeptProfile,
} from './support/launch-firefox.ts';
import { logInIn, openPopup, PASSWORD, signUpIn, testId } from './support/popup.ts';
import { openSite } from './support/site.ts';
import { waitForElement, waitForValue } from './support/wait.ts';

const env = inject('encoreEnv');
const ENTROPY_KEY = 'encore:wallet:hedgehog-entropy-key';

// The attacker: code with exactly the powers of Encore's content scripts (what a compromised
// web-content process hosting them could do), added as one more content script of the same
// build. It watches storage changes from the start and, when the page asks, reads both storage
// areas and looks for the sealing key's IndexedDB database. Opening a database that is not there
// would create it: the upgrade is aborted instead, so the probe leaves nothing behind.
const PROBE = `
const changes = [];
browser.storage.onChanged.addListener((change, area) => changes.push(area + ' ' + JSON.stringify(change)));
const read = async (name) => {
  try {
    const area = browser.storage[name];
    return area ? JSON.stringify(await area.get(null)) : 'no such area';
  } catch (error) {
    return 'refused: ' + String(error);
  }
};
const keyDatabase = () => new Promise((resolve) => {
  const open = indexedDB.open('encore-keys');
  open.onupgradeneeded = () => open.transaction.abort();
  open.onerror = () => resolve('absent: ' + String(open.error && open.error.name));
  open.onsuccess = () => {
    const db = open.result;
    const stores = Array.from(db.objectStoreNames);
    db.close();
    resolve('opened, stores: ' + JSON.stringify(stores));
  };
});
document.addEventListener('encore-probe', async () => {
  const found = {
    origin: location.origin,
    local: await read('local'),
    session: await read('session'),
    databases: JSON.stringify(await indexedDB.databases()),
    keyDatabase: await keyDatabase(),
    changes,
  };
  document.documentElement.setAttribute('data-encore-probe', JSON.stringify(found));
});
`;

interface ProbeResult {
  origin: string;
  local: string;
  session: string;
  databases: string;
  keyDatabase: string;
  changes: string[];
}

async function probe(site: Page): Promise<ProbeResult> {
  await site.evaluate(() => {
    document.documentElement.removeAttribute('data-encore-probe');
    document.dispatchEvent(new CustomEvent('encore-probe'));
  });
  const found = await waitForValue(
    site,
    () => document.documentElement.getAttribute('data-encore-probe'),
    undefined,
  );
  return JSON.parse(found) as ProbeResult;
}

/** The Firefox build with the probe as one more content script on 127.0.0.1 pages. */
async function buildWithProbe(extensionDir: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'encore-firefox-probe-'));
  await cp(extensionDir, dir, { recursive: true });
  await writeFile(join(dir, 'probe.js'), PROBE);
  const manifestPath = join(dir, 'manifest.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as {
    content_scripts: { matches: string[]; js: string[]; run_at?: string }[];
  };
  manifest.content_scripts.push({ matches: ['http://127.0.0.1/*'], js: ['probe.js'] });
  await writeFile(manifestPath, JSON.stringify(manifest));
  return dir;
}

/** Everything both areas hold, as the extension's own page reads it. */
async function extensionStorage(
  popup: Page,
): Promise<{ local: Record<string, unknown>; session: Record<string, unknown> }> {
  return popup.evaluate(async () => ({
    local: await browser.storage.local.get(null),
    session: await browser.storage.session.get(null),
  }));
}

const walletKeys = (items: Record<string, unknown>): string[] =>
  Object.keys(items)
    .filter((key) => key.startsWith('encore:wallet:'))
    .sort();

describe('the wallet in Firefox, where content scripts can read storage.local', () => {
  let probeBuild: string;
  let profile: KeptProfile;
  let firefox: FirefoxWithEncore | undefined;
  const launch = async (): Promise<FirefoxWithEncore> => {
    firefox = await launchFirefox(probeBuild, { profile });
    return firefox;
  };
  /** Firefox quits (the add-on stays installed in the profile) and is started again. */
  const restart = async (between?: () => Promise<void>): Promise<FirefoxWithEncore> => {
    await firefox?.close();
    firefox = undefined;
    await between?.();
    return launch();
  };

  beforeAll(async () => {
    if (!env.firefoxExtensionDir) throw new Error('globalSetup made no Firefox build');
    probeBuild = await buildWithProbe(env.firefoxExtensionDir);
    profile = await makeKeptProfile(probeBuild);
    await launch();
  });
  afterAll(async () => {
    await firefox?.close();
    await profile?.remove();
    if (probeBuild) await rm(probeBuild, { recursive: true, force: true });
  });

  let username = '';
  let address = '';

  it('stays logged in across a restart, while a content script finds only ciphertext', async () => {
    const demo = env.services.demo;
    if (!demo || !firefox) throw new Error('globalSetup did not start the demo site');
    let site = await openSite(firefox.browser, demo);
    let popup = await openPopup(firefox);
    username = uniqueUsername('firefox-storage');
    address = await signUpIn(popup, username);

    // The entropy, from the recovery phrase the popup may ask for with the password.
    const answer = await popup.evaluate(
      (password) => browser.runtime.sendMessage({ type: 'revealRecoveryPhrase', password }),
      PASSWORD,
    );
    const entropy = Mnemonic.fromPhrase((answer as { result: { phrase: string } }).result.phrase)
      .entropy.slice(2)
      .toLowerCase();
    expect(entropy).toMatch(/^[0-9a-f]{32}$/);

    const seen = await probe(site);
    // The probe runs in the page's origin, and really reads Encore's storage.local…
    expect(seen.origin).toBe(new URL(demo).origin);
    expect(seen.local).toContain('encore:schema-version');
    expect(seen.local).toContain(ENTROPY_KEY);
    // …but the wallet keys there are ciphertext: no entropy, username or address, and no change
    // event carried them.
    for (const secret of [entropy, username, address.slice(2).toLowerCase(), address.slice(2)]) {
      expect(seen.local).not.toContain(secret);
      expect(seen.changes.join('\n')).not.toContain(secret);
    }
    expect(seen.changes.join('\n')).toContain('"sealed":"AES-GCM"');
    // The key is out of its reach: its `indexedDB` is the page's, where no such database exists.
    expect(seen.databases).toBe('[]');
    expect(seen.keyDatabase).toBe('absent: AbortError');
    expect(seen.session).toMatch(/^(no such area|refused: )/);

    // "Log out when the browser closes" is off by default here too: the wallet keys are in
    // storage.local, each one sealed, and storage.session holds none.
    const stored = await extensionStorage(popup);
    expect(walletKeys(stored.local)).toEqual([
      ENTROPY_KEY,
      'encore:wallet:snapshot',
      'encore:wallet:username',
    ]);
    for (const key of walletKeys(stored.local)) {
      expect(stored.local[key]).toEqual({
        sealed: 'AES-GCM',
        iv: expect.stringMatching(/^[A-Za-z0-9+/]{16}$/),
        data: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/),
      });
    }
    expect(walletKeys(stored.session)).toEqual([]);
    // The key that opens them is in the extension origin's IndexedDB, and cannot be exported.
    const key = await popup.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const open = indexedDB.open('encore-keys');
          open.onsuccess = () => {
            const get = open.result.transaction('keys').objectStore('keys').get('wallet-storage');
            get.onsuccess = () => {
              const k = get.result as CryptoKey;
              resolve(JSON.stringify([k.constructor.name, k.algorithm, k.extractable, k.usages]));
            };
          };
        }),
    );
    expect(JSON.parse(key)).toEqual([
      'CryptoKey',
      { name: 'AES-GCM', length: 256 },
      false,
      ['encrypt', 'decrypt'],
    ]);

    // Firefox quits and starts again with the same profile: still logged in, same address.
    firefox = await restart();
    popup = await openPopup(firefox);
    expect(await popup.$eval(testId('address'), (e) => e.textContent)).toBe(address);
    const after = await extensionStorage(popup);
    expect(walletKeys(after.session)).toEqual([]);
    expect(walletKeys(after.local)).toContain(ENTROPY_KEY);
    // The wallet opens for signing, not only for showing the address.
    const recovered = await popup.evaluate(
      (password) => browser.runtime.sendMessage({ type: 'revealRecoveryPhrase', password }),
      PASSWORD,
    );
    expect((recovered as { result: { phrase: string } }).result.phrase).toBe(
      Mnemonic.entropyToPhrase(`0x${entropy}`),
    );
    site = await openSite(firefox.browser, demo);
    const again = await probe(site);
    expect(again.local).toContain(ENTROPY_KEY);
    expect(again.local).not.toContain(entropy);
    expect(again.keyDatabase).toBe('absent: AbortError');
  });

  it('logs out cleanly, and says why, when the profile lost the key', async () => {
    if (!address) throw new Error('needs the login of the test before');
    // With Firefox closed, the extension origin's own storage (its IndexedDB) is wiped, as a
    // cleanup of site data would; storage.local is kept elsewhere in the profile and stays.
    let ff = await restart(() => rm(profile.originStorageDir, { recursive: true, force: true }));
    let popup = await openPopup(ff);
    await waitForElement(popup, testId('session-lost'));
    expect(await popup.$(testId('address'))).toBeNull();
    // The ciphertext nobody can open is gone with the rest of the session.
    const stored = await extensionStorage(popup);
    expect(walletKeys(stored.local)).toEqual([]);
    expect(walletKeys(stored.session)).toEqual([]);
    // Logging in again opens the same wallet, sealed under a new key, kept across a restart.
    expect(await logInIn(popup, username)).toBe(address);
    ff = await restart();
    popup = await openPopup(ff);
    expect(await popup.$eval(testId('address'), (e) => e.textContent)).toBe(address);
    expect(await popup.$(testId('session-lost'))).toBeNull();
  });

  it('keeps the keys in storage.session only with "log out when the browser closes" on', async () => {
    if (!address || !firefox) throw new Error('needs the login of the test before');
    // The options page offers the setting here as in Chromium.
    const options = await firefox.openExtensionPage('options.html');
    const box = await waitForElement(options, testId('lock-on-close'));
    expect(
      await box.evaluate((e) => [(e as HTMLInputElement).checked, e.hasAttribute('disabled')]),
    ).toEqual([false, false]);
    const answer = await options.evaluate(() =>
      browser.runtime.sendMessage({ type: 'settings.set', lockOnBrowserClose: true }),
    );
    expect(answer).toMatchObject({ ok: true, result: { lockOnBrowserClose: true } });
    const stored = await extensionStorage(options);
    expect(walletKeys(stored.local)).toEqual([]);
    expect(walletKeys(stored.session)).toContain(ENTROPY_KEY);
    const site = await openSite(firefox.browser, env.services.demo ?? '');
    expect((await probe(site)).local).not.toContain('encore:wallet:');

    // A restart logs out, as asked: nothing was kept, and nothing is said to be lost.
    const ff = await restart();
    const popup = await openPopup(ff);
    await waitForElement(popup, testId('login-submit'));
    expect(await popup.$(testId('address'))).toBeNull();
    expect(await popup.$(testId('session-lost'))).toBeNull();
  });
});
