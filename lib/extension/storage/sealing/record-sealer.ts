// Records kept in Firefox's storage.local beyond a session (the settings, the spending record),
// sealed so a content script, which can write that area, can neither forge nor change them, and
// bound to a write counter kept in IndexedDB, so it cannot put back an earlier copy either (one
// that said "no limit", or a day's spending before the last send). Each value is sealed with its
// slot and its counter as AES-GCM's additional data.
import type { RecordKeyStore } from './key-store.ts';
import { isSealedValue, openValue, type SealedValue, sealValue } from './sealed-value.ts';

/** A stored record as read: absent (never written), its value, or not the one last written. */
export type RecordRead =
  | { status: 'absent' }
  | { status: 'ok'; value: unknown }
  /** Changed, forged, an earlier copy, removed after a write, or its key is gone. */
  | { status: 'invalid' };

export interface RecordSealer {
  read(slot: string, stored: unknown): Promise<RecordRead>;
  /**
   * Seals `value` with the slot's next counter, hands it to `put` (which stores it), then commits
   * the counter: from then on only this value opens.
   */
  write(slot: string, value: unknown, put: (sealed: SealedValue) => Promise<void>): Promise<void>;
  /**
   * `value` sealed with the slot's next counter, not committed: for a storage migration, whose
   * runner writes it later. The first read that opens it commits the counter.
   */
  seal(slot: string, value: unknown): Promise<SealedValue>;
}

/**
 * Over one record key and its counters. A read accepts the committed counter or the next one
 * (a write that stopped between storing the value and committing its counter, or a migration's
 * output), and commits the next one when that is what opened. The worker is the only context
 * that reads or writes these records, so the counters are kept in memory once loaded.
 */
export function createRecordSealer(keys: RecordKeyStore): RecordSealer {
  let key: CryptoKey | null = null;
  const counters = new Map<string, number>();
  const counter = async (slot: string): Promise<number> => {
    const known = counters.get(slot);
    if (known !== undefined) return known;
    const loaded = await keys.counter(slot);
    counters.set(slot, loaded);
    return loaded;
  };
  const commit = async (slot: string, value: number): Promise<void> => {
    await keys.setCounter(slot, value);
    counters.set(slot, value);
  };
  const sealNext = async (slot: string, value: unknown): Promise<[SealedValue, number]> => {
    key ??= await keys.loadOrCreate();
    const next = (await counter(slot)) + 1;
    return [await sealValue(key, bound(slot, next), JSON.stringify(value)), next];
  };
  return {
    async read(slot, stored) {
      const committed = await counter(slot);
      if (stored === undefined)
        return committed === 0 ? { status: 'absent' } : { status: 'invalid' };
      if (!isSealedValue(stored)) return { status: 'invalid' };
      key ??= await keys.load();
      if (!key) return { status: 'invalid' };
      for (const n of [committed, committed + 1]) {
        if (n === 0) continue;
        const plain = await openValue(key, bound(slot, n), stored);
        if (plain === null) continue;
        if (n > committed) await commit(slot, n);
        return { status: 'ok', value: JSON.parse(plain) as unknown };
      }
      return { status: 'invalid' };
    },
    async write(slot, value, put) {
      const [sealed, next] = await sealNext(slot, value);
      await put(sealed);
      await commit(slot, next);
    },
    async seal(slot, value) {
      return (await sealNext(slot, value))[0];
    },
  };
}

function bound(slot: string, counter: number): string {
  return `${slot}\n${counter}`;
}
