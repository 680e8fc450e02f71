import type { Page } from '@playwright/test';
import {
  approvalWindow,
  decide,
  expectCode,
  expectResult,
  hexOf,
  openSite,
  rpc,
  type WalletBrowser,
  walletBrowser,
} from './provider-support.ts';
import { expect, openExtensionPopup, test } from './support/fixtures.ts';
import { stopServiceWorker } from './support/stop-worker.ts';

// The worker stopped (as the browser stops an idle one) while a site waits on the approval
// window, beyond provider-lifecycle.spec.ts's single request: several requests from several sites,
// a connection that was never granted, and a request approved but not yet answered. Each site
// hears 4900 (never a silent hang), the window says what is true, and nothing is granted that
// the person did not approve. One browser for the file.
test.describe.configure({ mode: 'serial' });

const RESTARTED = 'Encore restarted while this request was in flight; please try again.';
/** The test build's derivation hold (lib/extension/background/test-hooks.ts). */
const HOLD = 'encore:test:hold-derivation';

let w: WalletBrowser;
let site: Page;
let other: Page;

test.beforeAll(async () => {
  w = await walletBrowser(5);
  site = await openSite(w.context, w.demoUrl);
  other = await openSite(w.context, w.otherOrigin);
  // Only `site` is connected; `other` has never been.
  const connecting = rpc(site, 'eth_requestAccounts');
  await decide(w.context, 'approve');
  expect(await expectResult(connecting)).toEqual([w.siteAccount]);
});

test.afterAll(async () => {
  await w?.browser.close();
});

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

test('two sites waiting: both hear 4900, the window says expired, the unapproved connection is not granted', async () => {
  const signing = rpc(site, 'personal_sign', [hexOf('waiting in front'), w.address]);
  const window = await approvalWindow(w.context);
  const connecting = rpc(other, 'eth_requestAccounts');
  await expect(window.getByTestId('queue-count')).toHaveText('1 of 2 requests');

  await stopServiceWorker(w.context, site);
  expect(await expectCode(signing, 4900)).toBe(RESTARTED);
  expect(await expectCode(connecting, 4900)).toBe(RESTARTED);
  await expect(window.getByTestId('expired')).toBeVisible();
  await expect(window.getByTestId('approve')).toHaveCount(0);

  // The restarted worker: `site` keeps the connection it was granted; `other` got none.
  expect(await expectResult(rpc(site, 'eth_accounts'))).toEqual([w.siteAccount]);
  expect(await expectResult(rpc(other, 'eth_accounts'))).toEqual([]);
  const popup = await openExtensionPopup(w.browser);
  const sites = popup.getByTestId('connected-sites').locator('li');
  await expect(sites).toHaveCount(1);
  await expect(sites).toContainText(new URL(w.demoUrl).host);
  await popup.close();
});

test('approved but not yet signed when the worker stops: 4900, and the next request signs', async () => {
  // The wallet underived after a restart, and kept so: an approved signature waits for it.
  await holdDerivation(w.popup, true);
  await stopServiceWorker(w.context, site);
  const signing = rpc(site, 'personal_sign', [hexOf('approved, then the worker stops'), w.address]);
  await decide(w.context, 'approve'); // the window closes: nothing left for the person to decide

  await stopServiceWorker(w.context, site);
  expect(await expectCode(signing, 4900)).toBe(RESTARTED);

  await holdDerivation(w.popup, false);
  const again = rpc(site, 'personal_sign', [hexOf('after the restart'), w.address]);
  await decide(w.context, 'approve');
  expect(await expectResult(again)).toMatch(/^0x[0-9a-f]{130}$/);
});
