// A log-in form left open past the worker's idle stop: the person's typing wakes the worker, so
// it has started (and warmed up) by the time they submit, and the login finds it running.
import { expect, type Page } from '@playwright/test';
import { PASSWORD, signUp, uniqueUsername } from './support/accounts.ts';
import { test } from './support/fixtures.ts';
import { isServiceWorkerRunning, stopServiceWorker } from './support/stop-worker.ts';

async function logOut(popup: Page): Promise<void> {
  await popup.getByTestId('logout').click();
  await expect(popup.getByTestId('show-login')).toBeVisible();
}

test('typing in the log-in form wakes a worker the browser stopped, before the submit', async ({
  context,
  openPopup,
}) => {
  const first = await openPopup();
  const username = uniqueUsername();
  const address = await signUp(first, username);
  await logOut(first);
  await first.close();

  // A popup opened again, its form shown, then left until the browser stopped the worker.
  const popup = await openPopup();
  await popup.getByTestId('show-login').click();
  await stopServiceWorker(context, popup);
  expect(await isServiceWorkerRunning(context, popup)).toBe(false);

  // Nothing is submitted yet: only the form's input.
  await popup.getByTestId('username').fill(username);
  await expect.poll(() => isServiceWorkerRunning(context, popup), { timeout: 10_000 }).toBe(true);

  await popup.getByTestId('password').fill(PASSWORD);
  await popup.getByTestId('login-submit').click();
  await expect(popup.getByTestId('address')).toHaveText(address, { timeout: 30_000 });
});
