import {
  checkUsername,
  ENTROPY_STORAGE_KEY,
  isStoredEntropy,
  type LoginOptions,
  NotLoggedInError,
  type RecordFormat,
  type SignUpOptions,
  type StrengthenResult,
} from '@encore-wallet/core';
import { sha256Hex } from '@encore-wallet/utils/encoding';
import { measurePhase, phaseStart } from '@encore-wallet/utils/perf';
import type { HDNodeWallet } from 'ethers';
import type { WalletCatalogProfile } from '../catalog/index.ts';
import { LoginInProgressError } from '../errors/index.ts';
import { type KeyValueStore, WalletDataUnreadableError } from '../storage/index.ts';
import {
  type CachedProfile,
  readSnapshot,
  type SessionSnapshot,
  SNAPSHOT_KEY,
  writeSnapshot,
} from './snapshot.ts';

/** The part of Hedgehog the session drives (kept narrow so tests can see what is used). */
export interface HedgehogLike {
  signUp(username: string, password: string, options?: SignUpOptions): Promise<HDNodeWallet>;
  login(username: string, password: string, options?: LoginOptions): Promise<HDNodeWallet>;
  logout(): Promise<void>;
  getWallet(): HDNodeWallet | null;
  restoreLocalWallet(): Promise<HDNodeWallet | null>;
  changePassword(username: string, oldPassword: string, newPassword: string): Promise<void>;
  restoreFromMnemonic(username: string, password: string, mnemonic: string): Promise<HDNodeWallet>;
  confirmPassword(username: string, password: string): Promise<HDNodeWallet>;
  strengthen(username: string, password: string): Promise<StrengthenResult>;
  rememberedFormat(username: string): Promise<RecordFormat>;
  knownFormat(username: string): Promise<RecordFormat | null>;
}

export interface SessionState {
  loggedIn: boolean;
  /** EIP-55 checksummed. */
  address: string | null;
  username: string | null;
}

/** What signs for the session: the address at once, the wallet derived on the first signature. */
export type SessionSigner = Pick<
  HDNodeWallet,
  'address' | 'signMessage' | 'signTypedData' | 'signTransaction'
>;

export interface WalletSessionDeps {
  hedgehog: HedgehogLike;
  /** Same store Hedgehog keeps its entropy in, so the username follows the lock setting too. */
  store: KeyValueStore;
  /**
   * Runs first in `ready()`, before the wallet is restored: brings stored data to this build's
   * layout and puts the wallet keys where the lock setting wants them. Everything that reads
   * storage awaits `ready()`, so nothing reads an old layout.
   */
  prepareStorage?: () => Promise<void>;
  /** Removes the wallet keys from every place they may be kept (logout). */
  clearStorage?: () => Promise<void>;
  /**
   * Runs at every login, sign-up and restore once the new entropy is stored: the stored wallet
   * values are sealed again under a new key (Firefox), so nothing sealed before this login opens
   * again, even when no logout came in between (a login over a session, or a session lost).
   */
  renewStorageKey?: () => Promise<void>;
  /**
   * Runs when an address becomes the session's (login, sign-up, restore), before any listener
   * hears of it. A failure is logged, never fails the login.
   */
  prepareAccount?: (address: string) => Promise<void>;
  /** Awaited before the stored wallet is derived (browser tests hold the derivation with it). */
  beforeDerive?: () => Promise<void>;
  /**
   * Prepares the wallet core for a login (Hedgehog's warmUp). Started when the session finds
   * nobody logged in, so a logged-in worker's first answer does not compete with it.
   */
  warmUp?: () => Promise<void>;
  /**
   * Remembers, across restarts of the worker, that the stored session could not be opened (its
   * sealing key is gone), so the popup can say why the person is logged out. Cleared by the next
   * login or logout.
   */
  lostSession?: LostSessionMarker;
}

export interface LostSessionMarker {
  mark(): Promise<void>;
  isMarked(): Promise<boolean>;
  clear(): Promise<void>;
}

const USERNAME_KEY = 'username';

interface Account {
  address: string;
  username: string | null;
  catalog: CachedProfile | null;
}

/**
 * The logged-in wallet of the background worker. Everything that matters is in extension storage
 * (through Hedgehog's store), so a new instance after a worker restart is the same session once
 * `ready()` resolves. Restoring reads the session snapshot (address, username, last profile) and
 * does not derive the wallet: that happens on the first signature or `getWallet()`, or when the
 * worker asks for it in the background (`deriveInBackground`). Operations run one at a time: a
 * login racing a logout must not interleave.
 */
export class WalletSession {
  private account: Account | null = null;
  private readonly listeners = new Set<(address: string | null) => void>();
  private readyPromise: Promise<void> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private backgroundTimer: ReturnType<typeof setTimeout> | undefined;
  private lost = false;
  /** Logins, sign-ups and restores asked for and not yet settled (from any page). */
  private loginsInFlight = 0;

  constructor(private readonly deps: WalletSessionDeps) {}

  /** Restores the session kept in storage, if any. Memoised; every operation awaits it. */
  ready(): Promise<void> {
    // A failed restore (storage unavailable) is retried by the next caller, not cached forever.
    const t = phaseStart();
    this.readyPromise ??= this.restore()
      .then(() => measurePhase('encore:session:ready', t))
      .catch((error: unknown) => {
        this.readyPromise = null;
        throw error;
      });
    return this.readyPromise;
  }

  getState(): SessionState {
    const account = this.account;
    return {
      loggedIn: account !== null,
      address: account?.address ?? null,
      username: account?.username ?? null,
    };
  }

  /** The logged-in address (call after `ready()`), known without deriving the wallet. */
  getAddress(): string | null {
    return this.account?.address ?? null;
  }

  /**
   * True when the session kept on this browser could not be opened and was dropped (logged out),
   * until the next login or logout: the popup tells the person to log in again.
   */
  sessionWasLost(): boolean {
    return this.lost;
  }

  /** The last catalog profile lookup for this account, as stored; null before the first one. */
  getCachedProfile(): CachedProfile | null {
    return this.account?.catalog ?? null;
  }

  /** The wallet, derived from the stored entropy when not done yet; null when logged out. */
  getWallet(): Promise<HDNodeWallet | null> {
    return this.exclusive(() => this.derive());
  }

  /**
   * Signs as the logged-in address; null when logged out. The wallet is derived on the first
   * signature, and a signer whose account has logged out (or changed) since refuses to sign.
   */
  getSigner(): SessionSigner | null {
    const address = this.getAddress();
    if (!address) return null;
    const wallet = async (): Promise<HDNodeWallet> => {
      const current = await this.getWallet();
      if (current?.address !== address) throw new NotLoggedInError();
      return current;
    };
    return {
      address,
      signMessage: async (message) => (await wallet()).signMessage(message),
      signTypedData: async (domain, types, value) =>
        (await wallet()).signTypedData(domain, types, value),
      signTransaction: async (tx) => (await wallet()).signTransaction(tx),
    };
  }

  /** Derives the wallet soon, off the path of the answer being sent (after the first answer). */
  deriveInBackground(delayMs: number): void {
    if (this.backgroundTimer !== undefined || !this.account || this.deps.hedgehog.getWallet()) {
      return;
    }
    this.backgroundTimer = setTimeout(() => {
      this.backgroundTimer = undefined;
      this.getWallet().catch((error: unknown) => {
        console.error('[encore] could not derive the wallet', error);
      });
    }, delayMs);
  }

  /** `options.lookupKey`: see Hedgehog's signUp (the popup derives it while the worker derives the key). */
  signUp(username: string, password: string, options?: SignUpOptions): Promise<SessionState> {
    return this.loggingIn(async () => {
      const before = this.getAddress();
      const wallet = await this.deps.hedgehog.signUp(username, password, options);
      return this.enter(username, wallet, before);
    });
  }

  /** `options.lookupKey`: see Hedgehog's login (the popup derives it while the worker starts). */
  login(username: string, password: string, options?: LoginOptions): Promise<SessionState> {
    return this.loggingIn(async () => {
      const before = this.getAddress();
      const wallet = await this.deps.hedgehog.login(username, password, options);
      return this.enter(username, wallet, before);
    });
  }

  logout(): Promise<SessionState> {
    return this.exclusive(async () => {
      const wasLoggedIn = this.account !== null;
      await this.deps.hedgehog.logout();
      await this.deps.store.remove(USERNAME_KEY);
      await this.deps.store.remove(SNAPSHOT_KEY);
      // Also from the area the lock setting does not name: a copy left there would come back
      // as a login at the next start, or when the setting changes.
      await this.deps.clearStorage?.();
      this.account = null;
      await this.clearLost();
      if (wasLoggedIn) this.emit(null);
      // The next thing here is likely a login.
      this.warmUp();
      return this.getState();
    });
  }

  changePassword(oldPassword: string, newPassword: string): Promise<void> {
    return this.exclusive(async () => {
      const username = this.account?.username;
      if (!this.account || !username) throw new NotLoggedInError();
      await this.deps.hedgehog.changePassword(username, oldPassword, newPassword);
    });
  }

  /**
   * Keeps the profile just looked up for `address` in the snapshot, so the next popup shows it
   * at once. Ignored when `address` is no longer the session's (a logout or another login came
   * first): nothing is written for an account that left.
   */
  rememberProfile(address: string, profile: WalletCatalogProfile | null): Promise<void> {
    return this.exclusive(async () => {
      const account = this.account;
      if (account?.address !== address) return;
      const catalog: CachedProfile = {
        userId: profile?.user.id ?? null,
        profile,
        checkedAt: Date.now(),
      };
      const entropy = await this.storedEntropy();
      if (!entropy) return;
      this.account = { ...account, catalog };
      await this.saveSnapshot(entropy, this.account);
    });
  }

  /** Opens the account from its recovery phrase under a new password (Hedgehog's restore). */
  restoreFromMnemonic(username: string, password: string, phrase: string): Promise<SessionState> {
    return this.loggingIn(async () => {
      const before = this.getAddress();
      const wallet = await this.deps.hedgehog.restoreFromMnemonic(username, password, phrase);
      return this.enter(username, wallet, before);
    });
  }

  /**
   * The logged-in wallet's 12 words, once the backend has agreed the password is right (a login's
   * lookup: every wrong guess spends the backend's rate-limit budget). Never kept or cached.
   */
  revealRecoveryPhrase(password: string): Promise<string> {
    return this.exclusive(async () => {
      const username = this.account?.username;
      // The phrase is the derived wallet's: derive it now if the session has not yet.
      if (!username || !(await this.derive())) throw new NotLoggedInError();
      const wallet = await this.deps.hedgehog.confirmPassword(username, password);
      const phrase = wallet.mnemonic?.phrase;
      if (!phrase) throw new Error('The logged-in wallet has no mnemonic');
      return phrase;
    });
  }

  /**
   * Resolves when the backend agrees `password` is the logged-in account's (a login's lookup,
   * spending the backend's rate-limit budget like any guess); rejects otherwise.
   */
  confirmPassword(password: string): Promise<void> {
    return this.exclusive(async () => {
      const username = this.account?.username;
      const address = this.getAddress();
      if (!username || !address || !(await this.derive())) throw new NotLoggedInError();
      const wallet = await this.deps.hedgehog.confirmPassword(username, password);
      if (wallet.address !== address) throw new NotLoggedInError();
    });
  }

  /**
   * Re-encrypts the logged-in account's record in the strengthened format (Hedgehog's
   * `strengthen`), after the password. Refused with LoginInProgressError while a login, sign-up or
   * restore is under way in any page: it could be opening the very record being replaced.
   */
  strengthen(password: string): Promise<StrengthenResult> {
    if (this.loginsInFlight > 0) return Promise.reject(new LoginInProgressError());
    return this.exclusive(async () => {
      const username = this.account?.username;
      if (!this.account || !username) throw new NotLoggedInError();
      if (this.loginsInFlight > 0) throw new LoginInProgressError();
      return this.deps.hedgehog.strengthen(username, password);
    });
  }

  /**
   * The format this browser met `username`'s record in, or null: read at once, beside any
   * operation under way (a login asks it before it starts).
   */
  knownFormat(username: string): Promise<RecordFormat | null> {
    return this.deps.hedgehog.knownFormat(username);
  }

  /** The logged-in account's record format as this browser knows it; null when logged out. */
  recordFormat(): Promise<RecordFormat | null> {
    return this.exclusive(async () => {
      const username = this.account?.username;
      return username ? this.deps.hedgehog.rememberedFormat(username) : null;
    });
  }

  /** Whether a login, sign-up or restore is under way (asked for and not yet settled). */
  loginInProgress(): boolean {
    return this.loginsInFlight > 0;
  }

  /** Moves stored wallet data after the lock setting changed (see WalletSessionDeps). */
  relocateStorage(): Promise<void> {
    return this.exclusive(async () => {
      await this.deps.prepareStorage?.();
    });
  }

  /** `cb(address)` after every login, sign-up and logout (null). Returns an unsubscribe. */
  onAccountChanged(cb: (address: string | null) => void): () => void {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  }

  private async restore(): Promise<void> {
    try {
      await this.deps.prepareStorage?.();
      const entropy = await this.storedEntropy();
      if (entropy) return await this.restoreAccount(entropy);
      this.lost = (await this.deps.lostSession?.isMarked()) ?? false;
    } catch (error) {
      if (!(error instanceof WalletDataUnreadableError)) throw error;
      await this.dropUnreadable(error);
    }
    this.warmUp();
  }

  /**
   * The stored session cannot be opened (its sealing key is gone, or a value was changed): nothing
   * can recover it, so log out cleanly and remember to tell the person.
   */
  private async dropUnreadable(error: WalletDataUnreadableError): Promise<void> {
    console.warn(`[encore] the stored session could not be opened; logged out (${error.message})`);
    await this.deps.clearStorage?.();
    this.account = null;
    this.lost = true;
    await this.deps.lostSession?.mark();
  }

  private async clearLost(): Promise<void> {
    if (!this.lost) return;
    this.lost = false;
    await this.deps.lostSession?.clear();
  }

  private async restoreAccount(entropy: string): Promise<void> {
    const [snapshot, username] = await Promise.all([
      readSnapshot(this.deps.store, entropy),
      this.deps.store.get(USERNAME_KEY),
    ]);
    if (snapshot) {
      this.account = {
        address: snapshot.address,
        username: username ?? snapshot.username,
        catalog: snapshot.catalog,
      };
    } else {
      // No snapshot for this entropy (stored by an older build, or damaged): derive once, now,
      // and write one for the next start.
      const wallet = await this.deriveStored();
      if (!wallet) return;
      this.account = { address: wallet.address, username: username ?? null, catalog: null };
      await this.saveSnapshot(entropy, this.account).catch(() => undefined);
    }
    await this.prepareAccount(this.account.address);
  }

  /** The wallet for the stored entropy; runs inside `exclusive`. */
  private async derive(): Promise<HDNodeWallet | null> {
    const account = this.account;
    if (!account) return null;
    const existing = this.deps.hedgehog.getWallet();
    if (existing) return existing;
    const wallet = await this.deriveStored();
    if (!wallet) return null;
    if (wallet.address !== account.address) {
      // The snapshot matched the entropy's digest, so this cannot happen short of a hash
      // collision or storage changed underneath; the entropy is the truth either way.
      this.account = { address: wallet.address, username: account.username, catalog: null };
      const entropy = await this.storedEntropy();
      if (entropy) await this.saveSnapshot(entropy, this.account);
      this.emit(wallet.address);
    }
    return wallet;
  }

  private async deriveStored(): Promise<HDNodeWallet | null> {
    await this.deps.beforeDerive?.();
    const t = phaseStart();
    const wallet = await this.deps.hedgehog.restoreLocalWallet().catch(() => null);
    measurePhase('encore:session:derive-wallet', t);
    return wallet;
  }

  private warmUp(): void {
    this.deps.warmUp?.().catch(() => undefined);
  }

  private async storedEntropy(): Promise<string | null> {
    const entropy = await this.deps.store.get(ENTROPY_STORAGE_KEY);
    return isStoredEntropy(entropy) ? entropy : null;
  }

  private async saveSnapshot(entropy: string, account: Account): Promise<void> {
    const snapshot: SessionSnapshot = {
      version: 1,
      entropyDigest: await sha256Hex(entropy),
      address: account.address,
      username: account.username,
      catalog: account.catalog,
    };
    await writeSnapshot(this.deps.store, snapshot);
  }

  private async prepareAccount(address: string): Promise<void> {
    try {
      await this.deps.prepareAccount?.(address);
    } catch (error) {
      console.error('[encore] could not prepare the account', error);
    }
  }

  private async enter(
    username: string,
    wallet: HDNodeWallet,
    previous: string | null,
  ): Promise<SessionState> {
    // Remember the name as Hedgehog used it (trimmed, NFC), which is what logs in next time.
    const checked = checkUsername(username);
    const name = checked.ok ? checked.username : username.trim();
    const catalog = previous === wallet.address ? (this.account?.catalog ?? null) : null;
    let t = phaseStart();
    await this.deps.renewStorageKey?.();
    measurePhase('encore:session:renew-storage-key', t);
    this.account = { address: wallet.address, username: name, catalog };
    await this.clearLost();
    t = phaseStart();
    await this.deps.store.set(USERNAME_KEY, name);
    const entropy = await this.storedEntropy();
    if (entropy) await this.saveSnapshot(entropy, this.account);
    measurePhase('encore:session:store-username', t);
    t = phaseStart();
    await this.prepareAccount(wallet.address);
    measurePhase('encore:session:prepare-account', t);
    if (previous !== wallet.address) this.emit(wallet.address);
    return this.getState();
  }

  private emit(address: string | null): void {
    for (const listener of this.listeners) {
      try {
        listener(address);
      } catch {
        // One broken listener must not stop the others or fail the login.
      }
    }
  }

  /** `exclusive`, counted as a login in flight from the moment it is asked for until it settles. */
  private loggingIn<T>(task: () => Promise<T>): Promise<T> {
    this.loginsInFlight++;
    return this.exclusive(task).finally(() => {
      this.loginsInFlight--;
    });
  }

  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(() => this.ready()).then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }
}
