import type { Page } from '@playwright/test';
import { PASSWORD, signUp, uniqueUsername } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';

// After sign-up the wallet reminds the person to keep the recovery phrase, without blocking
// anything, until they have seen it and said they wrote it down.

async function reopen(popup: Page, openPopup: () => Promise<Page>): Promise<Page> {
  await popup.close();
  const again = await openPopup();
  await expect(again.getByTestId('address')).toBeVisible();
  return again;
}

test('the reminder shows after sign-up and is gone for good once the phrase is kept', async ({
  openPopup,
}) => {
  let popup = await openPopup();
  await signUp(popup, uniqueUsername('keep'));
  const card = popup.getByTestId('keep-phrase');
  await expect(card).toBeVisible();
  await expect(card).toContainText('only way back');
  // Not blocking: the wallet's own buttons are there beside it.
  await expect(popup.getByTestId('show-activity')).toBeEnabled();

  await popup.getByTestId('keep-phrase-show').click();
  await popup.getByTestId('recovery-password').fill(PASSWORD);
  await popup.getByTestId('recovery-submit').click();
  await expect(popup.getByTestId('recovery-phrase')).toBeVisible({ timeout: 30_000 });
  // Only once the words are on screen can the person say they wrote them down.
  await expect(popup.getByTestId('phrase-kept')).toHaveCount(0);
  await popup.locator('.phrase-box').click();
  await popup.getByTestId('phrase-kept').click();

  await expect(popup.getByTestId('address')).toBeVisible();
  await expect(popup.getByTestId('show-recovery')).toBeVisible();
  await expect(popup.getByTestId('keep-phrase')).toHaveCount(0);

  popup = await reopen(popup, openPopup);
  await expect(popup.getByTestId('show-recovery')).toBeVisible();
  await expect(popup.getByTestId('keep-phrase')).toHaveCount(0);
});

test('"Remind me later" hides the reminder until the popup opens again', async ({ openPopup }) => {
  let popup = await openPopup();
  await signUp(popup, uniqueUsername('later'));
  await expect(popup.getByTestId('keep-phrase')).toBeVisible();
  await popup.getByTestId('keep-phrase-later').click();
  await expect(popup.getByTestId('keep-phrase')).toHaveCount(0);

  // Seeing the phrase without saying it is written down does not count as kept.
  await popup.getByTestId('show-recovery').click();
  await popup.getByTestId('recovery-password').fill(PASSWORD);
  await popup.getByTestId('recovery-submit').click();
  await expect(popup.getByTestId('recovery-phrase')).toBeVisible({ timeout: 30_000 });
  await popup.getByTestId('phrase-close').click();
  await expect(popup.getByTestId('keep-phrase')).toHaveCount(0);

  popup = await reopen(popup, openPopup);
  await expect(popup.getByTestId('keep-phrase')).toBeVisible();
});
