import { signUp, uniqueUsername } from './support/accounts.ts';
import { attachWallet } from './support/catalog.ts';
import { expect, test } from './support/fixtures.ts';
import { expectCleanLayout, POPUP_SIZE } from './support/layout.ts';
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

test('clicking a search result links that profile: the wallet view shows it, also once reopened, until unlinked', async ({
  env,
  openPopup,
}) => {
  let popup = await openPopup();
  await popup.setViewportSize(POPUP_SIZE);
  await signUp(popup, uniqueUsername('link'));
  const user = env.catalogUsers[2];
  if (!user) throw new Error('globalSetup exported no catalog users');
  await popup.getByTestId('profile-search').fill(user.handle);
  await popup.getByTestId('profile-search').press('Enter');
  const result = popup
    .getByTestId('profile-search-result')
    .filter({ hasText: `@${user.handle}` })
    .first();
  await expectCleanLayout(popup, 'profile search results');
  await popup
    .getByTestId('profile-search-results')
    .screenshot({ path: test.info().outputPath('profile-search.png') });
  await result.click();

  await expect(popup.getByTestId('profile-name')).toHaveText(user.name);
  await expect(popup.getByTestId('profile-handle')).toHaveText(`@${user.handle}`);
  await expect(popup.getByTestId('profile-chosen')).toContainText('Linked by you');
  await expect(popup.getByTestId('no-profile')).toHaveCount(0);
  await expect(popup.getByTestId('open-library')).toHaveAttribute(
    'href',
    `/library.html?user=${user.id}`,
  );
  await expectCleanLayout(popup, 'a profile linked by the person');
  await popup.screenshot({ path: test.info().outputPath('profile-linked.png'), fullPage: true });

  await popup.close();
  popup = await openPopup();
  await expect(popup.getByTestId('profile-name')).toHaveText(user.name);
  await expect(popup.getByTestId('profile-chosen')).toBeVisible();

  await popup.getByTestId('profile-unlink').click();
  await expect(popup.getByTestId('no-profile')).toBeVisible();
  // The person's own change, not news from the catalog.
  await expect(popup.getByTestId('profile-updated')).toHaveCount(0);
  await popup.close();
  popup = await openPopup();
  await expect(popup.getByTestId('no-profile')).toBeVisible();
});
