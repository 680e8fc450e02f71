// "Support the artist: 0.001 ETH a month" on the demo site, through the built extension: the
// listener grants the spend permission in Encore's window, the site's server charges the month
// with its own session account (no window), refuses a second charge in the same month, charges
// again once the local chain's clock has moved a month (the development command's function); the
// listener revokes in Encore's popup and the next month's charge fails. The page says where the
// permission stands, wide and narrow, light and dark. One browser.
import type { Page } from '@playwright/test';
import { JsonRpcProvider, Wallet } from 'ethers';
import { advanceLocalClock, jsonRpc, LOCAL_FUNDED_KEY, parseDuration } from '../../chain/index.ts';
import { DEMO_TRACKS } from '../../demo/shared/favorite.ts';
import {
  approvalShowing,
  approvalWindow,
  decide,
  type WalletBrowser,
  walletBrowser,
} from './provider-support.ts';
import { PASSWORD } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { expectCleanLayoutInBothSchemes, MAKE_START_WINDOW } from './support/layout.ts';

test.describe.configure({ mode: 'serial' });

let w: WalletBrowser;
let demo: Page;
const track = DEMO_TRACKS[1];

test.beforeAll(async () => {
  w = await walletBrowser(7);
  demo = await w.context.newPage();
  await demo.goto(w.demoUrl);
});

let snapshot: string | null = null;

test.afterAll(async () => {
  await w?.browser.close();
  if (snapshot) await jsonRpc(chainUrl(), 'evm_revert', [snapshot]);
});

const chainUrl = (): string => {
  const url = w.env.services.chain;
  if (!url) throw new Error('globalSetup did not start the chain');
  return url;
};

const balanceOf = async (address: string): Promise<bigint> =>
  BigInt(String(await jsonRpc(chainUrl(), 'eth_getBalance', [address, 'latest'])));

async function expectSupportLayout(name: string): Promise<void> {
  const size = demo.viewportSize();
  await demo.setViewportSize(MAKE_START_WINDOW);
  await expectCleanLayoutInBothSchemes(demo, `demo, support the artist, ${name}`);
  if (size) await demo.setViewportSize(size);
}

test('granted once in the window; the server charges a month, refuses a second, charges the next month; revoked in the popup, the next charge fails', async () => {
  // The listener's gas money (the funding hook's under `make start`).
  const provider = new JsonRpcProvider(chainUrl(), undefined, { staticNetwork: true });
  const funder = new Wallet(LOCAL_FUNDED_KEY, provider);
  const nonce = await provider.getTransactionCount(funder.address, 'pending');
  await (await funder.sendTransaction({ to: w.address, value: 10n ** 17n, nonce })).wait();
  provider.destroy();

  await demo.getByTestId(`connect-app.encore.wallet`).click();
  await decide(w.context, 'approve');
  await expect(demo.getByTestId('account')).toHaveText(w.address);
  await expect(demo.getByTestId('support-status')).toHaveText('None yet.');
  await expect(demo.getByTestId('support-charge')).toBeDisabled();

  await demo.getByTestId('favorite-track').selectOption(track.id);
  await demo.getByTestId('support').click();
  // Encore's window: who takes what, per period, until when; the upgrade the address needs first;
  // the password when the most it can take is over the daily limit.
  // This build knows chain 31337 without an RPC URL: the page offers its own (as for favorites).
  await expect((await approvalWindow(w.context)).getByTestId('add-chain-id')).toHaveText(
    '31337 (0x7a69)',
  );
  await decide(w.context, 'approve', true);
  const window = await approvalShowing(w.context, 'grant');
  await expect(window.getByTestId('grant-summary')).toContainText(
    `${new URL(w.demoUrl).host} may take up to 0.001 ETH`,
  );
  await expect(window.getByTestId('grant-redeemer')).toContainText(
    w.env.services.supportRedeemer ?? 'no redeemer',
  );
  await expect(window.getByTestId('grant-justification')).toContainText(
    'Support the artist: 0.001 ETH a month',
  );
  await expect(window.getByTestId('grant-upgrade')).toBeVisible();
  if ((await window.getByTestId('tx-limit').count()) > 0) {
    await window.getByTestId('tx-password').fill(PASSWORD);
  }
  await decide(w.context, 'approve');
  await expect(demo.getByTestId('support-result')).toHaveText(
    `Thank you: ${track.artist} gets 0.001 ETH a month from you`,
  );
  await expect(demo.getByTestId('support-status')).toHaveText(
    new RegExp(
      `^Granted: 0\\.001 ETH every 30 days to ${track.artist}, until \\d+ \\w+ \\d{4}\\.$`,
    ),
  );
  await expect(demo.getByTestId('support-next')).toHaveText(/^Due now \(/);
  await expect(demo.getByTestId('support-charges')).toHaveText('None yet.');

  const before = await balanceOf(track.artistWallet);
  await demo.getByTestId('support-charge').click();
  await expect(demo.getByTestId('support-result')).toHaveText(
    /^Charged 0\.001 ETH for this period: 0x[0-9a-f]{64}$/,
  );
  await expect(demo.getByTestId('support-charges')).toHaveText('1 charge, 0.001 ETH in all.');
  await expect(demo.getByTestId('support-next')).toHaveText(/^On \d+ \w+ \d{4}\.$/);
  expect(await balanceOf(track.artistWallet)).toBe(before + 10n ** 15n);
  await expectSupportLayout('charged');

  await demo.getByTestId('support-charge').click();
  await expect(demo.getByTestId('support-result')).toHaveText(
    /^Not charged: this period's 0\.001 ETH has already been charged; the next charge can be made on \d{4}-\d\d-\d\d$/,
  );

  // The clock moves only for this test: the chain is the run's, and what later specs sign (a
  // sponsored batch's deadline) is read against the chain's time. Hardhat's snapshot keeps the
  // clock's offset, and the revert below puts it back.
  snapshot = String(await jsonRpc(chainUrl(), 'evm_snapshot'));
  await advanceLocalClock(chainUrl(), parseDuration('30d') ?? 0);
  await demo.getByTestId('support-charge').click();
  await expect(demo.getByTestId('support-charges')).toHaveText('2 charges, 0.002 ETH in all.');
  expect(await balanceOf(track.artistWallet)).toBe(before + 2n * 10n ** 15n);
  await expectSupportLayout('charged twice');

  // The listener revokes in Encore's popup: on chain, from their own address.
  const host = new URL(w.demoUrl).host;
  await w.popup.reload();
  await w.popup.getByTestId('show-permissions').click();
  const item = w.popup
    .getByTestId('grant-list')
    .first()
    .getByTestId('grant-item')
    .filter({ hasText: host });
  await expect(item.getByTestId('grant-cap')).toHaveText('0.001 ETH a month', { timeout: 30_000 });
  await expect(item.getByTestId('grant-taken-total')).toContainText('0.002 ETH');
  await item.getByTestId('grant-revoke').click();
  await item.getByTestId('grant-revoke-confirm').click();
  await expect(
    w.popup
      .getByTestId('grant-closed')
      .getByTestId('grant-item')
      .filter({ hasText: host })
      .getByTestId('grant-state'),
  ).toHaveText('Revoked', { timeout: 30_000 });

  // A month later the site's server cannot charge, and the page says why.
  await advanceLocalClock(chainUrl(), parseDuration('30d') ?? 0);
  await demo.getByTestId('support-charge').click();
  await expect(demo.getByTestId('support-result')).toHaveText(
    'Not charged: the listener revoked this permission: nothing can be charged',
  );
  await expect(demo.getByTestId('support-status')).toHaveText(
    'Revoked in your wallet: this site can take nothing more.',
  );
  await expect(demo.getByTestId('support-next')).toHaveText('None.');
  await expect(demo.getByTestId('support-charge')).toBeDisabled();
  expect(await balanceOf(track.artistWallet)).toBe(before + 2n * 10n ** 15n);
  await expectSupportLayout('revoked');
});
