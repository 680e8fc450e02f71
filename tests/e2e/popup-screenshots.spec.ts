import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { sendLocalEther } from '../../chain/index.ts';
import { signUp, uniqueUsername } from './support/accounts.ts';
import { attachWallet } from './support/catalog.ts';
import { expect, test } from './support/fixtures.ts';
import { expectCleanLayout, POPUP_SIZE } from './support/layout.ts';
import { setSettings } from './support/settings.ts';

// Checks the popup's layout in light and dark mode at its real width. With ENCORE_SCREENSHOTS=1
// the pictures go to docs/screenshots (for the README); otherwise into the test's output folder.
const docs = process.env.ENCORE_SCREENSHOTS === '1';

async function shoot(
  page: Page,
  name: string,
  outputPath: (name: string) => string,
): Promise<void> {
  // The popup is 360 px wide: nothing may scroll sideways, no word may break.
  await expectCleanLayout(page, name);
  // Colour transitions (buttons) run after a scheme change: picture the settled page.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running'),
  );
  const path = docs
    ? join(resolve(import.meta.dirname, '..', '..'), 'docs', 'screenshots', `${name}.png`)
    : outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
}

function background(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.body).backgroundColor);
}

test('popup states look right in light and dark mode', async ({ env, openPopup }, testInfo) => {
  const popup = await openPopup();
  await popup.setViewportSize(POPUP_SIZE);
  await popup.emulateMedia({ colorScheme: 'light' });
  const light = await background(popup);
  await shoot(popup, 'popup-signed-out', (n) => testInfo.outputPath(n));

  // The local chain, as `make start` builds it, with the funding hook's 0.1 ETH: the balance reads.
  await setSettings(popup, { rpcUrls: { '31337': env.services.chain ?? '' }, chainId: 31337 });
  const address = await signUp(popup, uniqueUsername('ada'));
  await sendLocalEther(env.services.chain ?? '', address, 10n ** 17n);
  const user = env.catalogUsers.find((u) => u.isVerified) ?? env.catalogUsers[0];
  if (!user) throw new Error('globalSetup exported no catalog users');
  await attachWallet(env, user.id, address);
  await popup.reload();
  await expect(popup.getByTestId('profile-name')).toHaveText(user.name);
  await expect(popup.getByTestId('balance-amount')).toHaveText('0.1 ETH');
  await popup
    .locator('img.profile-picture')
    .first()
    .waitFor({ state: 'visible' })
    .catch(() => {});
  await shoot(popup, 'popup-signed-in', (n) => testInfo.outputPath(n));

  await popup.emulateMedia({ colorScheme: 'dark' });
  expect(await background(popup)).not.toBe(light);
  await shoot(popup, 'popup-dark', (n) => testInfo.outputPath(n));
});

test('recovery phrase and restore views look right in light and dark mode', async ({
  openPopup,
}, testInfo) => {
  const popup = await openPopup();
  await popup.setViewportSize(POPUP_SIZE);
  await popup.emulateMedia({ colorScheme: 'light' });
  const light = await background(popup);
  await signUp(popup, uniqueUsername('ada'));
  await popup.getByTestId('show-recovery').click();
  await popup.getByTestId('recovery-password').fill('violet tram plays 7 encores');
  await popup.getByTestId('recovery-submit').click();
  await expect(popup.getByTestId('recovery-phrase')).toBeVisible({ timeout: 30_000 });
  // Blurred, as it first appears: the pictures never show a phrase.
  await shoot(popup, 'popup-recovery-phrase', (n) => testInfo.outputPath(n));
  await popup.emulateMedia({ colorScheme: 'dark' });
  expect(await background(popup)).not.toBe(light);
  await shoot(popup, 'popup-recovery-phrase-dark', (n) => testInfo.outputPath(n));

  await popup.getByTestId('phrase-close').click();
  await popup.getByTestId('logout').click();
  await popup.emulateMedia({ colorScheme: 'light' });
  await popup.getByTestId('show-restore').click();
  await popup.getByTestId('restore-username').fill('ada');
  await popup.getByTestId('restore-phrase').fill('young found follow boat');
  await popup.getByTestId('restore-word-5').pressSequentially('ob');
  await expect(popup.getByRole('option', { name: 'obscure' })).toBeVisible();
  await shoot(popup, 'popup-restore', (n) => testInfo.outputPath(n));
  await popup.emulateMedia({ colorScheme: 'dark' });
  await shoot(popup, 'popup-restore-dark', (n) => testInfo.outputPath(n));
});
