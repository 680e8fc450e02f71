import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  getSettings,
  spendingLimitFor,
  updateSettings,
} from '../../../lib/extension/settings/index.ts';
import { createSpendingLedger, SPENDING_KEY } from '../../../lib/extension/transactions/index.ts';
import { SPENDING_WINDOW_MS } from '../../../lib/transactions/index.ts';

const ETH = { symbol: 'ETH', decimals: 18 };
const ACCOUNT = '0x1111111111111111111111111111111111111111';

describe('the daily spending limit setting', () => {
  beforeEach(() => fakeBrowser.reset());

  it('defaults to 0.002 of the currency a day, and no limit on the local chain', async () => {
    const settings = await getSettings();
    expect(spendingLimitFor(settings, 1, ETH)).toEqual({ kind: 'daily', wei: '2000000000000000' });
    expect(spendingLimitFor(settings, 137, { symbol: 'POL', decimals: 6 })).toEqual({
      kind: 'daily',
      wei: '2000',
    });
    expect(spendingLimitFor(settings, 31337, ETH)).toEqual({ kind: 'unlimited' });
  });

  it('keeps what the person sets per chain', async () => {
    const saved = await updateSettings({
      spendingLimits: { '1': { kind: 'daily', wei: '5' }, '31337': { kind: 'daily', wei: '7' } },
    });
    expect(spendingLimitFor(saved, 1, ETH)).toEqual({ kind: 'daily', wei: '5' });
    expect(spendingLimitFor(saved, 31337, ETH)).toEqual({ kind: 'daily', wei: '7' });
  });

  it('refuses malformed limits, and a damaged stored value reads as the defaults, never as none', async () => {
    await expect(
      updateSettings({ spendingLimits: { '1': { kind: 'daily', wei: '-1' } } }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await fakeBrowser.storage.local.set({
      'encore:settings': { spendingLimits: { '1': { kind: 'unlimited', extra: true } } },
    });
    expect(spendingLimitFor(await getSettings(), 1, ETH)).toEqual({
      kind: 'daily',
      wei: '2000000000000000',
    });
  });
});

describe('the spending ledger', () => {
  beforeEach(() => fakeBrowser.reset());

  it('keeps the last 24 hours per account and chain, and reads past damaged entries', async () => {
    let now = 10 * SPENDING_WINDOW_MS;
    const ledger = createSpendingLedger(() => now);
    await ledger.add(ACCOUNT, 1, { at: now, wei: '100' });
    await ledger.add(ACCOUNT, 31337, { at: now, wei: '1' });
    const stored = (await fakeBrowser.storage.local.get(SPENDING_KEY))[SPENDING_KEY] as Record<
      string,
      unknown[]
    >;
    stored[`1:${ACCOUNT}`]?.push({ at: 'soon', wei: '999' }, { at: now, wei: '12.5' });
    await fakeBrowser.storage.local.set({ [SPENDING_KEY]: stored });
    expect(await ledger.read(ACCOUNT.toUpperCase().replace('0X', '0x'), 1)).toEqual([
      { at: now, wei: '100' },
    ]);
    now += SPENDING_WINDOW_MS;
    expect(await ledger.read(ACCOUNT, 1)).toEqual([]);
    await ledger.add(ACCOUNT, 1, { at: now, wei: '3' });
    // Older entries went with the write.
    expect(
      Object.keys((await fakeBrowser.storage.local.get(SPENDING_KEY))[SPENDING_KEY] as object),
    ).toEqual([`1:${ACCOUNT}`]);
  });
});
