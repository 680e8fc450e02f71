import type { Page } from '@playwright/test';
import {
  approvalWindow,
  decide,
  events,
  expectCode,
  expectResult,
  hexOf,
  openSite,
  recordEvents,
  rpc,
  shoot,
  type WalletBrowser,
  walletBrowser,
} from './provider-support.ts';
import { logIn, signUp, uniqueUsername } from './support/accounts.ts';
import { expect, openExtensionPopup, test } from './support/fixtures.ts';
import { stopServiceWorker } from './support/stop-worker.ts';

// Worker restarts, logout and login while sites are connected. One browser for the file.
test.describe.configure({ mode: 'serial' });

let w: WalletBrowser;
let site: Page;
let other: Page;

test.beforeAll(async () => {
  w = await walletBrowser(4);
  site = await openSite(w.context, w.demoUrl);
  other = await openSite(w.context, w.otherOrigin);
  for (const page of [site, other]) {
    const connecting = rpc(page, 'eth_requestAccounts');
    await decide(w.context, 'approve');
    expect(await expectResult(connecting)).toEqual([w.siteAccount]);
    await recordEvents(page);
  }
});

test.afterAll(async () => {
  await w?.browser.close();
});

test('a double click on Sign answers one request, never the next one from another site', async () => {
  const first = rpc(site, 'personal_sign', [hexOf('first'), w.address]);
  const window = await approvalWindow(w.context);
  const second = rpc(other, 'personal_sign', [hexOf('second, from another site'), w.address]);
  await expect(window.getByTestId('queue-count')).toHaveText('1 of 2 requests');
  const approve = window.getByTestId('approve');
  await expect(approve).toBeEnabled();
  const box = await approve.boundingBox();
  if (!box) throw new Error('approve button not laid out');
  // A person's double click: two clicks at one spot, a fraction of a second apart.
  await window.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await window.waitForTimeout(150);
  await window.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  expect(await expectResult(first)).toMatch(/^0x[0-9a-f]{130}$/);
  await decide(w.context, 'reject');
  await expectCode(second, 4001);
});

test('a second request raises the window with its buttons asleep, then they wake up', async () => {
  const first = rpc(site, 'personal_sign', [hexOf('first, armed'), w.address]);
  const window = await approvalWindow(w.context);
  const approve = window.getByTestId('approve');
  await expect(approve).toBeEnabled();
  // The same site asks again: the worker raises the window, with the first request still in front.
  const second = rpc(site, 'personal_sign', [hexOf('second, raises the window'), w.address]);
  await expect(window.getByTestId('queue-count')).toHaveText('1 of 2 requests');
  expect(await approve.isDisabled()).toBe(true);
  await expect(approve).toBeEnabled();

  // Focused some other way (the person or the system brings it back): asleep again for a moment.
  // Playwright emulates focus for every page, so the browser never sends this event here itself.
  await window.evaluate(() => globalThis.dispatchEvent(new FocusEvent('focus')));
  expect(await approve.isDisabled()).toBe(true);
  await expect(approve).toBeEnabled();
  await decide(w.context, 'reject', true);
  await expectCode(first, 4001);
  await decide(w.context, 'reject');
  await expectCode(second, 4001);
});

test('a worker restart rejects the waiting request with 4900 and the window says it expired', async () => {
  const waiting = rpc(site, 'personal_sign', [hexOf('restart me'), w.address]);
  const window = await approvalWindow(w.context);
  await stopServiceWorker(w.context, site);
  await expectCode(waiting, 4900);
  await expect(window.getByTestId('expired')).toBeVisible();
  await shoot(window, 'approval-expired', (n) => test.info().outputPath(n));

  // The relay reconnects on the next call; the restored session still has the wallet.
  expect(await expectResult(rpc(site, 'eth_accounts'))).toEqual([w.siteAccount]);
  const again = rpc(site, 'personal_sign', [hexOf('after restart'), w.address]);
  const fresh = await approvalWindow(w.context);
  expect(fresh).not.toBe(window);
  await expect.poll(() => window.isClosed()).toBe(true); // the stale window was replaced
  await decide(w.context, 'approve');
  expect(await expectResult(again)).toMatch(/^0x[0-9a-f]{130}$/);
});

test('logging out tells every connected site accountsChanged([])', async () => {
  const popup = await openExtensionPopup(w.browser);
  await popup.getByTestId('logout').click();
  await expect(popup.getByTestId('address')).toHaveCount(0);
  await expect.poll(() => events(site, 'accountsChanged')).toEqual([[]]);
  // `other` has been idle since the worker restart, so it has no port (the relay reconnects
  // lazily) and heard nothing yet. It catches up when the person returns to its tab. Headless
  // Chromium keeps every tab visible and focused, so fire the focus event a tab switch would.
  expect(await events(other, 'accountsChanged')).toEqual([]);
  await other.evaluate(() => window.dispatchEvent(new FocusEvent('focus')));
  await expect.poll(() => events(other, 'accountsChanged')).toEqual([[]]);
  expect(await expectResult(rpc(site, 'eth_accounts'))).toEqual([]);
  await popup.close();
});

test('logged out: the window asks to log in first; cancelling is 4001', async () => {
  const waiting = rpc(other, 'personal_sign', [hexOf('while logged out'), w.address]);
  const window = await approvalWindow(w.context);
  await expect(window.getByTestId('login-required')).toBeVisible();
  await expect(window.getByTestId('approve')).toHaveCount(0);
  await shoot(window, 'approval-login-required', (n) => test.info().outputPath(n));
  await decide(w.context, 'reject');
  await expectCode(waiting, 4001);
});

test('logged out: logging in from the window lets the request continue', async () => {
  const waiting = rpc(site, 'eth_requestAccounts');
  const window = await approvalWindow(w.context);
  const popupOpened = w.context.waitForEvent('page', {
    predicate: (p) => p.url().includes('/popup.html'),
  });
  await window.getByTestId('open-login').click();
  const popup = await popupOpened;
  await popup.getByTestId('login-submit').or(popup.getByTestId('show-login')).first().waitFor();
  await logIn(popup, w.username);
  // The site was connected before the logout, so logging in is all it takes.
  expect(await expectResult(waiting)).toEqual([w.siteAccount]);
  await expect.poll(() => events(site, 'accountsChanged')).toEqual([[], [w.siteAccount]]);
  await expect.poll(() => events(other, 'accountsChanged')).toEqual([[], [w.siteAccount]]);
  await popup.close();
});

test("another account on the same browser sees none of the first account's sites", async () => {
  const popup = await openExtensionPopup(w.browser);
  await popup.getByTestId('logout').click();
  await expect.poll(() => events(site, 'accountsChanged')).toEqual([[], [w.siteAccount], []]);
  const second = await signUp(popup, uniqueUsername('second'));
  expect(second).not.toBe(w.address);
  await expect(popup.getByText('No site is connected')).toBeVisible();
  expect(await expectResult(rpc(site, 'eth_accounts'))).toEqual([]);
  expect(await expectResult(rpc(site, 'wallet_getPermissions'))).toEqual([]);
  await expectCode(rpc(site, 'personal_sign', [hexOf('for the first account'), second]), 4100);
  expect(await events(site, 'accountsChanged')).toEqual([[], [w.siteAccount], []]);

  // The first account comes back to its own connections.
  await popup.getByTestId('logout').click();
  await logIn(popup, w.username);
  await expect
    .poll(() => events(site, 'accountsChanged'))
    .toEqual([[], [w.siteAccount], [], [w.siteAccount]]);
  expect(await expectResult(rpc(site, 'eth_accounts'))).toEqual([w.siteAccount]);
  await expect(popup.getByTestId('connected-sites').locator('li')).toHaveCount(2);
  await popup.close();
});
