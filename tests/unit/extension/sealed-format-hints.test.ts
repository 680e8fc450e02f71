// The record-format hints in the Firefox build's layout (6): the wallet core's memory of which
// format it last met each username's account in is a protected record there, sealed under the
// records' key (here: in memory) and bound to a write counter, so a content script can neither
// read a username's digest in it nor remove, change, plant or put back a hint unseen. A hint that
// does not open makes every account it may have named read as strengthened, so a restore never
// writes a weaker record for it.

import { Hedgehog } from '@encore-wallet/core';
import { sha256Hex } from '@encore-wallet/utils/encoding';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  createRecordSealer,
  formatHintStore,
  isSealedValue,
  type MigrationEnv,
  type RecordSealer,
  runMigrations,
  settleFormatHints,
  useRecordSealer,
} from '../../../lib/extension/storage/index.ts';
import { memoryRecordKeys } from './support/sealing.ts';

const STRONG = 'encore-strong-accounts';
const HEDGEHOG = 'encore-hedgehog-accounts';

let sealer: RecordSealer;

const digest = (name: string) => sha256Hex(name.toLowerCase());

async function stored(key: string): Promise<unknown> {
  return (await fakeBrowser.storage.local.get(key))[key];
}

/** The format the worker's wallet core says this browser met `username`'s account in. */
function knownFormat(username: string) {
  const unused = () => Promise.reject(new Error('no backend in this test'));
  const hedgehog = new Hedgehog(unused, unused, unused, {
    warmUpOnCreate: false,
    formMemory: formatHintStore(),
  });
  return hedgehog.knownFormat(username);
}

function sealingEnv(): MigrationEnv {
  return { addressFromEntropy: () => null, sealRecord: (slot, value) => sealer.seal(slot, value) };
}

/** Layout 5 as an earlier build left it: ada met strengthened, bob in Hedgehog's format. */
async function updateFromLayout5(): Promise<void> {
  await fakeBrowser.storage.local.set({
    'encore:schema-version': 5,
    [STRONG]: JSON.stringify([await digest('ada')]),
    [HEDGEHOG]: JSON.stringify([await digest('bob')]),
  });
  expect(await runMigrations({ env: sealingEnv(), log: () => undefined })).toBe(6);
  // What the worker's start does next.
  await settleFormatHints();
}

describe('record-format hints sealed in storage.local (Firefox)', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    sealer = createRecordSealer(memoryRecordKeys());
    useRecordSealer(sealer);
  });
  afterEach(() => useRecordSealer(null));

  it('the update to layout 6 seals the plain hints an earlier build left, and they still read', async () => {
    await updateFromLayout5();
    for (const key of [STRONG, HEDGEHOG]) expect(isSealedValue(await stored(key))).toBe(true);
    const everything = JSON.stringify(await fakeBrowser.storage.local.get(null));
    expect(everything).not.toContain(await digest('ada'));
    expect(everything).not.toContain(await digest('bob'));
    expect(await knownFormat('Ada')).toBe('strong');
    expect(await knownFormat('Bob')).toBe('hedgehog');
    expect(await knownFormat('carol')).toBeNull();
    // Run again (a stop before the version was kept): the sealed hints stay as they are.
    await fakeBrowser.storage.local.set({ 'encore:schema-version': 5 });
    const before = await fakeBrowser.storage.local.get(null);
    expect(await runMigrations({ log: () => undefined, env: sealingEnv() })).toBe(6);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({
      ...before,
      'encore:schema-version': 6,
    });
  });

  it('attack: a strong hint a content script removes, changes, plants or puts back leaves the account strengthened', async () => {
    await updateFromLayout5();
    const sealedStrong = await stored(STRONG);
    const attacks: Record<string, unknown>[] = [
      // Removed, or replaced by a plain list that leaves ada out.
      {},
      { [STRONG]: JSON.stringify([]) },
      // Ada put in the Hedgehog list, the strong one gone.
      { [HEDGEHOG]: JSON.stringify([await digest('ada'), await digest('bob')]) },
      // The strong list sealed under the Hedgehog key (another slot).
      { [HEDGEHOG]: sealedStrong },
    ];
    for (const planted of attacks) {
      await fakeBrowser.storage.local.remove(STRONG);
      await fakeBrowser.storage.local.set(planted);
      expect(await knownFormat('ada')).toBe('strong');
    }
    // An earlier sealed copy put back after the next write does not open either.
    await fakeBrowser.storage.local.set({ [STRONG]: sealedStrong });
    const store = formatHintStore();
    await store.set(STRONG, JSON.stringify({ salt: '0'.repeat(64), accounts: [] }));
    await fakeBrowser.storage.local.set({ [STRONG]: sealedStrong });
    expect(await knownFormat('ada')).toBe('strong');
    await expect(store.get(STRONG)).rejects.toThrow();
  });
});
