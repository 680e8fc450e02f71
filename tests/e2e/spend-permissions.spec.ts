// A spend permission in the real extension: a page asks through Encore's provider with the exact
// RPC shape MetaMask's Smart Accounts Kit sends (`wallet_requestExecutionPermissions`), the window
// says who may take what in plain words (and, for an address that does not run Encore's delegate
// yet, the one-time upgrade and its fee), the listener approves, and the site's session account
// redeems the returned context on the local chain with the kit's `sendTransactionWithDelegation`:
// paid within the period's cap, refused over it.

import { DelegationManager as delegationManagerAbi } from '@metamask/delegation-abis';
import {
  createExecution,
  ExecutionMode,
  type SmartAccountsEnvironment,
} from '@metamask/smart-accounts-kit';
import { erc7710WalletActions } from '@metamask/smart-accounts-kit/actions';
import {
  decodeDelegations,
  encodeDelegations,
  encodeExecutionCalldatas,
  overrideDeployedEnvironment,
} from '@metamask/smart-accounts-kit/utils';
import type { Page } from '@playwright/test';
import { createPublicClient, createWalletClient, encodeFunctionData, type Hex, http } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { jsonRpc, sendLocalEther } from '../../chain/index.ts';
import {
  approvalWindow,
  decide,
  expectResult,
  openSite,
  type RpcOutcome,
  rpc,
  shoot,
  type WalletBrowser,
  walletBrowser,
} from './provider-support.ts';
import { expect, test } from './support/fixtures.ts';
import { setSettings } from './support/settings.ts';

// The kit reports its builders' calls to MetaMask's analytics unless told not to.
process.env.DO_NOT_TRACK = '1';

test.describe.configure({ mode: 'serial' });

const ETH = 10n ** 18n;
const DAY = 86_400;
const PER_MONTH = ETH / 1000n;

let w: WalletBrowser;
let site: Page;
let chainUrl: string;
let environment: SmartAccountsEnvironment;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  w = await walletBrowser(9);
  chainUrl = w.env.services.chain ?? '';
  const pinned = JSON.parse(w.env.extensionBuildEnv.WXT_DELEGATES ?? '{}')['31337'] as {
    entryPoint: Hex;
    delegationManager: Hex;
    caveatEnforcers: Record<string, Hex>;
  };
  // The site tells the kit where the framework lives on the development chain.
  environment = {
    DelegationManager: pinned.delegationManager,
    EntryPoint: pinned.entryPoint,
    SimpleFactory: '0x0000000000000000000000000000000000000000',
    implementations: {},
    caveatEnforcers: { ...pinned.caveatEnforcers },
  };
  overrideDeployedEnvironment(31337, '1.3.0', environment);
  await setSettings(w.popup, { chainId: 31337, rpcUrls: { '31337': chainUrl } });
  // The listener pays the one-time upgrade from their own balance.
  await sendLocalEther(chainUrl, w.address, ETH / 10n);
  site = await openSite(w.context, w.demoUrl);
  const connecting = rpc(site, 'eth_requestAccounts');
  await decide(w.context, 'approve');
  await expectResult(connecting);
});

test.afterAll(async () => {
  await w?.browser.close();
});

const chainNow = async (): Promise<number> => {
  const block = (await jsonRpc(chainUrl, 'eth_getBlockByNumber', ['latest', false])) as {
    timestamp: string;
  };
  return Number(BigInt(block.timestamp));
};

function chainClients(key: Hex) {
  const chain = { ...hardhat, id: 31337 };
  return {
    wallet: createWalletClient({
      account: privateKeyToAccount(key),
      chain,
      transport: http(chainUrl),
    }).extend(erc7710WalletActions()),
    reads: createPublicClient({ chain, transport: http(chainUrl) }),
  };
}

test('a page asks for 0.001 ETH a month; the window says so plainly; the session account takes within the cap and is refused over it', async () => {
  test.setTimeout(120_000);
  const sessionKey = generatePrivateKey();
  const session = privateKeyToAccount(sessionKey).address;
  await sendLocalEther(chainUrl, session, ETH);
  const now = await chainNow();

  const asking: Promise<RpcOutcome> = rpc(site, 'wallet_requestExecutionPermissions', [
    {
      chainId: '0x7a69',
      to: session,
      permission: {
        type: 'native-token-periodic',
        isAdjustmentAllowed: false,
        data: {
          periodAmount: `0x${PER_MONTH.toString(16)}`,
          periodDuration: 30 * DAY,
          justification: 'Support the artist',
        },
      },
      rules: [{ type: 'expiry', data: { timestamp: now + 365 * DAY } }],
    },
  ]);

  const window = await approvalWindow(w.context);
  await expect(window.getByTestId('grant-summary')).toHaveText(
    `${new URL(w.demoUrl).origin} may take up to 0.001 ETH a month from your balance, without asking each time`,
  );
  await expect(window.getByTestId('grant-redeemer')).toContainText(session);
  await expect(window.getByTestId('grant-amount')).toHaveText('0.001 ETH a month');
  await expect(window.getByTestId('grant-start')).toHaveText('from now');
  await expect(window.getByTestId('grant-total')).toHaveText(
    /^0\.013 ETH in total \(13 periods until it ends\)$/,
  );
  await expect(window.getByTestId('grant-justification')).toContainText('Support the artist');
  // A new listener's address does not run Encore's delegate yet: the upgrade, with its fee.
  await expect(window.getByTestId('grant-upgrade')).toContainText('One-time upgrade');
  await expect(window.getByTestId('grant-upgrade')).toContainText(/fee about .* ETH/);
  await expect(window.getByTestId('approve')).toHaveText('Upgrade and grant');
  await shoot(window, 'approval-spend-permission', (n) => test.info().outputPath(n));
  await decide(w.context, 'approve');

  const granted = (await expectResult(asking)) as {
    context: Hex;
    delegationManager: Hex;
    dependencies: unknown[];
  }[];
  expect(granted).toHaveLength(1);
  const [answer] = granted;
  if (!answer) throw new Error('no grant');
  expect(answer.delegationManager).toBe(environment.DelegationManager);
  expect(answer.dependencies).toEqual([]);
  const listed = (await expectResult(rpc(site, 'wallet_getGrantedExecutionPermissions', []))) as {
    context: string;
  }[];
  expect(listed.map((grant) => grant.context)).toEqual([answer.context]);

  // The session account takes half the month's amount, then the other half: paid.
  const { wallet, reads } = chainClients(sessionKey);
  const payee = privateKeyToAccount(generatePrivateKey()).address;
  for (let i = 0; i < 2; i += 1) {
    const hash = await wallet.sendTransactionWithDelegation({
      to: payee,
      value: PER_MONTH / 2n,
      permissionContext: answer.context,
      delegationManager: answer.delegationManager,
      chain: wallet.chain,
      account: wallet.account,
    });
    await reads.waitForTransactionReceipt({ hash });
  }
  expect(await reads.getBalance({ address: payee })).toBe(PER_MONTH);

  // One wei more in the same month: the chain's period enforcer refuses it.
  const over = encodeFunctionData({
    abi: delegationManagerAbi,
    functionName: 'redeemDelegations',
    args: [
      [encodeDelegations(decodeDelegations(answer.context))],
      [ExecutionMode.SingleDefault],
      encodeExecutionCalldatas([[createExecution({ target: payee, value: 1n, callData: '0x' })]]),
    ],
  });
  await expect(
    reads.call({ account: session, to: answer.delegationManager, data: over }),
  ).rejects.toThrow(/transfer-amount-exceeded/);
});

test('the window is a dialog named by the site, focus on its heading; Escape refuses (4001) and nothing is granted', async () => {
  test.setTimeout(60_000);
  const before = (await expectResult(
    rpc(site, 'wallet_getGrantedExecutionPermissions', []),
  )) as unknown[];
  const session = privateKeyToAccount(generatePrivateKey()).address;
  const asking = rpc(site, 'wallet_requestExecutionPermissions', [
    {
      chainId: '0x7a69',
      to: session,
      permission: {
        type: 'native-token-periodic',
        isAdjustmentAllowed: false,
        data: { periodAmount: `0x${PER_MONTH.toString(16)}`, periodDuration: 7 * DAY },
      },
      rules: [{ type: 'expiry', data: { timestamp: (await chainNow()) + 28 * DAY } }],
    },
  ]);
  const win = await approvalWindow(w.context);
  const host = new URL(w.demoUrl).host;
  await expect(win.getByRole('dialog', { name: host })).toHaveAccessibleDescription(
    'asks to take payments without asking each time',
  );
  await expect(win.getByRole('heading', { level: 1, name: host })).toBeFocused();
  // The address already runs Encore's delegate now: no upgrade this time.
  await expect(win.getByTestId('grant-amount')).toHaveText('0.001 ETH a week');
  await expect(win.getByTestId('grant-upgrade')).toHaveCount(0);
  await expect(win.getByTestId('approve')).toHaveText('Grant');
  await expect(win.getByTestId('approve')).toBeEnabled();
  await win.keyboard.press('Escape');
  expect(await asking).toMatchObject({ ok: false, code: 4001 });
  expect(await expectResult(rpc(site, 'wallet_getGrantedExecutionPermissions', []))).toEqual(
    before,
  );
});
