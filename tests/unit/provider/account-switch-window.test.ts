// A request shown for one account, and another account logged in while its window is open (the
// person logs out and in as someone else, or another person uses the browser, and the site has
// been connected by both): approving it must sign nothing for the account that is logged in now.
// Each signing method holds the signer to the account the window showed.

import { Wallet } from 'ethers';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { CallsApproval } from '../../../lib/extension/approvals/index.ts';
import type { ProviderRpcError } from '../../../lib/extension/protocol/index.ts';
import { runRpcRequest } from '../../../lib/extension/rpc/index.ts';
import { type FakeWorld, fakeWorld, WALLET } from './support/fake-deps.ts';

const SITE = 'https://music.example';
const OTHER = new Wallet(`0x${'22'.repeat(32)}`);

/** A world whose person switches to OTHER while each window is open, then approves. */
function switchingWorld(): FakeWorld {
  const world = fakeWorld();
  world.connected.set(SITE, 1);
  const ask = world.deps.approvals.request;
  world.deps.approvals.request = async (origin, details, signal) => {
    const decision = await ask(origin, details, signal);
    world.wallet = OTHER;
    return decision;
  };
  return world;
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: ProviderRpcError) => error,
  );

describe('another account logged in while the window is open', () => {
  beforeEach(() => fakeBrowser.reset());

  it('attack: wallet_sendCalls approved for one account sends nothing for the account logged in since', async () => {
    const world = switchingWorld();
    const sentFor: string[] = [];
    world.deps.calls.prepare = async (_origin, _params, account) =>
      ({ kind: 'calls', address: account }) as unknown as CallsApproval;
    world.deps.calls.send = async (_origin, _approval, account) => {
      sentFor.push(account);
      return { id: '0x01' };
    };
    const error = await failure(
      runRpcRequest(world.ctx(SITE), {
        method: 'wallet_sendCalls',
        params: [
          {
            version: '2.0.0',
            from: WALLET.address,
            chainId: '0x1',
            atomicRequired: true,
            calls: [{ to: '0x3333333333333333333333333333333333333333', value: '0x0' }],
          },
        ],
      }),
    );
    expect(error?.code).toBe(4100);
    expect(sentFor).toEqual([]);
  });

  it.each([
    ['personal_sign', ['0x68656c6c6f', WALLET.address]],
    ['eth_sendTransaction', [{ from: WALLET.address, to: OTHER.address, value: '0x1' }]],
    [
      'eth_signTypedData_v4',
      [
        WALLET.address,
        {
          types: {
            EIP712Domain: [{ name: 'name', type: 'string' }],
            Mail: [{ name: 'contents', type: 'string' }],
          },
          primaryType: 'Mail',
          domain: { name: 'Post' },
          message: { contents: 'hello' },
        },
      ],
    ],
  ])(
    'attack: %s approved for one account signs nothing for the account logged in since',
    async (method, params) => {
      const world = switchingWorld();
      const error = await failure(runRpcRequest(world.ctx(SITE), { method, params }));
      expect(error?.code).toBe(4100);
      expect(world.sent).toEqual([]);
    },
  );
});
