import type { Page } from '@playwright/test';
import {
  approvalWindow,
  expectCode,
  expectResult,
  openSite,
  rpc,
  type WalletBrowser,
  walletBrowser,
} from './provider-support.ts';
import { expect, test } from './support/fixtures.ts';

// The approval window with a keyboard and a screen reader: what is announced, where focus starts,
// and that no key press decides a request the person has not had in front of them. Each test
// plays the hurried or tricked person: a key held down, a key pressed as the window came up.

test.describe.configure({ mode: 'serial' });

let w: WalletBrowser;
let site: Page;

test.beforeAll(async () => {
  w = await walletBrowser(4);
  site = await openSite(w.context, w.demoUrl);
});

test.afterAll(async () => {
  await w?.browser.close();
});

/** The window showing a connect request, in front, its buttons awake. */
async function connectWindow(): Promise<Page> {
  const win = await approvalWindow(w.context);
  await win.bringToFront();
  await expect(win.getByTestId('approve')).toBeEnabled();
  return win;
}

/** Puts the window's buttons back to sleep, as showing or focusing the window again does. */
function refocusWindow(page: Page): Promise<void> {
  return page.evaluate(() => {
    window.dispatchEvent(new Event('focus'));
  });
}

test('the window is a dialog named by the site and what it asks; focus starts on its heading', async () => {
  const asked = rpc(site, 'eth_requestAccounts');
  const win = await connectWindow();
  const host = new URL(w.demoUrl).host;
  const dialog = win.getByRole('dialog', { name: host });
  await expect(dialog).toHaveAccessibleDescription('wants to connect');
  // Enter must not approve what the person has not read: focus is on the site's name.
  await expect(win.getByRole('heading', { level: 1, name: host })).toBeFocused();
  await win.keyboard.press('Enter');
  await win.keyboard.press('Escape');
  await expectCode(asked, 4001);
});

test('Escape rejects the request', async () => {
  const asked = rpc(site, 'eth_requestAccounts');
  const win = await connectWindow();
  await win.getByTestId('approve').focus();
  await win.keyboard.press('Escape');
  await expectCode(asked, 4001);
});

test('an Enter held down (key repeat) never approves', async () => {
  const asked = rpc(site, 'eth_requestAccounts');
  const win = await connectWindow();
  const approve = win.getByTestId('approve');
  await approve.focus();
  // The key goes down while the buttons sleep (the window was just shown again)…
  await refocusWindow(win);
  await win.keyboard.down('Enter');
  // …and is still held, repeating, once they are awake and Approve has focus.
  await expect(approve).toBeEnabled();
  await approve.focus();
  await win.keyboard.down('Enter');
  await win.keyboard.down('Enter');
  await win.keyboard.up('Enter');
  // Keys are handled in order: had the repeats approved, Escape would find nothing to reject.
  await win.keyboard.press('Escape');
  await expectCode(asked, 4001);
});

test('a fresh press on Approve, once awake, approves', async () => {
  const asked = rpc(site, 'eth_requestAccounts');
  const win = await connectWindow();
  await win.getByTestId('approve').focus();
  await win.keyboard.press('Enter');
  expect(await expectResult(asked)).toEqual([w.siteAccount]);
});

test('once connected: a warning is announced as an alert', async () => {
  // Bytes that are not text: the window warns that it cannot show what is signed.
  const signing = rpc(site, 'personal_sign', [`0x${'ff00'.repeat(8)}`, w.siteAccount]);
  const signWindow = await connectWindow();
  await expect(signWindow.getByRole('alert')).toContainText('This message is not readable text');
  await signWindow.keyboard.press('Escape');
  await expectCode(signing, 4001);
});
