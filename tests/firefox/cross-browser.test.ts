import type { Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { uniqueUsername } from '../e2e/support/accounts.ts';
import { type ExtensionBrowser, launchExtensionBrowser } from '../e2e/support/launch.ts';
import { type FirefoxWithEncore, launchFirefox } from './support/launch-firefox.ts';
import { logInIn, logOutIn, openPopup, PASSWORD, signUpIn } from './support/popup.ts';

const env = inject('encoreEnv');

// Chromium through Playwright (as the Chromium suite drives it), Firefox through puppeteer over
// WebDriver BiDi, both with the extension built from the same source against the same backend.
describe('one account in both browsers', () => {
  let chromium: ExtensionBrowser;
  let firefox: FirefoxWithEncore;
  beforeAll(async () => {
    if (!env.firefoxExtensionDir) throw new Error('globalSetup made no Firefox build');
    [chromium, firefox] = await Promise.all([
      launchExtensionBrowser(env.extensionDir),
      launchFirefox(env.firefoxExtensionDir),
    ]);
  });
  afterAll(async () => {
    await chromium?.close();
    await firefox?.close();
  });

  it('an account made in Chromium opens in Firefox', async () => {
    const username = uniqueUsername('from-chromium');
    const address = await chromiumForm(await chromiumPopup(chromium), 'signup', username);
    const firefoxPopup = await openPopup(firefox);
    expect(await logInIn(firefoxPopup, username)).toBe(address);
    await logOutIn(firefoxPopup);
    await chromiumLogOut(chromium);
  });

  it('an account made in Firefox opens in Chromium', async () => {
    const username = uniqueUsername('from-firefox');
    const address = await signUpIn(await openPopup(firefox), username);
    expect(await chromiumForm(await chromiumPopup(chromium), 'login', username)).toBe(address);
  });
});

async function chromiumLogOut(browser: ExtensionBrowser): Promise<void> {
  const popup = await chromiumPopup(browser);
  await popup.getByTestId('logout').click();
  await popup.getByTestId('show-login').waitFor();
}

async function chromiumPopup(browser: ExtensionBrowser): Promise<Page> {
  const page = await browser.context.newPage();
  await page.goto(`chrome-extension://${browser.extensionId}/popup.html`);
  return page;
}

/** Signs up or logs in through the Chromium popup's form; resolves to the address it shows. */
async function chromiumForm(
  popup: Page,
  form: 'signup' | 'login',
  username: string,
): Promise<string> {
  await popup.getByTestId(form === 'signup' ? 'show-signup' : 'show-login').click();
  await popup.getByTestId('username').fill(username);
  await popup.getByTestId('password').fill(PASSWORD);
  if (form === 'signup') await popup.getByTestId('password-repeat').fill(PASSWORD);
  await popup.getByTestId(`${form}-submit`).click();
  const address = popup.getByTestId('address');
  await popup.waitForFunction(
    () =>
      /^0x[0-9a-fA-F]{40}$/.test(
        document.querySelector('[data-testid="address"]')?.textContent ?? '',
      ),
    undefined,
    { timeout: 30_000 },
  );
  return (await address.textContent()) ?? '';
}
