// Sponsored calls in the real extension (EIP-5792 + EIP-7702): a site's unmodified viem sendCalls
// names its sponsor (the backend's sponsor service); the listener, who holds nothing, approves
// both calls and the one-time upgrade in the window; the calls run as the listener, the sponsor
// pays, and getCallsStatus reaches success. A rejection answers 4001; a delegation to anyone
// else's contract is refused.
import { createServer, type Server } from 'node:http';
import type { Page } from '@playwright/test';
import { Interface, JsonRpcProvider, Wallet } from 'ethers';
import { LOCAL_FUNDED_KEY } from '../../chain/index.ts';
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

let w: WalletBrowser;
let dappSite: DappSite;
let page: Page;
let chainUrl: string;
let fanActions: string;
let sponsorUrl: string;

const fanAbi = new Interface([
  'function isFavorite(address listener, string trackId) view returns (bool)',
  'function isFollowing(address listener, string artistId) view returns (bool)',
]);

type SendCallsOutcome =
  | {
      id: string;
      status: string;
      statusCode: number;
      atomic: boolean;
      transactionHash: string | null;
    }
  | { error: { code: number | undefined; name: string } };

interface Dapp {
  viemSendCalls(
    to: string,
    sponsor: string,
    track: string,
    artist: string,
  ): Promise<SendCallsOutcome>;
  viemCapabilities(): Promise<Record<string, unknown>>;
}

function sendCalls(track: string, artist: string, sponsor = sponsorUrl): Promise<SendCallsOutcome> {
  return page.evaluate(
    ([to, s, t, a]) => (window as unknown as { dapp: Dapp }).dapp.viemSendCalls(to, s, t, a),
    [fanActions, sponsor, track, artist] as const,
  );
}

async function onChain(method: string, params: unknown[]): Promise<unknown> {
  const direct = new JsonRpcProvider(chainUrl, undefined, { staticNetwork: true });
  try {
    return await direct.send(method, params);
  } finally {
    direct.destroy();
  }
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  [w, dappSite] = await Promise.all([walletBrowser(7), startDappSite()]);
  chainUrl = w.env.services.chain ?? '';
  fanActions = w.env.services.fanActions ?? '';
  sponsorUrl = w.env.services.sponsor ?? '';
  // The local chain's RPC URL, as a person sets it on the options page, and that chain.
  const options = await w.context.newPage();
  await options.goto(`chrome-extension://${w.browser.extensionId}/options.html`);
  await options.getByTestId('rpc-url-31337').fill(chainUrl);
  await options.getByTestId('chain').selectOption('31337');
  await options.getByTestId('save-settings').click();
  await expect(options.getByTestId('settings-status')).toHaveText('Saved.');
  await options.close();
  page = await openSite(w.context, dappSite.url);
  await page.waitForFunction(() => 'dapp' in window);
  const connecting = rpc(page, 'eth_requestAccounts');
  await decide(w.context, 'approve');
  expect(await expectResult(connecting)).toEqual([w.siteAccount]);
});

test.afterAll(async () => {
  await w?.browser.close();
  await dappSite?.close();
});

test('viem getCapabilities: atomic batches are "ready" (after the upgrade) with a sponsor service', async () => {
  const capabilities = await page.evaluate(() =>
    (window as unknown as { dapp: Dapp }).dapp.viemCapabilities(),
  );
  expect(capabilities).toMatchObject({
    31337: { atomic: { status: 'ready' }, sponsorService: { supported: true } },
    1: { atomic: { status: 'unsupported' } },
  });
});

test('a rejected batch answers 4001 and nothing runs', async () => {
  const refused = sendCalls('D7Kq1', 'lumen');
  await decide(w.context, 'reject');
  expect(await refused).toMatchObject({ error: { code: 4001 } });
  expect(await onChain('eth_getCode', [w.address, 'latest'])).toBe('0x');
});

test('attack: a page on this computer naming another service on it as its sponsor gets the warning, not the development words', async () => {
  // The same server under another name is not the backend Encore uses, as far as the window can
  // tell: only that exact origin is.
  const refused = sendCalls('D7Kq1', 'lumen', sponsorUrl.replace('127.0.0.1', 'localhost'));
  const window = await approvalWindow(w.context);
  await expect(window.getByTestId('calls-sponsor-local-network')).toContainText(
    "The sponsor's URL is on your own computer or local network",
  );
  await expect(window.getByTestId('calls-sponsor-development')).toHaveCount(0);
  await decide(w.context, 'reject');
  expect(await refused).toMatchObject({ error: { code: 4001 } });
});

test('viem sendCalls with a sponsor: both calls run as the listener, who holds nothing; the status reaches success', async () => {
  expect(BigInt(String(await onChain('eth_getBalance', [w.address, 'latest'])))).toBe(0n);
  const running = sendCalls('L2pWz', 'kiteparade');
  const window = await approvalWindow(w.context);
  await expect(window.getByTestId('calls-item')).toHaveCount(2);
  await expect(window.getByTestId('calls-summary')).toHaveText(
    `2 calls, all or none, paid by ${new URL(sponsorUrl).host}`,
  );
  await expect(window.getByTestId('calls-item').first()).toContainText('favorite(string)');
  await expect(window.getByTestId('calls-upgrade')).toContainText('One-time upgrade');
  // The page is on this computer and its sponsor is the backend Encore signs in with, there too
  // (development, as under `make start`): the window says what it is, without the warning.
  await expect(window.getByTestId('calls-sponsor-development')).toHaveText(
    `${new URL(sponsorUrl).host} is the development sponsor this computer runs: the same backend Encore signs you in with, and this page is served from this computer too.`,
  );
  await expect(window.getByTestId('calls-sponsor-local-network')).toHaveCount(0);
  await expect(window.getByTestId('calls-sponsor-check')).toContainText('once you approve');
  await expect(window.getByTestId('approve')).toHaveText('Upgrade and run');
  await shoot(window, 'approval-sponsored-calls', (n) => test.info().outputPath(n));
  await decide(w.context, 'approve');
  const outcome = await running;
  expect(outcome).toMatchObject({ status: 'success', statusCode: 200, atomic: true });
  const call = async (fn: 'isFavorite' | 'isFollowing', id: string) =>
    fanAbi.decodeFunctionResult(
      fn,
      String(
        await onChain('eth_call', [
          { to: fanActions, data: fanAbi.encodeFunctionData(fn, [w.address, id]) },
          'latest',
        ]),
      ),
    )[0];
  expect(await call('isFavorite', 'L2pWz')).toBe(true);
  expect(await call('isFollowing', 'kiteparade')).toBe(true);
  expect(BigInt(String(await onChain('eth_getBalance', [w.address, 'latest'])))).toBe(0n);
  const tx = (await onChain('eth_getTransactionByHash', [
    (outcome as { transactionHash: string }).transactionHash,
  ])) as { from: string };
  expect(tx.from.toLowerCase()).not.toBe(w.siteAccount);

  // Upgraded once: the next batch asks nothing but the calls.
  const next = sendCalls('X9aRe', 'thelateset');
  const second = await approvalWindow(w.context);
  await expect(second.getByTestId('calls-upgrade')).toHaveCount(0);
  await expect(second.getByTestId('approve')).toHaveText('Run');
  await decide(w.context, 'approve');
  const done = await next;
  expect(done).toMatchObject({ status: 'success' });

  // wallet_showCallsStatus opens Encore's Activity, where both batches are, paid by the sponsor.
  const id = (done as { id: string }).id;
  const opened = w.context.waitForEvent('page', (p) => p.url().includes('view=activity'));
  expect(await expectResult(rpc(page, 'wallet_showCallsStatus', [id]))).toBeNull();
  const activity = await opened;
  const items = activity.getByTestId('activity-item');
  await expect(items).toHaveCount(2);
  await expect(items.first().getByTestId('activity-status')).toHaveText('Confirmed');
  await expect(items.first().getByTestId('activity-paid-by')).toHaveText(
    `paid by ${new URL(sponsorUrl).host}`,
  );
  // Asked again (a site in a loop): still one window, not one more each time.
  for (let i = 0; i < 3; i++) {
    expect(await expectResult(rpc(page, 'wallet_showCallsStatus', [id]))).toBeNull();
  }
  expect(w.context.pages().filter((p) => p.url().includes('view=activity'))).toHaveLength(1);
  await activity.close();
  await expectCode(rpc(page, 'wallet_showCallsStatus', [`0x${'cd'.repeat(32)}`]), 5730);
});

test('viem sendCalls without a sponsor: the listener pays, sees the fee and balance after, and the calls run all or none', async () => {
  const provider = new JsonRpcProvider(chainUrl, undefined, { staticNetwork: true });
  const funder = new Wallet(LOCAL_FUNDED_KEY, provider);
  const nonce = await provider.getTransactionCount(funder.address, 'pending');
  await (await funder.sendTransaction({ to: w.address, value: 10n ** 17n, nonce })).wait();
  provider.destroy();

  const running = sendCalls('Q4nTe', 'own-funds', '');
  const window = await approvalWindow(w.context);
  await expect(window.getByTestId('calls-summary')).toHaveText(
    '2 calls, all or none, paid from your balance',
  );
  await expect(window.getByTestId('calls-upgrade')).toHaveCount(0);
  await expect(window.getByTestId('tx-fee')).toHaveText(/^about .+ ETH, at most .+ ETH$/);
  await expect(window.getByTestId('tx-balance-after')).toHaveText(/^about 0\.09\d* ETH$/);
  await expect(window.getByTestId('calls-simulation')).toContainText('it succeeds');
  await shoot(window, 'approval-own-calls', (n) => test.info().outputPath(n));
  await decide(w.context, 'approve');
  const outcome = await running;
  expect(outcome).toMatchObject({ status: 'success', statusCode: 200, atomic: true });
  const tx = (await onChain('eth_getTransactionByHash', [
    (outcome as { transactionHash: string }).transactionHash,
  ])) as { from: string; to: string };
  // One transaction from the listener to itself: the delegate ran both calls.
  expect(tx.from.toLowerCase()).toBe(w.siteAccount);
  expect(tx.to.toLowerCase()).toBe(w.siteAccount);
  const balance = BigInt(String(await onChain('eth_getBalance', [w.address, 'latest'])));
  expect(balance).toBeLessThan(10n ** 17n);
  expect(balance).toBeGreaterThan(9n * 10n ** 16n);
});

/** A site's own sponsor service: it pays for anything, and logs every method it is asked. */
async function startHostileSponsor(): Promise<{ url: string; asked: string[]; server: Server }> {
  const asked: string[] = [];
  const answers: Record<string, unknown> = {
    eth_chainId: '0x7a69',
    eth_estimateUserOperationGas: {
      callGasLimit: '0x7a120',
      verificationGasLimit: '0x30d40',
      preVerificationGas: '0xea60',
    },
    eth_sendUserOperation: `0x${'ab'.repeat(32)}`,
  };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      const { id, method } = JSON.parse(body) as { id: number; method: string };
      asked.push(method);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ jsonrpc: '2.0', id, result: answers[method] ?? null }));
    });
  });
  const port = await freePort();
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${port}/sponsor`, asked, server };
}

test('a site’s own sponsor that pays for anything: value over the daily limit still takes the password, shown in the chain’s currency, with who says it succeeds', async () => {
  const sponsor = await startHostileSponsor();
  const host = new URL(sponsor.url).host;
  const options = await w.context.newPage();
  await options.goto(`chrome-extension://${w.browser.extensionId}/options.html`);
  await options.getByTestId('limit-none-31337').uncheck();
  await options.getByTestId('limit-amount-31337').fill('0.001');
  await options.getByTestId('save-settings').click();
  await expect(options.getByTestId('settings-status')).toHaveText('Saved.');
  const batch = {
    version: '2.0.0',
    from: w.siteAccount,
    chainId: '0x7a69',
    atomicRequired: true,
    calls: [{ to: '0x000000000000000000000000000000000000bad1', value: '0x2386f26fc10000' }],
    capabilities: { sponsorService: { url: sponsor.url } },
  };
  try {
    const refused = rpc(page, 'wallet_sendCalls', [batch]);
    const window = await approvalWindow(w.context);
    await expect(window.getByTestId('calls-summary')).toHaveText(`1 call, paid by ${host}`);
    await expect(window.getByTestId('calls-paid-by')).toContainText('nothing from your balance');
    await expect(window.getByTestId('leaves-balance')).toHaveText('0.01 ETH');
    await expect(window.getByTestId('calls-simulation')).toHaveText(
      'by Encore, at the latest block: it succeeds',
    );
    await expect(window.getByTestId('calls-sponsor-check')).toContainText(
      `by ${host} once you approve`,
    );
    await expect(window.getByTestId('tx-limit')).toContainText(
      'over your daily limit of 0.001 ETH',
    );
    await expect(window.getByTestId('approve')).toBeDisabled();
    await window.getByTestId('tx-password').fill('not the password');
    await shoot(window, 'approval-sponsored-calls-limit', (n) => test.info().outputPath(n));
    await window.getByTestId('approve').click();
    await expect(window.getByRole('alert').filter({ hasText: 'Wrong' })).toBeVisible();
    await decide(w.context, 'reject');
    await expectCode(refused, 4001);
    expect(sponsor.asked).not.toContain('eth_sendUserOperation');

    const sent = rpc(page, 'wallet_sendCalls', [batch]);
    const again = await approvalWindow(w.context);
    await again.getByTestId('tx-password').fill(PASSWORD);
    const closed = again.waitForEvent('close');
    await again.getByTestId('approve').click();
    await closed;
    expect(await expectResult(sent)).toMatchObject({ id: expect.any(String) });
    expect(sponsor.asked.filter((m) => m === 'eth_sendUserOperation')).toHaveLength(1);
  } finally {
    await options.getByTestId('limit-none-31337').check();
    await options.getByTestId('save-settings').click();
    await expect(options.getByTestId('settings-status')).toHaveText('Saved.');
    await options.close();
    sponsor.server.closeAllConnections();
    sponsor.server.close();
  }
});

test('a site cannot have Encore delegate to its own contract, nor see another site’s batch', async () => {
  const authorization = {
    chainId: '0x7a69',
    address: fanActions,
    nonce: '0x0',
    yParity: '0x0',
    r: `0x${'11'.repeat(32)}`,
    s: `0x${'22'.repeat(32)}`,
  };
  const asked = await expectCode(
    rpc(page, 'eth_sendTransaction', [
      { from: w.siteAccount, to: w.siteAccount, type: '0x4', authorizationList: [authorization] },
    ]),
    -32602,
  );
  expect(asked).toMatch(/type|authorizationList/);
  await expectCode(rpc(page, 'wallet_getCallsStatus', [`0x${'ab'.repeat(32)}`]), 5730);
  await expectCode(
    rpc(page, 'wallet_sendCalls', [
      {
        version: '2.0.0',
        from: w.siteAccount,
        chainId: '0x7a69',
        atomicRequired: true,
        calls: [{ to: fanActions, data: '0x' }],
        capabilities: { eip7702Delegation: { address: fanActions } },
      },
    ]),
    5700,
  );
});
