// The Hedgehog flows (sign-up, login, restore, password change, strengthen, local session) with
// the integrator's three backend functions: the orchestration only. Each record format lives in
// formats/ behind one interface, and which format a flow looks in or makes is decided in
// formats/choose-format.ts; a login's search runs in internal/find-account.ts.

import { BackendError } from '@encore-wallet/contract';
import { bytesToHex } from '@encore-wallet/utils/encoding';
import { measurePhase, phaseStart } from '@encore-wallet/utils/perf';
import type { HDNodeWallet } from 'ethers';
import { Authentication } from './authentication.ts';
import {
  AccountNotFoundError,
  DecryptionFailedError,
  InvalidMnemonicError,
  InvalidUsernameError,
  NotLoggedInError,
  UsernameTakenError,
  WeakPasswordError,
} from './errors.ts';
import {
  changedPasswordFormat,
  restorePlan,
  signUpFormat,
  strengthenedFormat,
} from './formats/choose-format.ts';
import { type HardenedFormatModule, hardenedFormat } from './formats/hardened-format.ts';
import type { Credentials, FormatKeys, RecordFormatModule } from './formats/record-format.ts';
import {
  type FinderDeps,
  type FoundAccount,
  findAccount,
  findLeftover,
  knownFormatOf,
  noteFormat,
} from './internal/find-account.ts';
import { getRecord } from './internal/get-record.ts';
import {
  forgetSignUp,
  type PendingSignUp,
  type PendingSignUps,
  recallSignUp,
  rememberSignUp,
} from './internal/pending-sign-ups.ts';
import { randomBytes } from './internal/random.ts';
import { type FreshKeys, type NewWallet, signUpKeys } from './internal/sign-up-keys.ts';
import { warmUpWalletCore } from './internal/warm-up.ts';
import { checkMnemonic } from './mnemonic-check.ts';
import { checkPassword, checkUsername } from './password-policy.ts';
import { createDefaultStore, ENTROPY_STORAGE_KEY, isStoredEntropy } from './storage.ts';
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

export class Hedgehog {
  private wallet: HDNodeWallet | null = null;
  private readonly storage: KeyValueStore;
  private readonly path: string;
  private readonly pending: PendingSignUps = new Map();
  private readonly newRecords: RecordFormat;
  private readonly formMemory: KeyValueStore;
  /** The hardened format, where the integrator configured a key holder. */
  private readonly hardened: HardenedFormatModule | null;
  /** What the search for an account's record reads: the backend's lookup and this browser's hints. */
  private readonly finder: FinderDeps;

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
    // A pin that is not a usable key fails here, before any record is made or looked for.
    this.hardened = options.keyHolder ? hardenedFormat(options.keyHolder) : null;
    this.finder = {
      hardened: this.hardened,
      getFn: this.getFn,
      formMemory: this.formMemory,
      met: new Map(),
      replacesAtomically: options.replacesAtomically ?? false,
      warmedUp: () => this.warmedUp(),
    };
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
    const format = signUpFormat(this.newRecords, this.hardened);
    const fresh = await signUpKeys(
      format,
      format.newRecordCredentials(user.username, pw),
      this.path,
      options.lookupKey,
    );
    const lookupKey = fresh.keys.lookupKey;
    measurePhase('hedgehog:sign-up-keys', t);
    t = phaseStart();
    let pending = this.pending.get(lookupKey) ?? (await this.prepareSignUp(format, fresh));
    measurePhase('hedgehog:sign-up-prepare', t);
    this.pending.set(lookupKey, pending);
    if (!pending.userClaimed) {
      t = phaseStart();
      if (!pending.authStored) await rememberSignUp(this.storage, lookupKey, pending);
      measurePhase('hedgehog:sign-up-remember', t);
      t = phaseStart();
      pending = await this.claimUsername(
        { username: user.username, password: pw },
        fresh.keys,
        pending,
      );
      measurePhase('hedgehog:set-user', t);
      this.pending.set(lookupKey, pending);
    }
    if (!pending.authStored) {
      t = phaseStart();
      pending = await this.storeAuth(format, fresh.keys, pending);
      measurePhase('hedgehog:set-auth', t);
      this.pending.set(lookupKey, pending);
    }
    // Once the record stands (a retry after a failure here marks again).
    if ((pending.format ?? format.name) === 'hardened') {
      await this.markHardened(user.username, fresh.keys);
    }
    t = phaseStart();
    await this.storage.set(ENTROPY_STORAGE_KEY, pending.entropy);
    measurePhase('hedgehog:store-entropy', t);
    this.pending.delete(lookupKey);
    // Only a leftover if this fails: it falls off the list later, and it opens nothing alone.
    await forgetSignUp(this.storage, lookupKey).catch(() => undefined);
    await noteFormat(this.finder, user.username, pending.format ?? format.name);
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
    const found = await findAccount(this.finder, username, password, {
      lookupKey: options.lookupKey,
      strongMaster: givenStrongMaster(options.strongMaster),
    });
    if (!found) throw new AccountNotFoundError();
    const wallet = await this.adopt(found.entropy);
    // A record under a previous key of the key holder moves to the current key now. The login
    // stands if that fails: the old record still opens while its key is pinned, and the next
    // login tries again.
    const format = strengthenedFormat(found.format, found.keys.keyHolderKey, this.hardened);
    if (found.format === 'hardened' && format) {
      await this.rewrap(found, format).catch(() => undefined);
    }
    return wallet;
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
   * is removed first, so only the new password opens the account afterwards; it is looked for
   * only where the backend does not replace atomically (`replacesAtomically`).
   */
  async changePassword(username: string, oldPassword: string, newPassword: string): Promise<void> {
    const newPw = newPassword.normalize('NFC');
    const policy = checkPassword(newPw);
    if (!policy.ok) throw new WeakPasswordError(policy.reason, policy.message);
    const found = await findAccount(this.finder, username, oldPassword);
    if (!found) throw new AccountNotFoundError();

    const format = changedPasswordFormat(found.format, this.hardened);
    const iv = Authentication.createIv();
    // The leftover's lookup runs beside the new keys where there is a second thread.
    const leftover = findLeftover(this.finder, found);
    leftover.catch(() => undefined);
    const keys = await format.derive(
      format.newRecordCredentials(found.credentials.username, newPw),
      { iv },
    );
    const cipherText = await format.seal(keys, found.entropy, iv);
    const left = await leftover;
    if (left) await this.setAuthFn(tombstoneFor(left));
    await this.setAuthFn({
      iv,
      cipherText,
      lookupKey: keys.lookupKey,
      oldLookupKey: found.lookupKey,
    });
    if (format.name === 'hardened') await this.markHardened(found.credentials.username, keys);
    await this.adopt(found.entropy);
  }

  /**
   * Re-encrypts the logged-in person's Hedgehog record as a strengthened one (strong-record.ts)
   * and replaces the old record with it in one `setAuthFn` (`oldLookupKey`): a backend that
   * replaces atomically (Encore's) never holds both; one that writes the new record before
   * removing the old leaves, if interrupted between the two, two records that open the same
   * wallet under the same password, and a later strengthen or password change removes the old
   * one (unless `replacesAtomically` says there can be none). `@audius/hedgehog` cannot open the result. A record already strengthened is left as it is
   * (`alreadyStrong`). Wrong credentials are AccountNotFoundError.
   */
  async strengthen(username: string, password: string): Promise<StrengthenResult> {
    const found = await findAccount(this.finder, username, password);
    if (!found) throw new AccountNotFoundError();
    const format = strengthenedFormat(found.format, found.keys.keyHolderKey, this.hardened);
    if (!format) {
      const left = await findLeftover(this.finder, found);
      if (left) await this.setAuthFn(tombstoneFor(left));
      // A hardened record the key holder does not mark yet (an earlier mark failed): marked now.
      if (found.format === 'hardened' && found.hardenedUnder !== found.keys.keyHolderKey) {
        await this.markHardened(found.credentials.username, found.keys);
      }
      return { strengthened: true, alreadyStrong: true };
    }
    await this.rewrap(found, format);
    return { strengthened: true, alreadyStrong: false };
  }

  /**
   * The found record re-encrypted in `format` (under the key holder's current key for a hardened
   * one), replacing the old record in one `setAuthFn` (`oldLookupKey`); a hardened record is then
   * reported to the key holder.
   */
  private async rewrap(found: FoundAccount, format: RecordFormatModule): Promise<void> {
    const creds = format.newRecordCredentials(
      found.credentials.username,
      found.credentials.password,
    );
    // The derivation a login began beside the one that found the record is these credentials'.
    const keys = await format.derive(creds, found.ahead);
    const lookupKey = keys.lookupKey;
    const iv = Authentication.createIv();
    const cipherText = await format.seal(keys, found.entropy, iv);
    try {
      await this.setAuthFn({ iv, cipherText, lookupKey, oldLookupKey: found.lookupKey });
    } catch (error) {
      // An earlier strengthen stored its record and was interrupted before the old one went (a
      // backend that does not replace atomically): the strengthened record stands, and the old
      // one is removed now.
      const stored = await getRecord(this.getFn, lookupKey).catch(() => null);
      const opened = stored && (await format.open(keys, stored).catch(() => null));
      if (opened !== found.entropy) throw error;
      await this.setAuthFn(tombstoneFor(found.lookupKey));
    }
    if (format.name === 'hardened') await this.markHardened(creds.username, keys);
    await noteFormat(this.finder, creds.username, format.name);
  }

  /** Reports a stored hardened record to the key holder (its typed error if that fails). */
  private async markHardened(username: string, keys: FormatKeys): Promise<void> {
    if (!this.hardened || !keys.keyHolderKey) return;
    await this.hardened.mark(username, keys.keyHolderKey);
  }

  /**
   * The format this browser last saw `username`'s record in: 'strong' once a login, sign-up,
   * restore or strengthen here met a strengthened record, else 'hedgehog'.
   */
  async rememberedFormat(username: string): Promise<RecordFormat> {
    return (await knownFormatOf(this.finder, username)) ?? 'hedgehog';
  }

  /**
   * The format this browser met `username`'s record in, or null when it has not met the account
   * (a login then looks for both formats).
   */
  knownFormat(username: string): Promise<RecordFormat | null> {
    return knownFormatOf(this.finder, username);
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
    const plan = restorePlan(
      this.newRecords,
      await knownFormatOf(this.finder, user.username),
      this.hardened,
    );
    // The key for a new record is derived beside the lookup key where a second thread can (it is
    // left unused when a record exists); otherwise only once the backend said there is none.
    const iv = Authentication.createIv();
    let keys: FormatKeys | null = null;
    let storedIn: RecordFormatModule | null = null;
    for (const format of plan.lookIn) {
      const derived = await format.derive(format.newRecordCredentials(user.username, pw), { iv });
      if (format === plan.write) keys = derived;
      const stored = await getRecord(this.getFn, derived.lookupKey);
      if (!stored) continue;
      // These credentials already open a record: this wallet's (nothing to store), or another's.
      const opened = await this.openRecord(stored, format, derived);
      if (opened.entropy !== phrase.entropy) throw new UsernameTakenError();
      storedIn = format;
      break;
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
    if (!storedIn && keys) {
      const format = plan.write;
      const written = keys;
      const cipherText = await format.seal(written, phrase.entropy, iv);
      const lookupKey = written.lookupKey;
      await this.setAuthFn({ iv, cipherText, lookupKey }).catch(async (error: unknown) => {
        // An answer lost after the write, or a concurrent restore: fine if it opens to this wallet.
        const landed = await getRecord(this.getFn, lookupKey).catch(() => null);
        const opened = landed && (await this.openRecord(landed, format, written).catch(() => null));
        if (opened?.entropy !== phrase.entropy) throw error;
      });
    }
    const made = storedIn ?? plan.write;
    if (made.name === 'hardened' && keys) await this.markHardened(user.username, keys);
    await noteFormat(this.finder, user.username, made.name);
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
    const found = await findAccount(this.finder, username, password);
    if (!found || wallet.mnemonic?.entropy !== `0x${found.entropy}`) {
      throw new AccountNotFoundError();
    }
    return wallet;
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
    { username, password }: Credentials,
    keys: FormatKeys,
    pending: PendingSignUp,
  ): Promise<PendingSignUp> {
    const { lookupKey } = keys;
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
      // Looked for as a login would, in any format and in the chooser's order: a Hedgehog-format
      // sign-up for a strengthened account's credentials sends no Hedgehog lookup key first.
      const found = await findAccount(this.finder, username, password).catch((e: unknown) => {
        if (e instanceof DecryptionFailedError) return null;
        throw e;
      });
      const existing: PendingSignUp | null = found && {
        format: found.format,
        entropy: found.entropy,
        iv: found.record.iv,
        cipherText: found.record.cipherText,
        wallet: await WalletManager.deriveWallet(found.entropy, this.path),
        userClaimed: false,
        authStored: true,
      };
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
    format: RecordFormatModule,
    keys: FormatKeys,
    pending: PendingSignUp,
  ): Promise<PendingSignUp> {
    const { lookupKey } = keys;
    try {
      await this.setAuthFn({ iv: pending.iv, cipherText: pending.cipherText, lookupKey });
      return { ...pending, authStored: true };
    } catch (error) {
      const stored = await getRecord(this.getFn, lookupKey).catch(() => null);
      if (!stored) throw error;
      if (stored.iv === pending.iv && stored.cipherText === pending.cipherText) {
        return { ...pending, authStored: true };
      }
      const opened = await this.openRecord(stored, format, keys).catch(() => null);
      if (!opened) throw error;
      return { ...opened, userClaimed: true };
    }
  }

  private async openRecord(
    record: AuthRecord,
    format: RecordFormatModule,
    keys: FormatKeys,
  ): Promise<PendingSignUp> {
    const entropy = await format.open(keys, record);
    const wallet = await WalletManager.deriveWallet(entropy, this.path);
    return {
      format: format.name,
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
  private async prepareSignUp(
    format: RecordFormatModule,
    fresh: FreshKeys,
  ): Promise<PendingSignUp> {
    const remembered = await recallSignUp(this.storage, fresh.keys.lookupKey).catch(() => null);
    if (remembered) {
      const entropy = await format.open(fresh.keys, remembered).catch(() => null);
      if (entropy) {
        const wallet = await WalletManager.deriveWallet(entropy, this.path);
        return { entropy, ...remembered, wallet, userClaimed: false, authStored: false };
      }
      // Not ours after all (corrupt): start afresh, under a fresh iv.
      return this.freshSignUp(format, fresh.keys, Authentication.createIv());
    }
    return this.freshSignUp(format, fresh.keys, fresh.iv, fresh.wallet);
  }

  private async freshSignUp(
    format: RecordFormatModule,
    keys: FormatKeys,
    iv: string,
    derived?: NewWallet,
  ): Promise<PendingSignUp> {
    const { entropy, wallet } = derived
      ? await derived
      : await (async () => {
          const fresh = WalletManager.createEntropy();
          return { entropy: fresh, wallet: await WalletManager.deriveWallet(fresh, this.path) };
        })();
    const cipherText = await format.seal(keys, entropy, iv);
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
