// A permit asked as a typed-data signature is an approval the site can submit itself: under a
// daily spending limit it is signed only with the password, as the same permit sent in a
// transaction would be; on a chain with no limit the button signs it as any typed data.

import { verifyTypedData } from 'ethers';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  ApprovalQueue,
  type ApprovalWindowControl,
  type TypedDataApproval,
} from '../../../lib/extension/approvals/index.ts';
import type { ProviderRpcError } from '../../../lib/extension/protocol/index.ts';
import { runRpcRequest } from '../../../lib/extension/rpc/index.ts';
import { type FakeWorld, fakeWorld, WALLET } from './support/fake-deps.ts';

const SITE = 'https://music.example';
const TOKEN = '0x3333333333333333333333333333333333333333';
const SPENDER = '0x2222222222222222222222222222222222222222';
const DAILY = { kind: 'daily', wei: '2000000000000000' } as const;
const quietWindow: ApprovalWindowControl = { open: async () => {}, close: async () => {} };

/** An EIP-2612 permit of the wallet's tokens, under any primary type name. */
function permit(value: string, primaryType = 'Permit', chainId = 1) {
  return {
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'version', type: 'string' },
        { name: 'chainId', type: 'uint256' },
        { name: 'verifyingContract', type: 'address' },
      ],
      [primaryType]: [
        { name: 'owner', type: 'address' },
        { name: 'spender', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'nonce', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
      ],
    },
    primaryType,
    domain: { name: 'Coin', version: '1', chainId, verifyingContract: TOKEN },
    message: {
      owner: WALLET.address,
      spender: SPENDER,
      value,
      nonce: '0',
      deadline: '1900000000',
    },
  };
}

function sign(world: FakeWorld, typedData: unknown): Promise<unknown> {
  return runRpcRequest(world.ctx(SITE), {
    method: 'eth_signTypedData_v4',
    params: [WALLET.address, typedData],
  });
}

function shown(world: FakeWorld): TypedDataApproval {
  const details = world.asked.at(-1)?.details;
  if (details?.kind !== 'typed_data') throw new Error('no typed-data approval was shown');
  return JSON.parse(JSON.stringify(details)) as TypedDataApproval;
}

describe('eth_signTypedData_v4: a permit under the daily spending limit', () => {
  let world: FakeWorld;
  beforeEach(() => {
    fakeBrowser.reset();
    world = fakeWorld();
    world.connected.set(SITE, 1);
  });

  it('attack: a permit signature needs the password under a daily limit; a button alone signs nothing', async () => {
    world.spendingLimits.set(1, DAILY);
    const error = await sign(world, permit('1000')).then(
      () => null,
      (e: ProviderRpcError) => e,
    );
    expect(shown(world).permit).toMatchObject({
      chainId: 1,
      passwordRequired: 'tokens',
      grant: { kind: 'erc2612', spender: SPENDER, tokens: [{ token: TOKEN, amount: '1000' }] },
    });
    expect(error?.code).toBe(4100);
    expect(error?.message).toMatch(/password/);

    // The real queue: the button alone is refused, the password approves.
    const queue = new ApprovalQueue(quietWindow);
    const request = queue.request(SITE, shown(world));
    const [item] = queue.list();
    expect(queue.resolve(item!.id, true)).toBe(false);
    expect(queue.list()).toHaveLength(1);
    expect(queue.resolve(item!.id, true, true)).toBe(true);
    await expect(request).resolves.toEqual({ passwordConfirmed: true });

    world.passwordConfirmed = true;
    const signature = (await sign(world, permit('1000'))) as string;
    const { typedData } = shown(world);
    const { EIP712Domain: _domain, ...types } = typedData.types;
    expect(verifyTypedData(typedData.domain, types, typedData.message, signature)).toBe(
      WALLET.address,
    );
  });

  it('attack: renamed and uncapped, it is still a permit, and over any limit', async () => {
    world.spendingLimits.set(1, DAILY);
    await sign(world, permit((2n ** 256n - 1n).toString(), 'SignIn')).catch(() => null);
    expect(shown(world).permit).toMatchObject({
      passwordRequired: 'unlimited-approval',
      grant: { uncapped: true },
    });
  });

  it('attack: the limit is the one of the chain the permit names, not the current one', async () => {
    world.spendingLimits.set(11155111, DAILY);
    const error = await sign(world, permit('1', 'Permit', 11155111)).then(
      () => null,
      (e: ProviderRpcError) => e,
    );
    expect(shown(world).permit).toMatchObject({ chainId: 11155111, passwordRequired: 'tokens' });
    expect(error?.code).toBe(4100);
  });

  it('attack: a permit that names no chain is valid on every chain, so it takes the password even where the current chain has no limit', async () => {
    const anyChain = permit('1000');
    const { chainId: _chain, ...domain } = anyChain.domain;
    const unbound = {
      ...anyChain,
      types: {
        ...anyChain.types,
        EIP712Domain: anyChain.types.EIP712Domain.filter((field) => field.name !== 'chainId'),
      },
      domain,
    };
    const error = await sign(world, unbound).then(
      () => null,
      (e: ProviderRpcError) => e,
    );
    expect(shown(world).permit).toMatchObject({ chainId: null, passwordRequired: 'tokens' });
    expect(error?.code).toBe(4100);
  });

  it('attack: an EIP-3009 transfer authorization (USDC) is a transfer by signature: the password under a daily limit', async () => {
    world.spendingLimits.set(1, DAILY);
    const authorization = {
      types: {
        EIP712Domain: permit('1').types.EIP712Domain,
        TransferWithAuthorization: [
          { name: 'from', type: 'address' },
          { name: 'to', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'validAfter', type: 'uint256' },
          { name: 'validBefore', type: 'uint256' },
          { name: 'nonce', type: 'bytes32' },
        ],
      },
      primaryType: 'TransferWithAuthorization',
      domain: { name: 'USD Coin', version: '2', chainId: 1, verifyingContract: TOKEN },
      message: {
        from: WALLET.address,
        to: SPENDER,
        value: '1000000000',
        validAfter: '0',
        validBefore: '1900000000',
        nonce: `0x${'ab'.repeat(32)}`,
      },
    };
    const error = await sign(world, authorization).then(
      () => null,
      (e: ProviderRpcError) => e,
    );
    expect(shown(world).permit).toMatchObject({
      passwordRequired: 'tokens',
      grant: { kind: 'eip3009', effect: 'transfer', spender: SPENDER },
    });
    expect(error?.code).toBe(4100);
  });

  it('reads the token’s symbol and decimals through the site’s own budget, only on the chain the permit names', async () => {
    const reads: [string, string][] = [];
    world.deps.chain.readToken = async (origin, address) => {
      reads.push([origin, address]);
      return { symbol: 'USDC', decimals: 6 };
    };
    world.chainId = 1;
    await sign(world, permit('1500000')).catch(() => null);
    expect(shown(world).permit?.tokenInfo).toEqual({
      [TOKEN.toLowerCase()]: { symbol: 'USDC', decimals: 6 },
    });
    expect(reads).toEqual([[SITE, TOKEN.toLowerCase()]]);
    // A permit for another chain: the current chain's contract at that address says nothing of it.
    await sign(world, permit('1500000', 'Permit', 11155111)).catch(() => null);
    expect(shown(world).permit?.tokenInfo).toBeUndefined();
    expect(reads).toHaveLength(1);
  });

  it('attack: a node that never answers the token’s reads delays the window by 3 s at most, then raw units', async () => {
    vi.useFakeTimers();
    try {
      world.deps.chain.readToken = () => new Promise(() => {});
      const signing = sign(world, permit('1500000')).catch(() => null);
      await vi.advanceTimersByTimeAsync(3_000);
      await signing;
      expect(shown(world).permit?.tokenInfo).toEqual({
        [TOKEN.toLowerCase()]: { symbol: null, decimals: null },
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('on a chain with no limit the permit is shown and signed with the button, as a transaction would be', async () => {
    await expect(sign(world, permit('1000'))).resolves.toMatch(/^0x/);
    expect(shown(world).permit).toMatchObject({
      passwordRequired: null,
      grant: { kind: 'erc2612' },
    });
  });

  it('typed data that is no permit of the account asks for no password', async () => {
    world.spendingLimits.set(1, DAILY);
    const other = permit('1000');
    other.message.owner = SPENDER;
    await expect(sign(world, other)).resolves.toMatch(/^0x/);
    expect(shown(world).permit).toBeNull();
  });
});
