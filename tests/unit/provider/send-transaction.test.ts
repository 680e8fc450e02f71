// eth_sendTransaction through the pipeline: who may send, what is checked before the window,
// and that what is sent is exactly what the window showed.
import { Wallet } from 'ethers';
import { beforeEach, describe, expect, it } from 'vitest';
import { type RpcSigner, runRpcRequest } from '../../../lib/extension/rpc/index.ts';
import { rpcFailure } from '../../support/rpc-failure.ts';
import { type FakeWorld, fakeWorld, WALLET } from './support/fake-deps.ts';

const SITE = 'http://localhost:8800';
const ARTIST = '0x3333333333333333333333333333333333333333';

const send = (world: FakeWorld, params: unknown, origin = SITE) =>
  runRpcRequest(world.ctx(origin), { method: 'eth_sendTransaction', params });

describe('eth_sendTransaction', () => {
  let world: FakeWorld;
  beforeEach(() => {
    world = fakeWorld();
    world.connected.set(SITE, 1);
  });

  it('sends what the window showed, from the connected account, and answers the hash', async () => {
    const hash = await send(world, [
      { from: WALLET.address.toLowerCase(), to: ARTIST, value: '0x2386f26fc10000' },
    ]);
    expect(hash).toBe(`0x${'ab'.repeat(32)}`);
    const [asked] = world.asked;
    expect(asked?.details.kind).toBe('transaction');
    expect(world.sent).toHaveLength(1);
    // The very object the window received, not a copy rebuilt afterwards.
    expect(world.sent[0]?.approval).toBe(asked?.details);
    expect(world.sent[0]).toMatchObject({ origin: SITE, signer: WALLET.address });
    expect(world.sent[0]?.approval.review.transaction).toMatchObject({
      from: WALLET.address,
      to: ARTIST,
      value: '10000000000000000',
    });
  });

  it('passes on whether the password was confirmed, and nothing else decides it', async () => {
    world.passwordConfirmed = true;
    await send(world, [{ from: WALLET.address, to: ARTIST }]);
    expect(world.sent[0]?.passwordConfirmed).toBe(true);
  });

  it('refuses another account as from with 4100, before any window', async () => {
    const other = Wallet.createRandom().address;
    expect((await rpcFailure(send(world, [{ from: other, to: ARTIST }]))).code).toBe(4100);
    expect(world.asked).toEqual([]);
    expect(world.sent).toEqual([]);
  });

  it('refuses a site that is not connected with 4100, before reading its params', async () => {
    world.connected.delete(SITE);
    expect((await rpcFailure(send(world, [{ nonsense: true }]))).code).toBe(4100);
  });

  it('refuses unknown fields and malformed values with -32602 naming them', async () => {
    const unknown = await rpcFailure(
      send(world, [{ from: WALLET.address, to: ARTIST, authorizationList: [] }]),
    );
    expect(unknown.code).toBe(-32602);
    expect(unknown.message).toMatch(/authorizationList/);
    const type4 = await rpcFailure(
      send(world, [{ from: WALLET.address, to: ARTIST, type: '0x4' }]),
    );
    expect(type4.code).toBe(-32602);
    expect(type4.message).toMatch(/transaction\.type/);
    expect((await rpcFailure(send(world, []))).code).toBe(-32602);
    expect(world.sent).toEqual([]);
  });

  it('a rejection answers 4001 and sends nothing', async () => {
    world.answer = 'reject';
    expect((await rpcFailure(send(world, [{ from: WALLET.address, to: ARTIST }]))).code).toBe(4001);
    expect(world.sent).toEqual([]);
  });

  it('an account that logged in while the window was open is not the one that sends', async () => {
    const other = Wallet.createRandom();
    let current: RpcSigner = WALLET as unknown as RpcSigner;
    world.deps.getWallet = () => current;
    world.deps.approvals.request = async () => {
      current = other as unknown as RpcSigner;
      return { passwordConfirmed: false };
    };
    expect((await rpcFailure(send(world, [{ from: WALLET.address, to: ARTIST }]))).code).toBe(4100);
    expect(world.sent).toEqual([]);
  });
});

describe('eth_sendTransaction into the account itself', () => {
  it('attack: calldata to the listener’s own address (a batch hidden in one call) is refused before any window; a plain self-transfer is not', async () => {
    const world = fakeWorld();
    world.connected.set(SITE, 1);
    const hidden = await rpcFailure(
      send(world, [
        {
          from: WALLET.address,
          to: WALLET.address.toLowerCase(),
          data: `0xe9ae5c53${'00'.repeat(64)}`,
        },
      ]),
    );
    expect(hidden.code).toBe(-32602);
    expect(hidden.message).toMatch(/transaction\.to is your own account/);
    expect(world.asked).toEqual([]);
    await send(world, [{ from: WALLET.address, to: WALLET.address, value: '0x0' }]);
    expect(world.sent).toHaveLength(1);
  });
});
