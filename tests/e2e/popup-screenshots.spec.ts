import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { signUp, uniqueUsername } from './support/accounts.ts';
import { attachWallet } from './support/catalog.ts';
import { expect, test } from './support/fixtures.ts';

// Checks the popup's layout in light and dark mode at its real width. With ENCORE_SCREENSHOTS=1
// the pictures go to docs/screenshots (for the README); otherwise into the test's output folder.
const docs = process.env.ENCORE_SCREENSHOTS === '1';

async function shoot(
  page: Page,
  name: string,
  outputPath: (name: string) => string,
): Promise<void> {
  // The popup is 360 px wide: nothing may stick out sideways.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
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
  await popup.setViewportSize({ width: 360, height: 600 });
  await popup.emulateMedia({ colorScheme: 'light' });
  const light = await background(popup);
  await shoot(popup, 'popup-signed-out', (n) => testInfo.outputPath(n));

  const address = await signUp(popup, uniqueUsername('ada'));
  const user = env.catalogUsers.find((u) => u.isVerified) ?? env.catalogUsers[0];
  if (!user) throw new Error('globalSetup exported no catalog users');
  await attachWallet(env, user.id, address);
  await popup.reload();
  await expect(popup.getByTestId('profile-name')).toHaveText(user.name);
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
