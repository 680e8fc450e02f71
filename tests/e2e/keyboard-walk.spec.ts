import type { Locator, Page } from '@playwright/test';
import { sendLocalEther } from '../../chain/index.ts';
import { approvalWindow, expectResult, hexOf, openSite, rpc } from './provider-support.ts';
import { PASSWORD, uniqueUsername } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { POPUP_SIZE } from './support/layout.ts';
import { setSettings } from './support/settings.ts';

// The listener's whole path with the keyboard alone: sign up, keep the recovery phrase, connect a
// site, approve a signature and a transaction over the daily limit (with the password), open
// Activity, log out. Every stop Tab reaches shows where focus is, and focus lands where a person
// expects: a form's first field, a new view's heading, back on the button that opened a view.
// (The site's requests come from the site's page; everything done in Encore is done by keys.)

/** Why the focused element shows no focus, or null when it shows it. */
function focusProblem(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'nothing has focus';
    const where = el.outerHTML.slice(0, 120);
    if (!el.matches(':focus-visible')) return `${where} is focused but not :focus-visible`;
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 1;
    return outline || style.boxShadow !== 'none' ? null : `${where} shows no focus ring`;
  });
}

/** Presses `key` (Tab) until `target` has focus, checking at every stop that focus shows. */
async function tabTo(page: Page, target: Locator, key = 'Tab'): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses < 40; presses += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(key);
    expect(await focusProblem(page), `after ${key} × ${presses + 1}`).toBeNull();
  }
  throw new Error(`${key} never reached ${target}`);
}

/** Asserts `target` has focus and shows it. */
async function expectFocusOn(page: Page, target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  expect(await focusProblem(page)).toBeNull();
}

test('a listener signs up, keeps the phrase, connects, signs, sends and logs out by keyboard alone', async ({
  env,
  context,
  openPopup,
}) => {
  test.setTimeout(120_000);
  const chainUrl = env.services.chain;
  const siteUrl = env.services.demo;
  if (!chainUrl || !siteUrl) throw new Error('globalSetup started no chain or demo site');
  const popup = await openPopup();
  await popup.setViewportSize(POPUP_SIZE);

  // Sign up: the form opens on its first field; the mode switch is a Shift+Tab away.
  await expectFocusOn(popup, popup.getByTestId('username'));
  await tabTo(popup, popup.getByTestId('show-signup'), 'Shift+Tab');
  await popup.keyboard.press('Enter');
  await tabTo(popup, popup.getByTestId('username'));
  await popup.keyboard.type(uniqueUsername('keys'));
  await popup.keyboard.press('Tab');
  await expectFocusOn(popup, popup.getByTestId('password'));
  await popup.keyboard.type(PASSWORD);
  // The password twice: the repeat field comes next, before anything is sent.
  await tabTo(popup, popup.getByTestId('password-repeat'));
  await popup.keyboard.type(PASSWORD);
  await popup.keyboard.press('Enter');
  // The wallet opens on its own card, which names the account.
  const wallet = popup.getByRole('region', { name: 'Your wallet' });
  await expect(popup.getByTestId('address')).toHaveText(/^0x[0-9a-fA-F]{40}$/, { timeout: 30_000 });
  await expectFocusOn(popup, wallet);
  const address = (await popup.getByTestId('address').textContent()) ?? '';

  // The local chain with ether to send, and a daily limit below what the site will ask for.
  await setSettings(popup, {
    rpcUrls: { '31337': chainUrl },
    chainId: 31337,
    spendingLimits: { '31337': { kind: 'daily', wei: String(10n ** 15n) } },
  });
  await sendLocalEther(chainUrl, address, 10n ** 17n);

  // Keep the recovery phrase: password, the words, "I have written it down".
  await tabTo(popup, popup.getByTestId('keep-phrase-show'));
  await popup.keyboard.press('Enter');
  await expectFocusOn(popup, popup.getByTestId('recovery-password'));
  await popup.keyboard.type(PASSWORD);
  await popup.keyboard.press('Enter');
  await expectFocusOn(popup, popup.getByRole('heading', { name: 'Recovery phrase' }));
  await tabTo(popup, popup.getByRole('button', { name: 'Click to show the recovery phrase' }));
  await popup.keyboard.press('Enter');
  await expectFocusOn(popup, popup.locator('.phrase-box'));
  await tabTo(popup, popup.getByTestId('phrase-kept'));
  await popup.keyboard.press('Enter');
  await expect(popup.getByTestId('keep-phrase')).toHaveCount(0);
  expect(await focusProblem(popup)).toBeNull();

  // A site asks to connect: the window opens on the site's name; Tab reaches Connect.
  const site = await openSite(context, siteUrl);
  const connecting = rpc(site, 'eth_requestAccounts');
  const connect = await approvalWindow(context);
  await connect.bringToFront();
  const host = new URL(siteUrl).host;
  await expectFocusOn(connect, connect.getByRole('heading', { level: 1, name: host }));
  await expect(connect.getByTestId('approve')).toBeEnabled();
  await tabTo(connect, connect.getByTestId('approve'));
  await connect.keyboard.press('Enter');
  const [account] = (await expectResult(connecting)) as string[];
  expect(account).toBe(address.toLowerCase());

  // A signature.
  const signing = rpc(site, 'personal_sign', [hexOf('Keys only'), account]);
  const sign = await approvalWindow(context);
  await sign.bringToFront();
  await expectFocusOn(sign, sign.getByRole('heading', { level: 1, name: host }));
  await expect(sign.getByTestId('approve')).toBeEnabled();
  await tabTo(sign, sign.getByTestId('approve'));
  await sign.keyboard.press('Enter');
  expect(await expectResult(signing)).toMatch(/^0x[0-9a-f]{130}$/);

  // A transaction over the daily limit: the password field, then Send.
  const sending = rpc(site, 'eth_sendTransaction', [
    { from: account, to: `0x${'42'.repeat(20)}`, value: `0x${(10n ** 16n).toString(16)}` },
  ]);
  const send = await approvalWindow(context);
  await send.bringToFront();
  await expect(send.getByTestId('tx-limit')).toContainText('over your daily limit');
  await expectFocusOn(send, send.getByRole('heading', { level: 1, name: host }));
  await tabTo(send, send.getByTestId('tx-password'));
  await send.keyboard.type(PASSWORD);
  // Send wakes once the window has been in front for a moment (the click guard) and the password
  // is typed; the field itself takes typing at once.
  await expect(send.getByTestId('approve')).toBeEnabled();
  await tabTo(send, send.getByTestId('approve'));
  const closed = send.waitForEvent('close');
  await send.keyboard.press('Enter');
  await closed;
  expect(await expectResult(sending)).toMatch(/^0x[0-9a-f]{64}$/);

  // Activity: its heading takes focus; Back returns to the Activity button.
  await popup.bringToFront();
  await popup.reload();
  await tabTo(popup, popup.getByTestId('show-activity'));
  await popup.keyboard.press('Enter');
  await expectFocusOn(popup, popup.getByRole('heading', { name: /^Activity/ }));
  await expect(popup.getByTestId('activity-item').first()).toContainText('Send 0.01 ETH');
  await tabTo(popup, popup.getByTestId('close-activity'));
  await popup.keyboard.press('Enter');
  await expectFocusOn(popup, popup.getByTestId('show-activity'));

  // Log out: the log-in form opens on its first field.
  await tabTo(popup, popup.getByTestId('logout'));
  await popup.keyboard.press('Enter');
  await expectFocusOn(popup, popup.getByTestId('username'));
});
