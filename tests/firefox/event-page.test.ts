import { verifyMessage } from 'ethers';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { uniqueUsername } from '../e2e/support/accounts.ts';
import { hexOf } from '../support/hex-of.ts';
import { backgroundStartedAt } from './support/background.ts';
import { type FirefoxWithEncore, launchFirefox } from './support/launch-firefox.ts';
import { openPopup, signUpIn } from './support/popup.ts';
import { approvalWindow, decide, openSite, result, rpc } from './support/site.ts';

const env = inject('encoreEnv');

async function untilBackgroundRestarts(page: Page, since: number): Promise<number> {
  for (let i = 0; i < 100; i++) {
    await new Promise((r) => setTimeout(r, 200));
    const now = await backgroundStartedAt(page);
    if (now !== since) return now;
  }
  throw new Error('The event page was never unloaded');
}

// Firefox runs the background as an event page and unloads it when idle (30 s by default; 2 s
// here, a preference of the test profile, so the test need not wait).
describe('the Firefox event page, unloaded when idle', () => {
  let firefox: FirefoxWithEncore;
  beforeAll(async () => {
    if (!env.firefoxExtensionDir) throw new Error('globalSetup made no Firefox build');
    firefox = await launchFirefox(env.firefoxExtensionDir, {
      prefs: { 'extensions.background.idle.timeout': 2000 },
    });
  });
  afterAll(async () => {
    await firefox?.close();
  });

  it('keeps the wallet and the site connection across unloads', async () => {
    const demo = env.services.demo;
    if (!demo) throw new Error('globalSetup did not start the demo site');
    const popup = await openPopup(firefox);
    const address = await signUpIn(popup, uniqueUsername('firefox-idle'));
    const site = await openSite(firefox.browser, demo);
    const connecting = rpc(site, 'eth_requestAccounts');
    await decide(await approvalWindow(firefox.browser, firefox.origin), 'approve');
    // Sites get accounts in lower case, as the most used wallet answers them.
    expect(await result(connecting)).toEqual([address.toLowerCase()]);

    let startedAt = await untilBackgroundRestarts(popup, await backgroundStartedAt(popup));
    // A new event page restored the wallet from storage.local (sealed): the popup shows it…
    const reopened = await openPopup(firefox);
    expect(await reopened.$eval('[data-testid="address"]', (e) => e.textContent)).toBe(address);

    startedAt = await untilBackgroundRestarts(reopened, startedAt);
    // …and a site's request wakes it and is answered by the restored wallet.
    expect(await result(rpc(site, 'eth_accounts'))).toEqual([address.toLowerCase()]);
    await untilBackgroundRestarts(reopened, startedAt);
    const text = 'Signed after the event page was unloaded';
    const signing = rpc(site, 'personal_sign', [hexOf(text), address]);
    await decide(await approvalWindow(firefox.browser, firefox.origin), 'approve');
    expect(verifyMessage(text, (await result(signing)) as string)).toBe(address);
  });
});
