// The sponsor service's gas figures against a real local chain: what one operation may cost the
// sponsor is its gas limit (the margin included) times the fee per gas it offers, and both are
// capped (SPONSOR_MAX_GAS, SPONSOR_MAX_FEE_PER_GAS), so a day costs at most
// SPONSOR_PER_DAY × SPONSOR_MAX_GAS × SPONSOR_MAX_FEE_PER_GAS. The chain's answers are real but
// for the one the test sets (the gas estimate), to put an operation just under the cap.

import { signBatch, toRpcUserOperation } from '@encore-wallet/calls';
import { type BaseWallet, JsonRpcProvider, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_SPONSOR_KEY } from '../../../../chain/index.ts';
import {
  batchFor,
  fanCall,
  type SponsoredChain,
  sponsorOptions,
  startSponsoredChain,
  upgradeDirectly,
} from '../../../../tests/support/sponsored-chain.ts';
import { startSponsor } from '../../src/sponsor/sponsor.ts';
import { createSponsorChain, type SponsorChain } from '../../src/sponsor/sponsor-chain.ts';
import type { SponsorOptions } from '../../src/sponsor/sponsor-config.ts';
import { SponsorError } from '../../src/sponsor/sponsor-error.ts';
import { openStore } from '../../src/store/open-store.ts';
import type { Store } from '../../src/store/store.ts';

describe('the sponsor service’s gas figures', () => {
  let sc: SponsoredChain;
  let provider: JsonRpcProvider;
  let sponsorAddress: string;
  const stores: Store[] = [];

  beforeAll(async () => {
    sc = await startSponsoredChain();
    provider = new JsonRpcProvider(sc.chain.url, undefined, {
      staticNetwork: true,
      cacheTimeout: -1,
    });
    sponsorAddress = new Wallet(LOCAL_SPONSOR_KEY).address;
  }, 120_000);
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    provider?.destroy();
    await sc?.chain.stop();
  });

  /** A sponsor on a fresh database; `chain` may change what the real chain answers. */
  async function sponsor(
    overrides: Partial<SponsorOptions>,
    chain: (real: SponsorChain) => SponsorChain = (real) => real,
  ) {
    const store = await openStore('sqlite::memory:');
    stores.push(store);
    const real = createSponsorChain(sc.chain.url, LOCAL_SPONSOR_KEY);
    return startSponsor(store, sponsorOptions(sc, overrides), undefined, Date.now, chain(real));
  }

  /** A signed favorite of a listener who already runs the delegate. */
  async function operation(listener: BaseWallet, track: string) {
    const batch = await batchFor(sc, listener, [fanCall(sc, 'favorite', track)]);
    return toRpcUserOperation(batch, await signBatch(listener, sc.table, batch), null);
  }

  async function upgradedListener(): Promise<BaseWallet> {
    const listener = Wallet.createRandom();
    await upgradeDirectly(sc, listener);
    return listener;
  }

  const sentCount = () => provider.getTransactionCount(sponsorAddress, 'pending');
  const refusal = (error: unknown) =>
    error instanceof SponsorError ? `${error.code}: ${error.message}` : String(error);

  it('attack: a transaction whose gas limit with its margin exceeds SPONSOR_MAX_GAS is refused, though its estimate fits', async () => {
    const maxGas = 500_000n;
    // 450,000 fits under the cap; with the 20% margin the transaction would be signed for 540,000.
    const s = await sponsor({ maxGas }, (real) => ({ ...real, estimateGas: async () => 450_000n }));
    const listener = await upgradedListener();
    const before = await sentCount();
    const answer = await s
      .handle(
        'eth_sendUserOperation',
        [await operation(listener, 'G1'), sc.contracts.entryPoint],
        'c',
      )
      .catch(refusal);
    expect(answer).toBe(
      'SPONSOR_TOO_MUCH_GAS: the transaction needs 540000 gas with its margin; this sponsor pays for at most 500000',
    );
    expect(await sentCount()).toBe(before);
    await s.stop();
  });

  it('signs every transaction for at most SPONSOR_MAX_GAS, margin included', async () => {
    const maxGas = 500_000n;
    const s = await sponsor({ maxGas });
    const listener = await upgradedListener();
    const hash = await s.handle(
      'eth_sendUserOperation',
      [await operation(listener, 'G2'), sc.contracts.entryPoint],
      'c',
    );
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    const block = await provider.getBlock('latest', true);
    const tx = block?.prefetchedTransactions.find((t) => t.from === sponsorAddress);
    expect(tx?.gasLimit).toBeLessThanOrEqual(maxGas);
    await s.stop();
  });

  it('attack: above SPONSOR_MAX_FEE_PER_GAS nothing is sent and nothing is spent; below it the fee offered never exceeds the cap', async () => {
    const gasPrice = BigInt(await provider.send('eth_gasPrice', []));
    // One operation a day for the listener: a refusal that spent it would leave none.
    const tooCheap = await sponsor({ maxFeePerGas: gasPrice / 2n, perListenerPerDay: 1 });
    const listener = await upgradedListener();
    const before = await sentCount();
    const answer = await tooCheap
      .handle(
        'eth_sendUserOperation',
        [await operation(listener, 'G3'), sc.contracts.entryPoint],
        'c',
      )
      .catch(refusal);
    expect(answer).toMatch(
      /^SPONSOR_GAS_PRICE_TOO_HIGH: the chain's gas price \(\d+ wei\) is above what this sponsor pays \(\d+ wei\); try again later$/,
    );
    expect(await sentCount()).toBe(before);
    await tooCheap.stop();

    // At a cap of the current price, the usual 2 × price is not offered: the cap is.
    const capped = await sponsor({ maxFeePerGas: gasPrice });
    await capped.handle(
      'eth_sendUserOperation',
      [await operation(listener, 'G3'), sc.contracts.entryPoint],
      'c',
    );
    const block = await provider.getBlock('latest', true);
    const tx = block?.prefetchedTransactions.find((t) => t.from === sponsorAddress);
    expect(tx?.maxFeePerGas).toBeLessThanOrEqual(gasPrice);
    await capped.stop();
  });
});
