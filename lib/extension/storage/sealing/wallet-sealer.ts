import { WalletDataUnreadableError } from './errors.ts';
import type { SealingKeyStore } from './key-store.ts';
import { isSealedValue, openValue, type SealedValue, sealValue } from './sealed-value.ts';

/** Seals wallet values for an area content scripts can read, and opens them again. */
export interface WalletSealer {
  /** `value` sealed for the storage key `slot`; makes the key on first use. */
  seal(slot: string, value: string): Promise<SealedValue>;
  /**
   * The value sealed for `slot`; null when `stored` is not a sealed value at all (a plain value
   * where only sealed ones are kept is not trusted). Throws WalletDataUnreadableError when it is
   * one but cannot be opened.
   */
  open(slot: string, stored: unknown): Promise<string | null>;
  /** Deletes the key (logout, or the values moved out): nothing sealed before opens again. */
  forget(): Promise<void>;
}

/**
 * A sealer over one stored key. The key, once loaded, is kept for the life of the context: a
 * value sealed a moment ago still opens if the stored key is wiped meanwhile (the next start then
 * finds it gone and logs out cleanly).
 */
export function createWalletSealer(keys: SealingKeyStore): WalletSealer {
  let cached: CryptoKey | null = null;
  return {
    async seal(slot, value) {
      cached ??= await keys.loadOrCreate();
      return sealValue(cached, slot, value);
    },
    async open(slot, stored) {
      if (!isSealedValue(stored)) return null;
      cached ??= await keys.load();
      if (!cached) throw new WalletDataUnreadableError('no-key');
      const value = await openValue(cached, slot, stored);
      if (value === null) throw new WalletDataUnreadableError('does-not-open');
      return value;
    },
    async forget() {
      cached = null;
      await keys.delete();
    },
  };
}
