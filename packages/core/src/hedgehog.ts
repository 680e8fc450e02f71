// The Hedgehog flows (sign-up, login, password change, local session) over the low-level
// Authentication and WalletManager modules, with the integrator's three backend functions.

import { BackendError } from '@encore-wallet/contract';
import { bytesToHex } from '@encore-wallet/utils/encoding';
import { measurePhase, phaseStart } from '@encore-wallet/utils/perf';
import type { HDNodeWallet } from 'ethers';
import { Authentication, createKeyOffThread } from './authentication.ts';
import {
  AccountNotFoundError,
  InvalidMnemonicError,
  InvalidUsernameError,
  NotLoggedInError,
  UsernameTakenError,
  WeakPasswordError,
} from './errors.ts';
import { type Credentials, loginForms } from './internal/credential-forms.ts';
import { getRecord } from './internal/get-record.ts';
import {
  forgetSignUp,
  type PendingSignUp,
  type PendingSignUps,
  recallSignUp,
  rememberSignUp,
} from './internal/pending-sign-ups.ts';
import { randomBytes } from './internal/random.ts';
import {
  hedgehogKeys,
  openEntropy,
  type RecordKeys,
  sealEntropy,
  strongKeys,
} from './internal/record-keys.ts';
import {
  scryptOffThreadPossible,
  scryptOffThreadReady,
  scryptRunsInParallel,
} from './internal/scrypt.ts';
import { rememberedFormatOf, rememberFormat } from './internal/strong-accounts.ts';
import { warmUpWalletCore } from './internal/warm-up.ts';
import { LOOKUP_KEY_PATTERN } from './login-key.ts';
import { checkMnemonic } from './mnemonic-check.ts';
import { checkPassword, checkUsername } from './password-policy.ts';
import { createDefaultStore, ENTROPY_STORAGE_KEY, isStoredEntropy } from './storage.ts';
import { StrongRecord, strongCredentials } from './strong-record.ts';
import type {
  AuthRecord,
  GetFn,
  HedgehogOptions,
  KeyValueStore,
  LoginOptions,
  RecordFormat,
  SetAuthFn,
  SetUserFn,
  SignUpOptions,
  StrengthenResult,
} from './types.ts';
import { DEFAULT_PATH, WalletManager } from './wallet-manager.ts';

interface FoundAccount {
  lookupKey: string;
  entropy: string;
  credentials: Credentials;
  format: RecordFormat;
  /**
   * The strong derivation of these credentials (strongCredentials), when a login started it
   * beside the Hedgehog lookup and the Hedgehog record answered first: a strengthen reuses it.
   */
  strongMaster?: Promise<Uint8Array | null>;
}

/** The strong derivation of a login, begun on a second thread; null where there is none. */
function strongMasterOnSecondThread(
  username: string,
  password: string,
): Promise<Uint8Array | null> | null {
  let started: Promise<Uint8Array | null> | null = null;
  // Node: the thread pool. A web page: its scrypt worker (null inside when refused).
  if (scryptRunsInParallel()) started = StrongRecord.deriveMaster(username, password);
  else if (scryptOffThreadPossible())
    started = StrongRecord.deriveMasterOffThread(username, password);
  // Seen only if used.
  started?.catch(() => undefined);
  return started;
}

/** A caller's strong derivation (LoginOptions.strongMaster), null unless it gives 32 bytes. */
function givenStrongMaster(
  given: Promise<Uint8Array | null> | undefined,
): Promise<Uint8Array | null> | null {
  if (!given) return null;
  return given.then(
    (key) => (key instanceof Uint8Array && key.length === 32 ? key : null),
    () => null,
  );
}

/**
 * A record nobody can find or open (random lookup key, iv and cipherText): what a leftover record
 * is replaced with to remove it, since the backend contract removes a record only by replacing
 * it (`oldLookupKey`).
 */
function tombstoneFor(oldLookupKey: string): Parameters<SetAuthFn>[0] {
  const hex = (n: number): string => bytesToHex(randomBytes(n));
  return { lookupKey: hex(32), iv: hex(16), cipherText: hex(32), oldLookupKey };
}

/**
 * How long a sign-up waits for a lookup key its caller is deriving, once its own derivation is
 * done: about one derivation on a slow machine. Past it the core derives the key itself.
 */
const GIVEN_LOOKUP_KEY_GRACE_MS = 250;

/**
 * How long a page's sign-up lets its scrypt worker finish starting before deriving on its own
 * thread (which the worker's start needs): a fraction of the derivation it saves.
 */
const OFF_THREAD_READY_WAIT_MS = 60;

/** A fresh iv for a new record, and its key when it was derived beside the lookup key. */
interface FreshKey {
  iv: string;
  key: Uint8Array | null;
  /** The format of the record being made, and its keys for any iv. */
  keys: RecordKeys;
  /** A new wallet, derived while the keys were (where there is a second thread), for this iv. */
  wallet?: Promise<{ entropy: string; wallet: HDNodeWallet }>;
}

/**
 * A new wallet for a sign-up, derived ahead while something else is awaited (discarded when a
 * retry finds an earlier attempt's wallet instead, so a failure here is only seen if it is used).
 */
function newWallet(path: string): NonNullable<FreshKey['wallet']> {
  const entropy = WalletManager.createEntropy();
  const wallet = WalletManager.deriveWallet(entropy, path).then((w) => ({ entropy, wallet: w }));
  wallet.catch(() => undefined);
  return wallet;
}

/**
 * A sign-up's lookup key, and a fresh iv with (where two derivations can run at once) its key.
 * The two are independent (the lookup key needs the username and password, the encryption key
 * the password and a fresh iv), so in Node they run together on the thread pool and a sign-up
 * costs one derivation's time; in a web page a worker derives the key meanwhile. Where
 * derivations run one at a time (a page whose policy refuses Blob workers), only the lookup key
 * is derived here and the key follows. A retry that finds an earlier attempt's record uses that
 * record's iv, and derives its key then.
 */
async function signUpKeys(
  username: string,
  password: string,
  path: string,
  given: Promise<string | null> | undefined,
  format: RecordFormat,
): Promise<{ lookupKey: string; fresh: FreshKey }> {
  const iv = Authentication.createIv();
  if (format === 'strong') {
    // One derivation gives both (a lookup key the caller derives is Hedgehog's: not used).
    const wallet = newWallet(path);
    const master = await StrongRecord.deriveMaster(username, password);
    const keys = strongKeys(master);
    const lookupKey = await StrongRecord.lookupKey(master);
    return { lookupKey, fresh: { iv, key: await keys.keyFor(iv), keys, wallet } };
  }
  if (given) {
    // The caller derives the lookup key on its own thread: this one derives the key meanwhile,
    // then the new wallet while the lookup key may still be coming.
    const settled = given.catch(() => null);
    const key = await Authentication.createKey(password, iv);
    const wallet = newWallet(path);
    const offered = await Promise.race([
      settled,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), GIVEN_LOOKUP_KEY_GRACE_MS)),
    ]);
    const lookupKey =
      offered && LOOKUP_KEY_PATTERN.test(offered)
        ? offered
        : await Authentication.createAuthLookupKey(username, password);
    return { lookupKey, fresh: { iv, key, keys: hedgehogKeys(password, { iv, key }), wallet } };
  }
  // The new wallet does not depend on either key: it is derived while they are (in a page, on
  // this thread once the lookup key is done, while the worker still derives the key).
  let wallet: FreshKey['wallet'];
  const { lookupKey, key } = await lookupKeyAndKey(username, password, iv, () => {
    wallet = newWallet(path);
  });
  return { lookupKey, fresh: { iv, key, keys: hedgehogKeys(password, { iv, key }), wallet } };
}

/**
 * The lookup key of (username, password) and the key of (password, iv), which are independent:
 * at once in Node (the thread pool); in a web page the worker derives the key while this thread
 * derives the lookup key, then runs `meanwhile`. Where derivations run one at a time (no worker:
 * a policy that refuses Blob workers, or the extension), only the lookup key is derived and
 * `key` is null: the caller derives it when it needs it, after whatever it learns first.
 */
async function lookupKeyAndKey(
  username: string,
  password: string,
  iv: string,
  meanwhile: () => void = () => undefined,
): Promise<{ lookupKey: string; key: Uint8Array | null }> {
  if (scryptRunsInParallel()) {
    meanwhile();
    const [lookupKey, key] = await Promise.all([
      Authentication.createAuthLookupKey(username, password),
      Authentication.createKey(password, iv),
    ]);
    return { lookupKey, key };
  }
  if (scryptOffThreadPossible()) {
    await scryptOffThreadReady(OFF_THREAD_READY_WAIT_MS);
    const offThread = createKeyOffThread(password, iv);
    const lookupKey = await Authentication.createAuthLookupKey(username, password);
    meanwhile();
    // A worker refused after all: this thread derives the key.
    const key = (await offThread) ?? (await Authentication.createKey(password, iv));
    return { lookupKey, key };
  }
  const lookupKey = await Authentication.createAuthLookupKey(username, password);
  return { lookupKey, key: null };
}

export class Hedgehog {
  private wallet: HDNodeWallet | null = null;
  private readonly storage: KeyValueStore;
  private readonly path: string;
  private readonly pending: PendingSignUps = new Map();
  private readonly newRecords: RecordFormat;
  private readonly formMemory: KeyValueStore;

  constructor(
    private readonly getFn: GetFn,
    private readonly setAuthFn: SetAuthFn,
    private readonly setUserFn: SetUserFn,
    options: HedgehogOptions = {},
  ) {
    if (
      typeof getFn !== 'function' ||
      typeof setAuthFn !== 'function' ||
      typeof setUserFn !== 'function'
    ) {
      throw new TypeError('Hedgehog needs getFn, setAuthFn and setUserFn functions.');
    }
    this.storage = options.storage ?? createDefaultStore();
    this.path = options.path ?? DEFAULT_PATH;
    this.newRecords = options.newRecords ?? 'hedgehog';
    this.formMemory = options.formMemory ?? this.storage;
    // Warm up now, so a freshly started worker's first login does not pay for compilation.
    // Failure here is not fatal: the first real derivation does the same work again.
    if (options.warmUpOnCreate !== false) this.warmUp().catch(() => undefined);
  }

  /**
   * Compiles and warms the scrypt WebAssembly and the secp256k1 tables (the first wallet
   * derivation in a process costs ~100 ms more than later ones). Started by the constructor;
   * memoised, so awaiting it again is free.
   */
  warmUp(): Promise<void> {
    return warmUpWalletCore();
  }

  /**
   * Creates a wallet, claims the username for its address (setUserFn), then stores its encrypted
   * record (setAuthFn). The username goes first so a taken name fails before anything exists
   * that logs in. All or nothing: nothing is kept locally unless both succeeded, and a retry with
   * the same credentials after a failure, even after a restart and other attempts in between
   * (the last MAX_PENDING_SIGN_UPS are remembered), reuses the same wallet. The backend is not
   * asked beforehand whether a record exists: its refusals say so when it matters (a 409 on the
   * claim from an account these credentials already open; a 409 on the record from an earlier
   * attempt's write), and only then is the record read.
   */
  async signUp(
    username: string,
    password: string,
    options: SignUpOptions = {},
  ): Promise<HDNodeWallet> {
    const user = checkUsername(username);
    if (!user.ok) throw new InvalidUsernameError(user.reason, user.message);
    const pw = password.normalize('NFC');
    const policy = checkPassword(pw);
    if (!policy.ok) throw new WeakPasswordError(policy.reason, policy.message);

    let t = phaseStart();
    await this.warmedUp();
    measurePhase('hedgehog:wait-warm-up', t);
    t = phaseStart();
    const { lookupKey, fresh } = await signUpKeys(
      user.username,
      pw,
      this.path,
      options.lookupKey,
      this.newRecords,
    );
    measurePhase('hedgehog:sign-up-keys', t);
    t = phaseStart();
    let pending = this.pending.get(lookupKey) ?? (await this.prepareSignUp(lookupKey, fresh));
    measurePhase('hedgehog:sign-up-prepare', t);
    this.pending.set(lookupKey, pending);
    if (!pending.userClaimed) {
      t = phaseStart();
      if (!pending.authStored) await rememberSignUp(this.storage, lookupKey, pending);
      measurePhase('hedgehog:sign-up-remember', t);
      t = phaseStart();
      pending = await this.claimUsername(user.username, lookupKey, fresh.keys, pending);
      measurePhase('hedgehog:set-user', t);
      this.pending.set(lookupKey, pending);
    }
    if (!pending.authStored) {
      t = phaseStart();
      pending = await this.storeAuth(lookupKey, fresh.keys, pending);
      measurePhase('hedgehog:set-auth', t);
      this.pending.set(lookupKey, pending);
    }
    t = phaseStart();
    await this.storage.set(ENTROPY_STORAGE_KEY, pending.entropy);
    measurePhase('hedgehog:store-entropy', t);
    this.pending.delete(lookupKey);
    // Only a leftover if this fails: it falls off the list later, and it opens nothing alone.
    await forgetSignUp(this.storage, lookupKey).catch(() => undefined);
    await rememberFormat(this.formMemory, user.username, fresh.keys.format);
    this.wallet = pending.wallet;
    return pending.wallet;
  }

  /**
   * Opens the account; unknown username and wrong password are the same AccountNotFoundError.
   * `options.lookupKey`: the caller's `loginLookupKey(username, password)`, so this skips that
   * derivation (anything that is not a lookup key is ignored).
   */
  async login(
    username: string,
    password: string,
    options: LoginOptions = {},
  ): Promise<HDNodeWallet> {
    const found = await this.findAccount(
      username,
      password,
      options.lookupKey,
      givenStrongMaster(options.strongMaster),
    );
    if (!found) throw new AccountNotFoundError();
    return this.adopt(found.entropy);
  }

  async logout(): Promise<void> {
    this.wallet = null;
    this.pending.clear();
    await this.storage.remove(ENTROPY_STORAGE_KEY);
  }

  isLoggedIn(): boolean {
    return this.wallet !== null;
  }

  getWallet(): HDNodeWallet | null {
    return this.wallet;
  }

  /** Reopens the wallet whose entropy the storage holds (after a reload or worker restart). */
  async restoreLocalWallet(): Promise<HDNodeWallet | null> {
    const entropy = await this.storage.get(ENTROPY_STORAGE_KEY);
    if (!isStoredEntropy(entropy)) return null;
    this.wallet = await WalletManager.deriveWallet(entropy, this.path);
    return this.wallet;
  }

  /**
   * A throwaway wallet: not stored, not sent anywhere and not logged in. The password is only
   * checked for presence (as in Hedgehog); nothing is encrypted because nothing is kept.
   */
  async createWallet(password: string): Promise<HDNodeWallet> {
    if (!password) throw new WeakPasswordError('too-short', 'A password is required.');
    return WalletManager.deriveWallet(WalletManager.createEntropy(), this.path);
  }

  /**
   * Re-encrypts the wallet under the new password with a fresh iv and hands the backend both
   * lookup keys so it can replace the old record. The new password must pass the policy. A
   * strengthened record stays strengthened. A record of the other format under the old password
   * (left by a strengthen that was interrupted between its new record and the old one's removal)
   * is removed first, so only the new password opens the account afterwards.
   */
  async changePassword(username: string, oldPassword: string, newPassword: string): Promise<void> {
    const newPw = newPassword.normalize('NFC');
    const policy = checkPassword(newPw);
    if (!policy.ok) throw new WeakPasswordError(policy.reason, policy.message);
    const found = await this.findAccount(username, oldPassword);
    if (!found) throw new AccountNotFoundError();

    const newUsername = found.credentials.username.normalize('NFC');
    const iv = Authentication.createIv();
    // The leftover's lookup runs beside the new keys where there is a second thread.
    const leftover = this.findLeftover(found);
    leftover.catch(() => undefined);
    let lookupKey: string;
    let keys: RecordKeys;
    if (found.format === 'strong') {
      const master = await StrongRecord.deriveMaster(newUsername, newPw);
      lookupKey = await StrongRecord.lookupKey(master);
      keys = strongKeys(master);
    } else {
      const derived = await lookupKeyAndKey(newUsername, newPw, iv);
      lookupKey = derived.lookupKey;
      keys = hedgehogKeys(newPw, { iv, key: derived.key });
    }
    const cipherText = await sealEntropy(keys, found.entropy, iv);
    const left = await leftover;
    if (left) await this.setAuthFn(tombstoneFor(left));
    await this.setAuthFn({ iv, cipherText, lookupKey, oldLookupKey: found.lookupKey });
    await this.adopt(found.entropy);
  }

  /**
   * Re-encrypts the logged-in person's Hedgehog record as a strengthened one (strong-record.ts)
   * and replaces the old record with it in one `setAuthFn` (`oldLookupKey`): a backend that
   * replaces atomically (Encore's) never holds both; one that writes the new record before
   * removing the old leaves, if interrupted between the two, two records that open the same
   * wallet under the same password, and a later strengthen or password change removes the old
   * one. `@audius/hedgehog` cannot open the result. A record already strengthened is left as it is
   * (`alreadyStrong`). Wrong credentials are AccountNotFoundError.
   */
  async strengthen(username: string, password: string): Promise<StrengthenResult> {
    const found = await this.findAccount(username, password);
    if (!found) throw new AccountNotFoundError();
    if (found.format === 'strong') {
      const left = await this.findLeftover(found);
      if (left) await this.setAuthFn(tombstoneFor(left));
      return { strengthened: true, alreadyStrong: true };
    }
    const creds = strongCredentials(found.credentials.username, found.credentials.password);
    const master =
      (await found.strongMaster?.catch(() => null)) ??
      (await StrongRecord.deriveMaster(creds.username, creds.password));
    const keys = strongKeys(master);
    const lookupKey = await StrongRecord.lookupKey(master);
    const iv = Authentication.createIv();
    const cipherText = await sealEntropy(keys, found.entropy, iv);
    try {
      await this.setAuthFn({ iv, cipherText, lookupKey, oldLookupKey: found.lookupKey });
    } catch (error) {
      // An earlier strengthen stored its record and was interrupted before the old one went (a
      // backend that does not replace atomically): the strengthened record stands, and the old
      // one is removed now.
      const stored = await getRecord(this.getFn, lookupKey).catch(() => null);
      const opened = stored && (await openEntropy(keys, stored).catch(() => null));
      if (opened !== found.entropy) throw error;
      await this.setAuthFn(tombstoneFor(found.lookupKey));
    }
    await rememberFormat(this.formMemory, creds.username, 'strong');
    return { strengthened: true, alreadyStrong: false };
  }

  /**
   * The format this browser last saw `username`'s record in: 'strong' once a login, sign-up,
   * restore or strengthen here met a strengthened record, else 'hedgehog'.
   */
  async rememberedFormat(username: string): Promise<RecordFormat> {
    return (await rememberedFormatOf(this.formMemory, username)) ?? 'hedgehog';
  }

  /**
   * The format this browser met `username`'s record in, or null when it has not met the account
   * (a login then looks for both formats).
   */
  knownFormat(username: string): Promise<RecordFormat | null> {
    return rememberedFormatOf(this.formMemory, strongCredentials(username, '').username);
  }

  /**
   * Opens an account from its recovery phrase under a new password: a new record for the same
   * entropy under (username, password), and the username registered with the same address. The
   * username and password follow the sign-up policy (same errors); a phrase that is not 12 list
   * words with a valid checksum is an InvalidMnemonicError. The username's claim goes first, and
   * `setUserFn` answers 200 again for the address it already has, so a username that belongs to
   * another wallet fails with UsernameTakenError before anything is stored. Idempotent: a record
   * already stored under these credentials for this wallet (an earlier restore, or the old
   * password) is kept as it is. The record under the old password stays valid: the backend only
   * replaces a record for whoever knows its lookupKey.
   */
  async restoreFromMnemonic(
    username: string,
    password: string,
    mnemonic: string,
  ): Promise<HDNodeWallet> {
    const user = checkUsername(username);
    if (!user.ok) throw new InvalidUsernameError(user.reason, user.message);
    const pw = password.normalize('NFC');
    const policy = checkPassword(pw);
    if (!policy.ok) throw new WeakPasswordError(policy.reason, policy.message);
    const phrase = checkMnemonic(mnemonic);
    if (!phrase.ok) throw new InvalidMnemonicError(phrase.reason, phrase.message, phrase.wordIndex);

    const wallet = await WalletManager.deriveWallet(phrase.entropy, this.path);
    await this.warmedUp();
    // Strengthened when the integrator makes new records so, or this browser knows the account
    // as strengthened (a restore does not weaken it).
    const strong =
      this.newRecords === 'strong' ||
      (await rememberedFormatOf(this.formMemory, user.username)) === 'strong';
    // The key for a new record is derived beside the lookup key where a second thread can (it is
    // left unused when a record exists); otherwise only once the backend said there is none.
    const iv = Authentication.createIv();
    let lookupKey: string;
    let keys: RecordKeys;
    if (strong) {
      const master = await StrongRecord.deriveMaster(user.username, pw);
      lookupKey = await StrongRecord.lookupKey(master);
      keys = strongKeys(master);
    } else {
      const derived = await lookupKeyAndKey(user.username, pw, iv);
      lookupKey = derived.lookupKey;
      keys = hedgehogKeys(pw, { iv, key: derived.key });
    }
    const stored = await getRecord(this.getFn, lookupKey);
    if (stored) {
      // These credentials already open a record: this wallet's (nothing to store), or another's.
      const opened = await this.openRecord(stored, keys);
      if (opened.entropy !== phrase.entropy) throw new UsernameTakenError();
    }
    try {
      await this.setUserFn({
        username: user.username,
        walletAddress: wallet.address.toLowerCase(),
      });
    } catch (error) {
      if (error instanceof BackendError && error.status === 409) {
        throw new UsernameTakenError({ cause: error });
      }
      throw error;
    }
    if (!stored) {
      const cipherText = await sealEntropy(keys, phrase.entropy, iv);
      await this.setAuthFn({ iv, cipherText, lookupKey }).catch(async (error: unknown) => {
        // An answer lost after the write, or a concurrent restore: fine if it opens to this wallet.
        const landed = await getRecord(this.getFn, lookupKey).catch(() => null);
        const opened = landed && (await this.openRecord(landed, keys).catch(() => null));
        if (opened?.entropy !== phrase.entropy) throw error;
      });
    }
    await rememberFormat(this.formMemory, user.username, strong ? 'strong' : 'hedgehog');
    return this.adopt(phrase.entropy, wallet);
  }

  /**
   * Proves the person at the keyboard knows the logged-in wallet's password, the way a login
   * would: derives the lookupKey, fetches the record from the backend (so each guess spends the
   * backend's lookup budget) and opens it. A wrong password, or one that opens another wallet,
   * is AccountNotFoundError. Resolves to the logged-in wallet (`wallet.mnemonic.phrase`).
   */
  async confirmPassword(username: string, password: string): Promise<HDNodeWallet> {
    const wallet = this.wallet;
    if (!wallet) throw new NotLoggedInError();
    const found = await this.findAccount(username, password);
    if (!found || wallet.mnemonic?.entropy !== `0x${found.entropy}`) {
      throw new AccountNotFoundError();
    }
    return wallet;
  }

  /**
   * Finds the record these credentials open, in either format. A username this browser knows as
   * strengthened goes straight to the strong derivation (and to the Hedgehog lookup only when no
   * strengthened record answers). Otherwise the Hedgehog lookup goes first, with the strong
   * derivation beside it where there is a second thread (Node's thread pool, a page's worker), so
   * a Hedgehog-format login takes no longer; where there is none, the strong derivation follows
   * a Hedgehog lookup that found nothing. `given`: the strong derivation begun by the caller on
   * its own thread (the extension's popup), used in place of the core's in either case and
   * never waited for by a Hedgehog-format login. The format found is remembered for the next login.
   */
  private async findAccount(
    username: string,
    password: string,
    firstLookupKey?: string,
    given: Promise<Uint8Array | null> | null = null,
  ): Promise<FoundAccount | null> {
    const creds = strongCredentials(username, password);
    const t = phaseStart();
    const remembered = await rememberedFormatOf(this.formMemory, creds.username);
    measurePhase('hedgehog:recall-format', t);
    if (remembered === 'strong') {
      const found = await this.findStrong(creds, given);
      if (found) return found;
      return this.foundHedgehog(await this.findHedgehog(username, password, firstLookupKey));
    }
    if (remembered === 'hedgehog') {
      // Known here in Hedgehog's format: nothing derived beside it; the strong lookup only if
      // the Hedgehog record is gone (strengthened elsewhere).
      const legacy = await this.findHedgehog(username, password, firstLookupKey);
      return legacy ? legacy : this.findStrong(creds, given);
    }
    const early = given ?? strongMasterOnSecondThread(creds.username, creds.password);
    const legacy = await this.foundHedgehog(
      await this.findHedgehog(username, password, firstLookupKey),
    );
    if (legacy) return { ...legacy, ...(early ? { strongMaster: early } : {}) };
    return this.findStrong(creds, early);
  }

  /** Remembers that these credentials opened a Hedgehog-format record here. */
  private async foundHedgehog(found: FoundAccount | null): Promise<FoundAccount | null> {
    if (found) {
      const creds = strongCredentials(found.credentials.username, found.credentials.password);
      await rememberFormat(this.formMemory, creds.username, 'hedgehog');
    }
    return found;
  }

  /**
   * The strengthened record of these credentials (`early`: their strong derivation, begun
   * elsewhere; null inside when that thread refused it).
   */
  private async findStrong(
    credentials: Credentials,
    early: Promise<Uint8Array | null> | null,
  ): Promise<FoundAccount | null> {
    let t = phaseStart();
    await this.warmedUp();
    const master =
      (await early?.catch(() => null)) ??
      (await StrongRecord.deriveMaster(credentials.username, credentials.password));
    measurePhase('hedgehog:strong-derivation', t);
    const lookupKey = await StrongRecord.lookupKey(master);
    t = phaseStart();
    const record = await getRecord(this.getFn, lookupKey);
    measurePhase('hedgehog:get-record', t);
    if (!record) return null;
    const entropy = await openEntropy(strongKeys(master), record);
    await rememberFormat(this.formMemory, credentials.username, 'strong');
    return { lookupKey, entropy, credentials, format: 'strong' };
  }

  /**
   * The lookup key of a record in the other format than `found`'s under the same credentials
   * that opens to the same wallet (left by an interrupted strengthen), or null.
   */
  private async findLeftover(found: FoundAccount): Promise<string | null> {
    const creds = strongCredentials(found.credentials.username, found.credentials.password);
    if (found.format === 'strong') {
      const legacy = await this.findHedgehog(creds.username, creds.password);
      return legacy?.entropy === found.entropy ? legacy.lookupKey : null;
    }
    const strong = await this.findStrong(creds, found.strongMaster ?? null).catch(() => null);
    if (!strong) return null;
    // Found only to be removed: this browser keeps knowing the account by the format it uses.
    await rememberFormat(this.formMemory, creds.username, 'hedgehog');
    return strong.entropy === found.entropy ? strong.lookupKey : null;
  }

  /** Tries each form of the credentials (see loginForms); the first stored record that matches wins. */
  private async findHedgehog(
    username: string,
    password: string,
    firstLookupKey?: string,
  ): Promise<FoundAccount | null> {
    // A given key lets the backend lookup start while the warm-up may still be running.
    let given = firstLookupKey && LOOKUP_KEY_PATTERN.test(firstLookupKey) ? firstLookupKey : null;
    for (const credentials of loginForms(username, password)) {
      let lookupKey = given;
      given = null;
      let t = phaseStart();
      if (!lookupKey) {
        await this.warmedUp();
        measurePhase('hedgehog:wait-warm-up', t);
        t = phaseStart();
        lookupKey = await Authentication.createAuthLookupKey(
          credentials.username,
          credentials.password,
        );
      }
      measurePhase('hedgehog:scrypt-lookup-key', t);
      t = phaseStart();
      const record = await getRecord(this.getFn, lookupKey);
      measurePhase('hedgehog:get-record', t);
      if (!record) continue;
      // The lookupKey matched, so the password is right: a failure here is a corrupt record and
      // surfaces as DecryptionFailedError rather than a misleading "not found".
      if (lookupKey === firstLookupKey) {
        t = phaseStart();
        await this.warmedUp();
        measurePhase('hedgehog:wait-warm-up', t);
      }
      t = phaseStart();
      const key = await Authentication.createKey(credentials.password, record.iv);
      measurePhase('hedgehog:scrypt-key', t);
      t = phaseStart();
      const entropy = await Authentication.decryptEntropy(record.cipherText, key, record.iv);
      measurePhase('hedgehog:aes-decrypt', t);
      return { lookupKey, entropy, credentials, format: 'hedgehog' };
    }
    return null;
  }

  /**
   * setUserFn for the attempt's wallet. A 409 (the name has another address) is read as the
   * backend's answer to "does this account exist?": when these credentials already open a record
   * (the account was made elsewhere, or an earlier attempt finished on the backend but its
   * answers were lost), the sign-up continues with that record's wallet, whose claim setUserFn
   * answers again; otherwise the name belongs to someone else, and this attempt, which can never
   * finish, is not kept (it would take the place of one that can).
   */
  private async claimUsername(
    username: string,
    lookupKey: string,
    keys: RecordKeys,
    pending: PendingSignUp,
  ): Promise<PendingSignUp> {
    // Lowercase like Hedgehog's getAddressString(), so backends see the same value.
    const claim = (wallet: HDNodeWallet) =>
      this.setUserFn({ username, walletAddress: wallet.address.toLowerCase() });
    try {
      await claim(pending.wallet);
      return { ...pending, userClaimed: true };
    } catch (error) {
      if (!(error instanceof BackendError) || error.status !== 409 || pending.authStored) {
        throw error;
      }
      const stored = await getRecord(this.getFn, lookupKey);
      const existing = stored && (await this.openRecord(stored, keys).catch(() => null));
      this.pending.delete(lookupKey);
      await forgetSignUp(this.storage, lookupKey).catch(() => undefined);
      if (!existing || existing.wallet.address === pending.wallet.address) throw error;
      // The name's 409 stands if it belongs to a third wallet.
      await claim(existing.wallet);
      return { ...existing, userClaimed: true };
    }
  }

  /**
   * setAuthFn, tolerant of a failure that still stored the record: an answer lost after the
   * write, or a backend refusing a duplicate lookupKey (409) because an earlier attempt's write
   * went through. The record the backend holds counts when it opens to the wallet the username
   * was just given to. A record that opens to another wallet was stored before any claim (the
   * order of older clients and of the original library, which left a record without its name
   * when the claim failed): the credentials open it, so the sign-up ends in that wallet, as a
   * login would. Anything else is reported as the error it was.
   */
  private async storeAuth(
    lookupKey: string,
    keys: RecordKeys,
    pending: PendingSignUp,
  ): Promise<PendingSignUp> {
    try {
      await this.setAuthFn({ iv: pending.iv, cipherText: pending.cipherText, lookupKey });
      return { ...pending, authStored: true };
    } catch (error) {
      const stored = await getRecord(this.getFn, lookupKey).catch(() => null);
      if (!stored) throw error;
      if (stored.iv === pending.iv && stored.cipherText === pending.cipherText) {
        return { ...pending, authStored: true };
      }
      const opened = await this.openRecord(stored, keys).catch(() => null);
      if (!opened) throw error;
      return { ...opened, userClaimed: true };
    }
  }

  private async openRecord(record: AuthRecord, keys: RecordKeys): Promise<PendingSignUp> {
    const entropy = await openEntropy(keys, record);
    const wallet = await WalletManager.deriveWallet(entropy, this.path);
    return {
      entropy,
      iv: record.iv,
      cipherText: record.cipherText,
      wallet,
      userClaimed: false,
      authStored: true,
    };
  }

  /**
   * The wallet to sign up with: the record this browser remembered from an attempt that did not
   * finish, else new entropy. Nothing is asked of the backend here (see signUp).
   */
  private async prepareSignUp(lookupKey: string, fresh: FreshKey): Promise<PendingSignUp> {
    const remembered = await recallSignUp(this.storage, lookupKey).catch(() => null);
    if (remembered) {
      const entropy = await openEntropy(fresh.keys, remembered).catch(() => null);
      if (entropy) {
        const wallet = await WalletManager.deriveWallet(entropy, this.path);
        return { entropy, ...remembered, wallet, userClaimed: false, authStored: false };
      }
      // Not ours after all (corrupt): start afresh, under a fresh iv.
      return this.freshSignUp(fresh.keys, Authentication.createIv());
    }
    return this.freshSignUp(fresh.keys, fresh.iv, fresh.wallet);
  }

  private async freshSignUp(
    keys: RecordKeys,
    iv: string,
    derived?: Promise<{ entropy: string; wallet: HDNodeWallet }>,
  ): Promise<PendingSignUp> {
    const { entropy, wallet } = derived
      ? await derived
      : await (async () => {
          const fresh = WalletManager.createEntropy();
          return { entropy: fresh, wallet: await WalletManager.deriveWallet(fresh, this.path) };
        })();
    const cipherText = await sealEntropy(keys, entropy, iv);
    return { entropy, iv, cipherText, wallet, userClaimed: false, authStored: false };
  }

  /**
   * Lets a warm-up that is under way finish before the first real derivation: V8 only swaps in
   * optimised WebAssembly between calls, so a full-size scrypt started on the baseline code
   * would run all of its ~100 ms there (measured: cold login about 2x a warm one in Chromium).
   */
  private async warmedUp(): Promise<void> {
    await this.warmUp().catch(() => undefined);
  }

  /** Stores `entropy` and makes its wallet the logged-in one (`derived`: already derived from it). */
  private async adopt(entropy: string, derived?: HDNodeWallet): Promise<HDNodeWallet> {
    const wallet = derived ?? (await WalletManager.deriveWallet(entropy, this.path));
    const t = phaseStart();
    await this.storage.set(ENTROPY_STORAGE_KEY, entropy);
    measurePhase('hedgehog:store-entropy', t);
    this.wallet = wallet;
    return wallet;
  }
}
