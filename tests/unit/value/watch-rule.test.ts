// When the popup shows the value card, and what dismissing it records: over a chain's threshold
// it shows; dismissed, it comes back only when the value keeps growing (a quarter more than when
// dismissed), never for value that stays or drops and climbs back. A dismissal record a content
// script forged in Firefox reads as never dismissed.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createRecordSealer, useRecordSealer } from '../../../lib/extension/storage/index.ts';
import {
  createDismissedStore,
  DISMISSED_KEY,
  dismissLevels,
  type Holdings,
  overThreshold,
  showCard,
} from '../../../lib/extension/value/index.ts';
import { memoryRecordKeys } from '../extension/support/sealing.ts';

const ETH = 10n ** 18n;
const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const chain = (id: number) => ({
  id,
  name: `Chain ${id}`,
  currency: { symbol: 'ETH', decimals: 18 },
  explorerUrl: null,
});

function holding(...balances: [number, bigint | null][]): Holdings {
  return {
    account: ACCOUNT,
    chainsNotRead: 0,
    chains: balances.map(([id, wei]) => ({
      chain: chain(id),
      native: wei === null ? null : { symbol: 'ETH', decimals: 18, wei: wei.toString() },
      tokens: [],
      unreadable: wei === null ? 'unreachable' : null,
    })),
  };
}

const half = () => ETH / 2n;

describe('value card rule', () => {
  it('is over a chain’s threshold at or above it, never below it, never on an unreadable chain', () => {
    const over = overThreshold(
      holding([1, ETH / 10n], [2, ETH / 2n], [3, ETH + ETH / 10n], [4, null]),
      half,
    );
    expect(over.map((o) => [o.chain.id, o.wei, o.threshold])).toEqual([
      [2, (ETH / 2n).toString(), (ETH / 2n).toString()],
      [3, (ETH + ETH / 10n).toString(), (ETH / 2n).toString()],
    ]);
  });

  it('uses each chain’s own threshold', () => {
    const over = overThreshold(holding([1, ETH], [31337, ETH]), (c) =>
      c.id === 1 ? 2n * ETH : half(),
    );
    expect(over.map((o) => o.chain.id)).toEqual([31337]);
  });

  it('shows over a threshold until dismissed; comes back only when the value grows by a quarter', () => {
    const at = (wei: bigint) => overThreshold(holding([31337, wei]), half);
    expect(showCard(at(ETH / 10n), {})).toBe(false);
    const first = at(ETH + ETH / 10n); // 1.1 ETH
    expect(showCard(first, {})).toBe(true);
    const dismissed = dismissLevels({}, first);
    expect(dismissed).toEqual({ '31337': (ETH + ETH / 10n).toString() });
    expect(showCard(first, dismissed)).toBe(false);
    // A small tip in, or value that dropped and climbed back: still dismissed.
    expect(showCard(at(ETH + ETH / 5n), dismissed)).toBe(false);
    expect(showCard(at(ETH * 2n - ETH / 2n), dismissed)).toBe(true); // 1.5 ≥ 1.375
    expect(showCard(at(ETH + ETH / 4n + ETH / 8n - 1n), dismissed)).toBe(false); // 1.375 − 1 wei
    expect(showCard(at((ETH * 11n * 5n) / 40n), dismissed)).toBe(true); // exactly 1.375
  });

  it('a chain newly over its threshold brings the card back; one dismissed earlier keeps its level', () => {
    const first = overThreshold(holding([1, ETH]), half);
    const dismissed = dismissLevels({}, first);
    const both = overThreshold(holding([1, ETH], [31337, ETH]), half);
    expect(showCard(both, dismissed)).toBe(true);
    expect(dismissLevels(dismissed, overThreshold(holding([31337, ETH]), half))).toEqual({
      '1': ETH.toString(),
      '31337': ETH.toString(),
    });
  });
});

describe('dismissed levels in storage', () => {
  beforeEach(() => fakeBrowser.reset());
  afterEach(() => useRecordSealer(null));

  it('are kept per account', async () => {
    const store = createDismissedStore();
    await store.write(ACCOUNT, { '31337': '5' });
    expect(await store.read(ACCOUNT.toLowerCase())).toEqual({ '31337': '5' });
    expect(await store.read('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC')).toEqual({});
  });

  it('attack (Firefox): a level a content script wrote, or an earlier copy put back, reads as never dismissed', async () => {
    const keys = memoryRecordKeys();
    useRecordSealer(createRecordSealer(keys));
    const store = createDismissedStore();
    await store.write(ACCOUNT, { '31337': '5' });
    const earlier = (await fakeBrowser.storage.local.get(DISMISSED_KEY))[DISMISSED_KEY];
    await store.write(ACCOUNT, { '31337': '7' });
    expect(await store.read(ACCOUNT)).toEqual({ '31337': '7' });
    // Planted in plain text: a level no balance reaches, to keep the card away for good.
    const forged = { [ACCOUNT.toLowerCase()]: { '31337': (10n ** 70n).toString() } };
    await fakeBrowser.storage.local.set({ [DISMISSED_KEY]: forged });
    expect(await store.read(ACCOUNT)).toEqual({});
    await fakeBrowser.storage.local.set({ [DISMISSED_KEY]: earlier });
    expect(await store.read(ACCOUNT)).toEqual({});
  });
});
