import { signUp, uniqueUsername } from './support/accounts.ts';
import { attachWallet } from './support/catalog.ts';
import { expect, test } from './support/fixtures.ts';
import { isServiceWorkerRunning, stopServiceWorker } from './support/stop-worker.ts';

test('the wallet survives the browser stopping the service worker', async ({
  context,
  openPopup,
}) => {
  const popup = await openPopup();
  const address = await signUp(popup, uniqueUsername());

  await stopServiceWorker(context, popup);
  expect(await isServiceWorkerRunning(context, popup)).toBe(false);

  // Reopening the popup wakes a new worker, which restores the wallet from storage.
  await popup.close();
  const reopened = await openPopup();
  await expect(reopened.getByTestId('address')).toHaveText(address);
  expect(await isServiceWorkerRunning(context, reopened)).toBe(true);
});

test('the profile card shows the catalog user whose wallet this is', async ({ env, openPopup }) => {
  const popup = await openPopup();
  const address = await signUp(popup, uniqueUsername());
  // Before any catalog user has this wallet the popup says so plainly.
  await expect(popup.getByTestId('no-profile')).toBeVisible();

  const user = env.catalogUsers[1];
  if (!user) throw new Error('globalSetup exported no catalog users');
  await attachWallet(env, user.id, address);
  await popup.reload();
  await expect(popup.getByTestId('profile-name')).toHaveText(user.name);
  await expect(popup.getByTestId('profile-handle')).toHaveText(`@${user.handle}`);
});

test('searching the catalog by handle lists the matching user', async ({ env, openPopup }) => {
  const popup = await openPopup();
  await signUp(popup, uniqueUsername());
  const user = env.catalogUsers[2];
  if (!user) throw new Error('globalSetup exported no catalog users');
  await popup.getByTestId('profile-search').fill(user.handle);
  await popup.getByTestId('profile-search').press('Enter');
  await expect(popup.getByTestId('profile-search-results')).toContainText(`@${user.handle}`);
});
