import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  getSettings,
  spendingLimitFor,
  updateSettings,
} from '../../../lib/extension/settings/index.ts';
import {
  boundRecords,
  createSpendingLedger,
  MAX_RECORDS_PER_ACCOUNT,
  SPENDING_KEY,
} from '../../../lib/extension/transactions/index.ts';
import { SPENDING_WINDOW_MS, spentWithin } from '../../../lib/transactions/index.ts';

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

  it('attack: a long day of small sends forgets nothing spent (entries leave by time, merged into sums past the cap)', async () => {
    let now = 10 * SPENDING_WINDOW_MS;
    const ledger = createSpendingLedger(() => now);
    // One big send early in the day, then many small ones: the big one must still count.
    await ledger.add(ACCOUNT, 1, { at: now, wei: '1000000' });
    const sends = MAX_RECORDS_PER_ACCOUNT + 120;
    for (let i = 0; i < sends; i++) {
      now += 1_000;
      await ledger.add(ACCOUNT, 1, { at: now, wei: '1' });
    }
    const records = await ledger.read(ACCOUNT, 1);
    expect(records.length).toBeLessThanOrEqual(MAX_RECORDS_PER_ACCOUNT);
    expect(spentWithin(records, now)).toBe(1_000_000n + BigInt(sends));
    // Still counted until a full window after the latest send merged into it, never less.
    now += SPENDING_WINDOW_MS - sends * 1_000 - 1;
    expect(spentWithin(await ledger.read(ACCOUNT, 1), now)).toBeGreaterThanOrEqual(1_000_000n);
  });

  it('attack: setting the clock back does not make the day’s spending disappear', async () => {
    let now = 10 * SPENDING_WINDOW_MS;
    const ledger = createSpendingLedger(() => now);
    await ledger.add(ACCOUNT, 1, { at: now, wei: '500' });
    now -= 60 * 60 * 1000;
    expect(spentWithin(await ledger.read(ACCOUNT, 1), now)).toBe(500n);
    await ledger.add(ACCOUNT, 1, { at: now, wei: '1' });
    expect(spentWithin(await ledger.read(ACCOUNT, 1), now)).toBe(501n);
  });
});

describe('bounding the spending record', () => {
  it('merges the oldest entries into their sum at the later time, never dropping one', () => {
    const records = [
      { at: 1, wei: '10' },
      { at: 2, wei: '20' },
      { at: 3, wei: '30' },
      { at: 4, wei: '40' },
    ];
    expect(boundRecords(records, 2)).toEqual([
      { at: 3, wei: '60' },
      { at: 4, wei: '40' },
    ]);
    expect(boundRecords(records, 4)).toEqual(records);
  });

  it('holds a huge sum at 2^256, still a valid entry and over any limit', () => {
    const max = (2n ** 256n - 1n).toString();
    expect(
      boundRecords(
        [
          { at: 1, wei: max },
          { at: 2, wei: max },
        ],
        1,
      ),
    ).toEqual([{ at: 2, wei: (2n ** 256n).toString() }]);
  });
});
