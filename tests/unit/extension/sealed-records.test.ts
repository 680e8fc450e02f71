// The settings and the spending record in the Firefox build's layout: storage.local can be written
// by any content script there, so both records are sealed under a key in the extension's
// IndexedDB (here: memory) and bound to a write counter kept beside it. What a content script
// writes (a plain record, a changed one, an earlier sealed copy, nothing at all) never raises a
// limit, adds a chain, or makes the day's spending nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  getSettings,
  spendingLimitFor,
  updateSettings,
} from '../../../lib/extension/settings/index.ts';
import {
  createRecordSealer,
  isSealedValue,
  type MigrationEnv,
  type RecordSealer,
  runMigrations,
  useRecordSealer,
} from '../../../lib/extension/storage/index.ts';
import { createSpendingLedger, SPENDING_KEY } from '../../../lib/extension/transactions/index.ts';
import { checkSpending, SPENDING_WINDOW_MS } from '../../../lib/transactions/index.ts';
import { type MemoryRecordKeys, memoryRecordKeys } from './support/sealing.ts';

const SETTINGS_KEY = 'encore:settings';
const ETH = { symbol: 'ETH', decimals: 18 };
const ACCOUNT = '0x1111111111111111111111111111111111111111';
const DEFAULT_LIMIT = { kind: 'daily', wei: '2000000000000000' } as const;
const CHAIN_36 = {
  id: 4242,
  name: 'Ether',
  rpcUrl: 'https://rpc.example',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 36 },
  blockExplorerUrls: [],
};

let keys: MemoryRecordKeys;
let sealer: RecordSealer;

async function stored(key: string): Promise<unknown> {
  return (await fakeBrowser.storage.local.get(key))[key];
}

/** What the limit lets through now: 1 wei over what was spent. */
async function oneWeiAllowed(ledger: ReturnType<typeof createSpendingLedger>, now: number) {
  const records = await ledger.read(ACCOUNT, 1);
  return checkSpending(DEFAULT_LIMIT, records, { wei: 1n, unlimited: false, tokens: false }, now)
    .allowed;
}

describe('settings and spending record sealed in storage.local (Firefox)', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    keys = memoryRecordKeys();
    sealer = createRecordSealer(keys);
    useRecordSealer(sealer);
  });
  afterEach(() => useRecordSealer(null));

  it('keeps both records sealed, and reads back what was written', async () => {
    await updateSettings({ spendingLimits: { '1': { kind: 'daily', wei: '5' } } });
    const ledger = createSpendingLedger(() => 1_000);
    await ledger.add(ACCOUNT, 1, { at: 1_000, wei: '7' });
    expect(isSealedValue(await stored(SETTINGS_KEY))).toBe(true);
    expect(isSealedValue(await stored(SPENDING_KEY))).toBe(true);
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain(ACCOUNT);
    // A restarted worker (a new sealer over the same IndexedDB) reads them.
    useRecordSealer(createRecordSealer(keys));
    expect(spendingLimitFor(await getSettings(), 1, ETH)).toEqual({ kind: 'daily', wei: '5' });
    expect(await createSpendingLedger(() => 1_000).read(ACCOUNT, 1)).toEqual([
      { at: 1_000, wei: '7' },
    ]);
  });

  it('attack: limits a content script raised to "no limit" read as the safe defaults', async () => {
    await updateSettings({ spendingLimits: { '1': { kind: 'daily', wei: '5' } } });
    await fakeBrowser.storage.local.set({
      [SETTINGS_KEY]: { spendingLimits: { '1': { kind: 'unlimited' } }, lockOnBrowserClose: false },
    });
    const settings = await getSettings();
    expect(spendingLimitFor(settings, 1, ETH)).toEqual(DEFAULT_LIMIT);
    expect(settings.lockOnBrowserClose).toBe(true);
  });

  it('attack: an earlier sealed copy of the settings put back reads as the safe defaults', async () => {
    await updateSettings({ spendingLimits: { '1': { kind: 'unlimited' } } });
    const copy = await stored(SETTINGS_KEY);
    await updateSettings({ spendingLimits: { '1': { kind: 'daily', wei: '5' } } });
    await fakeBrowser.storage.local.set({ [SETTINGS_KEY]: copy });
    expect(spendingLimitFor(await getSettings(), 1, ETH)).toEqual(DEFAULT_LIMIT);
  });

  it('attack: a chain with 36 decimals planted in storage.local is never offered', async () => {
    await updateSettings({ appName: 'mine' });
    await fakeBrowser.storage.local.set({
      [SETTINGS_KEY]: { addedChains: [CHAIN_36], chainId: CHAIN_36.id },
    });
    const settings = await getSettings();
    expect(settings.addedChains).toEqual([]);
    expect(settings.chainId).toBe(1);
  });

  it('attack: a wiped, forged or rolled-back spending record counts as over the limit', async () => {
    let now = 10 * SPENDING_WINDOW_MS;
    const ledger = createSpendingLedger(() => now);
    await ledger.add(ACCOUNT, 1, { at: now, wei: '100' });
    const morning = await stored(SPENDING_KEY);
    await ledger.add(ACCOUNT, 1, { at: now, wei: '1999999999999000' });
    expect(await oneWeiAllowed(ledger, now)).toBe(true);
    for (const attack of [
      () => fakeBrowser.storage.local.remove(SPENDING_KEY),
      () => fakeBrowser.storage.local.set({ [SPENDING_KEY]: {} }),
      () => fakeBrowser.storage.local.set({ [SPENDING_KEY]: morning }),
    ]) {
      await attack();
      expect(await oneWeiAllowed(ledger, now)).toBe(false);
    }
    // A send the person confirms with the password keeps the unknown for 24 hours…
    await ledger.add(ACCOUNT, 1, { at: now, wei: '1' });
    expect(await oneWeiAllowed(ledger, now + SPENDING_WINDOW_MS - 1)).toBe(false);
    // …and then it is over.
    now += SPENDING_WINDOW_MS;
    expect(await oneWeiAllowed(ledger, now)).toBe(true);
  });

  it('reads a record never written as nothing spent (a new install)', async () => {
    expect(await createSpendingLedger().read(ACCOUNT, 1)).toEqual([]);
    expect(spendingLimitFor(await getSettings(), 1, ETH)).toEqual(DEFAULT_LIMIT);
  });

  it('loses nothing when a write stopped before its counter was kept', async () => {
    const now = 10 * SPENDING_WINDOW_MS;
    await createSpendingLedger(() => now).add(ACCOUNT, 1, { at: now, wei: '100' });
    const stopped = createRecordSealer({
      ...keys,
      setCounter: async () => {
        throw new Error('stopped');
      },
    });
    useRecordSealer(stopped);
    await expect(
      createSpendingLedger(() => now).add(ACCOUNT, 1, { at: now, wei: '5' }),
    ).rejects.toThrow('stopped');
    useRecordSealer(createRecordSealer(keys));
    expect(await createSpendingLedger(() => now).read(ACCOUNT, 1)).toEqual([
      { at: now, wei: '100' },
      { at: now, wei: '5' },
    ]);
  });

  it('the update to layout 4 seals the plain records an earlier build left', async () => {
    const now = Date.now();
    await fakeBrowser.storage.local.set({
      'encore:schema-version': 3,
      [SETTINGS_KEY]: { spendingLimits: { '1': { kind: 'daily', wei: '5' } } },
      [SPENDING_KEY]: { [`1:${ACCOUNT}`]: [{ at: now, wei: '9' }] },
    });
    const env: MigrationEnv = {
      addressFromEntropy: () => null,
      sealRecord: (slot, value) => sealer.seal(slot, value),
    };
    expect(await runMigrations({ env, log: () => undefined })).toBe(6);
    expect(isSealedValue(await stored(SETTINGS_KEY))).toBe(true);
    expect(isSealedValue(await stored(SPENDING_KEY))).toBe(true);
    expect(spendingLimitFor(await getSettings(), 1, ETH)).toEqual({ kind: 'daily', wei: '5' });
    expect(await createSpendingLedger().read(ACCOUNT, 1)).toEqual([{ at: now, wei: '9' }]);
    // Run again (a stop before the version was kept): the sealed records stay as they are.
    await fakeBrowser.storage.local.set({ 'encore:schema-version': 3 });
    const before = await fakeBrowser.storage.local.get(null);
    await runMigrations({ env, log: () => undefined });
    expect(await fakeBrowser.storage.local.get(null)).toEqual({
      ...before,
      'encore:schema-version': 6,
    });
  });
});
