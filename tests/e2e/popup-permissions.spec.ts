// The listener's view of spend permissions, through the real extension and the local chain: the
// demo site asks for a native grant through the provider (`wallet_requestExecutionPermissions`,
// approved in the window, which also upgrades the address to Encore's delegate); two more grants
// are signed by the listener's key through lib/permissions (as the worker signs them) and kept in
// the worker's grant store beside it: an ERC-20 one from a site with a long host, and one already
// ended (no site can ask for that). The site redeems its grant twice; the popup's Permissions view shows what the chain says was taken, passes the layout and
// axe checks in light and dark mode, revokes from the popup (disableDelegation from the
// listener's address) and says when the chain took it; the site's next redemption reverts.
import type { Page } from '@playwright/test';
import { Interface, JsonRpcProvider, solidityPacked, Wallet, ZeroHash } from 'ethers';
import { LOCAL_FUNDED_KEY } from '../../chain/index.ts';
import { seedGrant } from '../support/seed-grant.ts';
import { decide, expectResult, openSite, rpc, shoot } from './provider-support.ts';
import { PASSWORD, signUp, uniqueUsername } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { expectCleanLayoutInBothSchemes, POPUP_SIZE } from './support/layout.ts';

const ETH = 10n ** 18n;
const DAY = 86_400;
const LONG_HOST = 'subscribe.an-uncommonly-long-subdomain.independent-records-collective.example';
const manager = new Interface([
  'function redeemDelegations(bytes[] permissionContexts, bytes32[] modes, bytes[] executionCallDatas)',
  'function disabledDelegations(bytes32 delegationHash) view returns (bool)',
]);

interface Framework {
  address: string;
  delegationManager: string;
  caveatEnforcers: {
    NativeTokenPeriodTransferEnforcer: string;
    ERC20PeriodTransferEnforcer: string;
    ExactCalldataEnforcer: string;
    ValueLteEnforcer: string;
    TimestampEnforcer: string;
  };
}

async function message(page: Page, payload: object): Promise<{ ok: boolean; result?: unknown }> {
  return page.evaluate(
    (m) =>
      (
        globalThis as unknown as {
          chrome: {
            runtime: { sendMessage(m: object): Promise<{ ok: boolean; result?: unknown }> };
          };
        }
      ).chrome.runtime.sendMessage(m),
    payload,
  );
}

async function useLocalChain(page: Page, extensionId: string, chainUrl: string): Promise<void> {
  const options = await page.context().newPage();
  await options.goto(`chrome-extension://${extensionId}/options.html`);
  await options.getByTestId('rpc-url-31337').fill(chainUrl);
  await options.getByTestId('chain').selectOption('31337');
  await options.getByTestId('save-settings').click();
  await expect(options.getByTestId('settings-status')).toHaveText('Saved.');
  await options.close();
}

/** The site's session account redeeming `value` wei to `to` through the permission context. */
function redeemData(context: string, to: string, value: bigint): string {
  return manager.encodeFunctionData('redeemDelegations', [
    [context],
    [ZeroHash],
    [solidityPacked(['address', 'uint256', 'bytes'], [to, value, '0x'])],
  ]);
}

test('lists the grants with what the chain says they took, revokes one on chain, and the site can take no more', async ({
  env,
  extensionId,
  openPopup,
}) => {
  test.setTimeout(180_000);
  const chainUrl = env.services.chain ?? '';
  const framework = JSON.parse(env.extensionBuildEnv.WXT_DELEGATES ?? '{}')['31337'] as Framework;
  const provider = new JsonRpcProvider(chainUrl, undefined, {
    staticNetwork: true,
    cacheTimeout: -1,
  });
  try {
    const popup = await openPopup();
    await popup.setViewportSize(POPUP_SIZE);
    const address = await signUp(popup, uniqueUsername('grants'));
    await useLocalChain(popup, extensionId, chainUrl);
    const revealed = await message(popup, { type: 'revealPrivateKey', password: PASSWORD });
    const listenerKey = (revealed.result as { privateKey: `0x${string}` }).privateKey;
    const listener = new Wallet(listenerKey, provider);
    expect(listener.address).toBe(address);

    // Gas money and tokens for the listener and the site's session account; the listener's
    // address runs Encore's delegate (an EIP-7702 authorization another account carries).
    const funded = new Wallet(LOCAL_FUNDED_KEY, provider);
    const session = Wallet.createRandom().connect(provider);
    const payee = Wallet.createRandom().address;
    let nonce = await provider.getTransactionCount(funded.address, 'pending');
    await (await funded.sendTransaction({ to: address, value: ETH, nonce: nonce++ })).wait();
    await (
      await funded.sendTransaction({ to: session.address, value: ETH / 10n, nonce: nonce++ })
    ).wait();
    const now = (await provider.getBlock('latest'))?.timestamp ?? 0;
    const common = { listenerKey, chainId: 31337, framework, redeemer: session.address };
    // The demo site asks through the provider; the window grants it (and upgrades the address).
    const site = await openSite(popup.context(), env.services.demo ?? '');
    const SITE_HOST = new URL(env.services.demo ?? '').host;
    const connecting = rpc(site, 'eth_requestAccounts');
    await decide(popup.context(), 'approve');
    await expectResult(connecting);
    const asking = rpc(site, 'wallet_requestExecutionPermissions', [
      {
        chainId: '0x7a69',
        to: session.address,
        permission: {
          type: 'native-token-periodic',
          isAdjustmentAllowed: false,
          data: { periodAmount: `0x${(ETH / 1000n).toString(16)}`, periodDuration: 30 * DAY },
        },
        rules: [{ type: 'expiry', data: { timestamp: now + 365 * DAY } }],
      },
    ]);
    await decide(popup.context(), 'approve');
    const [granted] = (await expectResult(asking)) as { context: string }[];
    const native = { context: granted?.context ?? '' };
    const token = await seedGrant({
      ...common,
      origin: `https://${LONG_HOST}`,
      token: { address: env.services.token ?? '', symbol: 'ENC', decimals: 18 },
      periodAmount: 5n * ETH,
      periodSeconds: 7 * DAY,
      start: now,
      expiry: now + 90 * DAY,
    });
    const ended = await seedGrant({
      ...common,
      origin: 'https://old-label.example',
      periodAmount: ETH / 100n,
      periodSeconds: DAY,
      start: now - 10 * DAY,
      expiry: now - DAY,
    });
    // Kept beside the page's grant, as the worker keeps an approved one (storage.local is the
    // extension's own in Chromium).
    await popup.evaluate(
      async (more) => {
        const { local } = (
          globalThis as unknown as {
            chrome: {
              storage: {
                local: {
                  get(key: string): Promise<Record<string, { grants: unknown[] }>>;
                  set(items: object): Promise<void>;
                };
              };
            };
          }
        ).chrome.storage;
        const key = 'encore:spend-permissions';
        const stored = (await local.get(key))[key];
        await local.set({ [key]: { version: 1, grants: [...(stored?.grants ?? []), ...more] } });
      },
      [token.record, ended.record],
    );

    // The site takes 0.0004 and then 0.0003 ETH this period.
    for (const value of [(4n * ETH) / 10_000n, (3n * ETH) / 10_000n]) {
      const sent = await session.sendTransaction({
        to: framework.delegationManager,
        data: redeemData(native.context, payee, value),
      });
      expect((await sent.wait())?.status).toBe(1);
    }
    expect(await provider.getBalance(payee)).toBe((7n * ETH) / 10_000n);

    await popup.reload();
    await expect(popup.getByTestId('logout-keeps-grants')).toContainText(
      'keeps your 2 spend permissions',
    );
    await expectCleanLayoutInBothSchemes(popup, 'wallet view: logging out keeps the grants');
    await popup.getByTestId('show-permissions').click();
    await expect(popup.getByRole('heading', { name: 'Spend permissions' })).toBeFocused();
    const items = popup.getByTestId('grant-list').first().getByTestId('grant-item');
    await expect(items).toHaveCount(2, { timeout: 30_000 });
    const first = items.filter({ hasText: SITE_HOST });
    await expect(first.getByTestId('grant-cap')).toHaveText('0.001 ETH a month');
    await expect(first.getByTestId('grant-taken-period')).toContainText('0.0007 ETH');
    await expect(first.getByTestId('grant-taken-period')).toContainText('0.0003 ETH left');
    await expect(first.getByTestId('grant-taken-total')).toHaveText(
      '0.0007 ETH of at most 0.013 ETH',
    );
    const second = items.filter({ hasText: LONG_HOST });
    await expect(second.getByTestId('grant-cap')).toHaveText('5 ENC a week');
    await expect(second.getByTestId('grant-taken-total')).toHaveText('0 ENC of at most 65 ENC');
    const closed = popup.getByTestId('grant-closed');
    await expect(closed).toContainText('Revoked and ended (1)');
    await closed.locator('summary').click();
    await expect(closed.getByTestId('grant-state')).toHaveText('Ended');

    await expectCleanLayoutInBothSchemes(popup, 'permissions: three grants, long host');
    // Pictured from the top, as a person opening the view sees it (opening the closed section
    // scrolled the list).
    await popup.evaluate(() => {
      for (const element of document.querySelectorAll('*')) element.scrollTop = 0;
    });
    await shoot(popup, 'popup-permissions', (n) => test.info().outputPath(n), POPUP_SIZE);

    // Keeping it: nothing is sent, and the focus is back on its Revoke button.
    await second.getByTestId('grant-revoke').click();
    await expect(second.getByTestId('grant-revoke-confirm')).toBeFocused();
    await second.getByRole('button', { name: 'Keep it' }).click();
    await expect(second.getByTestId('grant-revoke')).toBeFocused();

    // Revoke: the popup says what it costs, sends it, and says when the chain has it.
    await first.getByTestId('grant-revoke').click();
    await expect(first.getByTestId('grant-confirm')).toContainText('you pay its network fee');
    await expect(first.getByTestId('grant-revoke-confirm')).toBeFocused();
    await expectCleanLayoutInBothSchemes(popup, 'permissions: confirm the revoke');
    await first.getByTestId('grant-revoke-confirm').click();
    const revoked = popup
      .getByTestId('grant-closed')
      .getByTestId('grant-item')
      .filter({ hasText: SITE_HOST });
    await expect(revoked.getByTestId('grant-state')).toHaveText('Revoked', { timeout: 30_000 });
    const txHash = (await revoked.getByTestId('grant-revoke-tx').getAttribute('title')) ?? '';
    const receipt = await provider.getTransactionReceipt(txHash);
    expect(receipt?.from).toBe(address);
    expect(receipt?.to).toBe(framework.delegationManager);
    await expect(popup.getByTestId('permissions-news')).toContainText(
      `${SITE_HOST}: revoked on chain`,
    );
    await shoot(popup, 'popup-permissions-revoked', (n) => test.info().outputPath(n), POPUP_SIZE);

    // Activity lists each redemption, read from the chain, naming the site (and the revoke).
    await popup.getByTestId('close-permissions').click();
    await popup.getByTestId('show-activity').click();
    const taken = popup
      .getByTestId('activity-item')
      .filter({ hasText: 'under your spend permission' });
    await expect(taken).toHaveCount(2, { timeout: 30_000 });
    await expect(taken.first()).toContainText(`${SITE_HOST} took 0.0003 ETH`);
    await expect(taken.last()).toContainText(`${SITE_HOST} took 0.0004 ETH`);
    await expect(
      popup.getByTestId('activity-item').filter({ hasText: 'Revoke the spend permission' }),
    ).toHaveCount(1);
    await popup.getByTestId('close-activity').click();

    // Move everything revokes the grant still live first, in its one transaction: the plan says so.
    await popup.getByTestId('show-move').click();
    await popup.getByTestId('move-destination').fill(Wallet.createRandom().address);
    await popup.getByTestId('move-review').click();
    await expect(popup.getByTestId('move-revoke')).toHaveText([LONG_HOST], {
      timeout: 30_000,
    });
    await expectCleanLayoutInBothSchemes(popup, 'move: the plan revokes a spend permission first');
    await popup.reload();

    // The site's next redemption reverts on chain; nothing more leaves.
    await expect(
      session.sendTransaction({
        to: framework.delegationManager,
        data: redeemData(native.context, payee, ETH / 10_000n),
      }),
    ).rejects.toThrow();
    expect(await provider.getBalance(payee)).toBe((7n * ETH) / 10_000n);
  } finally {
    provider.destroy();
  }
});
