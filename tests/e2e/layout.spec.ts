import type { Page } from '@playwright/test';
import { PASSWORD, signUp, uniqueUsername } from './support/accounts.ts';
import { seedActivity } from './support/activity-entries.ts';
import { expect, test } from './support/fixtures.ts';
import { expectCleanAtDoubleZoom, expectCleanLayout, POPUP_SIZE } from './support/layout.ts';

// The layout rules (tests/e2e/support/layout.ts: no sideways scroll, no word broken inside) on
// the views no screenshot pictures. Every pictured state (popup-screenshots, library-screenshots
// and each approval kind in the provider, dapp, demo, sponsored-calls and spend-permissions specs)
// is checked by the same rules where it is shot, in light and dark mode. The views here are also
// checked at 200% zoom.

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
