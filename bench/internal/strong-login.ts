// The strengthened record in the extension bench: a listener's account strengthened through the
// popup, and logins from fresh profiles (a browser that has never seen the account, its worker
// and popup starting for the first time) to it and to a Hedgehog-format account, so both pay the
// same first-start costs and only the record format differs; and to a hardened account, in a
// build pinned to a key holder.
import type { Page } from '@playwright/test';
import { launchWithExtension } from './browsers.ts';
import { fillForm, logOut, submitTimed } from './popup-login.ts';

/** Strengthens the logged-in account from `popup` (the popup's own view), then logs out. */
export async function strengthenFromPopup(popup: Page, password: string): Promise<void> {
  await popup.getByTestId('show-strengthen').click();
  await popup.getByTestId('strengthen-password').fill(password);
  await popup.getByTestId('strengthen-submit').click();
  await popup.getByTestId('strengthen-done').waitFor({ timeout: 120_000 });
  await popup.getByTestId('strengthen-view').getByRole('button', { name: 'Close' }).click();
  await logOut(popup);
}

/** Milliseconds from the click to the address, in a profile that has never seen the account. */
export async function freshProfileLogin(
  extensionDir: string,
  username: string,
  password: string,
): Promise<number> {
  const fresh = await launchWithExtension(extensionDir);
  try {
    const page = await fresh.context.newPage();
    await page.goto(`chrome-extension://${fresh.extensionId}/popup.html`);
    await fillForm(page, 'login', username, password);
    return (await submitTimed(page, 'login')).total;
  } finally {
    await fresh.close();
  }
}

/** Signs `username` up in a fresh profile of `extensionDir` (a hardened build: a hardened record). */
export async function signUpInFreshProfile(
  extensionDir: string,
  username: string,
  password: string,
): Promise<void> {
  const fresh = await launchWithExtension(extensionDir);
  try {
    const page = await fresh.context.newPage();
    await page.goto(`chrome-extension://${fresh.extensionId}/popup.html`);
    await fillForm(page, 'signup', username, password);
    await submitTimed(page, 'signup');
  } finally {
    await fresh.close();
  }
}
