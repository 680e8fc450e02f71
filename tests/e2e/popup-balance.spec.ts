import { sendLocalEther } from '../../chain/index.ts';
import { signUp, uniqueUsername } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { setSettings } from './support/settings.ts';

// The popup's balance follows the chain while it is open: the payment the funding hook sends
// each new listener after sign-up (played here by the chain's funded account) shows without a
// reopen.

const ETH = 10n ** 18n;

test('a payment that arrives while the popup is open shows in its balance, without a reopen', async ({
  env,
  openPopup,
}) => {
  const chainUrl = env.services.chain ?? '';
  const popup = await openPopup();
  await setSettings(popup, { rpcUrls: { '31337': chainUrl }, chainId: 31337 });
  const address = await signUp(popup, uniqueUsername('balance'));
  await expect(popup.getByTestId('balance-amount')).toHaveText('0 ETH', { timeout: 20_000 });
  // Marks this page: a reload or a reopen would lose the mark.
  await popup.evaluate(() => {
    (globalThis as { stillOpen?: boolean }).stillOpen = true;
  });

  await sendLocalEther(chainUrl, address, ETH / 10n);
  await expect(popup.getByTestId('balance-amount')).toHaveText('0.1 ETH', { timeout: 20_000 });
  expect(await popup.evaluate(() => (globalThis as { stillOpen?: boolean }).stillOpen)).toBe(true);

  // The Activity view's balance line follows too.
  await popup.getByTestId('show-activity').click();
  await expect(popup.getByTestId('activity')).toBeVisible();
  await sendLocalEther(chainUrl, address, ETH / 10n);
  await expect(popup.getByTestId('balance-amount')).toHaveText('0.2 ETH', { timeout: 20_000 });
});
