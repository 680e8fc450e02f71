import type { Page } from '@playwright/test';
import { Interface, JsonRpcProvider, verifyMessage, verifyTypedData, Wallet } from 'ethers';
import { jsonRpc, LOCAL_FUNDED_KEY } from '../../chain/index.ts';
import { DEMO_TRACKS, FAVORITES_ABI } from '../../demo/shared/favorite.ts';
import {
  approvalShowing,
  approvalWindow,
  decide,
  expectCode,
  expectResult,
  rpc,
  shoot,
  type WalletBrowser,
  walletBrowser,
} from './provider-support.ts';
import { expect, test } from './support/fixtures.ts';
import { expectCleanLayoutInBothSchemes, MAKE_START_WINDOW } from './support/layout.ts';

// The demo music site driven through its own buttons, and a page that only knows ethers'
// BrowserProvider. One browser for the file.
test.describe.configure({ mode: 'serial' });

let w: WalletBrowser;
let demo: Page;

test.beforeAll(async () => {
  w = await walletBrowser(6);
  demo = await w.context.newPage();
  await demo.goto(w.demoUrl);
});

test.afterAll(async () => {
  await w?.browser.close();
});

/**
 * The layout rules (tests/e2e/support/layout.ts) on the demo as it is now, in the window
 * `make start` opens and narrow, light and dark: what a person following the README's walk sees.
 */
async function expectDemoLayout(name: string): Promise<void> {
  const size = demo.viewportSize();
  await demo.setViewportSize(MAKE_START_WINDOW);
  await expectCleanLayoutInBothSchemes(demo, `demo, ${name}`);
  if (size) await demo.setViewportSize(size);
}

test("connects from the wallet list on the site's own chain, says so, and shows the listener catalog profile", async () => {
  const connect = demo.getByTestId('connect-app.encore.wallet');
  await expect(connect).toHaveText('Connect');
  await expectDemoLayout('before connecting');
  await connect.click();
  await decide(w.context, 'approve');
  await expect(demo.getByTestId('account')).toHaveText(w.address);
  // The wallet starts on chain 1 in this build: the site asks for its chain (31337) at once, so
  // the sign-in message below and every later step name the chain they run on.
  await expect(demo.getByTestId('chain')).toHaveText('31337 (0x7a69)');
  await expect(connect).toHaveText('Connected');
  await expect(connect).toBeDisabled();
  await expect(demo.getByTestId('connect-result')).toHaveText('');
  await expect(demo.getByTestId('profile-name')).toHaveText(w.catalogUser.name);
  await expect(demo.getByTestId('profile-handle')).toContainText(`@${w.catalogUser.handle}`);
  await expectDemoLayout('connected, with the profile');
});

test('Sign in with Ethereum: the server verifies the signature, nonce and domain', async () => {
  await demo.getByTestId('siwe').click();
  const window = await approvalWindow(w.context);
  await expect(window.getByTestId('siwe-domain')).toHaveText(new URL(w.demoUrl).host);
  await expect(window.getByTestId('siwe-domain-warning')).toHaveCount(0);
  await expect(window.getByTestId('siwe')).toContainText('Chain ID31337');
  await shoot(window, 'approval-siwe', (n) => test.info().outputPath(n));
  await decide(w.context, 'approve');
  await expect(demo.getByTestId('siwe-result')).toHaveText(`Signed in as ${w.address}`);
  // The address is long hex in a narrow card: it breaks, the card does not scroll sideways.
  await expectDemoLayout('signed in');

  await demo.getByTestId('siwe').click();
  await decide(w.context, 'reject');
  await expect(demo.getByTestId('siwe-result')).toContainText('(4001)');
});

/** A call to the chain's node directly (not through the wallet). */
const chainCall = (method: string, params: unknown[]): Promise<unknown> =>
  jsonRpc(w.env.services.chain!, method, params);

const favoritesAbi = new Interface(FAVORITES_ABI);

/** The track's favorite count, asked of the chain's node directly (not through the wallet). */
async function favoriteCountOnChain(trackId: string): Promise<bigint> {
  const data = favoritesAbi.encodeFunctionData('favoriteCount', [trackId]);
  const result = await chainCall('eth_call', [{ to: w.env.services.favorites, data }, 'latest']);
  return favoritesAbi.decodeFunctionResult('favoriteCount', String(result))[0] as bigint;
}

test('Favorite by signature: the listener signs, the relayer submits and pays, the count is read through Encore; rejecting is 4001', async () => {
  const before = await favoriteCountOnChain('L2pWz');
  await demo.getByTestId('favorite-track').selectOption('L2pWz');
  await demo.getByTestId('favorite-signed').click();
  const window = await approvalWindow(w.context);
  await expect(window.getByTestId('typed-message')).toContainText('L2pWz');
  await expect(window.getByTestId('typed-domain')).toContainText('Encore Demo Favorites');
  // The add-chain request below may come while this window is still open: it then shows it.
  await decide(w.context, 'approve', true);
  await expect(demo.getByTestId('favorite-signed-result')).toContainText(
    'the relayer paid the fee',
  );
  await expect(demo.getByTestId('favorite-signed-tx')).toHaveText(/^0x[0-9a-f]{64}$/);
  const txHash = await demo.getByTestId('favorite-signed-tx').textContent();
  // On chain: sent by the relayer's account; the listener's address never held funds.
  const tx = (await chainCall('eth_getTransactionByHash', [txHash])) as { from: string };
  expect(tx.from.toLowerCase()).toBe(w.env.services.relayer?.toLowerCase());
  expect(BigInt(String(await chainCall('eth_getBalance', [w.address, 'latest'])))).toBe(0n);

  // The build knows chain 31337 but no RPC URL for it: the site's read is 4901, so it asks
  // Encore to add its chain (EIP-3085); the person sees the chain id, name and URL.
  const adding = await approvalShowing(w.context, 'add-chain-id');
  await expect(adding.getByTestId('add-chain-id')).toHaveText('31337 (0x7a69)');
  await expect(adding.getByTestId('add-chain-name')).toHaveText('Local development');
  await expect(adding.getByTestId('add-chain-rpc-url')).toHaveText(w.env.services.chain!);
  await shoot(adding, 'approval-add-chain', (n) => test.info().outputPath(n));
  await decide(w.context, 'approve');
  // The count the page read through Encore's provider is the chain's own, one more than before.
  const after = await favoriteCountOnChain('L2pWz');
  expect(after).toBe(before + 1n);
  await expect(demo.getByTestId('favorite-signed-count')).toHaveText(`${after} on chain 31337`);

  // Known at that URL now: the next favorite reads the count without asking again.
  await demo.getByTestId('favorite-track').selectOption('X9aRe');
  await demo.getByTestId('favorite-signed').click();
  await decide(w.context, 'reject');
  await expect(demo.getByTestId('favorite-signed-result')).toContainText('(4001)');
});

const fanAbi = new Interface([
  'function isFavorite(address listener, string trackId) view returns (bool)',
  'function isFollowing(address listener, string artistId) view returns (bool)',
]);

async function fanRead(fn: 'isFavorite' | 'isFollowing', id: string): Promise<unknown> {
  const to = w.env.services.fanActions;
  const data = fanAbi.encodeFunctionData(fn, [w.address, id]);
  return fanAbi.decodeFunctionResult(
    fn,
    String(await chainCall('eth_call', [{ to, data }, 'latest'])),
  )[0];
}

const balanceOf = async (address: string): Promise<bigint> =>
  BigInt(String(await chainCall('eth_getBalance', [address, 'latest'])));

test('Favorite and follow: one sponsored wallet_sendCalls the site pays for; the window shows both calls and who pays; the listener holds nothing before or after', async () => {
  const site = new URL(w.demoUrl).host;
  expect(await balanceOf(w.address)).toBe(0n);
  await demo.getByTestId('favorite-track').selectOption('X9aRe');
  await demo.getByTestId('favorite-follow').click();
  const window = await approvalWindow(w.context);
  await expect(window.getByTestId('calls-item')).toHaveCount(2);
  await expect(window.getByTestId('calls-summary')).toHaveText(
    `2 calls, all or none, paid by ${site}`,
  );
  await expect(window.getByTestId('calls-item').first()).toContainText('favorite(string)');
  await expect(window.getByTestId('calls-item').last()).toContainText('follow(string)');
  await expect(window.getByTestId('calls-upgrade')).toContainText('One-time upgrade');
  // The site's sponsor is its own server, on this computer: said plainly, without the alarm.
  await expect(window.getByTestId('calls-sponsor-this-page')).toHaveText(
    `${site} is this page's own server, on this computer: the page reaches it by itself too.`,
  );
  await expect(window.getByTestId('calls-sponsor-local-network')).toHaveCount(0);
  await shoot(window, 'approval-favorite-follow', (n) => test.info().outputPath(n));
  await decide(w.context, 'approve');
  await expect(demo.getByTestId('favorite-result')).toHaveText(
    /^Favorited "Encore in Blue" and followed The Late Set: confirmed in block \d+, the site paid the fee$/,
  );
  // The site's own results read whole, wide and narrow: no word broken inside.
  await expectDemoLayout('after favorite and follow');
  expect(await fanRead('isFavorite', 'X9aRe')).toBe(true);
  expect(await fanRead('isFollowing', 'the-late-set')).toBe(true);
  await expect(demo.getByTestId('favorite-count')).toHaveText(/^[1-9]\d* on chain 31337$/);
  await expect(demo.getByTestId('follower-count')).toHaveText(/^[1-9]\d* on chain 31337$/);
  // The transaction came from the sponsor; the calls ran as the listener, who still holds nothing.
  const hash = await demo.getByTestId('favorite-tx').textContent();
  const tx = (await chainCall('eth_getTransactionByHash', [hash])) as { from: string };
  expect(tx.from.toLowerCase()).not.toBe(w.siteAccount);
  expect(await balanceOf(w.address)).toBe(0n);

  // A single favorite afterwards: no upgrade again; the batch shows in the popup's Activity.
  await demo.getByTestId('favorite-track').selectOption('D7Kq1');
  await demo.getByTestId('favorite').click();
  const second = await approvalWindow(w.context);
  await expect(second.getByTestId('calls-upgrade')).toHaveCount(0);
  await expect(second.getByTestId('calls-summary')).toHaveText(`1 call, paid by ${site}`);
  await decide(w.context, 'approve');
  await expect(demo.getByTestId('favorite-result')).toContainText('Favorited "Night Bus Home"');
  expect(await balanceOf(w.address)).toBe(0n);

  // Both batches are in Activity, confirmed, paid by the site, with the sponsor's transaction.
  await w.popup.reload();
  await w.popup.getByTestId('show-activity').click();
  const items = w.popup.getByTestId('activity-item');
  await expect(items).toHaveCount(2);
  // Each row says what the calls did, as the window did: the function and its readable arguments.
  await expect(items.first()).toContainText(/Call favorite\("\w+"\) on 0x/);
  await expect(items.first().getByTestId('activity-status')).toHaveText('Confirmed');
  await expect(items.first().getByTestId('activity-paid-by')).toHaveText(`paid by ${site}`);
  await expect(items.last()).toContainText('Call favorite("X9aRe") on 0x6101…D788');
  await expect(items.last()).toContainText('; Call follow("the-late-set") on 0x6101…D788');
  await expect(items.last().getByTestId('activity-hash')).toHaveAttribute('title', hash ?? '');
  await w.popup.getByTestId('close-activity').click();

  // Already a favorite: the sponsor is asked only once the person approves; it simulates, declines,
  // and the site hears the one fixed -32003; nothing is paid.
  await demo.getByTestId('favorite').click();
  await approvalWindow(w.context);
  await decide(w.context, 'approve');
  await expect(demo.getByTestId('favorite-result')).toContainText('(-32003)');
});

test('Tip the artist: the listener pays with an ordinary transaction, approves what it does and costs, and sees it confirmed in Activity', async () => {
  // The listener's first gas money (what the backend's funding hook pays under `make start`).
  const provider = new JsonRpcProvider(w.env.services.chain, undefined, { staticNetwork: true });
  const funder = new Wallet(LOCAL_FUNDED_KEY, provider);
  const nonce = await provider.getTransactionCount(funder.address, 'pending');
  await (await funder.sendTransaction({ to: w.address, value: 10n ** 17n, nonce })).wait();
  provider.destroy();
  const track = DEMO_TRACKS.find((t) => t.id === 'D7Kq1')!;
  const before = BigInt(String(await chainCall('eth_getBalance', [track.artistWallet, 'latest'])));

  await demo.getByTestId('favorite-track').selectOption(track.id);
  await demo.getByTestId('tip').click();
  const window = await approvalWindow(w.context);
  await expect(window.getByTestId('tx-summary')).toHaveText(
    `Send 0.001 ETH to ${track.artistWallet.slice(0, 6)}…${track.artistWallet.slice(-4)}`,
  );
  await expect(window.getByTestId('tx-call')).toHaveText(`Sends ETH to ${track.artistWallet}`);
  await expect(window.getByTestId('tx-balance-after')).toHaveText(/^about 0\.09\d* ETH$/);
  await decide(w.context, 'approve');
  await expect(demo.getByTestId('tip-result')).toHaveText(
    /^Tipped Lumen Drift 0\.001 ETH: confirmed in block \d+$/,
  );
  const hash = await demo.getByTestId('tip-tx').textContent();
  const tx = (await chainCall('eth_getTransactionByHash', [hash])) as { from: string };
  expect(tx.from.toLowerCase()).toBe(w.siteAccount);
  expect(BigInt(String(await chainCall('eth_getBalance', [track.artistWallet, 'latest'])))).toBe(
    before + 10n ** 15n,
  );
  await expectDemoLayout('after the tip');

  await w.popup.reload();
  await w.popup.getByTestId('show-activity').click();
  const item = w.popup.getByTestId('activity-item').first();
  await expect(item).toContainText('Send 0.001 ETH to');
  await expect(item.getByTestId('activity-status')).toHaveText('Confirmed');
  await expect(item).toContainText(new URL(w.demoUrl).host);
  await w.popup.getByTestId('close-activity').click();
});

test('wallet_addEthereumChain: rejecting is 4001; a URL serving another chain is refused after approval', async () => {
  const sepolia = {
    chainId: '0xaa36a7',
    chainName: 'Sepolia on a lying node',
    rpcUrls: [w.env.services.chain],
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  };
  const rejected = rpc(demo, 'wallet_addEthereumChain', [sepolia]);
  const window = await approvalWindow(w.context);
  await expect(window.getByTestId('add-chain-id')).toHaveText('11155111 (0xaa36a7)');
  await expect(window.getByTestId('add-chain-rpc-url')).toHaveText(w.env.services.chain!);
  // The local chain's URL is on this machine: the window says so.
  await expect(window.getByTestId('add-chain-local-network')).toContainText(
    'your own computer or local network',
  );
  await decide(w.context, 'reject');
  await expectCode(rejected, 4001);

  // Approved, but the node answers eth_chainId 0x7a69: nothing is saved, so the switch to
  // Sepolia still works and Sepolia's reads still have no RPC URL (4901).
  const mismatched = rpc(demo, 'wallet_addEthereumChain', [sepolia]);
  await decide(w.context, 'approve');
  expect(await expectCode(mismatched, -32602)).toMatch(/serves chain 0x7a69, not 0xaa36a7/);
  await expectResult(rpc(demo, 'wallet_switchEthereumChain', [{ chainId: '0xaa36a7' }]));
  await expectCode(rpc(demo, 'eth_blockNumber', []), 4901);
  // Back on Ethereum, where the rest of the file expects the wallet.
  await expectResult(rpc(demo, 'wallet_switchEthereumChain', [{ chainId: '0x1' }]));
});

test('wallet_addEthereumChain: an ETH of 36 decimals is refused; other decimals are stated in the window', async () => {
  const chain = (nativeCurrency: { name: string; symbol: string; decimals: number }) => ({
    chainId: '0x89',
    chainName: 'Polygon',
    rpcUrls: [w.env.services.chain],
    nativeCurrency,
  });
  const refused = await expectCode(
    rpc(demo, 'wallet_addEthereumChain', [chain({ name: 'Ether', symbol: 'ETH', decimals: 36 })]),
    -32602,
  );
  expect(refused).toMatch(/nativeCurrency\.decimals must be 18 for ETH/);
  const odd = rpc(demo, 'wallet_addEthereumChain', [
    chain({ name: 'Pol', symbol: 'PLC', decimals: 6 }),
  ]);
  const window = await approvalShowing(w.context, 'add-chain-currency');
  await expect(window.getByTestId('add-chain-currency')).toHaveText('PLC (Pol), 6 decimals');
  await expect(window.getByTestId('add-chain-decimals')).toContainText(
    'PLC counts 6 decimals, not the 18 of ether',
  );
  await decide(w.context, 'reject');
  await expectCode(odd, 4001);
});

test('Who am I: a catalog ID token that the catalog verify_token accepts', async () => {
  await demo.getByTestId('whoami').click();
  const window = await approvalWindow(w.context);
  await expect(window.getByTestId('id-token-name')).toHaveText(w.catalogUser.name);
  await expect(window.getByTestId('id-token-terms')).toContainText(
    `valid for ${new URL(w.demoUrl).origin} only, for 5 minutes`,
  );
  await window.emulateMedia({ colorScheme: 'dark' });
  await shoot(window, 'approval-id-token-dark', (n) => test.info().outputPath(n));
  await decide(w.context, 'approve');
  await expect(demo.getByTestId('whoami-result')).toHaveText(
    `You are ${w.catalogUser.name} (@${w.catalogUser.handle})`,
  );
});

test('the ID token names the demo origin and expires; the server takes it once, at that origin only', async () => {
  const minting = rpc(demo, 'encore_requestIdToken');
  await decide(w.context, 'approve');
  const token = (await expectResult(minting)) as string;
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
  expect(payload).toMatchObject({ userId: w.catalogUser.id, aud: new URL(w.demoUrl).origin });
  expect(payload.exp - payload.iat).toBe(300);
  expect(payload.nonce).toMatch(/^[0-9a-f]{32}$/);

  const whoami = async (origin: string) => {
    const response = await fetch(`${origin}/api/whoami`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    return [response.status, await response.json()] as const;
  };
  // The same server under its other origin is another site: the token is not for it.
  expect(await whoami(w.otherOrigin)).toEqual([
    401,
    expect.objectContaining({ code: 'ID_TOKEN_WRONG_AUDIENCE' }),
  ]);
  expect(await whoami(w.demoUrl)).toEqual([200, expect.objectContaining({ ok: true })]);
  expect(await whoami(w.demoUrl)).toEqual([
    401,
    expect.objectContaining({ code: 'ID_TOKEN_REPLAYED' }),
  ]);
});

test('the ID token lifetime set on the options page is the one the approval shows and the token carries', async () => {
  const options = await w.context.newPage();
  await options.goto(`chrome-extension://${w.browser.extensionId}/options.html`);
  await expect(options.getByTestId('id-token-lifetime')).toHaveValue('300');
  await options.getByTestId('id-token-lifetime').fill('59');
  await options.getByTestId('save-settings').click();
  await expect(options.getByText('Enter whole seconds from 60 to 3600')).toBeVisible();
  await options.getByTestId('id-token-lifetime').fill('90');
  await options.getByTestId('save-settings').click();
  await expect(options.getByTestId('settings-status')).toHaveText('Saved.');
  await options.close();

  const minting = rpc(demo, 'encore_requestIdToken');
  const window = await approvalWindow(w.context);
  await expect(window.getByTestId('id-token-terms')).toContainText('for 90 seconds');
  await decide(w.context, 'approve');
  const token = (await expectResult(minting)) as string;
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
  expect(payload.exp - payload.iat).toBe(90);
});

interface EthersApi {
  connect(): Promise<string>;
  chainId(): Promise<string>;
  signMessage(text: string): Promise<string>;
  signTypedData(domain: object, types: object, value: object): Promise<string>;
  attempt(name: 'connect' | 'signMessage', ...args: string[]): Promise<unknown>;
}
type WithEthers = { encoreEthers: EthersApi };

async function ethersPage(url: string): Promise<Page> {
  const page = await w.context.newPage();
  await page.goto(`${url}/ethers.html`);
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  return page;
}

test('ethers BrowserProvider: connect, signMessage and signTypedData work unchanged', async () => {
  const page = await ethersPage(w.demoUrl);
  // Same origin as the demo page: already connected, no prompt.
  expect(await page.evaluate(() => (window as unknown as WithEthers).encoreEthers.connect())).toBe(
    w.address,
  );
  expect(await page.evaluate(() => (window as unknown as WithEthers).encoreEthers.chainId())).toBe(
    '1',
  );

  const signing = page.evaluate(() =>
    (window as unknown as WithEthers).encoreEthers.signMessage('ethers says hi'),
  );
  await decide(w.context, 'approve');
  expect(verifyMessage('ethers says hi', await signing)).toBe(w.address);

  const domain = { name: 'Ethers test', version: '1', chainId: 1 };
  const types = {
    Play: [
      { name: 'track', type: 'string' },
      { name: 'seconds', type: 'uint32' },
    ],
  };
  const value = { track: 'Night Bus Home', seconds: 215 };
  const typed = page.evaluate(
    ([d, t, v]) => (window as unknown as WithEthers).encoreEthers.signTypedData(d, t, v),
    [domain, types, value] as const,
  );
  await decide(w.context, 'approve');
  expect(verifyTypedData(domain, types, value, await typed)).toBe(w.address);

  const rejected = page.evaluate(() =>
    (window as unknown as WithEthers).encoreEthers.attempt('signMessage', 'no thanks'),
  );
  await decide(w.context, 'reject');
  expect(await rejected).toEqual({ ok: false, code: 'ACTION_REJECTED', walletCode: 4001 });
  await page.close();
});

test('ethers BrowserProvider on an unconnected origin asks to connect first', async () => {
  const page = await ethersPage(w.otherOrigin);
  const rejected = page.evaluate(() =>
    (window as unknown as WithEthers).encoreEthers.attempt('connect'),
  );
  await decide(w.context, 'reject');
  expect(await rejected).toMatchObject({ ok: false, code: 'ACTION_REJECTED', walletCode: 4001 });

  const connecting = page.evaluate(() => (window as unknown as WithEthers).encoreEthers.connect());
  const window = await approvalWindow(w.context);
  await expect(window.getByTestId('origin')).toHaveText(new URL(w.otherOrigin).host);
  await decide(w.context, 'approve');
  expect(await connecting).toBe(w.address);
  await page.close();
});
