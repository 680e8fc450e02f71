// A batch the listener pays for, through the worker's calls service and send path on a real
// chain: the first one carries the upgrade (a type-4 transaction whose authorization names only
// Encore's pinned delegate), later ones are plain transactions to the account itself; every call
// runs as the listener, all or none; the window's fee, simulation and balance come from reads made
// as if the upgrade were in place; the calls' values count against the daily limit; and a batch
// changed after it was shown is not sent.
import { JsonRpcProvider, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_FUNDED_KEY } from '../../../chain/index.ts';
import type { OwnCallsApproval } from '../../../lib/extension/approvals/index.ts';
import type { SpendingLimit } from '../../../lib/transactions/index.ts';
import {
  atomicCallsParams,
  ownCallsServices,
  settledCallsStatus,
} from '../../support/own-calls-service.ts';
import {
  fanActionsAbi,
  fanCall,
  type SponsoredChain,
  startSponsoredChain,
} from '../../support/sponsored-chain.ts';

const ETH = 10n ** 18n;
const SITE = 'http://127.0.0.1:8800';
const ARTIST = '0x00000000000000000000000000000000000a4715';

describe('a batch the listener pays for', () => {
  let sc: SponsoredChain;
  let provider: JsonRpcProvider;

  beforeAll(async () => {
    sc = await startSponsoredChain();
    provider = new JsonRpcProvider(sc.chain.url, undefined, {
      staticNetwork: true,
      cacheTimeout: -1,
    });
  }, 120_000);
  afterAll(async () => {
    provider?.destroy();
    await sc?.chain.stop();
  });

  async function fundedListener(eth: bigint): Promise<Wallet> {
    const listener = Wallet.createRandom() as unknown as Wallet;
    const payer = new Wallet(LOCAL_FUNDED_KEY, provider);
    const nonce = await provider.getTransactionCount(payer.address, 'pending');
    await (await payer.sendTransaction({ to: listener.address, value: eth, nonce })).wait();
    return listener;
  }

  const services = (listener: Wallet, limit?: SpendingLimit) =>
    ownCallsServices(sc, listener, limit);
  const params = (listener: Wallet, calls: { to: string; data: string; value?: string }[]) =>
    atomicCallsParams(sc, listener.address, calls);
  const waitForStatus = (
    calls: ReturnType<typeof services>['calls'],
    account: string,
    id: string,
  ) => settledCallsStatus(calls, SITE, account, id);

  const isFan = async (fn: 'isFavorite' | 'isFollowing', account: string, id: string) =>
    fanActionsAbi.decodeFunctionResult(
      fn,
      await provider.call({
        to: sc.contracts.fanActions,
        data: fanActionsAbi.encodeFunctionData(fn, [account, id]),
      }),
    )[0];

  it('upgrades the account in the same transaction, runs every call as the listener, and pays the artist', async () => {
    const listener = await fundedListener(ETH / 10n);
    const { calls, records } = services(listener);
    const before = await provider.getBalance(listener.address);
    const approval = (await calls.prepare(
      SITE,
      params(listener, [
        fanCall(sc, 'favorite', 'T1'),
        fanCall(sc, 'follow', 'artist-1'),
        { to: ARTIST, data: '0x', value: '0x38d7ea4c68000' },
      ]),
      listener.address,
    )) as OwnCallsApproval;
    expect(approval.payment).toBe('own');
    expect(approval.upgrade).toEqual({ delegate: sc.contracts.delegate, replaces: null });
    expect(approval.calls.map((call) => call.summary)).toEqual([
      expect.stringMatching(/^Call favorite\("[^"]+"\) on /),
      expect.stringMatching(/^Call follow\("[^"]+"\) on /),
      expect.stringMatching(/^Send 0\.001 ETH to /),
    ]);
    // Read as if the upgrade were in place: the batch succeeds, and its gas is the batch's.
    expect(approval.review.simulation).toEqual({ outcome: 'success' });
    expect(BigInt(approval.review.transaction.gasLimit)).toBeGreaterThan(100_000n);
    expect(approval.valueWei).toBe(String(10n ** 15n));
    expect(approval.spending.costWei).toBe(String(10n ** 15n + BigInt(approval.review.maxFeeWei)));

    const { id } = await calls.send(SITE, approval, listener.address);
    const status = await waitForStatus(calls, listener.address, id);
    expect(status).toMatchObject({ status: 200, atomic: true });
    const tx = await provider.getTransaction(id);
    expect(tx?.type).toBe(4);
    expect(tx?.from).toBe(listener.address);
    expect(tx?.authorizationList?.map((auth) => auth.address)).toEqual([sc.contracts.delegate]);
    expect(await provider.getCode(listener.address)).toBe(
      `0xef0100${sc.contracts.delegate.slice(2).toLowerCase()}`,
    );
    expect(await isFan('isFavorite', listener.address, 'T1')).toBe(true);
    expect(await isFan('isFollowing', listener.address, 'artist-1')).toBe(true);
    expect(await provider.getBalance(ARTIST)).toBe(10n ** 15n);
    const receipt = await provider.getTransactionReceipt(id);
    const fee = (receipt?.gasUsed ?? 0n) * (receipt?.gasPrice ?? 0n);
    expect(await provider.getBalance(listener.address)).toBe(before - 10n ** 15n - fee);
    expect(records.map((r) => r.wei)).toEqual([approval.spending.costWei]);
  });

  it('once upgraded, sends a plain transaction; a batch that would fail says why before anything is signed', async () => {
    const listener = await fundedListener(ETH / 10n);
    const { calls } = services(listener);
    const first = await calls.prepare(
      SITE,
      params(listener, [fanCall(sc, 'favorite', 'T2')]),
      listener.address,
    );
    await waitForStatus(
      calls,
      listener.address,
      (await calls.send(SITE, first, listener.address)).id,
    );

    const again = (await calls.prepare(
      SITE,
      params(listener, [fanCall(sc, 'follow', 'artist-2'), fanCall(sc, 'favorite', 'T2')]),
      listener.address,
    )) as OwnCallsApproval;
    expect(again.upgrade).toBeNull();
    expect(again.review.simulation.outcome).toBe('revert');
    expect(again.review.warnings.map((w) => w.kind)).toContain('WILL_REVERT');

    const next = (await calls.prepare(
      SITE,
      params(listener, [fanCall(sc, 'follow', 'artist-2')]),
      listener.address,
    )) as OwnCallsApproval;
    const { id } = await calls.send(SITE, next, listener.address);
    expect((await waitForStatus(calls, listener.address, id)).status).toBe(200);
    expect((await provider.getTransaction(id))?.type).toBe(2);
    expect(await isFan('isFollowing', listener.address, 'artist-2')).toBe(true);
  });

  it('counts the calls’ values against the daily limit: over it, only with the password', async () => {
    const listener = await fundedListener(ETH / 10n);
    const { calls } = services(listener, { kind: 'daily', wei: String(10n ** 14n) });
    const approval = (await calls.prepare(
      SITE,
      params(listener, [{ to: ARTIST, data: '0x', value: '0x38d7ea4c68000' }]),
      listener.address,
    )) as OwnCallsApproval;
    expect(approval.spending.passwordRequired).toBe('over-limit');
    await expect(calls.send(SITE, approval, listener.address)).rejects.toMatchObject({
      code: 4100,
    });
    const { id } = await calls.send(SITE, approval, listener.address, true);
    expect((await waitForStatus(calls, listener.address, id)).status).toBe(200);
  });

  it('does not send a batch whose calls were changed after it was shown', async () => {
    const listener = await fundedListener(ETH / 10n);
    const { calls } = services(listener);
    const approval = (await calls.prepare(
      SITE,
      params(listener, [fanCall(sc, 'favorite', 'T3')]),
      listener.address,
    )) as OwnCallsApproval;
    const shown = approval.calls[0];
    if (!shown) throw new Error('no call');
    shown.data = fanActionsAbi.encodeFunctionData('favorite', ['T4']);
    await expect(calls.send(SITE, approval, listener.address)).rejects.toThrow(
      'The batch changed after it was shown',
    );
    expect(await provider.getTransactionCount(listener.address)).toBe(0);
  });

  it('attack: refuses a call into the listener’s own account (a nested batch the window could not list), before anything is read or signed', async () => {
    const listener = await fundedListener(ETH / 10n);
    const { calls } = services(listener);
    const nested = fanActionsAbi.encodeFunctionData('favorite', ['T5']);
    await expect(
      calls.prepare(
        SITE,
        params(listener, [
          fanCall(sc, 'follow', 'artist-5'),
          { to: listener.address, data: nested },
        ]),
        listener.address,
      ),
    ).rejects.toMatchObject({ code: -32602, message: expect.stringMatching(/calls\[1\]\.to/) });
    expect(await provider.getTransactionCount(listener.address)).toBe(0);
  });
});
