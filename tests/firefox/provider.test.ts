import { verifyMessage } from 'ethers';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { uniqueUsername } from '../e2e/support/accounts.ts';
import { hexOf } from '../support/hex-of.ts';
import { type FirefoxWithEncore, launchFirefox } from './support/launch-firefox.ts';
import { openPopup, signUpIn } from './support/popup.ts';
import { approvalWindow, decide, openSite, result, rpc } from './support/site.ts';

const env = inject('encoreEnv');

describe('a site using Encore in Firefox ESR', () => {
  let firefox: FirefoxWithEncore;
  let address: string;
  beforeAll(async () => {
    if (!env.firefoxExtensionDir) throw new Error('globalSetup made no Firefox build');
    firefox = await launchFirefox(env.firefoxExtensionDir);
    address = await signUpIn(await openPopup(firefox), uniqueUsername('firefox-site'));
  });
  afterAll(async () => {
    await firefox?.close();
  });

  it('connects the demo site and gets a personal_sign approved in the approval window', async () => {
    const demo = env.services.demo;
    if (!demo) throw new Error('globalSetup did not start the demo site');
    const site = await openSite(firefox.browser, demo);
    expect(await result(rpc(site, 'eth_accounts'))).toEqual([]);

    const connecting = rpc(site, 'eth_requestAccounts');
    const connectWindow = await approvalWindow(firefox.browser, firefox.origin);
    expect(await connectWindow.$eval('[data-testid="origin"]', (e) => e.textContent)).toBe(
      new URL(demo).host,
    );
    // The window Firefox opened shows the request whole: no sideways scrolling, buttons in view.
    const fit = await connectWindow.evaluate(() => ({
      overflowX: document.documentElement.scrollWidth - innerWidth,
      buttonsBelowView:
        (document.querySelector('[data-testid="approve"]')?.getBoundingClientRect().bottom ??
          Number.POSITIVE_INFINITY) - innerHeight,
    }));
    expect(fit.overflowX).toBeLessThanOrEqual(0);
    expect(fit.buttonsBelowView).toBeLessThanOrEqual(0);
    await decide(connectWindow, 'approve');
    // Sites get accounts in lower case, as the most used wallet answers them.
    expect(await result(connecting)).toEqual([address.toLowerCase()]);

    const text = 'Hello from Firefox 🎵';
    const signing = rpc(site, 'personal_sign', [hexOf(text), address]);
    const signWindow = await approvalWindow(firefox.browser, firefox.origin);
    expect(await signWindow.$eval('[data-testid="message-text"]', (e) => e.textContent)).toBe(text);
    await decide(signWindow, 'approve');
    expect(verifyMessage(text, (await result(signing)) as string)).toBe(address);
  });
});
