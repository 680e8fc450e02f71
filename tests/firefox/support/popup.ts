import type { Page } from 'puppeteer-core';
import { PASSWORD } from '../../e2e/support/accounts.ts';

export { PASSWORD };

import type { FirefoxWithEncore } from './launch-firefox.ts';
import { waitForElement, waitForValue } from './wait.ts';

/** The CSS selector of a `data-testid`. */
export const testId = (id: string): string => `[data-testid="${id}"]`;

/**
 * popup.html in a tab, once it shows the forms or the wallet. The toolbar popup itself is
 * browser chrome that WebDriver cannot reach; the same page in a tab runs the same code.
 */
export async function openPopup(firefox: FirefoxWithEncore): Promise<Page> {
  const page = await firefox.openExtensionPage('popup.html');
  await waitForElement(
    page,
    `${testId('login-submit')}, ${testId('signup-submit')}, ${testId('address')}`,
  );
  return page;
}

/** Signs up in the popup's form; resolves to the address the wallet view shows. */
export async function signUpIn(
  popup: Page,
  username: string,
  password = PASSWORD,
): Promise<string> {
  return submit(popup, 'show-signup', 'signup-submit', username, password);
}

/** Logs in through the popup's form; resolves to the address the wallet view shows. */
export async function logInIn(popup: Page, username: string, password = PASSWORD): Promise<string> {
  return submit(popup, 'show-login', 'login-submit', username, password);
}

async function submit(
  popup: Page,
  show: string,
  button: string,
  username: string,
  password: string,
): Promise<string> {
  await popup.click(testId(show));
  await popup.type(testId('username'), username);
  await popup.type(testId('password'), password);
  if (button === 'signup-submit') await popup.type(testId('password-repeat'), password);
  await popup.click(testId(button));
  return waitForValue(
    popup,
    (selector) => {
      const text = document.querySelector(selector)?.textContent ?? '';
      return /^0x[0-9a-fA-F]{40}$/.test(text) ? text : false;
    },
    testId('address'),
    30_000,
  );
}

/** Logs out from the popup's wallet view and waits for the forms. */
export async function logOutIn(popup: Page): Promise<void> {
  await popup.click(testId('logout'));
  await waitForElement(popup, `${testId('show-signup')}, ${testId('show-login')}`);
}

/**
 * Clicks `button` until `field` is there (at most `timeout` ms). A click is aimed at where the
 * button is when Puppeteer measures it: while the wallet view's cards still load (the catalog
 * profile, the value watch), the layout can move under it and the click land elsewhere.
 */
export async function openView(
  popup: Page,
  button: string,
  field: string,
  timeout = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    await popup.click(button);
    try {
      await waitForElement(popup, field, Math.min(3_000, Math.max(deadline - Date.now(), 1)));
      return;
    } catch (error) {
      if (Date.now() >= deadline) throw error;
    }
  }
}
