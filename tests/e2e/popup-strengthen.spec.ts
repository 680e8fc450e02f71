// Strengthening a wallet from the popup, through the built extension and the reference backend:
// the record is replaced (the Hedgehog lookup key answers 404 afterwards), and a second, fresh
// browser profile logs in to the same address with the same username and password.

import { loginLookupKey, StrongRecord } from '@encore-wallet/core';
import { HDNodeWallet } from 'ethers';
import { shoot } from './provider-support.ts';
import { logIn, PASSWORD, signUp, uniqueUsername } from './support/accounts.ts';
import { e2eEnv } from './support/env.ts';
import { expect, openExtensionPopup, test } from './support/fixtures.ts';
import { POPUP_SIZE } from './support/layout.ts';

const NEW_PASSWORD = 'a new lantern for the harbour 5';

async function lookupStatus(lookupKey: string): Promise<number> {
  const url = new URL('/authentication', e2eEnv().backendUrl);
  url.searchParams.set('lookupKey', lookupKey);
  return (await fetch(url)).status;
}

test('strengthen, then log in from a fresh profile: same address; the Hedgehog lookup key is gone', async ({
  openPopup,
  launchSecondBrowser,
}) => {
  const username = uniqueUsername('strong');
  const popup = await openPopup();
  const address = await signUp(popup, username);
  const hedgehogKey = await loginLookupKey(username, PASSWORD);
  const strongKey = await StrongRecord.lookupKey(
    await StrongRecord.deriveMaster(username, PASSWORD),
  );
  expect(await lookupStatus(hedgehogKey)).toBe(200);
  expect(await lookupStatus(strongKey)).toBe(404);

  await popup.getByTestId('show-strengthen').click();
  await expect(popup.getByTestId('strengthen-hedgehog-note')).toContainText('@audius/hedgehog');
  // Checked for the layout rules; with ENCORE_SCREENSHOTS=1 the picture goes to the docs.
  await shoot(popup, 'popup-strengthen', (n) => test.info().outputPath(n), POPUP_SIZE);
  // A wrong password changes nothing, and is called what it is (only a password was asked).
  await popup.getByTestId('strengthen-password').fill(`${PASSWORD}?`);
  await popup.getByTestId('strengthen-submit').click();
  await expect(popup.getByTestId('form-error')).toHaveText('Wrong password.', {
    timeout: 30_000,
  });
  expect(await lookupStatus(hedgehogKey)).toBe(200);

  await popup.getByTestId('strengthen-password').fill(PASSWORD);
  await popup.getByTestId('strengthen-submit').click();
  await expect(popup.getByTestId('strengthen-done')).toContainText('re-encrypted', {
    timeout: 60_000,
  });
  expect(await lookupStatus(hedgehogKey)).toBe(404);
  expect(await lookupStatus(strongKey)).toBe(200);

  // A browser that has never seen the account: the Hedgehog lookup finds nothing, the strong
  // one opens the same wallet.
  // The popup derives the strong master on its own worker (the service worker has none) while
  // it derives the Hedgehog lookup key; the login used it.
  const elsewhere = await openExtensionPopup(await launchSecondBrowser());
  expect(await logIn(elsewhere, username)).toBe(address);
  expect(
    await elsewhere.evaluate(
      () => performance.getEntriesByName('encore:popup:strong-master', 'measure').length,
    ),
  ).toBe(1);
  await elsewhere.getByTestId('show-strengthen').click();
  await expect(elsewhere.getByTestId('strengthen-done')).toContainText('already strengthened');

  // The first browser, after a logout, still logs in (straight to the strong derivation).
  await popup.getByTestId('strengthen-view').getByRole('button', { name: 'Close' }).click();
  await popup.getByTestId('logout').click();
  expect(await logIn(popup, username)).toBe(address);
});

test('a strengthened account shows its recovery phrase and changes its password, staying strengthened', async ({
  openPopup,
}) => {
  const username = uniqueUsername('strong-change');
  const popup = await openPopup();
  const address = await signUp(popup, username);
  await popup.getByTestId('show-strengthen').click();
  await popup.getByTestId('strengthen-password').fill(PASSWORD);
  await popup.getByTestId('strengthen-submit').click();
  await expect(popup.getByTestId('strengthen-done')).toBeVisible({ timeout: 60_000 });
  await popup.getByTestId('strengthen-view').getByRole('button', { name: 'Close' }).click();

  await popup.getByTestId('show-recovery').click();
  await popup.getByTestId('recovery-password').fill(PASSWORD);
  await popup.getByTestId('recovery-submit').click();
  const phrase = popup.getByTestId('recovery-phrase');
  await expect(phrase).toHaveText(/^[a-z]+( [a-z]+){11}$/, { timeout: 30_000 });
  expect(HDNodeWallet.fromPhrase((await phrase.textContent()) ?? '').address).toBe(address);
  await popup.getByTestId('phrase-close').click();

  await popup.getByRole('button', { name: 'Change password' }).click();
  await popup.getByLabel('Current password').fill(PASSWORD);
  await popup.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await popup.getByLabel('Repeat new password').fill(NEW_PASSWORD);
  await popup.locator('form').getByRole('button', { name: 'Change password' }).click();
  await expect(popup.getByText('Password changed.')).toBeVisible({ timeout: 60_000 });
  const strongNew = await StrongRecord.lookupKey(
    await StrongRecord.deriveMaster(username, NEW_PASSWORD),
  );
  expect(await lookupStatus(strongNew)).toBe(200);
  expect(await lookupStatus(await loginLookupKey(username, NEW_PASSWORD))).toBe(404);

  await popup.getByTestId('logout').click();
  expect(await logIn(popup, username, NEW_PASSWORD)).toBe(address);
});
