// Dapps as people already have them, against the real extension and a real local chain
// (Hardhat's node from npm): reads through viem's custom(window.ethereum) transport, wagmi's
// injected connector connecting, reading and signing, and the habits such pages rely on.

import type { Page } from '@playwright/test';
import { Contract, getAddress, JsonRpcProvider, verifyMessage, Wallet } from 'ethers';
import {
  compileContract,
  deployContract,
  LOCAL_FUNDED_KEY,
  type LocalChain,
  startLocalChain,
} from '../../chain/index.ts';
import { freePort } from '../support/free-port.ts';
import {
  approvalWindow,
  decide,
  expectCode,
  expectResult,
  openSite,
  rpc,
  shoot,
  type WalletBrowser,
  walletBrowser,
} from './provider-support.ts';
import { PASSWORD } from './support/accounts.ts';
import { type DappSite, startDappSite } from './support/dapp-site.ts';
import { expect, test } from './support/fixtures.ts';

test.describe.configure({ mode: 'serial' });

const ETH = 10n ** 18n;
let w: WalletBrowser;
let chain: LocalChain;
let dappSite: DappSite;
let token: string;
let page: Page;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  [w, chain, dappSite] = await Promise.all([
    walletBrowser(6),
    freePort().then((port) => startLocalChain({ port })),
    startDappSite(),
  ]);
  token = await deployContract(chain.url, LOCAL_FUNDED_KEY, await compileContract('DemoToken'), [
    1_000n * ETH,
  ]);
  // The listener's own account holds 1.5 ETH and 42 tokens on the local chain.
  const provider = new JsonRpcProvider(chain.url, undefined, { staticNetwork: true });
  const funded = new Wallet(LOCAL_FUNDED_KEY, provider);
  // Nonces by hand: the deploy used another provider, so this one's nonce cache is stale.
  const nonce = await provider.getTransactionCount(funded.address);
  await (await funded.sendTransaction({ to: w.address, value: (3n * ETH) / 2n, nonce })).wait();
  const erc20 = new Contract(token, ['function transfer(address,uint256) returns (bool)'], funded);
  await (await erc20.getFunction('transfer')(w.address, 42n * ETH, { nonce: nonce + 1 })).wait();
  provider.destroy();
  page = await openSite(w.context, dappSite.url);
  await page.waitForFunction(() => 'dapp' in window);
});

test.afterAll(async () => {
  await w?.browser.close();
  await chain?.stop();
  await dappSite?.close();
});

type WriteOutcome =
  | { hash: string; status: 'success' | 'reverted' }
  | { error: { code: number | undefined; name: string } };

interface Dapp {
  viemReads(token: string, holder: string): Promise<Record<string, string>>;
  wagmi(token: string, holder: string): Promise<Record<string, unknown>>;
  wagmiWrite(
    token: string,
    fn: 'transfer' | 'approve',
    to: string,
    amount: string,
  ): Promise<WriteOutcome>;
  viemSend(to: string, value: string): Promise<WriteOutcome>;
}

/** An address nobody holds a key for: where the listener tips. */
const ARTIST = '0x00000000000000000000000000000000000a4715';
const MAX_UINT256 = ((1n << 256n) - 1n).toString();

function write(fn: 'transfer' | 'approve', amount: bigint | string): Promise<WriteOutcome> {
  return page.evaluate(
    ([t, f, to, a]) => (window as unknown as { dapp: Dapp }).dapp.wagmiWrite(t, f, to, a),
    [token, fn, ARTIST, String(amount)] as const,
  );
}

function sendEther(value: bigint): Promise<WriteOutcome> {
  return page.evaluate(([to, v]) => (window as unknown as { dapp: Dapp }).dapp.viemSend(to, v), [
    ARTIST,
    String(value),
  ] as const);
}

async function onChain(method: string, params: unknown[]): Promise<unknown> {
  const direct = new JsonRpcProvider(chain.url, undefined, { staticNetwork: true });
  try {
    return await direct.send(method, params);
  } finally {
    direct.destroy();
  }
}

test('with no RPC URL for the chain, reads answer 4901 saying how to add one', async () => {
  const message = await expectCode(rpc(page, 'eth_blockNumber'), 4901);
  expect(message).toMatch(/no RPC URL for Ethereum \(chain 1\).*Options/);
  // Sending needs a connected site; signing a transaction for the site to send stays refused.
  await expectCode(rpc(page, 'eth_sendTransaction', [{}]), 4100);
  await expectCode(rpc(page, 'eth_signTransaction', [{}]), 4200);
  // The popup cannot read a balance either, and says why.
  await w.popup.reload();
  await expect(w.popup.getByTestId('balance')).toHaveText(
    'Balance unknown: no RPC URL for Ethereum; add one in Settings.',
  );
  await expectCode(rpc(page, 'eth_sign', [w.siteAccount, '0x00']), 4200);
});

test('the person adds the local chain’s RPC URL on the options page and picks that chain', async () => {
  const options = await w.context.newPage();
  await options.goto(`chrome-extension://${w.browser.extensionId}/options.html`);
  await options.getByTestId('rpc-url-31337').fill('https://user:pw@rpc.example');
  await options.getByTestId('save-settings').click();
  await expect(options.getByText(/Remove the user name and password/)).toBeVisible();
  await options.getByTestId('rpc-url-31337').fill(chain.url);
  await options.getByTestId('chain').selectOption('31337');
  await options.getByTestId('save-settings').click();
  await expect(options.getByTestId('settings-status')).toHaveText('Saved.');
  await options.close();
  await expect.poll(() => expectResult(rpc(page, 'eth_chainId'))).toBe('0x7a69');
});

test('viem’s custom(window.ethereum) transport reads the block number, a balance and an ERC-20 balanceOf', async () => {
  const reads = await page.evaluate(
    ([t, a]) => (window as unknown as { dapp: Dapp }).dapp.viemReads(t, a),
    [token, w.address] as const,
  );
  const direct = new JsonRpcProvider(chain.url, undefined, { staticNetwork: true });
  expect(Number(reads.blockNumber)).toBe(await direct.getBlockNumber());
  direct.destroy();
  expect(reads.balance).toBe(String((3n * ETH) / 2n));
  expect(reads.tokens).toBe(String(42n * ETH));
});

test('wagmi’s injected connector connects (one approval), reads, and signs what verifies', async () => {
  const running = page.evaluate(
    ([t, a]) => (window as unknown as { dapp: Dapp }).dapp.wagmi(t, a),
    [token, w.address] as const,
  );
  // The signature request may reach the window before it closes: keep it open between the two.
  await decide(w.context, 'approve', true); // wallet_requestPermissions: connect
  await decide(w.context, 'approve'); // personal_sign
  const result = await running;
  expect(result).toMatchObject({
    accounts: [w.address], // wagmi checksums what it gets
    chainId: 31337,
    balance: String((3n * ETH) / 2n),
    tokens: String(42n * ETH),
  });
  expect(verifyMessage('Signed through wagmi', result.signature as string)).toBe(w.address);
});

test('wagmi writeContract: an ERC-20 transfer shown in token units, approved and mined', async () => {
  const running = write('transfer', 2n * ETH);
  const window = await approvalWindow(w.context);
  await expect(window.getByTestId('tx-summary')).toHaveText(/^Send 2 ENC to 0x0000…4715$/);
  await expect(window.getByTestId('tx-token-line')).toHaveText('Sends 2 ENC to');
  await expect(window.getByTestId('tx-chain')).toHaveText('Local development (31337)');
  await expect(window.getByTestId('tx-value')).toHaveText('0 ETH');
  await expect(window.getByTestId('tx-fee')).toHaveText(/^about 0\.\d+ ETH, at most 0\.\d+ ETH$/);
  await expect(window.getByTestId('tx-balance-after')).toHaveText(/^about 1\.4\d* ETH$/);
  await expect(window.getByTestId('approve')).toHaveText('Send');
  await shoot(window, 'approval-transaction', (n) => test.info().outputPath(n));
  await decide(w.context, 'approve');
  expect(await running).toMatchObject({ status: 'success' });
  const erc20 = new Contract(
    token,
    ['function balanceOf(address) view returns (uint256)'],
    new JsonRpcProvider(chain.url, undefined, { staticNetwork: true }),
  );
  expect(await erc20.getFunction('balanceOf')(ARTIST)).toBe(2n * ETH);
  (erc20.runner as JsonRpcProvider).destroy();
});

test('viem sendTransaction: ether sent and mined; the same request rejected answers 4001', async () => {
  const before = BigInt((await onChain('eth_getBalance', [ARTIST, 'latest'])) as string);
  const running = sendEther(ETH / 100n);
  const window = await approvalWindow(w.context);
  await expect(window.getByTestId('tx-summary')).toHaveText('Send 0.01 ETH to 0x0000…4715');
  await expect(window.getByTestId('tx-call')).toHaveText(`Sends ETH to ${getAddress(ARTIST)}`);
  await expect(window.getByTestId('tx-value')).toHaveText('0.01 ETH');
  await decide(w.context, 'approve');
  expect(await running).toMatchObject({ status: 'success' });
  expect(BigInt((await onChain('eth_getBalance', [ARTIST, 'latest'])) as string)).toBe(
    before + ETH / 100n,
  );

  const refused = sendEther(ETH / 100n);
  await decide(w.context, 'reject');
  expect(await refused).toEqual({ error: { code: 4001, name: expect.any(String) } });
});

test('an unlimited token approval is named for what it is and warned about', async () => {
  const running = write('approve', MAX_UINT256);
  const window = await approvalWindow(w.context);
  await expect(window.getByTestId('tx-summary')).toHaveText('Let 0x0000…4715 spend unlimited ENC');
  await expect(window.getByTestId('tx-warning-UNLIMITED_APPROVAL')).toContainText(
    'any amount of this token',
  );
  await decide(w.context, 'reject');
  expect(await running).toMatchObject({ error: { code: 4001 } });
});

test('over the daily limit the window asks for the password: a wrong one sends nothing, the right one sends; any token transfer asks too', async () => {
  const options = await w.context.newPage();
  await options.goto(`chrome-extension://${w.browser.extensionId}/options.html`);
  await options.getByTestId('limit-none-31337').uncheck();
  await options.getByTestId('limit-amount-31337').fill('0.001');
  await options.getByTestId('save-settings').click();
  await expect(options.getByTestId('settings-status')).toHaveText('Saved.');

  const running = sendEther(ETH / 100n);
  const window = await approvalWindow(w.context);
  await expect(window.getByTestId('tx-limit')).toContainText('over your daily limit of 0.001 ETH');
  await expect(window.getByTestId('approve')).toBeDisabled();
  await window.getByTestId('tx-password').fill('not the password');
  await shoot(window, 'approval-transaction-limit', (n) => test.info().outputPath(n));
  await window.getByTestId('approve').click();
  await expect(window.getByRole('alert').filter({ hasText: 'Wrong' })).toBeVisible();
  // Still waiting for a decision.
  await expect(window.getByTestId('tx-summary')).toBeVisible();
  await window.getByTestId('tx-password').fill(PASSWORD);
  const closed = window.waitForEvent('close');
  await window.getByTestId('approve').click();
  await closed;
  expect(await running).toMatchObject({ status: 'success' });

  // Tokens have no price Encore can read: under a limit, one raw unit takes the password too.
  const tokens = write('transfer', 1n);
  const tokenWindow = await approvalWindow(w.context);
  await expect(tokenWindow.getByTestId('leaves-balance')).toContainText(
    '0.000000000000000001 ENC, to 0x0000…4715',
  );
  await expect(tokenWindow.getByTestId('tx-limit')).toContainText('moves tokens from your account');
  await expect(tokenWindow.getByTestId('approve')).toBeDisabled();
  await decide(w.context, 'reject');
  expect(await tokens).toMatchObject({ error: { code: 4001 } });

  // A permit for the local token, asked as a signature: the amount in the token's own units, read
  // from the chain, and the password under the limit.
  const permit = {
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'version', type: 'string' },
        { name: 'chainId', type: 'uint256' },
        { name: 'verifyingContract', type: 'address' },
      ],
      Permit: [
        { name: 'owner', type: 'address' },
        { name: 'spender', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'nonce', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
      ],
    },
    primaryType: 'Permit',
    domain: { name: 'Encore Token', version: '1', chainId: 31337, verifyingContract: token },
    message: {
      owner: w.address,
      spender: ARTIST,
      value: (25n * ETH).toString(),
      nonce: '0',
      deadline: '1900000000',
    },
  };
  const signing = rpc(page, 'eth_signTypedData_v4', [w.address, permit]);
  const permitWindow = await approvalWindow(w.context);
  await expect(permitWindow.getByTestId('permit-token')).toContainText(
    '25 ENC (as the token counts: 18 decimals',
  );
  await expect(permitWindow.getByTestId('tx-limit')).toContainText(
    'lets another address take tokens',
  );
  await permitWindow.getByTestId('tx-password').fill('not the password');
  await shoot(permitWindow, 'approval-typed-data-permit', (n) => test.info().outputPath(n));
  await decide(w.context, 'reject');
  await expectCode(signing, 4001);

  await options.getByTestId('limit-none-31337').check();
  await options.getByTestId('save-settings').click();
  await expect(options.getByTestId('settings-status')).toHaveText('Saved.');
  await options.close();
});

test('the popup shows the balance and, in Activity, each transaction sent with its status and fee', async () => {
  const popup = w.popup;
  await popup.reload();
  const onChainBalance = BigInt((await onChain('eth_getBalance', [w.address, 'latest'])) as string);
  await expect(popup.getByTestId('balance-amount')).toHaveText(/^1\.4\d* ETH$/);
  expect(onChainBalance).toBeLessThan((3n * ETH) / 2n);
  await popup.getByTestId('show-activity').click();
  const items = popup.getByTestId('activity-item');
  // The ERC-20 transfer and the two ether sends (the rejected ones never reached the chain).
  await expect(items).toHaveCount(3);
  await expect(items.first()).toContainText('Send 0.01 ETH to 0x0000…4715');
  await expect(items.last()).toContainText('Send 2 ENC to 0x0000…4715');
  for (const status of await popup.getByTestId('activity-status').all()) {
    await expect(status).toHaveText('Confirmed');
  }
  await expect(items.first().getByTestId('activity-fee')).toHaveText(/^fee 0\.\d+ ETH$/);
  await expect(items.first()).toContainText(new URL(dappSite.url).host);
  // The local chain has no block explorer: the hash is shown, not linked.
  await expect(items.first().getByTestId('activity-hash')).toBeVisible();
  await shoot(popup, 'popup-activity', (n) => test.info().outputPath(n), {
    width: 360,
    height: 600,
  });
  await popup.getByTestId('close-activity').click();
  await expect(popup.getByTestId('show-activity')).toBeVisible();
});

test('on a chain Encore cannot read, the popup says where the money is instead of "unknown"', async () => {
  const popup = w.popup;
  // Ethereum has no RPC URL in this build; the local chain (set above) holds the listener's ether.
  expect(await expectResult(rpc(page, 'wallet_switchEthereumChain', [{ chainId: '0x1' }]))).toBe(
    null,
  );
  await popup.reload();
  await expect(popup.getByTestId('balance-elsewhere')).toHaveText(
    /^[1-9][\d.]* ETH on Local development$/,
  );
  await expect(popup.getByTestId('balance')).toContainText(
    'Encore cannot read Ethereum, the chain sites see now.',
  );
  await expect(popup.getByTestId('balance')).not.toContainText('unknown');
  await expectResult(rpc(page, 'wallet_switchEthereumChain', [{ chainId: '0x7a69' }]));
});

type Ethereum = {
  request(a: object): Promise<unknown>;
  send(m: string, p?: unknown[]): Promise<unknown>;
  sendAsync(p: object, cb: (e: unknown, r: unknown) => void): void;
  on(e: string, l: (d: unknown) => void): void;
  isConnected(): boolean;
  chainId: string | null;
  selectedAddress: string | null;
};
test('a page’s own "verify": personal_ecRecover === accounts[0], both lower case', async () => {
  const verifying = page.evaluate(async () => {
    const ethereum = (window as unknown as { ethereum: Ethereum }).ethereum;
    const [account] = (await ethereum.request({ method: 'eth_accounts' })) as string[];
    const message = '0x68656c6c6f';
    const signature = await ethereum.request({
      method: 'personal_sign',
      params: [message, account],
    });
    const recovered = await ethereum.request({
      method: 'personal_ecRecover',
      params: [message, signature],
    });
    return { account, same: recovered === account };
  });
  await decide(w.context, 'approve');
  expect(await verifying).toEqual({ account: w.siteAccount, same: true });
});

test('the older surface: send both ways, sendAsync, chainId, selectedAddress, isConnected, networkChanged', async () => {
  const legacy = await page.evaluate(async () => {
    const ethereum = (window as unknown as { ethereum: Ethereum }).ethereum;
    const heard: unknown[] = [];
    (window as unknown as { heard: unknown[] }).heard = heard;
    ethereum.on('networkChanged', (n) => heard.push(['networkChanged', n]));
    ethereum.on('chainChanged', (c) => heard.push(['chainChanged', c]));
    const viaSend = await ethereum.send('eth_chainId', []);
    const viaCallback = await new Promise((resolve) => {
      ethereum.sendAsync({ id: 9, jsonrpc: '2.0', method: 'net_version', params: [] }, (e, r) =>
        resolve({ e, r }),
      );
    });
    const before = { chainId: ethereum.chainId, selectedAddress: ethereum.selectedAddress };
    await ethereum.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] });
    await ethereum.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0x7a69' }],
    });
    return { viaSend, viaCallback, before, connected: ethereum.isConnected() };
  });
  expect(legacy).toEqual({
    viaSend: '0x7a69',
    viaCallback: { e: null, r: { id: 9, jsonrpc: '2.0', result: '31337' } },
    before: { chainId: '0x7a69', selectedAddress: w.siteAccount },
    connected: true,
  });
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { heard: unknown[] }).heard))
    .toEqual([
      ['chainChanged', '0x1'],
      ['networkChanged', '1'],
      ['chainChanged', '0x7a69'],
      ['networkChanged', '31337'],
    ]);
});

test('wallet_requestPermissions asks again on a connected site; permissions carry an id', async () => {
  const asking = rpc(page, 'wallet_requestPermissions', [{ eth_accounts: {} }]);
  await decide(w.context, 'reject');
  await expectCode(asking, 4001);
  // Saying no to the re-prompt does not disconnect the site.
  expect(await expectResult(rpc(page, 'eth_accounts'))).toEqual([w.siteAccount]);
  const [permission] = (await expectResult(rpc(page, 'wallet_getPermissions'))) as {
    id: string;
    caveats: { value: string[] }[];
  }[];
  expect(permission?.id).toMatch(/^[0-9a-f]{32}$/);
  expect(permission?.caveats[0]?.value).toEqual([w.siteAccount]);
});

test('the popup still shows the account checksummed', async () => {
  const popup = await w.context.newPage();
  await popup.goto(`chrome-extension://${w.browser.extensionId}/popup.html`);
  await expect(popup.getByTestId('address')).toHaveText(w.address);
  await popup.close();
});

test('"Answer sites that only look for MetaMask": off by default, on sets isMetaMask before page scripts run, off again removes it', async () => {
  const isMetaMaskAtLoad = async (): Promise<unknown> => {
    await page.reload();
    return page.evaluate(
      () => (window as unknown as { seenAtLoad: { isMetaMask?: unknown } }).seenAtLoad.isMetaMask,
    );
  };
  expect(await isMetaMaskAtLoad()).toBeUndefined();

  const options = await w.context.newPage();
  await options.goto(`chrome-extension://${w.browser.extensionId}/options.html`);
  await expect(options.getByTestId('answer-as-metamask')).not.toBeChecked();
  await options.getByTestId('answer-as-metamask').check();
  await options.getByTestId('save-settings').click();
  await expect(options.getByTestId('settings-status')).toHaveText('Saved.');
  await expect.poll(isMetaMaskAtLoad).toBe(true);
  // Still Encore underneath: the same provider answers.
  expect(
    await page.evaluate(
      () => (window as unknown as { ethereum: { isEncore: boolean } }).ethereum.isEncore,
    ),
  ).toBe(true);

  await options.getByTestId('answer-as-metamask').uncheck();
  await options.getByTestId('save-settings').click();
  await expect(options.getByTestId('settings-status')).toHaveText('Saved.');
  await expect.poll(isMetaMaskAtLoad).toBeUndefined();
  await options.close();
});
