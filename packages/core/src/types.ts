// Shapes shared by the wallet core and its callers (backend client, extension session). The
// record and request shapes are the backend contract's (@encore-wallet/contract), so the wallet core,
// the backend client and the server cannot drift apart; these imports are types only.

import type {
  GetAuthQuery,
  SetAuthRequest,
  SetUserRequest,
  StoredAuth,
} from '@encore-wallet/contract';
import type { FetchText } from '@encore-wallet/utils/http';

/** Async key-value store that holds the plaintext entropy of the logged-in wallet. */
export interface KeyValueStore {
  get(key: string): Promise<string | null | undefined>;
  set(key: string, value: string): Promise<void>;
  remove(key: string): Promise<void>;
}

/** An encrypted wallet record as the backend hands it back: `{iv, cipherText}`. */
export type AuthRecord = StoredAuth;

export type GetFn = (q: GetAuthQuery) => Promise<AuthRecord | null | undefined>;

export type SetAuthFn = (r: SetAuthRequest) => Promise<unknown>;

export type SetUserFn = (u: SetUserRequest) => Promise<unknown>;

/**
 * A record's format: Hedgehog's own (opens in `@audius/hedgehog`), strengthened
 * (strong-record.ts), or hardened (formats/hardened-format.ts: a strong derivation and a key
 * holder's oblivious PRF output, so the record database alone verifies no password).
 */
export type RecordFormat = 'hedgehog' | 'strong' | 'hardened';

/**
 * The integrator's key holder (RFC 9497 POPRF, `@encore-wallet/key-holder`), pinned: its URL and
 * the public key new records are made under (hex, as its `GET /keys` prints it), and the keys it
 * used before (`previous`), whose records are opened once more and re-hardened under `keyId` at
 * their owner's next login. A key retired from `previous` opens nothing any more.
 */
export interface KeyHolderConfig {
  url: string;
  keyId: string;
  publicKey: string;
  previous?: { keyId: string; publicKey: string }[];
  /** The fetch the key holder is asked with (default: the global fetch). */
  fetch?: FetchText;
  /** How long one request to the key holder may take, in milliseconds (default 10 s). */
  timeoutMs?: number;
}

export interface HedgehogOptions {
  /** Where the entropy lives between sessions; localStorage where it exists, else memory. */
  storage?: KeyValueStore;
  /** HD derivation path; Hedgehog's own is m/44'/60'/0'/0/0. */
  path?: string;
  /**
   * Start `warmUp()` in the constructor (default true). False leaves it to the caller, who may
   * have something more urgent to do first; sign-up and login still wait for it themselves.
   */
  warmUpOnCreate?: boolean;
  /**
   * The format of the records sign-ups and restores create. Default 'hedgehog', so new records
   * keep opening in `@audius/hedgehog`; 'strong' makes them strengthened from the start.
   * Ignored where `keyHolder` is set: new records are then hardened. 'hardened' without a
   * `keyHolder` makes strengthened records (the strongest there is without one).
   */
  newRecords?: RecordFormat;
  /**
   * The key holder that hardens records. Set: sign-ups, restores and strengthen make hardened
   * records (a password change keeps them so), every login asks the key holder first whether
   * the account is hardened, and a key holder that cannot be reached or answers wrongly is a
   * typed error, never a weaker record. Unset: no record is hardened, and none can be opened.
   */
  keyHolder?: KeyHolderConfig;
  /**
   * Where the format this browser last met each username's record in is remembered (a digest
   * of each name, never a password), so a login goes straight to the right derivation. Default:
   * `storage`. Give a store that outlives logout where `storage` does not.
   */
  formMemory?: KeyValueStore;
  /**
   * The backend replaces a record in one step (`setAuthFn` with `oldLookupKey`, as the HTTP
   * contract and Encore's server do). Default false: a strengthen interrupted between writing its
   * record and removing the old one can leave both, so a password change or strengthen of a
   * strengthened account looks for a Hedgehog-format leftover, which sends that account's Hedgehog
   * lookup key. True: nothing is looked for, and no path sends it.
   */
  replacesAtomically?: boolean;
}

/** What `strengthen` did: re-encrypted the record, or found it strengthened already. */
export interface StrengthenResult {
  strengthened: true;
  alreadyStrong: boolean;
}

export interface LoginOptions {
  /** `loginLookupKey(username, password)`, derived by the caller (see login-key.ts). */
  lookupKey?: string;
  /**
   * The strong derivation of these credentials (`strongMasterJob`, see strong-record.ts), begun
   * by the caller on another thread (the extension's popup, whose service worker has none).
   * Used where the login needs it: for the strong lookup that comes first for a username this
   * browser has not met or knows as strengthened; a login of an account known in Hedgehog's
   * format never waits for
   * it. Resolves to null (or a key that is not 32 bytes) to let the core derive it itself.
   */
  strongMaster?: Promise<Uint8Array | null>;
}

export interface SignUpOptions {
  /**
   * `signUpLookupKey(username, password)`, being derived by the caller on another thread (see
   * login-key.ts): the core derives the encryption key meanwhile, so a sign-up costs one
   * derivation's time. Resolves to null (or an invalid key) to let the core derive it itself;
   * one that has not come a moment after the core's own derivation is not waited for.
   */
  lookupKey?: Promise<string | null>;
}
