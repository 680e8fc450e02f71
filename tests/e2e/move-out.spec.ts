// Moving everything to another wallet through the real extension and the local chain: a
// listener holding ETH and a token (added by address) gives an all-lowercase destination,
// confirms it by re-typing its checksummed end, sees the plan, types the password and moves;
// the chain shows the destination received the token and exactly the ETH listed, and the
// source kept at most the unused part of the fee cap. Then the private key, after the password,
// copied under the phrase's clipboard guard.
import type { Page } from '@playwright/test';
import { formatUnits, getAddress, Interface, JsonRpcProvider, Wallet } from 'ethers';
import { compileContract, deployContract, LOCAL_FUNDED_KEY } from '../../chain/index.ts';
import { randomChecksummedAddress } from '../support/random-address.ts';
import {
  approvalWindow,
  expectResult,
  openSite,
  rpc,
  shoot,
  walletBrowser,
} from './provider-support.ts';
import { PASSWORD, signUp, uniqueUsername } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { expectCleanLayout, POPUP_SIZE } from './support/layout.ts';

const ETH = 10n ** 18n;
const erc20 = new Interface([
  'function transfer(address to, uint256 amount) returns (bool)',
  'function balanceOf(address owner) view returns (uint256)',
]);

async function useLocalChain(page: Page, extensionId: string, chainUrl: string): Promise<void> {
  const options = await page.context().newPage();
  await options.goto(`chrome-extension://${extensionId}/options.html`);
  await options.getByTestId('rpc-url-31337').fill(chainUrl);
  await options.getByTestId('chain').selectOption('31337');
  await options.getByTestId('save-settings').click();
  await expect(options.getByTestId('settings-status')).toHaveText('Saved.');
  await options.close();
}

test('moves the token and the native balance to another wallet in one batch; the chain shows what arrived', async ({
  env,
  extensionId,
  openPopup,
}) => {
  test.setTimeout(180_000);
  const chainUrl = env.services.chain ?? '';
  const provider = new JsonRpcProvider(chainUrl, undefined, {
    staticNetwork: true,
    cacheTimeout: -1,
  });
  try {
    const token = await deployContract(
      chainUrl,
      LOCAL_FUNDED_KEY,
      await compileContract('DemoToken'),
      [1_000_000n * ETH],
    );
    const popup = await openPopup();
    await popup.setViewportSize(POPUP_SIZE);
    const address = await signUp(popup, uniqueUsername('move'));
    await useLocalChain(popup, extensionId, chainUrl);
    const payer = new Wallet(LOCAL_FUNDED_KEY, provider);
    let nonce = await provider.getTransactionCount(payer.address, 'pending');
    await (await payer.sendTransaction({ to: address, value: ETH, nonce: nonce++ })).wait();
    await (
      await payer.sendTransaction({
        to: token,
        data: erc20.encodeFunctionData('transfer', [address, 250n * ETH]),
        nonce: nonce++,
      })
    ).wait();
    // The person adds the token by its address (the value card's list): the move takes it along.
    const added = await popup.evaluate(
      (t) =>
        (
          globalThis as unknown as {
            chrome: { runtime: { sendMessage(m: object): Promise<unknown> } };
          }
        ).chrome.runtime.sendMessage({ type: 'value.addToken', chainId: 31337, address: t }),
      token,
    );
    expect(added).toMatchObject({ ok: true });
    await popup.reload();

    const destination = getAddress(Wallet.createRandom().address);
    await popup.getByTestId('show-move').click();
    await popup.getByTestId('move-destination').fill(destination.toLowerCase());
    // No checksum in it: shown checksummed, confirmed by re-typing its end as the other wallet shows it.
    await expect(popup.getByTestId('move-checksummed')).toHaveText(destination);
    await expectCleanLayout(popup, 'move: an unchecked destination');
    await popup
      .getByTestId('move-retype')
      .fill(
        destination.slice(-6).toLowerCase() === destination.slice(-6)
          ? 'nope00'
          : destination.slice(-6).toLowerCase(),
      );
    await popup.getByTestId('move-review').click();
    await expect(popup.getByText('These do not match the address.')).toBeVisible();
    await popup.getByTestId('move-retype').fill(destination.slice(-6));
    await popup.getByTestId('move-review').click();

    // The plan, read from the chain: the token first, then the ETH less the fee cap.
    await expect(popup.getByTestId('move-to')).toHaveText(destination, { timeout: 30_000 });
    const items = popup.getByTestId('move-item');
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText('250 ENC');
    await expect(popup.getByTestId('move-path')).toContainText('One transaction, all or nothing');
    await expect(popup.getByTestId('move-warning-unused')).toContainText('never been used');
    await expectCleanLayout(popup, 'move: the plan');
    await shoot(popup, 'popup-move-out', (n) => test.info().outputPath(n), POPUP_SIZE);
    // Shown in the popup's number format; the exact amount is in its title and data-wei.
    const shown = (await popup.getByTestId('move-native').textContent()) ?? '';
    const value = BigInt((await popup.getByTestId('move-native').getAttribute('data-wei')) ?? '');
    expect(await popup.getByTestId('move-native').getAttribute('title')).toBe(
      `${formatUnits(value, 18).replace(/\.0$/, '')} ETH`,
    );
    expect(value).toBeGreaterThan(ETH - ETH / 100n);

    // The address must be confirmed checked, and the password is asked whatever the limit.
    await popup.getByTestId('move-password').fill(`${PASSWORD}?`);
    await popup.getByTestId('move-confirm').click();
    await expect(popup.getByText('Confirm that you checked the address.')).toBeVisible();
    await popup.getByTestId('move-checked').check();
    await popup.getByTestId('move-confirm').click();
    await expect(popup.getByTestId('form-error')).toHaveText('Wrong password.', {
      timeout: 30_000,
    });
    expect(await provider.getTransactionCount(address)).toBe(0);
    await popup.getByTestId('move-password').fill(PASSWORD);
    await popup.getByTestId('move-confirm').click();

    // What arrived, read from the chain, and the way out: the phrase, then log out.
    await expect(popup.getByTestId('move-done')).toContainText('Moved', { timeout: 60_000 });
    await expect(popup.getByTestId('move-arrived-item').first()).toContainText('250 ENC');
    await expect(popup.getByTestId('move-arrived-native')).toHaveText(shown);
    const balanceOf = async (owner: string) =>
      erc20.decodeFunctionResult(
        'balanceOf',
        await provider.call({ to: token, data: erc20.encodeFunctionData('balanceOf', [owner]) }),
      )[0] as bigint;
    expect(await balanceOf(destination)).toBe(250n * ETH);
    expect(await balanceOf(address)).toBe(0n);
    expect(await provider.getBalance(destination)).toBe(value);
    // The source keeps only the part of the fee cap the chain did not use.
    const left = await provider.getBalance(address);
    expect(left).toBeLessThan(ETH - value);
    expect(left + value).toBeLessThan(ETH);
    await expect(popup.getByTestId('move-left')).toContainText('stays in this wallet');
    await expectCleanLayout(popup, 'move: what arrived');
    await expect(popup.getByTestId('move-logout')).toBeVisible();
    await popup.getByTestId('move-keep-phrase').click();
    await expect(popup.getByTestId('recovery-password')).toBeVisible();
  } finally {
    provider.destroy();
  }
});

test('a move of ETH alone says what is true: no tokens to wait for, what stays and why, a few decimals', async ({
  env,
  extensionId,
  openPopup,
}) => {
  test.setTimeout(120_000);
  const chainUrl = env.services.chain ?? '';
  const provider = new JsonRpcProvider(chainUrl, undefined, {
    staticNetwork: true,
    cacheTimeout: -1,
  });
  try {
    const popup = await openPopup();
    await popup.setViewportSize(POPUP_SIZE);
    const address = await signUp(popup, uniqueUsername('move-eth'));
    await useLocalChain(popup, extensionId, chainUrl);
    const payer = new Wallet(LOCAL_FUNDED_KEY, provider);
    const nonce = await provider.getTransactionCount(payer.address, 'pending');
    // An amount with many digits, as the funding hook's payment less a fee leaves.
    await (
      await payer.sendTransaction({ to: address, value: ETH / 10n + 123_456_789n, nonce })
    ).wait();
    await popup.reload();

    await popup.getByTestId('show-move').click();
    await popup.getByTestId('move-destination').fill(randomChecksummedAddress());
    await popup.getByTestId('move-review').click();
    const items = popup.getByTestId('move-item');
    await expect(items).toHaveCount(1, { timeout: 30_000 });
    // No tokens: nothing to wait for.
    await expect(items.first()).not.toContainText('once the tokens have moved');
    // The popup's number format: five significant digits, like the balance.
    await expect(popup.getByTestId('move-native')).toHaveText(/^0\.\d{1,6} ETH$/);
    await expect(popup.getByTestId('move-fee')).toContainText('fee’s reserve');
    await popup.getByTestId('move-checked').check();
    await popup.getByTestId('move-password').fill(PASSWORD);
    await popup.getByTestId('move-confirm').click();

    await expect(popup.getByTestId('move-done')).toContainText('Moved', { timeout: 60_000 });
    const left = await provider.getBalance(address);
    expect(left).toBeGreaterThan(0n);
    const leftLine = popup.getByTestId('move-left');
    await expect(leftLine).toContainText('stays in this wallet: the part of the fee’s reserve');
    await expect(leftLine.locator('strong')).toHaveAttribute('data-wei', left.toString());
    await expect(leftLine.locator('strong')).toHaveText(/^0\.0*[1-9]\d{0,4} ETH$/);
    await expect(popup.getByTestId('move-arrived-native')).toHaveText(/^0\.\d{1,6} ETH$/);
    // Something stayed: the wallet is not called empty.
    await expect(popup.getByTestId('move-done')).not.toContainText('empty now');
    await expect(popup.getByTestId('move-after')).toContainText('it opens what stays here');
    await expectCleanLayout(popup, 'move: what arrived, ETH alone');
  } finally {
    provider.destroy();
  }
});

test('the private key is shown only after the password, is this account’s, and is copied under the clipboard guard', async ({
  context,
  env,
  openPopup,
}) => {
  const popup = await openPopup();
  await popup.setViewportSize(POPUP_SIZE);
  const address = await signUp(popup, uniqueUsername('key'));
  await popup.getByTestId('show-private-key').click();
  await expect(popup.getByTestId('private-key')).toHaveCount(0);
  await popup.getByTestId('key-password').fill(`${PASSWORD}?`);
  await popup.getByTestId('key-submit').click();
  await expect(popup.getByTestId('form-error')).toHaveText('Wrong password.', {
    timeout: 30_000,
  });
  await expect(popup.getByTestId('private-key')).toHaveCount(0);
  await popup.getByTestId('key-password').fill(PASSWORD);
  await popup.getByTestId('key-submit').click();
  const key = popup.getByTestId('private-key');
  await expect(key).toHaveText(/^0x[0-9a-f]{64}$/, { timeout: 30_000 });
  expect(new Wallet((await key.textContent()) ?? '').address).toBe(address);
  await expect(popup.locator('.phrase-box')).toHaveClass(/blurred/);
  await popup.locator('.phrase-box').click();
  await expectCleanLayout(popup, 'private key shown');

  const demo = env.services.demo ?? '';
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: demo });
  await popup.getByTestId('key-copy').click();
  await expect(popup.getByTestId('copy-status')).toContainText('Encore clears the clipboard');
  const site = await context.newPage();
  await site.goto(demo);
  expect(await site.evaluate(() => navigator.clipboard.readText())).toBe(await key.textContent());
});

test('attack: a site’s transaction approved while the move is on screen stops the move before anything is signed', async () => {
  test.setTimeout(180_000);
  const w = await walletBrowser(8);
  const chainUrl = w.env.services.chain ?? '';
  const provider = new JsonRpcProvider(chainUrl, undefined, {
    staticNetwork: true,
    cacheTimeout: -1,
  });
  try {
    await useLocalChain(w.popup, w.browser.extensionId, chainUrl);
    const payer = new Wallet(LOCAL_FUNDED_KEY, provider);
    const nonce = await provider.getTransactionCount(payer.address, 'pending');
    await (await payer.sendTransaction({ to: w.address, value: ETH / 10n, nonce })).wait();
    const site = await openSite(w.context, w.demoUrl);
    const connecting = rpc(site, 'eth_requestAccounts');
    await (await approvalWindow(w.context)).getByTestId('approve').click();
    await expectResult(connecting);

    // The move's plan is on screen…
    const popup = w.popup;
    await popup.reload();
    const destination = randomChecksummedAddress();
    await popup.getByTestId('show-move').click();
    await popup.getByTestId('move-destination').fill(destination);
    await popup.getByTestId('move-review').click();
    await expect(popup.getByTestId('move-to')).toHaveText(destination, { timeout: 30_000 });

    // …when the site asks for a transaction, and the person approves it in the window.
    const sending = rpc(site, 'eth_sendTransaction', [
      {
        from: w.siteAccount,
        to: getAddress(Wallet.createRandom().address),
        value: '0x38d7ea4c68000',
      },
    ]);
    const window = await approvalWindow(w.context);
    await window.getByTestId('approve').click();
    await provider.waitForTransaction(String(await expectResult(sending)));
    const count = await provider.getTransactionCount(w.address);

    await popup.getByTestId('move-checked').check();
    await popup.getByTestId('move-password').fill(PASSWORD);
    await popup.getByTestId('move-confirm').click();
    await expect(popup.getByTestId('form-error')).toContainText('The balance changed', {
      timeout: 30_000,
    });
    expect(await provider.getTransactionCount(w.address)).toBe(count);
    expect(await provider.getBalance(destination)).toBe(0n);
  } finally {
    provider.destroy();
    await w.browser.close();
  }
});
