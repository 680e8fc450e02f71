import type { HDNodeWallet } from 'ethers';
import { checkUsername, type LoginOptions, NotLoggedInError } from '../../hedgehog/index.ts';
import { measurePhase, phaseStart } from '../../perf/index.ts';
import type { KeyValueStore } from '../storage/index.ts';

/** The part of Hedgehog the session drives (kept narrow so tests can see what is used). */
export interface HedgehogLike {
  signUp(username: string, password: string): Promise<HDNodeWallet>;
  login(username: string, password: string, options?: LoginOptions): Promise<HDNodeWallet>;
  logout(): Promise<void>;
  getWallet(): HDNodeWallet | null;
  restoreLocalWallet(): Promise<HDNodeWallet | null>;
  changePassword(username: string, oldPassword: string, newPassword: string): Promise<void>;
  restoreFromMnemonic(username: string, password: string, mnemonic: string): Promise<HDNodeWallet>;
  confirmPassword(username: string, password: string): Promise<HDNodeWallet>;
}

export interface SessionState {
  loggedIn: boolean;
  /** EIP-55 checksummed. */
  address: string | null;
  username: string | null;
}

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
   * Runs when an address becomes the session's (login, sign-up, restore), before any listener
   * hears of it. A failure is logged, never fails the login.
   */
  prepareAccount?: (address: string) => Promise<void>;
}

const USERNAME_KEY = 'username';

/**
 * The logged-in wallet of the background worker. Everything that matters is in extension storage
 * (through Hedgehog's store), so a new instance after a worker restart is the same session once
 * `ready()` resolves. Operations run one at a time: a login racing a logout must not interleave.
 */
export class WalletSession {
  private username: string | null = null;
  private readonly listeners = new Set<(address: string | null) => void>();
  private readyPromise: Promise<void> | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: WalletSessionDeps) {}

  /** Restores the wallet kept in storage, if any. Memoised; every operation awaits it. */
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

  getWallet(): HDNodeWallet | null {
    return this.deps.hedgehog.getWallet();
  }

  getState(): SessionState {
    const wallet = this.getWallet();
    return {
      loggedIn: wallet !== null,
      address: wallet?.address ?? null,
      username: wallet ? this.username : null,
    };
  }

  signUp(username: string, password: string): Promise<SessionState> {
    return this.exclusive(async () => {
      const before = this.getWallet()?.address ?? null;
      const wallet = await this.deps.hedgehog.signUp(username, password);
      return this.enter(username, wallet, before);
    });
  }

  /** `options.lookupKey`: see Hedgehog's login (the popup derives it while the worker starts). */
  login(username: string, password: string, options?: LoginOptions): Promise<SessionState> {
    return this.exclusive(async () => {
      const before = this.getWallet()?.address ?? null;
      const wallet = await this.deps.hedgehog.login(username, password, options);
      return this.enter(username, wallet, before);
    });
  }

  logout(): Promise<SessionState> {
    return this.exclusive(async () => {
      const wasLoggedIn = this.getWallet() !== null;
      await this.deps.hedgehog.logout();
      await this.deps.store.remove(USERNAME_KEY);
      // Also from the area the lock setting does not name: a copy left there would come back
      // as a login at the next start, or when the setting changes.
      await this.deps.clearStorage?.();
      this.username = null;
      if (wasLoggedIn) this.emit(null);
      return this.getState();
    });
  }

  changePassword(oldPassword: string, newPassword: string): Promise<void> {
    return this.exclusive(async () => {
      if (!this.getWallet() || !this.username) throw new NotLoggedInError();
      await this.deps.hedgehog.changePassword(this.username, oldPassword, newPassword);
    });
  }

  /** Opens the account from its recovery phrase under a new password (Hedgehog's restore). */
  restoreFromMnemonic(username: string, password: string, phrase: string): Promise<SessionState> {
    return this.exclusive(async () => {
      const before = this.getWallet()?.address ?? null;
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
      if (!this.getWallet() || !this.username) throw new NotLoggedInError();
      const wallet = await this.deps.hedgehog.confirmPassword(this.username, password);
      const phrase = wallet.mnemonic?.phrase;
      if (!phrase) throw new Error('The logged-in wallet has no mnemonic');
      return phrase;
    });
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
    await this.deps.prepareStorage?.();
    const wallet = await this.deps.hedgehog.restoreLocalWallet().catch(() => null);
    this.username = wallet ? ((await this.deps.store.get(USERNAME_KEY)) ?? null) : null;
    if (wallet) await this.prepareAccount(wallet.address);
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
    this.username = checked.ok ? checked.username : username.trim();
    let t = phaseStart();
    await this.deps.store.set(USERNAME_KEY, this.username);
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

  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(() => this.ready()).then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }
}
