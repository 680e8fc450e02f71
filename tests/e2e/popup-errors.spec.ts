import { startServer } from '@encore-wallet/server';
import type { Page } from '@playwright/test';
import { PASSWORD, uniqueUsername } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { useBackend } from './support/settings.ts';

// These point the extension at a backend of the test's own (127.0.0.1 is a granted host), the way
// the settings page does, then use the popup as a person would.

async function tryLogin(popup: Page, username: string): Promise<void> {
  await popup.getByTestId('username').fill(username);
  await popup.getByTestId('password').fill(PASSWORD);
  await popup.getByTestId('login-submit').click();
  await expect(popup.getByTestId('form-error')).toBeVisible({ timeout: 30_000 });
}

test('a rate-limited backend shows "try again in N s" and holds the button', async ({
  openPopup,
}) => {
  const strict = await startServer({
    port: 0,
    databaseUrl: 'sqlite::memory:',
    // Fixed windows: a long one keeps both attempts in the same window (a 60 s window made the
    // second attempt land in a fresh window whenever the first was in its last second). A failed
    // login from a new browser spends two lookups (the Hedgehog record's, then the strengthened
    // one's): the first attempt fits, the second does not.
    rateLimit: { perAddress: 2, perLookupKey: 1, windowSeconds: 3600 },
  });
  try {
    const popup = await openPopup();
    await useBackend(popup, strict.url);
    const username = uniqueUsername();
    await tryLogin(popup, username);
    await expect(popup.getByTestId('form-error')).toHaveText('Wrong username or password.');
    await tryLogin(popup, username);
    await expect(popup.getByTestId('form-error')).toHaveText(
      /^Too many attempts\. Try again in \d+ s\.$/,
    );
    await expect(popup.getByTestId('login-submit')).toBeDisabled();
  } finally {
    await strict.close();
  }
});

test('an unreachable backend says so', async ({ openPopup }) => {
  const gone = await startServer({ port: 0, databaseUrl: 'sqlite::memory:' });
  await gone.close();
  const popup = await openPopup();
  await useBackend(popup, gone.url);
  await tryLogin(popup, uniqueUsername());
  await expect(popup.getByTestId('form-error')).toHaveText(/wallet backend cannot be reached/);
});

test('a taken username is reported on sign-up', async ({ openPopup }) => {
  const popup = await openPopup();
  const username = uniqueUsername();
  await popup.getByTestId('show-signup').click();
  await popup.getByTestId('username').fill(username);
  await popup.getByTestId('password').fill(PASSWORD);
  await popup.getByTestId('password-repeat').fill(PASSWORD);
  await popup.getByTestId('signup-submit').click();
  await expect(popup.getByTestId('address')).toBeVisible({ timeout: 30_000 });
  await popup.getByTestId('logout').click();

  await popup.getByTestId('show-signup').click();
  await popup.getByTestId('username').fill(username);
  await popup.getByTestId('password').fill(`${PASSWORD} again`);
  await popup.getByTestId('password-repeat').fill(`${PASSWORD} again`);
  await popup.getByTestId('signup-submit').click();
  await expect(popup.getByTestId('form-error')).toHaveText(/username is taken/, {
    timeout: 30_000,
  });
});
