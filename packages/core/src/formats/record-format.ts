// The one interface every record format implements. A format turns (username, password) into a
// lookup key and the record key for any iv, and seals or opens a record's entropy under that key.
// The flows in hedgehog.ts never look inside a format: they ask the chooser (choose-format.ts)
// which formats to look in or make, and call these steps. A format whose keys need more than
// scrypt (an oblivious PRF's output from a key holder, fetched beside the scrypt) does that work
// inside its own `derive`, built by a factory that is handed its client.
import type { KeyHolderAnswer } from '../key-holder/evaluate.ts';
import type { AuthRecord, RecordFormat } from '../types.ts';

export interface Credentials {
  username: string;
  password: string;
}

/** What a format derived from one set of credentials. */
export interface FormatKeys {
  readonly format: RecordFormat;
  /** Where the record of these credentials is stored: 64 lowercase hex characters. */
  readonly lookupKey: string;
  /** The key of the record with this iv (cached where it was derived ahead). */
  keyFor(iv: string): Promise<Uint8Array>;
  /** A hardened record's: the id of the key holder's key the keys were made under. */
  readonly keyHolderKey?: string;
}

/** A key holder's evaluation of some credentials, begun ahead, and the key it is under. */
export interface KeyHolderAnswerAhead {
  keyId: string;
  answer: Promise<KeyHolderAnswer>;
}

/**
 * What a derivation may use: work begun ahead on another thread (by the caller, or by
 * `deriveBeside`), each format taking only what is its own, and hooks into the flow around it.
 */
export interface DeriveOptions {
  /** Hedgehog's lookup key of these very credentials (`loginLookupKey`), checked for its shape. */
  lookupKey?: string | Promise<string | null> | null;
  /** The strong derivation of these credentials (`strongMasterJob`), null inside when it failed. */
  strongMaster?: Promise<Uint8Array | null> | null;
  /** The key holder's evaluation of these credentials, begun ahead (`deriveBeside`). */
  keyHolderAnswer?: KeyHolderAnswerAhead;
  /** The key holder key to derive a hardened record's keys under (default: the current one). */
  keyHolderKey?: string;
  /** The iv of a record about to be made: its key is derived beside the lookup key where it can. */
  iv?: string;
  /** Run when this thread is free while a derivation continues elsewhere (a new wallet, say). */
  meanwhile?: () => void;
  /** Awaited before this thread's first derivation (the scrypt WebAssembly's warm-up). */
  warmedUp?: () => Promise<void>;
}

export interface RecordFormatModule {
  readonly name: RecordFormat;
  /**
   * The credential forms a login tries, in order (Hedgehog's records hold whatever form the
   * keyboard produced; a strengthened record is always made from the normalised one).
   */
  loginForms(username: string, password: string): Credentials[];
  /** The credentials a new record of this format is made under (from a found record's). */
  newRecordCredentials(username: string, password: string): Credentials;
  /** The lookup key and the keys of these credentials. */
  derive(credentials: Credentials, options?: DeriveOptions): Promise<FormatKeys>;
  /**
   * Begins this format's derivation on a second thread, where there is one, while another
   * format's lookup runs on this one; null where there is none, or `given` (the caller's work)
   * holds it already. Its result goes to `derive`.
   */
  deriveBeside(credentials: Credentials, given: DeriveOptions): DeriveOptions | null;
  /** The cipherText of `entropy` under `keys` and `iv`. */
  seal(keys: FormatKeys, entropy: string, iv: string): Promise<string>;
  /** The record's entropy, or DecryptionFailedError. */
  open(keys: FormatKeys, record: AuthRecord): Promise<string>;
}
