// What pages written for the most used wallet rely on: lower-case accounts they compare with `===`,
// personal_ecRecover to check a signature, wallet_requestPermissions that asks again, and
// permission objects with an id.

import { Wallet } from 'ethers';
import { beforeEach, describe, expect, it } from 'vitest';
import { runRpcRequest } from '../../../lib/extension/rpc/index.ts';
import { rpcFailure } from '../../support/rpc-failure.ts';
import { type FakeWorld, fakeWorld, WALLET } from './support/fake-deps.ts';

const SITE = 'https://music.example';

const call = (world: FakeWorld, method: string, params?: unknown): Promise<unknown> =>
  runRpcRequest(world.ctx(SITE), { method, params });

describe('accounts: lower case for sites, checksummed in Encore’s own windows', () => {
  let world: FakeWorld;
  beforeEach(() => {
    world = fakeWorld();
  });

  it('a page comparing the recovered signer with accounts[0] using === succeeds', async () => {
    const [account] = (await call(world, 'eth_requestAccounts')) as string[];
    expect(account).toBe(WALLET.address.toLowerCase());
    expect(await call(world, 'eth_accounts')).toEqual([account]);
    const message = '0x68656c6c6f';
    const signature = await call(world, 'personal_sign', [message, account]);
    expect(await call(world, 'personal_ecRecover', [message, signature])).toBe(account);
  });

  it('the approval window gets the checksummed account, whatever case the site wrote', async () => {
    world.connected.set(SITE, 1);
    await call(world, 'personal_sign', ['0x6869', WALLET.address.toLowerCase()]);
    expect(world.asked.at(-1)?.details).toMatchObject({ address: WALLET.address });
    await call(world, 'eth_signTypedData_v4', [
      WALLET.address.toLowerCase(),
      {
        types: { T: [{ name: 'v', type: 'uint8' }] },
        primaryType: 'T',
        domain: {},
        message: { v: 1 },
      },
    ]);
    expect(world.asked.at(-1)?.details).toMatchObject({ address: WALLET.address });
  });
});

describe('personal_ecRecover', () => {
  let world: FakeWorld;
  beforeEach(() => {
    world = fakeWorld();
  });

  it('recovers another key’s signature over text or hex, without connection, login or prompt', async () => {
    world.loggedIn = false;
    const other = Wallet.createRandom();
    const signature = await other.signMessage('Sign in to the jukebox');
    const expected = other.address.toLowerCase();
    expect(await call(world, 'personal_ecRecover', ['Sign in to the jukebox', signature])).toBe(
      expected,
    );
    const hex = `0x${Buffer.from('Sign in to the jukebox').toString('hex')}`;
    expect(await call(world, 'personal_ecRecover', [hex, signature])).toBe(expected);
    expect(world.asked).toEqual([]);
  });

  it('refuses malformed params with -32602 naming them', async () => {
    const bad = await rpcFailure(call(world, 'personal_ecRecover', ['0x68', '0x1234']));
    expect(bad.code).toBe(-32602);
    expect(bad.message).toMatch(/signature \(params\[1\]\) must be a 65-byte hex signature/);
    const huge = await rpcFailure(
      call(world, 'personal_ecRecover', [`0x${'00'.repeat(70_000)}`, `0x${'11'.repeat(65)}`]),
    );
    expect(huge.message).toMatch(/message \(params\[0\]\) must be at most 65536 bytes/);
    // A signature with an impossible v recovers nobody: -32602, not -32603.
    const nobody = await rpcFailure(
      call(world, 'personal_ecRecover', ['0x68', `0x${'11'.repeat(65)}`]),
    );
    expect(nobody.code).toBe(-32602);
  });
});

describe('wallet_requestPermissions and permission objects', () => {
  let world: FakeWorld;
  beforeEach(() => {
    world = fakeWorld();
  });

  it('asks again on a connected site, and a refusal there is 4001 (the connection stays)', async () => {
    world.connected.set(SITE, 1000);
    const granted = (await call(world, 'wallet_requestPermissions', [{ eth_accounts: {} }])) as {
      id: string;
    }[];
    expect(world.asked.map((a) => a.details.kind)).toEqual(['connect']);
    world.answer = 'reject';
    const refused = await rpcFailure(
      call(world, 'wallet_requestPermissions', [{ eth_accounts: {} }]),
    );
    expect(refused.code).toBe(4001);
    expect(world.asked).toHaveLength(2);
    // eth_requestAccounts still does not ask a connected site.
    world.answer = 'approve';
    await call(world, 'eth_requestAccounts');
    expect(world.asked).toHaveLength(2);
    expect(granted[0]?.id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('a permission id is stable while the connection lasts and new after reconnecting', async () => {
    world.connected.set(SITE, 1000);
    const idOf = async () =>
      ((await call(world, 'wallet_getPermissions')) as { id: string }[])[0]?.id;
    const first = await idOf();
    expect(await idOf()).toBe(first);
    world.connected.set('https://other.example', 1000);
    const other = (
      (await runRpcRequest(world.ctx('https://other.example'), {
        method: 'wallet_getPermissions',
      })) as { id: string }[]
    )[0]?.id;
    expect(other).not.toBe(first);
    await call(world, 'wallet_revokePermissions', [{ eth_accounts: {} }]);
    world.connected.set(SITE, 2000);
    expect(await idOf()).not.toBe(first);
  });
});

describe('chain reads go to the node; nothing else does', () => {
  it('any site, connected or not, logged in or not, reads through the node under its own origin', async () => {
    const world = fakeWorld();
    world.loggedIn = false;
    expect(await call(world, 'eth_blockNumber')).toBe('eth_blockNumber from the node');
    expect(await call(world, 'eth_getBalance', [WALLET.address])).toBe(
      'eth_getBalance from the node',
    );
    expect(world.nodeCalls).toEqual([
      { origin: SITE, method: 'eth_blockNumber', params: [] },
      { origin: SITE, method: 'eth_getBalance', params: [WALLET.address] },
    ]);
    expect(world.asked).toEqual([]);
  });

  it('signing never reaches the node: eth_sign, eth_signTransaction and raw sends stay 4200', async () => {
    const world = fakeWorld();
    world.connected.set(SITE, 1);
    expect((await rpcFailure(call(world, 'eth_signTransaction', [{}]))).code).toBe(4200);
    expect((await rpcFailure(call(world, 'eth_sign', [WALLET.address, '0x00']))).code).toBe(4200);
    expect((await rpcFailure(call(world, 'eth_sendRawTransaction', ['0x00']))).code).toBe(4200);
    await call(world, 'personal_sign', ['0x68', WALLET.address]);
    expect(world.nodeCalls).toEqual([]);
  });
});
