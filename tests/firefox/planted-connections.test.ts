// Connections a content script writes in Firefox's storage.local, played in Firefox ESR: one more
// content script of the same build plants a connection of the demo site to the logged-in account,
// in the connections record and in the unclaimed connections the next login takes. Neither
// connects the site: it learns the address only through the connect window.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { uniqueUsername } from '../e2e/support/accounts.ts';
import { buildWithWriter, contentScript } from './support/content-script-writer.ts';
import { type FirefoxWithEncore, launchFirefox } from './support/launch-firefox.ts';
import { logInIn, logOutIn, openPopup, signUpIn } from './support/popup.ts';
import { approvalWindow, decide, openSite, result, rpc } from './support/site.ts';

const env = inject('encoreEnv');
const CONNECTIONS_KEY = 'encore:connections';
const UNCLAIMED_KEY = 'encore:unclaimed-connections';

describe('connections a content script writes in Firefox storage.local', () => {
  let build: string;
  let firefox: FirefoxWithEncore | undefined;

  beforeAll(async () => {
    if (!env.firefoxExtensionDir) throw new Error('globalSetup made no Firefox build');
    build = await buildWithWriter(env.firefoxExtensionDir);
    firefox = await launchFirefox(build);
  });
  afterAll(async () => {
    await firefox?.close();
    if (build) await rm(build, { recursive: true, force: true });
  });

  it('attack: a connection a content script plants never gives the site the address', async () => {
    const demo = env.services.demo;
    if (!firefox || !demo)
      throw new Error('no Firefox, or globalSetup did not start the demo site');
    const popup = await openPopup(firefox);
    const username = uniqueUsername('firefox-planted-connection');
    const address = await signUpIn(popup, username);
    const account = address.toLowerCase();
    const origin = new URL(demo).origin;
    const site = await openSite(firefox.browser, demo);
    await contentScript(site, {
      set: {
        [CONNECTIONS_KEY]: { [account]: { [origin]: { connectedAt: Date.now() } } },
        [UNCLAIMED_KEY]: { [origin]: { connectedAt: Date.now() } },
      },
    });
    expect(await result(rpc(site, 'eth_accounts'))).toEqual([]);
    // The next login takes the unclaimed connections: the planted ones give nothing.
    await logOutIn(popup);
    expect(await logInIn(popup, username)).toBe(address);
    expect(await result(rpc(site, 'eth_accounts'))).toEqual([]);

    // The connect window still connects the site, and what it stores is sealed.
    const connecting = rpc(site, 'eth_requestAccounts');
    await decide(await approvalWindow(firefox.browser, firefox.origin), 'approve');
    expect(await result(connecting)).toEqual([account]);
    const stored = await contentScript(site);
    expect(stored[CONNECTIONS_KEY]).toMatchObject({ sealed: 'AES-GCM' });
    expect(JSON.stringify(stored[CONNECTIONS_KEY])).not.toContain(account.slice(2));
    expect(await result(rpc(site, 'eth_accounts'))).toEqual([account]);
  });
});
