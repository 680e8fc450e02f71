// What a content script writes in Firefox's storage.local, played in Firefox ESR: one more content
// script of the same build (exactly the powers of Encore's own, which a compromised web-content
// process would have) writes and removes keys there when the page asks. Nothing it writes logs
// the person out, logs them into another account, raises a limit or adds a chain, and nothing it
// reads or writes of the record-format hints tells it who logs in here or weakens a restore.
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { Authentication, StrongRecord, strongCredentials } from '@encore-wallet/core';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { uniqueUsername } from '../e2e/support/accounts.ts';
import { buildWithWriter, contentScript } from './support/content-script-writer.ts';
import {
  type FirefoxWithEncore,
  type KeptProfile,
  launchFirefox,
  makeKeptProfile,
} from './support/launch-firefox.ts';
import { logOutIn, openPopup, PASSWORD, signUpIn, testId } from './support/popup.ts';
import { openSite } from './support/site.ts';
import { waitForElement } from './support/wait.ts';

const env = inject('encoreEnv');
const ENTROPY_KEY = 'encore:wallet:hedgehog-entropy-key';
const SETTINGS_KEY = 'encore:settings';
const STRONG_HINTS = 'encore-strong-accounts';
const HEDGEHOG_HINTS = 'encore-hedgehog-accounts';
/** The sealed shape, opening under no key the extension holds. */
const FORGED = { sealed: 'AES-GCM', iv: 'A'.repeat(16), data: 'B'.repeat(44) };

/** The unsalted SHA-256 of a username as the wallet core reads it: what a guesser can compute. */
const nameDigest = (username: string): string =>
  createHash('sha256').update(username.trim().normalize('NFC').toLowerCase()).digest('hex');

/** Whether the backend holds a record under `lookupKey` (the test asks it directly). */
async function backendHolds(lookupKey: string): Promise<boolean> {
  const response = await fetch(
    `${env.backendUrl}/authentication?lookupKey=${encodeURIComponent(lookupKey)}`,
  );
  if (response.status !== 200 && response.status !== 404) {
    throw new Error(`the backend answered ${response.status}`);
  }
  return response.status === 200;
}

const walletValues = (items: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(items).filter(([key]) => key.startsWith('encore:wallet:')));

async function send(page: Page, message: Record<string, unknown>): Promise<unknown> {
  const answer = (await page.evaluate((m) => browser.runtime.sendMessage(m), message)) as {
    ok: boolean;
    result?: unknown;
  };
  if (!answer.ok) throw new Error(`${String(message.type)} failed: ${JSON.stringify(answer)}`);
  return answer.result;
}

describe('what a content script writes in Firefox storage.local', () => {
  let build: string;
  let profile: KeptProfile;
  let firefox: FirefoxWithEncore | undefined;
  const launch = async (): Promise<FirefoxWithEncore> => {
    firefox = await launchFirefox(build, { profile });
    return firefox;
  };
  const restart = async (): Promise<FirefoxWithEncore> => {
    await firefox?.close();
    firefox = undefined;
    return launch();
  };
  const site = async (): Promise<Page> => {
    if (!firefox || !env.services.demo) throw new Error('globalSetup did not start the demo site');
    return openSite(firefox.browser, env.services.demo);
  };

  beforeAll(async () => {
    if (!env.firefoxExtensionDir) throw new Error('globalSetup made no Firefox build');
    build = await buildWithWriter(env.firefoxExtensionDir);
    profile = await makeKeptProfile(build);
    await launch();
  });
  afterAll(async () => {
    await firefox?.close();
    await profile?.remove();
    if (build) await rm(build, { recursive: true, force: true });
  });

  it('attack: a sealed-looking entropy planted while the keys are in storage.session never costs the session', async () => {
    if (!firefox) throw new Error('no Firefox');
    let popup = await openPopup(firefox);
    await send(popup, { type: 'settings.set', lockOnBrowserClose: true });
    const address = await signUpIn(popup, uniqueUsername('firefox-planted'));
    await contentScript(await site(), { set: { [ENTROPY_KEY]: FORGED } });
    // The person turns "log out when the browser closes" off: the session moves into
    // storage.local, sealed over the look-alike.
    await send(popup, { type: 'settings.set', lockOnBrowserClose: false });
    const ff = await restart();
    popup = await openPopup(ff);
    expect(await popup.$eval(testId('address'), (e) => e.textContent)).toBe(address);
    expect(await popup.$(testId('session-lost'))).toBeNull();
    await logOutIn(popup);
  });

  it('attack: an earlier account put back after its entropy was removed never opens', async () => {
    if (!firefox) throw new Error('no Firefox');
    let popup = await openPopup(firefox);
    const ada = await signUpIn(popup, uniqueUsername('firefox-ada'));
    // The content script copies ada's sealed values, then removes the entropy: the next start
    // finds nobody logged in, with no logout.
    const copy = walletValues(await contentScript(await site(), { remove: [ENTROPY_KEY] }));
    expect(Object.keys(copy)).toContain(ENTROPY_KEY);
    let ff = await restart();
    popup = await openPopup(ff);
    await waitForElement(popup, testId('show-signup'));
    const bob = await signUpIn(popup, uniqueUsername('firefox-bob'));
    expect(bob).not.toBe(ada);
    await contentScript(await site(), { set: copy });
    ff = await restart();
    popup = await openPopup(ff);
    expect(await popup.$(testId('address'))).toBeNull();
    await waitForElement(popup, testId('session-lost'));
  });

  it('attack: settings a content script writes read as the safe defaults', async () => {
    if (!firefox) throw new Error('no Firefox');
    const popup = await openPopup(firefox);
    await send(popup, {
      type: 'settings.set',
      spendingLimits: { '1': { kind: 'daily', wei: '5' } },
    });
    const stored = await contentScript(await site(), {
      set: {
        [SETTINGS_KEY]: {
          spendingLimits: { '1': { kind: 'unlimited' } },
          addedChains: [
            {
              id: 4242,
              name: 'Ether',
              rpcUrl: 'https://rpc.example',
              nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 36 },
              blockExplorerUrls: [],
            },
          ],
          chainId: 4242,
        },
      },
    });
    // What the person set is sealed: the content script read no limit in it.
    expect(stored[SETTINGS_KEY]).toMatchObject({ sealed: 'AES-GCM' });
    const settings = (await send(popup, { type: 'settings.get' })) as {
      spendingLimits: Record<string, unknown>;
      addedChains: unknown[];
      chainId: number;
      lockOnBrowserClose: boolean;
    };
    expect(settings).toMatchObject({
      spendingLimits: {},
      addedChains: [],
      chainId: 1,
      lockOnBrowserClose: true,
    });
  });

  it('attack: format hints tell a content script nothing about a guessed name, and a removed or planted one never weakens a restore', async () => {
    if (!firefox) throw new Error('no Firefox');
    const popup = await openPopup(firefox);
    const username = uniqueUsername('firefox-hints');
    const address = await signUpIn(popup, username);
    await send(popup, { type: 'strengthen', password: PASSWORD });
    expect(await send(popup, { type: 'strengthen.status' })).toMatchObject({ format: 'strong' });
    const { phrase } = (await send(popup, {
      type: 'revealRecoveryPhrase',
      password: PASSWORD,
    })) as {
      phrase: string;
    };

    // What the content script reads: both hints sealed, and nothing a guessed name can be tested
    // against (the name's SHA-256 is nowhere in storage.local).
    const seen = await contentScript(await site());
    expect(seen[STRONG_HINTS]).toMatchObject({ sealed: 'AES-GCM' });
    expect(JSON.stringify(seen)).not.toContain(nameDigest(username));

    // It removes the account from the strong list and plants it in the Hedgehog one, as the plain
    // hints of an earlier build read.
    await contentScript(await site(), {
      remove: [STRONG_HINTS],
      set: { [HEDGEHOG_HINTS]: JSON.stringify([nameDigest(username)]) },
    });
    await logOutIn(popup);
    const newPassword = `${PASSWORD}-restored`;
    await send(popup, { type: 'restoreFromPhrase', username, password: newPassword, phrase });
    expect(await send(popup, { type: 'getState' })).toMatchObject({ loggedIn: true });

    // The restore wrote a strengthened record, and no Hedgehog-format one.
    const creds = strongCredentials(username, newPassword);
    const master = await StrongRecord.deriveMaster(creds.username, creds.password);
    expect(await backendHolds(await StrongRecord.lookupKey(master))).toBe(true);
    expect(
      await backendHolds(await Authentication.createAuthLookupKey(username, newPassword)),
    ).toBe(false);
    expect(await send(popup, { type: 'strengthen.status' })).toMatchObject({ format: 'strong' });
    expect((await send(popup, { type: 'getState' })) as { address: string }).toMatchObject({
      address: expect.stringMatching(new RegExp(`^${address}$`, 'i')),
    });
    await send(popup, { type: 'logout' });
  });
});
