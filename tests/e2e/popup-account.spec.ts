import { logIn, PASSWORD, signUp, uniqueUsername } from './support/accounts.ts';
import { expect, openExtensionPopup, test } from './support/fixtures.ts';
import { expectCleanLayout, POPUP_SIZE } from './support/layout.ts';

test('sign up, log out and log in again show the same wallet', async ({ openPopup }) => {
  const popup = await openPopup();
  const username = uniqueUsername();
  const address = await signUp(popup, username);
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  // EIP-55: a checksummed address mixes cases (all-lower would mean it was not checksummed).
  expect(address).not.toBe(address.toLowerCase());

  await popup.getByTestId('logout').click();
  await expect(popup.getByTestId('login-submit')).toBeVisible();
  await expect(popup.getByTestId('address')).toHaveCount(0);

  expect(await logIn(popup, username)).toBe(address);
  await popup.reload();
  await expect(popup.getByTestId('address')).toHaveText(address);
});

test('a second, fresh browser logs in with the same credentials to the same address', async ({
  openPopup,
  launchSecondBrowser,
}) => {
  const username = uniqueUsername();
  const address = await signUp(await openPopup(), username);

  const other = await launchSecondBrowser();
  expect(other.extensionId).toBeTruthy();
  expect(await logIn(await openExtensionPopup(other), username, PASSWORD)).toBe(address);
});

test('a wrong password shows an error and no wallet', async ({ openPopup }) => {
  const popup = await openPopup();
  const username = uniqueUsername();
  await signUp(popup, username);
  await popup.getByTestId('logout').click();

  await popup.getByTestId('show-login').click();
  await popup.getByTestId('username').fill(username);
  await popup.getByTestId('password').fill(`${PASSWORD} but wrong`);
  await popup.getByTestId('login-submit').click();
  await expect(popup.getByTestId('form-error')).toHaveText('Wrong username or password.', {
    timeout: 30_000,
  });
  await expect(popup.getByTestId('address')).toHaveCount(0);
});

test('sign-up shows the password policy inline before anything is sent', async ({ openPopup }) => {
  const popup = await openPopup();
  await popup.getByTestId('show-signup').click();
  await popup.getByTestId('username').fill(uniqueUsername());
  await popup.getByTestId('password').fill('short');
  await expect(popup.getByText('Use at least')).toBeVisible();
  await popup.getByTestId('password').fill('password123');
  await expect(popup.getByText('This password is too common')).toBeVisible();
  await popup.getByTestId('signup-submit').click();
  await expect(popup.getByTestId('address')).toHaveCount(0);
});

test('sign-up catches a mistyped password: the repeat must match before anything is sent', async ({
  openPopup,
}) => {
  const popup = await openPopup();
  await popup.setViewportSize(POPUP_SIZE);
  const username = uniqueUsername('repeat');
  await popup.getByTestId('show-signup').click();
  await popup.getByTestId('username').fill(username);
  await popup.getByTestId('password').fill(PASSWORD);
  // One letter slipped in the second typing.
  await popup.getByTestId('password-repeat').fill(PASSWORD.replace('tram', 'tran'));
  await popup.getByTestId('signup-submit').click();
  await expect(popup.getByText('The two passwords differ.')).toBeVisible();
  await expectCleanLayout(popup, 'sign up, the repeat differs');
  await popup.screenshot({ path: test.info().outputPath('sign-up-repeat.png'), fullPage: true });
  await expect(popup.getByTestId('address')).toHaveCount(0);
  // Nothing reached the backend: the same username signs up once the repeat matches.
  await popup.getByTestId('password-repeat').fill(PASSWORD);
  await expect(popup.getByText('The two passwords differ.')).toHaveCount(0);
  await popup.getByTestId('signup-submit').click();
  await expect(popup.getByTestId('address')).toHaveText(/^0x[0-9a-fA-F]{40}$/, { timeout: 30_000 });
  await popup.getByTestId('logout').click();
  await logIn(popup, username);
});
