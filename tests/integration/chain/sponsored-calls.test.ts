// Encore's delegate and the EntryPoint on the real local chain (Prague rules), driven with
// @encore-wallet/calls as the wallet would and submitted by a stranger who pays: only the owner's signature
// executes, on its chain, before its deadline, once; delegations only ever change with the
// owner's own authorization; the calls status is read from the chain.

import {
  type CallBatch,
  encodeExecute,
  encodeHandleOps,
  nonceOf,
  ownBatchTransaction,
  packUserOperation,
  parseCalls,
  prepareUpgrade,
  readCallsStatus,
  type SignedAuthorization,
  signBatch,
  signUpgrade,
  toEthersAuthorization,
  toQuantity,
  USER_OPERATION_TYPES,
  userOperationHash,
  userOperationTypedData,
} from '@encore-wallet/calls';
import { readLatestBlock } from '@encore-wallet/utils/chain-rpc';
import { type BaseWallet, Contract, JsonRpcProvider, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_SPONSOR_KEY } from '../../../chain/index.ts';
import {
  batchFor as batchOf,
  fanActionsAbi,
  fanCall,
  rawRpc,
  revertOf,
  type SponsoredChain,
  startSponsoredChain,
  upgradeOf as upgradeOfListener,
} from '../../support/sponsored-chain.ts';

const fanAbi = fanActionsAbi;

describe('sponsored calls on the local chain', () => {
  let sc: SponsoredChain;
  let provider: JsonRpcProvider;
  let sponsor: Wallet;
  let fan: Contract;

  beforeAll(async () => {
    sc = await startSponsoredChain();
    provider = new JsonRpcProvider(sc.chain.url, undefined, {
      staticNetwork: true,
      cacheTimeout: -1,
    });
    sponsor = new Wallet(LOCAL_SPONSOR_KEY, provider);
    fan = new Contract(sc.contracts.fanActions, fanAbi, provider);
  }, 120_000);
  afterAll(async () => {
    provider?.destroy();
    await sc?.chain.stop();
  });

  const rawCalls = (track: string, artist?: string) => [
    fanCall(sc, 'favorite', track),
    ...(artist ? [fanCall(sc, 'follow', artist)] : []),
  ];
  const calls = (track: string, artist?: string) => parseCalls(rawCalls(track, artist));

  const batchFor = (listener: BaseWallet, track: string, artist?: string, deadlineIn = 600) =>
    batchOf(sc, listener, rawCalls(track, artist), deadlineIn);
  const upgradeOf = (listener: BaseWallet) => upgradeOfListener(sc, listener);

  /** The sponsor's transaction: handleOps([op]) with the authorization if any. */
  function handleOps(
    batch: CallBatch,
    signature: `0x${string}`,
    authorization: SignedAuthorization | null,
  ) {
    return {
      from: sponsor.address,
      to: sc.contracts.entryPoint,
      data: encodeHandleOps(packUserOperation(batch, signature), sponsor.address as `0x${string}`),
      ...(authorization ? { authorizationList: [authorization] } : {}),
    };
  }

  /** Simulates, and sends only what would not revert; resolves to the revert reason or null. */
  async function submit(
    batch: CallBatch,
    signature: `0x${string}`,
    authorization: SignedAuthorization | null,
  ) {
    const tx = handleOps(batch, signature, authorization);
    const reason = await revertOf(sc.chain.url, tx);
    if (reason) return reason;
    const sent = await sponsor.sendTransaction({
      type: authorization ? 4 : 2,
      to: tx.to,
      data: tx.data,
      gasLimit: 1_500_000n,
      ...(authorization ? { authorizationList: [toEthersAuthorization(authorization)] } : {}),
    });
    const receipt = await sent.wait();
    expect(receipt?.status).toBe(1);
    return null;
  }

  const codeOf = (address: string) => provider.getCode(address);
  const delegation = (delegate: string) => `0xef0100${delegate.slice(2).toLowerCase()}`;

  it('runs the owner’s batch sent and paid by a stranger: msg.sender is the owner, whose balance does not move', async () => {
    const listener = Wallet.createRandom();
    const fromBlock = (await readLatestBlock(sc.rpc)).number;
    const sponsorBefore = await provider.getBalance(sponsor.address);
    const batch = await batchFor(listener, 'T1', 'artist-1');
    const authorization = await upgradeOf(listener);
    expect(authorization).not.toBeNull();
    expect(
      await submit(batch, await signBatch(listener, sc.table, batch), authorization),
    ).toBeNull();

    expect(await codeOf(listener.address)).toBe(delegation(sc.contracts.delegate));
    expect(await fan.getFunction('isFavorite')(listener.address, 'T1')).toBe(true);
    expect(await fan.getFunction('isFollowing')(listener.address, 'artist-1')).toBe(true);
    expect(await provider.getBalance(listener.address)).toBe(0n);
    expect(await provider.getBalance(sponsor.address)).toBeLessThan(sponsorBefore);

    const status = await readCallsStatus(sc.rpc, {
      kind: 'sponsored',
      id: 'b1',
      chainId: sc.chain.chainId,
      entryPoint: sc.contracts.entryPoint,
      userOpHash: userOperationHash(batch),
      fromBlock,
      deadline: batch.deadline,
    });
    expect(status).toMatchObject({ status: 200, atomic: true, chainId: '0x7a69' });
    const logs = status.receipts[0]?.logs ?? [];
    expect(logs.map((log) => log.address)).toEqual([
      sc.contracts.fanActions,
      sc.contracts.fanActions,
    ]);
    expect(
      fanAbi.parseLog({ topics: [...logs[0]!.topics], data: logs[0]!.data })?.args.listener,
    ).toBe(listener.address);

    // Once upgraded, the next batch needs no authorization.
    expect(await upgradeOf(listener)).toBeNull();
    const next = await batchFor(listener, 'T2');
    expect(
      await submit({ ...next, sequence: 0n }, await signBatch(listener, sc.table, next), null),
    ).toBeNull();
    expect(await fan.getFunction('isFavorite')(listener.address, 'T2')).toBe(true);
  });

  it('executes only the owner’s signature: a stranger’s signature, a stranger’s call and the sponsor’s own call are refused', async () => {
    const listener = Wallet.createRandom();
    const stranger = Wallet.createRandom();
    const batch = await batchFor(listener, 'S1');
    const typed = userOperationTypedData(batch);
    const forged = (await stranger.signTypedData(
      typed.domain,
      { PackedUserOperation: [...USER_OPERATION_TYPES.PackedUserOperation] },
      typed.message,
    )) as `0x${string}`;
    expect(await submit(batch, forged, await upgradeOf(listener))).toBe(
      'FailedOp: AA24 signature error',
    );
    // The account runs the delegate after its owner's upgrade; still nobody else may run it.
    const own = await batchFor(listener, 'S2');
    expect(
      await submit(own, await signBatch(listener, sc.table, own), await upgradeOf(listener)),
    ).toBeNull();
    for (const from of [stranger.address, sponsor.address]) {
      expect(
        await revertOf(sc.chain.url, {
          from,
          to: listener.address,
          data: encodeExecute(calls('S3')),
        }),
      ).toBe('AccountUnauthorized');
    }
    expect(await fan.getFunction('isFavorite')(listener.address, 'S1')).toBe(false);
    expect(await fan.getFunction('isFavorite')(listener.address, 'S3')).toBe(false);
  });

  it('refuses a replay: each nonce runs once', async () => {
    const listener = Wallet.createRandom();
    const batch = await batchFor(listener, 'R1');
    const signature = await signBatch(listener, sc.table, batch);
    expect(await submit(batch, signature, await upgradeOf(listener))).toBeNull();
    expect(await submit(batch, signature, null)).toBe('FailedOp: AA25 invalid account nonce');
  });

  it('refuses a batch past its deadline, one with no deadline, and a signed batch whose deadline was changed', async () => {
    const listener = Wallet.createRandom();
    const authorization = await upgradeOf(listener);
    const late = await batchFor(listener, 'D1', undefined, -1);
    expect(await submit(late, await signBatch(listener, sc.table, late), authorization)).toBe(
      'FailedOp: AA22 expired or not due',
    );
    // Key 0 would mean "valid forever": the delegate refuses it as a signature failure.
    const forever = await batchFor(listener, 'D2');
    const typed = userOperationTypedData(forever);
    const signature = (await listener.signTypedData(
      typed.domain,
      { PackedUserOperation: [...USER_OPERATION_TYPES.PackedUserOperation] },
      { ...typed.message, nonce: 0n },
    )) as `0x${string}`;
    const op = { ...packUserOperation(forever, signature), nonce: 0n };
    const tx = {
      from: sponsor.address,
      to: sc.contracts.entryPoint,
      data: encodeHandleOps(op, sponsor.address as `0x${string}`),
      authorizationList: [authorization],
    };
    expect(await revertOf(sc.chain.url, tx)).toBe('FailedOp: AA24 signature error');
    // The signature covers the nonce, so the deadline cannot be pushed back after signing.
    const signed = await batchFor(listener, 'D3');
    const extended = { ...signed, deadline: signed.deadline + 86_400 };
    expect(await submit(extended, await signBatch(listener, sc.table, signed), authorization)).toBe(
      'FailedOp: AA24 signature error',
    );
    expect(await codeOf(listener.address)).toBe('0x');
  });

  it('refuses a batch or an authorization signed for another chain', async () => {
    const listener = Wallet.createRandom();
    const batch = await batchFor(listener, 'C1');
    const typed = userOperationTypedData(batch);
    const otherChain = (await listener.signTypedData(
      { ...typed.domain, chainId: 1 },
      { PackedUserOperation: [...USER_OPERATION_TYPES.PackedUserOperation] },
      typed.message,
    )) as `0x${string}`;
    expect(await submit(batch, otherChain, await upgradeOf(listener))).toBe(
      'FailedOp: AA24 signature error',
    );

    const mainnetAuth = listener.authorizeSync({
      address: sc.contracts.delegate,
      nonce: 0,
      chainId: 1,
    });
    const auth: SignedAuthorization = {
      chainId: '0x1',
      address: sc.contracts.delegate,
      nonce: '0x0',
      yParity: toQuantity(mainnetAuth.signature.yParity),
      r: mainnetAuth.signature.r as `0x${string}`,
      s: mainnetAuth.signature.s as `0x${string}`,
    };
    const signed = await signBatch(listener, sc.table, batch);
    expect(await submit(batch, signed, auth)).not.toBeNull();
    expect(await codeOf(listener.address)).toBe('0x');
    expect(await fan.getFunction('isFavorite')(listener.address, 'C1')).toBe(false);
  });

  it('changes an account’s delegation only with its owner’s authorization for that contract, once', async () => {
    const listener = Wallet.createRandom();
    const someContract = sc.contracts.fanActions;
    // A sponsor swaps the delegate in the owner's authorization: it recovers to someone else.
    const genuine = (await upgradeOf(listener))!;
    const swapped = { ...genuine, address: someContract as `0x${string}` };
    await (
      await sponsor.sendTransaction({
        type: 4,
        to: sponsor.address,
        authorizationList: [toEthersAuthorization(swapped)],
        gasLimit: 100_000n,
      })
    ).wait();
    expect(await codeOf(listener.address)).toBe('0x');
    // The genuine upgrade, then a batch signed while the account runs Encore's delegate.
    const first = await batchFor(listener, 'U1');
    expect(await submit(first, await signBatch(listener, sc.table, first), genuine)).toBeNull();
    const later = await batchFor(listener, 'U2');
    const laterSignature = await signBatch(listener, sc.table, later);
    // The owner moves the account to another contract (another wallet's choice, its own key).
    const elsewhere = listener.authorizeSync({
      address: someContract,
      nonce: 1,
      chainId: sc.chain.chainId,
    });
    await (
      await sponsor.sendTransaction({
        type: 4,
        to: sponsor.address,
        authorizationList: [elsewhere],
        gasLimit: 100_000n,
      })
    ).wait();
    expect(await codeOf(listener.address)).toBe(delegation(someContract));
    // Replaying the spent upgrade does not move it back; the batch signed for Encore's delegate
    // no longer validates (its hash binds the delegate).
    await (
      await sponsor.sendTransaction({
        type: 4,
        to: sponsor.address,
        authorizationList: [toEthersAuthorization(genuine)],
        gasLimit: 100_000n,
      })
    ).wait();
    expect(await codeOf(listener.address)).toBe(delegation(someContract));
    expect(await submit(later, laterSignature, null)).toMatch(/^FailedOp/);
    expect(await fan.getFunction('isFavorite')(listener.address, 'U2')).toBe(false);
  });

  it('answers 500 for a sponsored batch whose calls revert: nothing of it took effect', async () => {
    const listener = Wallet.createRandom();
    const first = await batchFor(listener, 'F1');
    expect(
      await submit(first, await signBatch(listener, sc.table, first), await upgradeOf(listener)),
    ).toBeNull();
    const fromBlock = (await readLatestBlock(sc.rpc)).number;
    // follow, then a favorite it already has: the second call reverts, so the follow is undone.
    const again = await batchOf(sc, listener, [
      fanCall(sc, 'follow', 'artist-9'),
      fanCall(sc, 'favorite', 'F1'),
    ]);
    expect(await submit(again, await signBatch(listener, sc.table, again), null)).toBeNull();
    const status = await readCallsStatus(sc.rpc, {
      kind: 'sponsored',
      id: 'b2',
      chainId: sc.chain.chainId,
      entryPoint: sc.contracts.entryPoint,
      userOpHash: userOperationHash(again),
      fromBlock,
      deadline: again.deadline,
    });
    expect(status.status).toBe(500);
    expect(await fan.getFunction('isFollowing')(listener.address, 'artist-9')).toBe(false);
  });

  it('sends a batch the listener pays for as one transaction to itself, with its own upgrade, atomically', async () => {
    const listener = Wallet.createRandom().connect(provider);
    await rawRpc(sc.chain.url, 'hardhat_setBalance', [listener.address, toQuantity(10n ** 18n)]);
    const upgrade = await prepareUpgrade({
      rpc: sc.rpc,
      table: sc.table,
      chainId: sc.chain.chainId,
      account: listener.address as `0x${string}`,
      sentBy: 'account',
    });
    expect(upgrade?.nonce).toBe(1);
    const signed = signUpgrade(listener, sc.table, upgrade!);
    const tx = ownBatchTransaction({
      table: sc.table,
      chainId: sc.chain.chainId,
      account: listener.address as `0x${string}`,
      calls: calls('O1', 'artist-2'),
      upgrade: signed,
    });
    const sent = await listener.sendTransaction({
      type: tx.type,
      to: tx.to,
      data: tx.data,
      authorizationList: tx.authorizationList?.map(toEthersAuthorization),
    });
    const receipt = await sent.wait();
    expect(receipt?.status).toBe(1);
    expect(await codeOf(listener.address)).toBe(delegation(sc.contracts.delegate));
    expect(await fan.getFunction('isFavorite')(listener.address, 'O1')).toBe(true);
    expect(await fan.getFunction('isFollowing')(listener.address, 'artist-2')).toBe(true);
    expect(await provider.getBalance(listener.address)).toBeLessThan(10n ** 18n);

    // A batch whose second call reverts is one reverted transaction: the first call is undone.
    const failing = ownBatchTransaction({
      table: sc.table,
      chainId: sc.chain.chainId,
      account: listener.address as `0x${string}`,
      calls: parseCalls([
        { to: sc.contracts.fanActions, data: fanAbi.encodeFunctionData('follow', ['artist-3']) },
        { to: sc.contracts.fanActions, data: fanAbi.encodeFunctionData('favorite', ['O1']) },
      ]),
      upgrade: null,
    });
    const reverted = await listener.sendTransaction({
      type: 2,
      to: failing.to,
      data: failing.data,
      gasLimit: 300_000n,
    });
    await reverted.wait().catch(() => undefined);
    expect(await fan.getFunction('isFollowing')(listener.address, 'artist-3')).toBe(false);
    const status = await readCallsStatus(sc.rpc, {
      kind: 'own',
      id: 'own-1',
      chainId: sc.chain.chainId,
      transactionHashes: [sent.hash as `0x${string}`, reverted.hash as `0x${string}`],
      atomic: false,
    });
    expect(status.status).toBe(600);
    expect(nonceOf(1, 0n)).toBe(1n << 64n);
  });
});
