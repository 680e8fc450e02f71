// The real @audius/hedgehog 2.1.0 on its Node code path (native crypto.scrypt), with a Map in
// place of node-localstorage so it writes no ./local-storage directory.
import { type GetFn as AudiusGetFn, Hedgehog as AudiusHedgehog } from '@audius/hedgehog';
import type { MemoryBackend } from './memory-backend.ts';

export interface ReferenceHedgehog {
  hedgehog: AudiusHedgehog;
  localStorage: Map<string, string>;
}

export function createReferenceHedgehog(backend: MemoryBackend): ReferenceHedgehog {
  const localStorage = new Map<string, string>();
  const shim = {
    getItem: (key: string): string | null => localStorage.get(key) ?? null,
    setItem: (key: string, value: string): void => {
      localStorage.set(key, value);
    },
    removeItem: (key: string): void => {
      localStorage.delete(key);
    },
  };
  // Its GetFn type does not admit "no record", but its code checks for one; ours returns null.
  const getFn = backend.getFn as unknown as AudiusGetFn;
  const hedgehog = new AudiusHedgehog(getFn, backend.setAuthFn, backend.setUserFn, false, shim);
  return { hedgehog, localStorage };
}
