// Moving everything out through the worker's move service on a real chain: one atomic batch
// through Encore's delegate where the chain has one (tokens first, the native balance minus the
// fee cap last), transactions in order where it has none; the password always, the daily ledger
// told; the destination receiving exactly what the plan listed, read back from the chain; and a
// move refused when the balance changed under it (a site's transaction raced it).

import type { DelegateTable } from '@encore-wallet/calls';
import { AccountNotFoundError } from '@encore-wallet/core';
import { Interface, JsonRpcProvider, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileContract, deployContract, LOCAL_FUNDED_KEY } from '../../../chain/index.ts';
import {
  createMoveGate,
  createMoveService,
  type MovePlan,
} from '../../../lib/extension/move/index.ts';
import { createNodeClient } from '../../../lib/extension/node/index.ts';
import {
  disableDelegationData,
  type StoredGrant,
} from '../../../lib/extension/spend-permissions/index.ts';
import {
  createNonceReservations,
  createTransactionService,
} from '../../../lib/extension/transactions/index.ts';
import type { SpendingLimit, SpendingRecord } from '../../../lib/transactions/index.ts';
import { randomChecksummedAddress } from '../../support/random-address.ts';
import { seedGrant } from '../../support/seed-grant.ts';
import { type SponsoredChain, startSponsoredChain } from '../../support/sponsored-chain.ts';

const ETH = 10n ** 18n;
const CURRENCY = { symbol: 'ETH', decimals: 18 };
const PASSWORD = 'the right password';
const manager = new Interface([
  'function disabledDelegations(bytes32 delegationHash) view returns (bool)',
]);
const token = new Interface([
  'function transfer(address to, uint256 amount) returns (bool)',
  'function balanceOf(address owner) view returns (uint256)',
]);

describe('moving everything to another wallet', () => {
  let sc: SponsoredChain;
  let provider: JsonRpcProvider;
  let tokenAddress: string;

  beforeAll(async () => {
    sc = await startSponsoredChain();
    provider = new JsonRpcProvider(sc.chain.url, undefined, {
      staticNetwork: true,
      cacheTimeout: -1,
    });
    tokenAddress = await deployContract(
      sc.chain.url,
      LOCAL_FUNDED_KEY,
      await compileContract('DemoToken'),
      [1_000_000n * ETH],
    );
  }, 120_000);
  afterAll(async () => {
    provider?.destroy();
    await sc?.chain.stop();
  });

  const payer = () => new Wallet(LOCAL_FUNDED_KEY, provider);
  async function pay(to: string, tx: { value?: bigint; data?: string; to?: string }) {
    const from = payer();
    const nonce = await provider.getTransactionCount(from.address, 'pending');
    await (await from.sendTransaction({ to, ...tx, nonce })).wait();
  }
  async function listenerWith(eth: bigint, tokens: bigint): Promise<Wallet> {
    const listener = Wallet.createRandom() as unknown as Wallet;
    await pay(listener.address, { value: eth });
    if (tokens > 0n) {
      await pay(tokenAddress, {
        to: tokenAddress,
        data: token.encodeFunctionData('transfer', [listener.address, tokens]),
      });
    }
    return listener;
  }
  const tokenBalance = async (owner: string): Promise<bigint> =>
    token.decodeFunctionResult(
      'balanceOf',
      await provider.call({
        to: tokenAddress,
        data: token.encodeFunctionData('balanceOf', [owner]),
      }),
    )[0] as bigint;

  function services(
    listener: Wallet,
    options: { table?: DelegateTable; limit?: SpendingLimit; grants?: StoredGrant[] } = {},
  ) {
    const chain = { id: sc.chain.chainId, name: 'Local development', currency: CURRENCY };
    const node = createNodeClient({
      currentChain: async () => ({ ...chain, rpcUrl: sc.chain.url }),
    });
    const records: SpendingRecord[] = [];
    const transactions = createTransactionService({
      node,
      currentChain: async () => ({ ...chain, limit: options.limit ?? { kind: 'unlimited' } }),
      ledger: {
        read: async () => [...records],
        add: async (_account, _chainId, record) => void records.push(record),
      },
      nonces: createNonceReservations(),
    });
    const gate = createMoveGate();
    const move = createMoveService({
      table: options.table ?? sc.table,
      node,
      currentChain: async () => ({ ...chain, limit: options.limit ?? { kind: 'unlimited' } }),
      transactions,
      gate,
      account: async () => listener.address,
      confirmPassword: async (password) => {
        if (password !== PASSWORD) throw new AccountNotFoundError();
      },
      wallet: async () => listener,
      grantsToRevoke: async () => options.grants ?? [],
      tokens: async () => [tokenAddress],
    });
    return { move, records, gate, guarded: gate.guard(transactions) };
  }

  const fresh = randomChecksummedAddress;

  it('one atomic batch: the token and the native balance to the last wei the fee cap leaves; the password asked even under the limit', async () => {
    const listener = await listenerWith(ETH, 500n * ETH);
    const { move, records } = services(listener);
    const destination = fresh();
    const plan: MovePlan = await move.prepare({ destination, retyped: null });
    expect(plan).toMatchObject({
      path: 'batch',
      transactions: 1,
      upgrade: true,
      destination,
      facts: { code: null, neverUsed: true, balanceWei: '0' },
      tokens: [{ address: tokenAddress, symbol: 'ENC', decimals: 18, amount: String(500n * ETH) }],
    });
    expect(BigInt(plan.native.valueWei)).toBe(ETH - BigInt(plan.native.feeCapWei));
    expect(plan.spending.passwordRequired).toBeNull();

    await expect(move.send({ id: plan.id, password: 'wrong' })).rejects.toBeInstanceOf(
      AccountNotFoundError,
    );
    expect(await provider.getTransactionCount(listener.address)).toBe(0);

    const sent = await move.send({ id: plan.id, password: PASSWORD });
    expect(sent.hashes).toHaveLength(1);
    const outcome = await move.outcome({ moveId: sent.moveId });
    expect(outcome).toMatchObject({
      status: 'confirmed',
      arrived: {
        nativeWei: plan.native.valueWei,
        tokens: [{ amount: String(500n * ETH), balance: String(500n * ETH) }],
      },
      destinationBalanceWei: plan.native.valueWei,
    });
    expect(await provider.getBalance(destination)).toBe(BigInt(plan.native.valueWei));
    expect(await tokenBalance(destination)).toBe(500n * ETH);
    expect(await tokenBalance(listener.address)).toBe(0n);
    // What stays is the part of the fee cap the chain did not use, to the wei.
    const receipt = await provider.getTransactionReceipt(sent.hashes[0] ?? '');
    const fee = (receipt?.gasUsed ?? 0n) * (receipt?.gasPrice ?? 0n);
    const left = await provider.getBalance(listener.address);
    expect(left).toBe(BigInt(plan.native.feeCapWei) - fee);
    expect(outcome.leftWei).toBe(left.toString());
    expect((await provider.getTransaction(sent.hashes[0] ?? ''))?.type).toBe(4);
    // The move is in the ledger like any send: the rest of the day asks for the password.
    expect(records.map((record) => record.wei)).toEqual([plan.spending.costWei]);
    // A plan is sent once.
    await expect(move.send({ id: plan.id, password: PASSWORD })).rejects.toMatchObject({
      code: 'MOVE_REFUSED',
    });
  });

  /** A spend permission `listener` granted a site, signed by its key as the worker signs one. */
  async function grantOf(listener: Wallet): Promise<StoredGrant> {
    const now = (await provider.getBlock('latest'))?.timestamp ?? 0;
    const { record } = await seedGrant({
      listenerKey: listener.privateKey as `0x${string}`,
      chainId: sc.chain.chainId,
      framework: sc.contracts.delegationFramework,
      origin: 'https://music.example',
      redeemer: fresh(),
      periodAmount: ETH / 1000n,
      periodSeconds: 86_400,
      start: now,
      expiry: now + 30 * 86_400,
    });
    return record;
  }
  const disabled = async (grant: StoredGrant): Promise<boolean> =>
    manager.decodeFunctionResult(
      'disabledDelegations',
      await provider.call({
        to: grant.delegationManager,
        data: manager.encodeFunctionData('disabledDelegations', [grant.id]),
      }),
    )[0] as boolean;

  it('revokes every live spend permission in the same batch, before anything moves; the plan lists them', async () => {
    const listener = await listenerWith(ETH, 0n);
    const grants = [await grantOf(listener), await grantOf(listener)];
    const { move } = services(listener, { grants });
    const destination = fresh();
    const plan = await move.prepare({ destination, retyped: null });
    expect(plan.revokes).toEqual(
      grants.map((g) => ({ id: g.id, origin: 'https://music.example' })),
    );
    const { hashes } = await move.send({ id: plan.id, password: PASSWORD });
    expect(hashes).toHaveLength(1);
    expect((await provider.waitForTransaction(hashes[0] ?? ''))?.status).toBe(1);
    expect(await Promise.all(grants.map(disabled))).toEqual([true, true]);
    expect(await provider.getBalance(destination)).toBe(BigInt(plan.native.valueWei));
  });

  it('a revoke the chain refuses stops the whole move, saying so; nothing moves', async () => {
    const listener = await listenerWith(ETH, 0n);
    const grant = await grantOf(listener);
    // Already disabled from elsewhere: the manager refuses to disable it again.
    const sent = await listener.connect(provider).sendTransaction({
      to: grant.delegationManager,
      data: disableDelegationData(grant.delegation),
    });
    await sent.wait();
    const { move } = services(listener, { grants: [grant] });
    await expect(move.prepare({ destination: fresh(), retyped: null })).rejects.toThrow(
      /revokes your spend permissions first, and a revoke the chain refuses stops the whole move/,
    );
  });

  it("without Encore's delegate on the chain, a live spend permission stops the move before anything is prepared", async () => {
    const listener = await listenerWith(ETH, 0n);
    const { move } = services(listener, { table: new Map(), grants: [await grantOf(listener)] });
    await expect(move.prepare({ destination: fresh(), retyped: null })).rejects.toThrow(
      'revoke it under Permissions first',
    );
  });

  it('transactions in order without a delegate: the native amount is the last wei the node accepts', async () => {
    const listener = await listenerWith(ETH / 10n, 0n);
    const { move } = services(listener, { table: new Map() });
    const destination = fresh();
    const plan = await move.prepare({
      destination: destination.toLowerCase(),
      retyped: destination.slice(-6),
    });
    expect(plan).toMatchObject({ path: 'sequence', transactions: 1, tokens: [] });
    const value = BigInt(plan.native.valueWei);
    expect(value).toBe(ETH / 10n - BigInt(plan.native.feeCapWei));

    // A plain transfer to an address without code: exactly its 21,000 gas, no margin.
    expect(plan.fees).toEqual([{ gasLimit: '21000', maxPricePerGas: expect.any(String) }]);
    // One wei more, with the same gas limit and fee cap, is more than the balance covers.
    const gasLimit = 21_000n;
    const maxFeePerGas = BigInt(plan.fees[0]?.maxPricePerGas ?? 0);
    expect(gasLimit * maxFeePerGas).toBe(BigInt(plan.native.feeCapWei));
    const tooMuch = await listener.signTransaction({
      type: 2,
      chainId: sc.chain.chainId,
      nonce: 0,
      to: destination,
      value: value + 1n,
      gasLimit,
      maxFeePerGas,
      maxPriorityFeePerGas: maxFeePerGas,
    });
    await expect(provider.send('eth_sendRawTransaction', [tooMuch])).rejects.toThrow(/funds/i);

    const sent = await move.send({ id: plan.id, password: PASSWORD });
    const outcome = await move.outcome({ moveId: sent.moveId });
    expect(outcome).toMatchObject({ status: 'confirmed', arrived: { nativeWei: String(value) } });
    const tx = await provider.getTransaction(sent.hashes[0] ?? '');
    expect(tx?.value).toBe(value);
    expect((tx?.gasLimit ?? 0n) * (tx?.maxFeePerGas ?? 0n)).toBe(BigInt(plan.native.feeCapWei));
    // All 21,000 gas used: what stays is only the part of the price the block did not charge.
    const receipt = await provider.getTransactionReceipt(sent.hashes[0] ?? '');
    expect(receipt?.gasUsed).toBe(21_000n);
    expect(await provider.getBalance(listener.address)).toBe(
      BigInt(plan.native.feeCapWei) - 21_000n * (receipt?.gasPrice ?? 0n),
    );
  });

  it('tokens and native in order: the token transfer first, the native amount last', async () => {
    const listener = await listenerWith(ETH / 10n, 7n * ETH);
    const { move } = services(listener, { table: new Map() });
    const destination = fresh();
    const plan = await move.prepare({ destination, retyped: null });
    expect(plan).toMatchObject({ path: 'sequence', transactions: 2 });
    const sent = await move.send({ id: plan.id, password: PASSWORD });
    expect(sent).toMatchObject({ stopped: null });
    expect((await move.outcome({ moveId: sent.moveId })).status).toBe('confirmed');
    const [first, second] = await Promise.all(
      sent.hashes.map((hash) => provider.getTransaction(hash)),
    );
    expect(first?.to).toBe(tokenAddress);
    expect(second?.to).toBe(destination);
    expect(await tokenBalance(destination)).toBe(7n * ETH);
    expect(await provider.getBalance(destination)).toBe(BigInt(plan.native.valueWei));
  });

  it('over the daily limit (as a move always is): the plan says so, and the password sends it', async () => {
    const listener = await listenerWith(ETH / 10n, 0n);
    const { move, records } = services(listener, {
      limit: { kind: 'daily', wei: String(10n ** 15n) },
    });
    const plan = await move.prepare({ destination: fresh(), retyped: null });
    expect(plan.spending.passwordRequired).toBe('over-limit');
    const sent = await move.send({ id: plan.id, password: PASSWORD });
    expect((await move.outcome({ moveId: sent.moveId })).status).toBe('confirmed');
    expect(records).toHaveLength(1);
  });

  it('attack: a transaction that raced the move (the balance changed since the plan) stops it before anything is signed', async () => {
    const listener = await listenerWith(ETH / 10n, 0n);
    const { move } = services(listener);
    const plan = await move.prepare({ destination: fresh(), retyped: null });
    // A site's transaction, approved while the plan was on screen, spends from the account.
    await (
      await listener.connect(provider).sendTransaction({ to: fresh(), value: ETH / 100n })
    ).wait();
    const count = await provider.getTransactionCount(listener.address);
    await expect(move.send({ id: plan.id, password: PASSWORD })).rejects.toMatchObject({
      code: 'MOVE_REFUSED',
      message: expect.stringMatching(/balance changed/),
    });
    expect(await provider.getTransactionCount(listener.address)).toBe(count);
  });

  it('says when the destination has code (a contract, or an account delegated by EIP-7702); one that would refuse the funds is refused', async () => {
    const listener = await listenerWith(ETH / 100n, 0n);
    const { move } = services(listener);
    // A contract that cannot take ETH: the chain says the move would fail, nothing is prepared.
    await expect(move.prepare({ destination: tokenAddress, retyped: null })).rejects.toMatchObject({
      code: 'MOVE_REFUSED',
      message: expect.stringMatching(/would fail/),
    });
    // One that takes it (the EntryPoint credits a deposit): prepared, under a warning.
    const entryPoint = sc.contracts.entryPoint;
    expect((await move.prepare({ destination: entryPoint, retyped: null })).facts).toMatchObject({
      code: 'contract',
      neverUsed: false,
    });
    // An account that ran a move through Encore's delegate carries its delegation.
    const upgraded = await listenerWith(ETH / 100n, 0n);
    const moved = services(upgraded);
    const first = await moved.move.prepare({ destination: fresh(), retyped: null });
    await moved.move.outcome(await moved.move.send({ id: first.id, password: PASSWORD }));
    expect(
      (await move.prepare({ destination: upgraded.address, retyped: null })).facts,
    ).toMatchObject({ code: 'delegated', neverUsed: false });
  });

  it('says in words when the chain cannot be read (a node that is down), nothing prepared', async () => {
    const listener = await listenerWith(ETH / 100n, 0n);
    const chain = { id: sc.chain.chainId, name: 'Local development', currency: CURRENCY };
    const node = createNodeClient({
      currentChain: async () => ({ ...chain, rpcUrl: 'http://127.0.0.1:9/' }),
    });
    const transactions = createTransactionService({
      node,
      currentChain: async () => ({ ...chain, limit: { kind: 'unlimited' } }),
      ledger: { read: async () => [], add: async () => undefined },
      nonces: createNonceReservations(),
    });
    const move = createMoveService({
      table: sc.table,
      node,
      currentChain: async () => ({ ...chain, limit: { kind: 'unlimited' } }),
      transactions,
      gate: createMoveGate(),
      account: async () => listener.address,
      confirmPassword: async () => undefined,
      wallet: async () => listener,
      grantsToRevoke: async () => [],
      tokens: async () => [],
    });
    await expect(move.prepare({ destination: fresh(), retyped: null })).rejects.toMatchObject({
      code: 'MOVE_REFUSED',
      message: expect.stringMatching(/could not read or reach the chain .*nothing was prepared/),
    });
  });

  it('refuses an all-lowercase destination until its end is re-typed as checksummed', async () => {
    const listener = await listenerWith(ETH / 100n, 0n);
    const { move } = services(listener);
    const destination = fresh();
    await expect(
      move.prepare({ destination: destination.toLowerCase(), retyped: null }),
    ).rejects.toMatchObject({ code: 'MOVE_REFUSED' });
    await expect(
      move.prepare({
        destination: destination.toLowerCase(),
        retyped:
          destination.slice(-6).toLowerCase() === destination.slice(-6)
            ? 'zzzzzz'
            : destination.slice(-6).toLowerCase(),
      }),
    ).rejects.toMatchObject({ code: 'MOVE_REFUSED' });
  });
});
