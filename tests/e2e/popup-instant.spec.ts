// The popup of a logged-in person answers from the session snapshot: the address (and the last
// profile) appear while the wallet is still underived, and before the worker has answered at all
// (the popup reads the snapshot from storage while it asks). The test build's holds
// (lib/extension/background/test-hooks.ts) keep the wallet underived, or the worker's getState
// unanswered, for as long as the test wants, so "before" is shown by what the page holds, not by a
// clock.
import type { Page, Worker } from '@playwright/test';
import { signUp, uniqueUsername } from './support/accounts.ts';
import { attachWallet } from './support/catalog.ts';
import { expect, test } from './support/fixtures.ts';
import { stopServiceWorker } from './support/stop-worker.ts';

const HOLD_DERIVATION = 'encore:test:hold-derivation';
const HOLD_STATE = 'encore:test:hold-state';
const SNAPSHOT = 'encore:wallet:snapshot';

function hold(page: Page, key: string, held: boolean): Promise<void> {
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
    [key, held] as const,
  );
}

function holdDerivation(page: Page, held: boolean): Promise<void> {
  return hold(page, HOLD_DERIVATION, held);
}

/** How many times this worker derived the stored wallet (its always-on phase measure). */
function derivations(worker: Worker): Promise<number> {
  return worker.evaluate(() => performance.getEntriesByName('encore:session:derive-wallet').length);
}

/** Whether the popup has its phase measure `name` (`get-state`: the worker's answer came). */
function popupMeasured(popup: Page, name: 'get-state' | 'snapshot'): Promise<boolean> {
  return popup.evaluate(
    (measure) => performance.getEntriesByName(measure).length > 0,
    `encore:popup:${name}`,
  );
}

/** Signs up, holds the worker's getState answer, stops the worker and closes the popup. */
async function signedUpWithWorkerStopped(
  context: Parameters<typeof stopServiceWorker>[0],
  openPopup: () => Promise<Page>,
  before: (popup: Page) => Promise<void> = async () => undefined,
): Promise<{ address: string; username: string }> {
  const popup = await openPopup();
  const username = uniqueUsername();
  const address = await signUp(popup, username);
  await hold(popup, HOLD_STATE, true);
  await before(popup);
  await stopServiceWorker(context, popup);
  await popup.close();
  return { address, username };
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

test('with the worker stopped, the popup shows the snapshot before the worker answers, and keeps it when the answer agrees', async ({
  context,
  openPopup,
}) => {
  const { address, username } = await signedUpWithWorkerStopped(context, openPopup);

  const reopened = await openPopup();
  const shown = reopened.getByTestId('address');
  await expect(shown).toHaveText(address);
  await expect(reopened.locator('.account-name')).toHaveText(username);
  expect(await popupMeasured(reopened, 'get-state')).toBe(false);
  // Marks the element on screen: a view drawn again from scratch would lose the mark.
  await shown.evaluate((element) => element.setAttribute('data-test-mark', 'snapshot'));

  await hold(reopened, HOLD_STATE, false);
  await expect.poll(() => popupMeasured(reopened, 'get-state')).toBe(true);
  await expect(shown).toHaveText(address);
  await expect(shown).toHaveAttribute('data-test-mark', 'snapshot');
});

test('the worker’s answer replaces the snapshot: logged out meanwhile, the popup shows the log-in form', async ({
  context,
  openPopup,
}) => {
  const { address } = await signedUpWithWorkerStopped(context, openPopup);
  const reopened = await openPopup();
  await expect(reopened.getByTestId('address')).toHaveText(address);

  // The session ends before the worker answers the popup (as another extension page could end it).
  await reopened.evaluate(async () => {
    const { chrome } = globalThis as unknown as {
      chrome: { runtime: { sendMessage(message: object): Promise<unknown> } };
    };
    await chrome.runtime.sendMessage({ type: 'logout' });
  });
  await hold(reopened, HOLD_STATE, false);
  await expect(reopened.getByTestId('show-login')).toBeVisible();
  await expect(reopened.getByTestId('address')).toHaveCount(0);
});

test('a stored snapshot that does not match the entropy is not shown: the popup waits for the worker', async ({
  context,
  extensionId,
  openPopup,
}) => {
  const { address } = await signedUpWithWorkerStopped(context, openPopup, async (popup) => {
    // The restarted worker would derive and write a good snapshot: held, it cannot yet.
    await holdDerivation(popup, true);
    await popup.evaluate(async (key) => {
      const { chrome } = globalThis as unknown as {
        chrome: {
          storage: {
            local: {
              get(key: string): Promise<Record<string, unknown>>;
              set(items: object): Promise<void>;
            };
          };
        };
      };
      const stored = JSON.parse(String((await chrome.storage.local.get(key))[key]));
      // Written for other entropy: everything else as it was.
      await chrome.storage.local.set({
        [key]: JSON.stringify({ ...stored, entropyDigest: 'ab'.repeat(32) }),
      });
    }, SNAPSHOT);
  });

  // Opened by hand: openPopup waits for a form or the address, and this popup shows neither yet.
  const reopened = await context.newPage();
  await reopened.goto(`chrome-extension://${extensionId}/popup.html`);
  // The popup has read storage and found nothing it may show.
  await expect.poll(() => popupMeasured(reopened, 'snapshot')).toBe(true);
  await expect(reopened.getByText('Loading your wallet')).toBeVisible();
  await expect(reopened.getByTestId('address')).toHaveCount(0);

  await holdDerivation(reopened, false);
  await hold(reopened, HOLD_STATE, false);
  await expect(reopened.getByTestId('address')).toHaveText(address);
});
