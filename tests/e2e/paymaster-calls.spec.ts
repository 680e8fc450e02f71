// The demo page with an ERC-7677 paymaster, in the real extension: its bundled viem `sendCalls`
// names `paymasterService` (the reference backend's POST /paymaster, paying from EncorePaymaster's
// EntryPoint deposit), and Encore hands the operation to Pimlico's Alto on the test chain (the
// chain's bundler URL in its settings). A favorite and then a follow are paid for: the window
// names the paymaster's host and the bundler, the listener's balance does not change, and the
// bundler's receipt (its transaction) is what the popup's Activity shows, confirmed.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAllowedCall, type RunningServer, startServer } from '@encore-wallet/server';
import type { Page } from '@playwright/test';
import { Wallet } from 'ethers';
import {
  type Bundler,
  deploySponsorPaymaster,
  jsonRpc,
  LOCAL_FUNDED_KEY,
  LOCAL_SPONSOR_KEY,
  startBundler,
} from '../../chain/index.ts';
import { type DemoServer, startDemo } from '../../demo/server/index.ts';
import { freePort } from '../support/free-port.ts';
import { NO_RATE_LIMIT } from '../support/no-rate-limit.ts';
import {
  approvalWindow,
  decide,
  shoot,
  type WalletBrowser,
  walletBrowser,
} from './provider-support.ts';
import { expect, test } from './support/fixtures.ts';
import { setSettings, useBackend } from './support/settings.ts';

test.describe.configure({ mode: 'serial' });

let w: WalletBrowser;
let bundler: Bundler;
let backend: RunningServer;
let demoServer: DemoServer;
let demo: Page;
let chainUrl: string;
let paymasterAddress: string;

const chainCall = (method: string, params: unknown[]): Promise<unknown> =>
  jsonRpc(chainUrl, method, params);
const balanceOf = async (address: string): Promise<bigint> =>
  BigInt(String(await chainCall('eth_getBalance', [address, 'latest'])));

test.beforeAll(async () => {
  test.setTimeout(240_000);
  w = await walletBrowser(8);
  chainUrl = w.env.services.chain ?? '';
  const fanActions = w.env.services.fanActions ?? '';
  const pinned = JSON.parse(w.env.extensionBuildEnv.WXT_DELEGATES ?? '{}')['31337'] as {
    address: `0x${string}`;
    entryPoint: `0x${string}`;
  };
  const signer = new Wallet(LOCAL_SPONSOR_KEY).address as `0x${string}`;
  const paymaster = await deploySponsorPaymaster(chainUrl, LOCAL_FUNDED_KEY, {
    entryPoint: pinned.entryPoint,
    signer,
  });
  paymasterAddress = paymaster.address;
  bundler = await startBundler({
    rpcUrl: chainUrl,
    entryPoint: pinned.entryPoint,
    port: await freePort(),
  });
  backend = await startServer({
    databaseUrl: `sqlite:${join(mkdtempSync(join(tmpdir(), 'encore-e2e-paymaster-')), 'db.sqlite')}`,
    rateLimit: { ...NO_RATE_LIMIT, sponsorPerAddress: 1_000_000 },
    sponsor: {
      rpcUrl: chainUrl,
      privateKey: LOCAL_SPONSOR_KEY,
      entryPoint: pinned.entryPoint,
      delegate: pinned.address,
      allowedCalls: [
        parseAllowedCall(`${fanActions}:favorite(string)`),
        parseAllowedCall(`${fanActions}:follow(string)`),
      ],
      perListenerPerDay: 100,
      perClientPerDay: 100,
      perDay: 1000,
      maxGas: 2_000_000n,
      maxFeePerGas: 100_000_000_000n,
      maxCalls: 4,
      maxDeadlineSeconds: 3600,
    },
    paymaster: paymaster.address,
  });
  // The demo site naming the backend's paymaster, as `make start` runs it (PAYMASTER_URL).
  demoServer = await startDemo({
    port: 0,
    catalogHostListUrl: w.env.catalogHostListUrl,
    sponsor: {
      upstreamUrl: `${w.env.backendUrl}/sponsor`,
      fanActionsAddress: fanActions,
      rpcUrl: chainUrl,
      publicRpcUrl: chainUrl,
      paymasterUrl: `${backend.url}/paymaster`,
    },
  });
  // The chain's RPC URL and its bundler, as a `make start` build has them; and, as there, the
  // paymaster is the backend Encore signs in with (the listener has already signed up).
  await setSettings(w.popup, {
    chainId: 31337,
    rpcUrls: { '31337': chainUrl },
    bundlerUrls: { '31337': bundler.url },
  });
  await useBackend(w.popup, backend.url);
  demo = await w.context.newPage();
  await demo.goto(demoServer.url);
});

test.afterAll(async () => {
  await w?.browser.close();
  await demoServer?.close();
  await backend?.close();
  await bundler?.stop();
});

test("a favorite and then a follow, paid by the site's ERC-7677 paymaster through the chain's bundler: balance unchanged, the bundler's receipt in Activity", async () => {
  test.setTimeout(180_000);
  const paymasterHost = new URL(backend.url).host;
  const bundlerHost = new URL(bundler.url).host;
  await demo.getByTestId('connect-app.encore.wallet').click();
  await decide(w.context, 'approve');
  await expect(demo.getByTestId('account')).toHaveText(w.address);
  await expect(demo.getByTestId('chain')).toHaveText('31337 (0x7a69)');
  expect(await balanceOf(w.address)).toBe(0n);

  // A favorite: the window names the paymaster's host as payer and the bundler that carries it.
  await demo.getByTestId('favorite-track').selectOption('X9aRe');
  await demo.getByTestId('favorite').click();
  const window = await approvalWindow(w.context);
  await expect(window.getByTestId('calls-summary')).toHaveText(`1 call, paid by ${paymasterHost}`);
  await expect(window.getByTestId('calls-paymaster')).toContainText(
    `${paymasterHost} names its paymaster contract once you approve`,
  );
  await expect(window.getByTestId('calls-bundler')).toContainText(bundlerHost);
  await expect(window.getByTestId('calls-upgrade')).toContainText('One-time upgrade');
  // The README's walk: the development paymaster, said plainly, without the local-network alarm.
  await expect(window.getByTestId('calls-sponsor-development')).toHaveText(
    `${paymasterHost} is the development paymaster this computer runs: the same backend Encore signs you in with, and this page is served from this computer too.`,
  );
  await expect(window.getByTestId('calls-sponsor-local-network')).toHaveCount(0);
  await shoot(window, 'approval-paymaster-calls', (n) => test.info().outputPath(n));
  await decide(w.context, 'approve');
  await expect(demo.getByTestId('favorite-result')).toHaveText(
    /^Favorited "Encore in Blue": confirmed in block \d+, the site paid the fee$/,
    { timeout: 60_000 },
  );
  const favoriteTx = (await demo.getByTestId('favorite-tx').textContent()) ?? '';
  expect(await balanceOf(w.address)).toBe(0n);

  // A follow with the next favorite: no upgrade again.
  await demo.getByTestId('favorite-track').selectOption('D7Kq1');
  await demo.getByTestId('favorite-follow').click();
  const second = await approvalWindow(w.context);
  await expect(second.getByTestId('calls-summary')).toHaveText(
    `2 calls, all or none, paid by ${paymasterHost}`,
  );
  await expect(second.getByTestId('calls-upgrade')).toHaveCount(0);
  await decide(w.context, 'approve');
  await expect(demo.getByTestId('favorite-result')).toHaveText(
    /^Favorited "Night Bus Home" and followed .+: confirmed in block \d+, the site paid the fee$/,
    { timeout: 60_000 },
  );
  const followTx = (await demo.getByTestId('favorite-tx').textContent()) ?? '';
  expect(await balanceOf(w.address)).toBe(0n);

  // The bundler's own receipts name the transactions the page was told of, sent by its executor.
  const receipts = await Promise.all(
    [favoriteTx, followTx].map(async (hash) => {
      const tx = (await chainCall('eth_getTransactionByHash', [hash])) as { from: string };
      return tx.from.toLowerCase();
    }),
  );
  expect(receipts.every((from) => from !== w.address.toLowerCase())).toBe(true);

  // Activity: both batches confirmed, paid by the paymaster's host and contract, each showing the
  // transaction the bundler's receipt names.
  await w.popup.reload();
  await w.popup.getByTestId('show-activity').click();
  const items = w.popup.getByTestId('activity-item');
  await expect(items).toHaveCount(2);
  await expect(items.first().getByTestId('activity-status')).toHaveText('Confirmed', {
    timeout: 30_000,
  });
  await expect(items.last().getByTestId('activity-status')).toHaveText('Confirmed');
  await expect(items.first().getByTestId('activity-paid-by')).toHaveText(
    `paid by ${paymasterHost} (paymaster ${paymasterAddress})`,
  );
  await expect(items.first().getByTestId('activity-hash')).toHaveAttribute('title', followTx);
  await expect(items.last().getByTestId('activity-hash')).toHaveAttribute('title', favoriteTx);
});

test('attack: a paymaster on this computer that is not the backend Encore uses gets the warning', async () => {
  // Encore back on the backend it was built with: the site's paymaster is now just a service on
  // this computer a page named.
  await useBackend(w.popup, w.env.backendUrl);
  await demo.getByTestId('favorite-track').selectOption('L2pWz');
  await demo.getByTestId('favorite').click();
  const window = await approvalWindow(w.context);
  await expect(window.getByTestId('calls-sponsor-local-network')).toContainText(
    "The sponsor's URL is on your own computer or local network",
  );
  await expect(window.getByTestId('calls-sponsor-development')).toHaveCount(0);
  await decide(w.context, 'reject');
  await expect(demo.getByTestId('favorite-result')).toContainText('User rejected the request');
});
