import type { Page } from '@playwright/test';
import { sendLocalEther } from '../../chain/index.ts';
import {
  approvalWindow,
  decide,
  expectCode,
  expectResult,
  hexOf,
  openSite,
  rpc,
} from './provider-support.ts';
import { PASSWORD, signUp, uniqueUsername } from './support/accounts.ts';
import { seedActivity } from './support/activity-entries.ts';
import { expect, test } from './support/fixtures.ts';
import { expectCleanAtDoubleZoom, expectCleanLayout, POPUP_SIZE } from './support/layout.ts';
import { setSettings } from './support/settings.ts';

// The layout rules (tests/e2e/support/layout.ts: no sideways scroll, no word broken inside) on
// the views no screenshot pictures. Every pictured state (popup-screenshots, library-screenshots
// and each approval kind in the provider, dapp, demo and sponsored-calls specs) is checked by
// the same rules where it is shot, in light and dark mode. The views here, and the approval
// window's kinds, are also checked at 200% zoom.

async function check(page: Page, name: string, kind: 'popup' | 'window' = 'popup'): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectCleanLayout(page, `${name} (${colorScheme})`, 'current');
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await expectCleanAtDoubleZoom(page, name, kind);
}

test('every popup view keeps the layout rules at 360 px', async ({ openPopup }) => {
  const popup = await openPopup();
  await popup.setViewportSize(POPUP_SIZE);
  await check(popup, 'log in');
  await popup.getByTestId('show-signup').click();
  await check(popup, 'sign up');
  await popup.getByTestId('password').fill('short');
  await popup.getByTestId('signup-submit').click();
  await expect(popup.locator('.field-error').first()).toBeVisible();
  await check(popup, 'sign up refused');
  await popup.getByTestId('show-login').click();
  await popup.getByTestId('show-restore').click();
  await check(popup, 'restore');
  await popup.getByRole('button', { name: 'Back to log in' }).click();

  await signUp(popup, uniqueUsername('layout'));
  await expect(popup.getByTestId('keep-phrase')).toBeVisible();
  await check(popup, 'wallet, keep-phrase reminder');
  await popup.getByRole('button', { name: 'Change password' }).click();
  await check(popup, 'change password');
  await popup.getByTestId('show-activity').click();
  await expect(popup.getByTestId('activity')).toBeVisible();
  await check(popup, 'activity, empty');
  await popup.getByTestId('close-activity').click();
  // The list a walk leaves: several entries of each kind, long hosts, a paymaster's address.
  const address = (await popup.getByTestId('address').textContent()) ?? '';
  const chainId = await popup.evaluate(async () => {
    const { chrome } = globalThis as unknown as {
      chrome: {
        runtime: { sendMessage(m: object): Promise<{ result: { chain: { id: number } } }> };
      };
    };
    return (await chrome.runtime.sendMessage({ type: 'activity.list' })).result.chain.id;
  });
  await seedActivity(popup, address, chainId);
  await popup.getByTestId('show-activity').click();
  await expect(popup.getByTestId('activity-item')).toHaveCount(8);
  await check(popup, 'activity, the entries of a walk');
  // What a narrow line cannot show stays readable in full.
  const paidBy = popup.getByTestId('activity-paid-by').first();
  await expect(paidBy).toHaveAttribute(
    'title',
    /\(paymaster 0x5FC8d32690cc91D4c39d9d3abcBD16989F875707\)$/,
  );
  await popup.getByTestId('close-activity').click();
  await popup.getByTestId('show-recovery').click();
  await check(popup, 'recovery phrase, password asked');
  await popup.getByTestId('recovery-password').fill(PASSWORD);
  await popup.getByTestId('recovery-submit').click();
  await expect(popup.getByTestId('recovery-phrase')).toBeVisible({ timeout: 30_000 });
  await check(popup, 'recovery phrase, blurred');
  await popup.locator('.phrase-box').click();
  await expect(popup.getByTestId('phrase-kept')).toBeVisible();
  await check(popup, 'recovery phrase, shown');
});

test('the settings page keeps the layout rules, wide and narrow', async ({
  context,
  extensionId,
}) => {
  const page = await context.newPage();
  await page.setViewportSize({ width: 900, height: 800 });
  await page.goto(`chrome-extension://${extensionId}/options.html`);
  await expect(page.getByTestId('save-settings')).toBeVisible();
  // A chain a site added, with a long RPC URL: the page must still not scroll sideways.
  await page.evaluate(() => {
    const { chrome } = globalThis as unknown as {
      chrome: { storage: { local: { set(items: object): Promise<void> } } };
    };
    return chrome.storage.local.set({
      'encore:settings': {
        addedChains: [
          {
            id: 137,
            name: 'Polygon',
            rpcUrl: 'https://polygon-rpc.example/v1/9f3c2a71be0d4c58a6e1f0b2d3c4e5f6a7b8c9d0',
            nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
            blockExplorerUrls: [],
          },
        ],
      },
    });
  });
  await page.reload();
  await expect(page.getByTestId('added-chain-137')).toBeVisible();
  await check(page, 'settings', 'window');
});

/** The approval window's size as the background opens it. */
const APPROVAL_SIZE = { width: 400, height: 620 } as const;

test('every approval window kind keeps the layout rules at 200% zoom, its buttons in reach', async ({
  env,
  context,
  openPopup,
}) => {
  test.setTimeout(120_000);
  const chainUrl = env.services.chain;
  const siteUrl = env.services.demo;
  if (!chainUrl || !siteUrl) throw new Error('globalSetup started no chain or demo site');
  const popup = await openPopup();
  const address = await signUp(popup, uniqueUsername('zoom'));
  // A chain to send on, and a daily limit the transaction goes over (the password field shows).
  await setSettings(popup, {
    rpcUrls: { '31337': chainUrl },
    chainId: 31337,
    spendingLimits: { '31337': { kind: 'daily', wei: String(10n ** 15n) } },
  });
  await sendLocalEther(chainUrl, address, 10n ** 17n);
  const site = await openSite(context, siteUrl);

  /** The window showing `name` at its size, then at 200% zoom: the rules, and both buttons whole on screen. */
  async function zoomed(name: string): Promise<void> {
    const win = await approvalWindow(context);
    await win.setViewportSize(APPROVAL_SIZE);
    await expect(win.getByTestId('approve')).toBeEnabled();
    await expectCleanAtDoubleZoom(win, `approval window, ${name}`);
    await win.setViewportSize({ width: APPROVAL_SIZE.width / 2, height: APPROVAL_SIZE.height / 2 });
    for (const button of ['approve', 'reject']) {
      await expect.soft(win.getByTestId(button), `${name}: ${button}`).toBeInViewport({ ratio: 1 });
    }
    await win.screenshot({
      path: test.info().outputPath(`approval-zoomed-${name.replace(/\W+/g, '-')}.png`),
    });
    await win.setViewportSize(APPROVAL_SIZE);
  }

  const connecting = rpc(site, 'eth_requestAccounts');
  await zoomed('connect');
  await decide(context, 'approve');
  const [account] = (await expectResult(connecting)) as string[];

  const message = [
    'Sign in to the listening party.',
    'Details: https://demo.example/parties/2026/november/the-long-night-of-records?ref=encore',
    `Nonce: ${'9f3c2a71'.repeat(4)}`,
  ].join('\n');
  const signing = rpc(site, 'personal_sign', [hexOf(message), account]);
  await zoomed('personal_sign');
  await decide(context, 'reject');
  await expectCode(signing, 4001);

  const mail = {
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'version', type: 'string' },
        { name: 'chainId', type: 'uint256' },
        { name: 'verifyingContract', type: 'address' },
      ],
      Person: [
        { name: 'name', type: 'string' },
        { name: 'wallet', type: 'address' },
      ],
      Mail: [
        { name: 'from', type: 'Person' },
        { name: 'to', type: 'Person' },
        { name: 'contents', type: 'string' },
      ],
    },
    primaryType: 'Mail',
    domain: {
      name: 'Ether Mail',
      version: '1',
      chainId: 31337,
      verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
    },
    message: {
      from: { name: 'Listener', wallet: account },
      to: { name: 'Artist', wallet: `0x${'42'.repeat(20)}` },
      contents: 'Thanks for the record',
    },
  };
  const typed = rpc(site, 'eth_signTypedData_v4', [account, JSON.stringify(mail)]);
  await zoomed('eth_signTypedData_v4');
  await decide(context, 'reject');
  await expectCode(typed, 4001);

  const sending = rpc(site, 'eth_sendTransaction', [
    { from: account, to: `0x${'42'.repeat(20)}`, value: `0x${(10n ** 16n).toString(16)}` },
  ]);
  const send = await approvalWindow(context);
  await expect(send.getByTestId('tx-limit')).toContainText('over your daily limit');
  await send.getByTestId('tx-password').fill(PASSWORD);
  await zoomed('eth_sendTransaction over the daily limit');
  await decide(context, 'reject');
  await expectCode(sending, 4001);
});

test('with reduced motion asked for, nothing fades or moves but a slow spinner', async ({
  openPopup,
}) => {
  const popup = await openPopup();
  await popup.emulateMedia({ reducedMotion: 'reduce' });
  const moving = () =>
    popup.evaluate(() =>
      [...document.querySelectorAll('*')].flatMap((el) => {
        const style = getComputedStyle(el);
        const fades = style.transitionDuration.split(',').some((d) => Number.parseFloat(d) > 0);
        const spins = style.animationName !== 'none' && !el.classList.contains('spinner');
        return fades || spins ? [`<${el.tagName.toLowerCase()} class="${el.className}">`] : [];
      }),
    );
  expect(await moving()).toEqual([]);
  await popup.getByTestId('show-signup').click();
  expect(await moving()).toEqual([]);
});
