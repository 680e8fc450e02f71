import type { Page } from '@playwright/test';
import { verifyMessage, verifyTypedData } from 'ethers';
import { formatSiweMessage } from '../../lib/eip/index.ts';
import {
  approvalWindow,
  decide,
  events,
  expectCode,
  expectResult,
  hexOf,
  openSite,
  recordEvents,
  rpc,
  shoot,
  type WalletBrowser,
  walletBrowser,
} from './provider-support.ts';
import { PASSWORD } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { expectCleanLayout } from './support/layout.ts';

// One browser and one signed-up wallet for the whole file: each test builds on the state the
// previous one left (connected sites, chain), as a person using the wallet would.
test.describe.configure({ mode: 'serial' });

let w: WalletBrowser;
let site: Page;
let other: Page;

test.beforeAll(async () => {
  w = await walletBrowser(3);
  site = await openSite(w.context, w.demoUrl);
  other = await openSite(w.context, w.otherOrigin);
  await recordEvents(site);
  await recordEvents(other);
});

test.afterAll(async () => {
  await w?.browser.close();
});

const typedData = (chainId: number, listener: string) => ({
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
    ],
    Favorite: [
      { name: 'listener', type: 'address' },
      { name: 'trackId', type: 'string' },
    ],
  },
  primaryType: 'Favorite',
  domain: { name: 'Encore test', version: '1', chainId },
  message: { listener, trackId: 'T-42' },
});

test('the page discovers Encore through EIP-6963 and window.ethereum', async () => {
  await expect(site.locator('[data-testid="wallet"][data-rdns="app.encore.wallet"]')).toContainText(
    'Encore',
  );
  const announcements = await site.evaluate(() => {
    const seen: { name: string; rdns: string; icon: string }[] = [];
    window.addEventListener('eip6963:announceProvider', (e) =>
      seen.push((e as CustomEvent).detail.info),
    );
    window.dispatchEvent(new Event('eip6963:requestProvider'));
    return seen;
  });
  expect(announcements).toEqual([
    expect.objectContaining({ name: 'Encore', rdns: 'app.encore.wallet' }),
  ]);
  expect(announcements[0]?.icon).toMatch(/^data:image\/svg\+xml,/);
  expect(
    await site.evaluate(
      () => (window as unknown as { ethereum: { isEncore: boolean } }).ethereum.isEncore,
    ),
  ).toBe(true);
});

test('before connecting: no accounts, 4100 for signing whatever the params, 4200 where due', async () => {
  expect(await expectResult(rpc(site, 'eth_accounts'))).toEqual([]);
  expect(await expectResult(rpc(site, 'eth_chainId'))).toBe('0x1');
  expect(await expectResult(rpc(site, 'net_version'))).toBe('1');
  await expectCode(rpc(site, 'personal_sign', [hexOf('hi'), w.address]), 4100);
  await expectCode(rpc(site, 'encore_requestIdToken'), 4100);
  await expectCode(rpc(site, 'eth_sendTransaction', [{}]), 4100);
  expect(await expectCode(rpc(site, 'eth_signTransaction', [{}]), 4200)).toMatch(
    /use eth_sendTransaction/,
  );
  await expectCode(rpc(site, 'eth_sign', [w.address, '0x00']), 4200);
  await expectCode(rpc(site, 'eth_getStorageAt', [w.address, '0x0', 'latest']), 4200);
  // A chain read for any site, but this build has no RPC URL for the chain: 4901.
  await expectCode(rpc(site, 'eth_getBalance', [w.address, 'latest']), 4901);
  // The connection is checked before the params: malformed params tell an unconnected site nothing.
  await expectCode(rpc(site, 'wallet_switchEthereumChain', [{ chainId: 1 }]), 4100);
  await expectCode(rpc(site, 'eth_signTypedData_v4', [w.address, '{"types":1}']), 4100);
});

test('connect: rejecting answers 4001, approving shows the origin and returns the account', async () => {
  const rejected = rpc(site, 'eth_requestAccounts');
  const window = await approvalWindow(w.context);
  await expect(window.getByTestId('origin')).toHaveText(new URL(w.demoUrl).host);
  await shoot(window, 'approval-connect', (n) => test.info().outputPath(n));
  await decide(w.context, 'reject');
  await expectCode(rejected, 4001);
  expect(await expectResult(rpc(site, 'eth_accounts'))).toEqual([]);

  const approved = rpc(site, 'eth_requestAccounts');
  // Encore's own window shows the account checksummed; the site gets it in lower case.
  await expect((await approvalWindow(w.context)).getByTestId('account')).toHaveText(w.address);
  await decide(w.context, 'approve');
  expect(await expectResult(approved)).toEqual([w.siteAccount]);
  expect(await expectResult(rpc(site, 'eth_accounts'))).toEqual([w.siteAccount]);
  await expect.poll(() => events(site, 'accountsChanged')).toEqual([[w.siteAccount]]);
  // Connected now: no second prompt.
  expect(await expectResult(rpc(site, 'eth_requestAccounts'))).toEqual([w.siteAccount]);
});

test('personal_sign: approved signature verifies, rejected is 4001, binary data is flagged', async () => {
  const text = 'Hello from the Encore browser test 🎵';
  const signing = rpc(site, 'personal_sign', [hexOf(text), w.address.toLowerCase()]);
  const window = await approvalWindow(w.context);
  await expect(window.getByTestId('message-text')).toHaveText(text);
  await shoot(window, 'approval-personal-sign', (n) => test.info().outputPath(n));
  await decide(w.context, 'approve');
  expect(verifyMessage(text, (await expectResult(signing)) as string)).toBe(w.address);

  const rejected = rpc(site, 'personal_sign', [hexOf(text), w.address]);
  await decide(w.context, 'reject');
  await expectCode(rejected, 4001);

  const binary = rpc(site, 'personal_sign', [`0x${'ff00'.repeat(16)}`, w.address]);
  const binaryWindow = await approvalWindow(w.context);
  await expect(binaryWindow.getByTestId('binary-warning')).toBeVisible();
  await expect(binaryWindow.getByTestId('message-hex')).toHaveText(`0x${'ff00'.repeat(16)}`);
  await shoot(binaryWindow, 'approval-binary', (n) => test.info().outputPath(n));
  await decide(w.context, 'reject');
  await expectCode(binary, 4001);

  // Right-to-left override: the window spells it out instead of letting it reorder the text.
  const reordered = rpc(site, 'personal_sign', [hexOf('Pay 1 \u202eCDSU\u202c'), w.address]);
  const hiddenWindow = await approvalWindow(w.context);
  await expect(hiddenWindow.getByTestId('invisible-warning')).toBeVisible();
  await expect(hiddenWindow.getByTestId('message-text')).toHaveText('Pay 1 ⟨U+202E⟩CDSU⟨U+202C⟩');
  await shoot(hiddenWindow, 'approval-invisible-chars', (n) => test.info().outputPath(n));
  await decide(w.context, 'reject');
  await expectCode(reordered, 4001);
});

test('a sign-in message for another domain carries a red warning; the right domain none', async () => {
  const siwe = (domain: string) =>
    formatSiweMessage({
      domain,
      address: w.address,
      statement: 'Sign in to Backstage FM.',
      uri: `http://${domain}`,
      version: '1',
      chainId: 1,
      nonce: 'abcdef123456',
      issuedAt: new Date().toISOString(),
      resources: [],
    });
  const forged = rpc(site, 'personal_sign', [hexOf(siwe('bank.example')), w.address]);
  const window = await approvalWindow(w.context);
  await expect(window.getByTestId('siwe-domain-warning')).toBeVisible();
  await expect(window.getByTestId('siwe-domain')).toHaveText('bank.example');
  await shoot(window, 'approval-siwe-warning', (n) => test.info().outputPath(n));
  await decide(w.context, 'reject');
  await expectCode(forged, 4001);

  const host = new URL(w.demoUrl).host;
  const message = siwe(host);
  const genuine = rpc(site, 'personal_sign', [hexOf(message), w.address]);
  const okWindow = await approvalWindow(w.context);
  await expect(okWindow.getByTestId('siwe-domain')).toHaveText(host);
  await expect(okWindow.getByTestId('siwe-domain-warning')).toHaveCount(0);
  await decide(w.context, 'approve');
  expect(verifyMessage(message, (await expectResult(genuine)) as string)).toBe(w.address);

  // The sign-in phrase below a first line of something else is not a sign-in: it is flagged.
  const buried = rpc(site, 'personal_sign', [
    hexOf(`Welcome!\n${siwe('bank.example')}`),
    w.address,
  ]);
  const buriedWindow = await approvalWindow(w.context);
  await expect(buriedWindow.getByTestId('siwe-malformed')).toBeVisible();
  await decide(w.context, 'reject');
  await expectCode(buried, 4001);
});

test('eth_signTypedData_v4: a readable tree, a chain warning, verified signatures, 4001', async () => {
  const data = typedData(1, w.address);
  const signing = rpc(site, 'eth_signTypedData_v4', [w.address, JSON.stringify(data)]);
  const window = await approvalWindow(w.context);
  await expect(window.getByTestId('typed-message')).toContainText('T-42');
  await expect(window.getByTestId('typed-domain')).toContainText('Encore test');
  await expect(window.getByTestId('chain-warning')).toHaveCount(0);
  await decide(w.context, 'approve');
  const { EIP712Domain: _domain, ...types } = data.types;
  const signature = (await expectResult(signing)) as string;
  expect(verifyTypedData(data.domain, types, data.message, signature)).toBe(w.address);

  const otherChain = rpc(site, 'eth_signTypedData_v4', [w.address, typedData(137, w.address)]);
  const warned = await approvalWindow(w.context);
  await expect(warned.getByTestId('chain-warning')).toContainText('137');
  await shoot(warned, 'approval-typed-data', (n) => test.info().outputPath(n));
  await decide(w.context, 'reject');
  await expectCode(otherChain, 4001);

  const bad = await expectCode(
    rpc(site, 'eth_signTypedData_v4', [w.address, '{"types":1}']),
    -32602,
  );
  expect(bad).toMatch(/typedData/);
  // Shown one way, signed another: refused with the place named, before any window opens.
  const lying = { ...data, message: { ...data.message, listener: 'me' } };
  expect(await expectCode(rpc(site, 'eth_signTypedData_v4', [w.address, lying]), -32602)).toMatch(
    /typedData\.message\.listener/,
  );

  // No chain in the domain, and a direction-isolate in its name: both warned about.
  const { chainId: _chain, ...chainless } = data.domain;
  const unbound = {
    ...data,
    types: { ...data.types, EIP712Domain: data.types.EIP712Domain.slice(0, 2) },
    domain: { ...chainless, name: 'Encore \u2067test' },
  };
  const unboundSigning = rpc(site, 'eth_signTypedData_v4', [w.address, unbound]);
  const unboundWindow = await approvalWindow(w.context);
  await expect(unboundWindow.getByTestId('no-chain-warning')).toBeVisible();
  await expect(unboundWindow.getByTestId('invisible-warning')).toBeVisible();
  await expect(unboundWindow.getByTestId('typed-domain')).toContainText('Encore ⟨U+2067⟩test');
  await decide(w.context, 'reject');
  await expectCode(unboundSigning, 4001);
});

test('attack: a permit asked as a signature says what it grants and, under the daily limit, takes the password', async () => {
  // Ethereum keeps its default daily limit: a token approval by signature is held against it.
  const spender = '0x2222222222222222222222222222222222222222';
  const token = '0x3333333333333333333333333333333333333333';
  const permit = {
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'version', type: 'string' },
        { name: 'chainId', type: 'uint256' },
        { name: 'verifyingContract', type: 'address' },
      ],
      // Named like a sign-in: the shape, not the name, makes it a permit.
      SignIn: [
        { name: 'owner', type: 'address' },
        { name: 'spender', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'nonce', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
      ],
    },
    primaryType: 'SignIn',
    domain: { name: 'Coin', version: '1', chainId: 1, verifyingContract: token },
    message: { owner: w.address, spender, value: '1000', nonce: '0', deadline: '1900000000' },
  };
  const signing = rpc(site, 'eth_signTypedData_v4', [w.address, permit]);
  const window = await approvalWindow(w.context);
  await expect(window.getByTestId('permit-warning')).toContainText('token approval');
  await expect(window.getByTestId('permit-token')).toContainText(`${token}: 1000`);
  await expect(window.getByTestId('permit-spender')).toHaveText(spender);
  await expect(window.getByTestId('permit-expiry')).toHaveText('no end: until spent or revoked');
  await expect(window.getByTestId('tx-limit')).toContainText('lets another address take tokens');
  await expect(window.getByTestId('approve')).toBeDisabled();
  await window.getByTestId('tx-password').fill('not the password');
  // Pictured for the docs in dapp.spec.ts, where the token is on a chain Encore reads.
  await expect(window.getByTestId('approve')).toBeEnabled();
  await expectCleanLayout(window, 'a permit whose token is unread');
  await window.getByTestId('approve').click();
  await expect(window.getByRole('alert').filter({ hasText: 'Wrong' })).toBeVisible();
  await expect(window.getByTestId('permit')).toBeVisible();
  await window.getByTestId('tx-password').fill(PASSWORD);
  const closed = window.waitForEvent('close');
  await window.getByTestId('approve').click();
  await closed;
  const { EIP712Domain: _domain, ...types } = permit.types;
  const signature = (await expectResult(signing)) as string;
  expect(verifyTypedData(permit.domain, types, permit.message, signature)).toBe(w.address);
});

test('a second origin sees nothing until it connects itself', async () => {
  expect(await expectResult(rpc(other, 'eth_accounts'))).toEqual([]);
  await expectCode(rpc(other, 'personal_sign', [hexOf('x'), w.address]), 4100);
  await expectCode(rpc(other, 'eth_signTypedData_v4', [w.address, typedData(1, w.address)]), 4100);
  expect(await expectResult(rpc(other, 'wallet_getPermissions'))).toEqual([]);

  const connecting = rpc(other, 'wallet_requestPermissions', [{ eth_accounts: {} }]);
  const window = await approvalWindow(w.context);
  await expect(window.getByTestId('origin')).toHaveText(new URL(w.otherOrigin).host);
  await decide(w.context, 'approve');
  expect(await expectResult(connecting)).toEqual([
    expect.objectContaining({ parentCapability: 'eth_accounts', invoker: w.otherOrigin }),
  ]);
  expect(await expectResult(rpc(other, 'eth_accounts'))).toEqual([w.siteAccount]);
});

test('chain switches reach every site; unknown chains are 4902', async () => {
  expect(
    await expectResult(rpc(site, 'wallet_switchEthereumChain', [{ chainId: '0xaa36a7' }])),
  ).toBeNull();
  expect(await expectResult(rpc(other, 'eth_chainId'))).toBe('0xaa36a7');
  await expect.poll(() => events(other, 'chainChanged')).toEqual(['0xaa36a7']);
  await expect.poll(() => events(site, 'chainChanged')).toEqual(['0xaa36a7']);
  await expectCode(rpc(site, 'wallet_switchEthereumChain', [{ chainId: '0x89' }]), 4902);
  expect(
    await expectCode(rpc(site, 'wallet_switchEthereumChain', [{ chainId: 1 }]), -32602),
  ).toMatch(/chainId/);
  expect(
    await expectResult(rpc(site, 'wallet_switchEthereumChain', [{ chainId: '0x1' }])),
  ).toBeNull();
  await expect.poll(() => events(site, 'chainChanged')).toEqual(['0xaa36a7', '0x1']);
});

test('revoking one site disconnects only that site', async () => {
  const before = (await events(site, 'accountsChanged')).length;
  expect(
    await expectResult(rpc(other, 'wallet_revokePermissions', [{ eth_accounts: {} }])),
  ).toBeNull();
  await expect.poll(() => events(other, 'accountsChanged')).toEqual([[w.siteAccount], []]);
  expect(await expectResult(rpc(other, 'eth_accounts'))).toEqual([]);
  await expectCode(rpc(other, 'personal_sign', [hexOf('x'), w.address]), 4100);
  expect(await expectResult(rpc(site, 'eth_accounts'))).toEqual([w.siteAccount]);
  expect(await events(site, 'accountsChanged')).toHaveLength(before);

  // The popup's revoke (the sites.revoke message) goes through the same store and events.
  await w.popup.evaluate(
    (origin) =>
      (
        globalThis as unknown as {
          chrome: { runtime: { sendMessage(m: object): Promise<unknown> } };
        }
      ).chrome.runtime.sendMessage({ type: 'sites.revoke', origin }),
    w.demoUrl,
  );
  await expect.poll(() => events(site, 'accountsChanged')).toEqual([[w.siteAccount], []]);
  expect(await expectResult(rpc(site, 'eth_accounts'))).toEqual([]);
});

test('closing the approval window rejects with 4001', async () => {
  const pending = rpc(site, 'eth_requestAccounts');
  const window = await approvalWindow(w.context);
  await window.close();
  await expectCode(pending, 4001);
});
