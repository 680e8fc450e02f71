// The records the worker keeps in storage.local beyond a session: the settings, the spending
// record, the connections and the others that read through here. In Chromium storage.local is closed to content scripts and they are kept as they are.
// In Firefox any content script can write storage.local, so they are sealed there
// (sealing/record-sealer.ts): a value a content script forged, changed, removed after a write or
// put back from an earlier copy reads as `invalid`, and each reader decides what is safe then.
import { browser } from 'wxt/browser';
import {
  createRecordSealer,
  indexedDbRecordKeys,
  type RecordRead,
  type RecordSealer,
} from './sealing/index.ts';

// Written out rather than imported from the settings: those import this module.
const SEALED_HERE = import.meta.env.FIREFOX === true;

let configured: RecordSealer | null | undefined;

/** What seals the records here: made on first use (Firefox), none where storage.local is private. */
export function recordSealer(): RecordSealer | null {
  configured ??= SEALED_HERE ? createRecordSealer(indexedDbRecordKeys()) : null;
  return configured;
}

/**
 * Seals the records with `sealer` from now on (null: keep them as they are). For the unit tests,
 * which run without IndexedDB and play Firefox with a key in memory.
 */
export function useRecordSealer(sealer: RecordSealer | null): void {
  configured = sealer;
}

export async function readProtectedRecord(key: string): Promise<RecordRead> {
  const stored = (await browser.storage.local.get(key))[key];
  const sealer = recordSealer();
  if (sealer) return sealer.read(key, stored);
  return stored === undefined ? { status: 'absent' } : { status: 'ok', value: stored };
}

export async function writeProtectedRecord(key: string, value: unknown): Promise<void> {
  const sealer = recordSealer();
  if (!sealer) return browser.storage.local.set({ [key]: value });
  await sealer.write(key, value, (sealed) => browser.storage.local.set({ [key]: sealed }));
}
