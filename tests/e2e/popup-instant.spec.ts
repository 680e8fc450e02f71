// The popup of a logged-in person answers from the session snapshot: the address (and the last
// profile) appear while the wallet is still underived. The test build's derivation hold
// (lib/extension/background/test-hooks.ts) keeps the wallet underived for as long as the test
// wants, so "before" is shown by what the page holds, not by a clock.
import type { Page, Worker } from '@playwright/test';
import { signUp, uniqueUsername } from './support/accounts.ts';
import { attachWallet } from './support/catalog.ts';
import { expect, test } from './support/fixtures.ts';
import { stopServiceWorker } from './support/stop-worker.ts';

const HOLD = 'encore:test:hold-derivation';

function holdDerivation(page: Page, held: boolean): Promise<void> {
  return page.evaluate(
    async ([key, on]) => {
      const { chrome } = globalThis as unknown as {
        chrome: {
          storage: {
            session: { set(items: object): Promise<void>; remove(key: string): Promise<void> };
          };
        };
      };
      await (on ? chrome.storage.session.set({ [key]: true }) : chrome.storage.session.remove(key));
    },
    [HOLD, held] as const,
  );
}

/** How many times this worker derived the stored wallet (its always-on phase measure). */
function derivations(worker: Worker): Promise<number> {
  return worker.evaluate(() => performance.getEntriesByName('encore:session:derive-wallet').length);
}

test('after a worker restart the popup shows the address before the wallet is derived', async ({
  context,
  extension,
  openPopup,
}) => {
  const popup = await openPopup();
  const address = await signUp(popup, uniqueUsername());
  await holdDerivation(popup, true);
  await stopServiceWorker(context, popup);
  await popup.close();

  const reopened = await openPopup();
  await expect(reopened.getByTestId('address')).toHaveText(address);
  // The profile lookup does not wait for the wallet either.
  await expect(reopened.getByTestId('no-profile')).toBeVisible();
  await expect(reopened.getByTestId('profile-refreshing')).toHaveCount(0);
  const worker = await extension.serviceWorker();
  expect(await derivations(worker)).toBe(0);

  // Released, the worker derives it in the background without anyone asking for a signature.
  await holdDerivation(reopened, false);
  await expect.poll(() => derivations(worker)).toBe(1);
  await expect(reopened.getByTestId('address')).toHaveText(address);
});

test('the popup shows the last profile at once and says when a fresh lookup changed it', async ({
  env,
  openPopup,
}) => {
  const popup = await openPopup();
  const address = await signUp(popup, uniqueUsername());
  await expect(popup.getByTestId('no-profile')).toBeVisible();

  // The catalog changes while the popup is closed: the next one starts from what it saw last.
  const user = env.catalogUsers[3];
  if (!user) throw new Error('globalSetup exported no catalog users');
  await attachWallet(env, user.id, address);
  await popup.reload();
  await expect(popup.getByTestId('profile-name')).toHaveText(user.name);
  await expect(popup.getByTestId('profile-updated')).toBeVisible();

  // Unchanged since: shown from the snapshot, and nothing claims an update.
  await popup.reload();
  await expect(popup.getByTestId('profile-name')).toHaveText(user.name);
  await expect(popup.getByTestId('profile-refreshing')).toHaveCount(0);
  await expect(popup.getByTestId('profile-updated')).toHaveCount(0);
});
