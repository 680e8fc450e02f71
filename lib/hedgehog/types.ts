// Shapes shared by the wallet core and its callers (backend client, extension session).

/** Async key-value store that holds the plaintext entropy of the logged-in wallet. */
export interface KeyValueStore {
  get(key: string): Promise<string | null | undefined>;
  set(key: string, value: string): Promise<void>;
  remove(key: string): Promise<void>;
}

/** An encrypted wallet record as the backend stores it. */
export interface AuthRecord {
  iv: string;
  cipherText: string;
}

export type GetFn = (q: { lookupKey: string }) => Promise<AuthRecord | null | undefined>;

export type SetAuthFn = (r: {
  iv: string;
  cipherText: string;
  lookupKey: string;
  oldLookupKey?: string;
}) => Promise<unknown>;

export type SetUserFn = (u: { username: string; walletAddress: string }) => Promise<unknown>;

export interface HedgehogOptions {
  /** Where the entropy lives between sessions; localStorage where it exists, else memory. */
  storage?: KeyValueStore;
  /** HD derivation path; Hedgehog's own is m/44'/60'/0'/0/0. */
  path?: string;
}
