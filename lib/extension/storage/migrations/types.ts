// The shape of one storage migration step: a pure function from what is stored to what to write
// and remove. The runner (run-migrations.ts) does the I/O, in an order that survives a stop at
// any point; the steps stay testable without a browser.

export type AreaName = 'local' | 'session';

/** Everything in both extension storage areas, as read just before a step runs. */
export interface StorageSnapshot {
  local: Readonly<Record<string, unknown>>;
  session: Readonly<Record<string, unknown>>;
}

export interface MigrationPlan {
  /** Written first (one write per area). */
  set: Partial<Record<AreaName, Record<string, unknown>>>;
  /** Removed once every write went through. */
  remove: Partial<Record<AreaName, string[]>>;
  /** One line for the worker's console: what moved, in counts. Never a secret or an address. */
  summary: string;
}

/** What a step may ask of the world outside storage, injected so the step stays pure. */
export interface MigrationEnv {
  /** The address of the wallet this entropy opens (any case), or null when it opens none. */
  addressFromEntropy(entropy: string): string | null;
  /**
   * `value` sealed for the storage key `slot`, as the wallet session keeps it in storage.local
   * (lib/extension/storage/sealing). Absent where storage.local is kept from content scripts
   * (Chromium), so nothing is sealed there.
   */
  sealWalletValue?(slot: string, value: string): Promise<unknown>;
  /**
   * The value `stored` holds when it is one the extension itself sealed for `slot` (it opens
   * under the key in IndexedDB); null for anything else: a plain value, a sealed-looking object
   * a content script wrote, a value whose key is gone. Present exactly when `sealWalletValue` is.
   */
  openWalletValue?(slot: string, stored: unknown): Promise<string | null>;
  /**
   * `value` sealed as the settings, spending and permissions stores keep their record `slot` in
   * storage.local (lib/extension/storage/protected-record.ts). Absent where storage.local is
   * private.
   */
  sealRecord?(slot: string, value: unknown): Promise<unknown>;
}

export interface Migration {
  /** The version this step produces; it runs on data at version `to - 1`. */
  to: number;
  /** What the step does, for the log. */
  name: string;
  /**
   * Must be idempotent (running it again on its own output, or on a half-applied output, plans
   * the same end state), must keep what it does not understand, and must never leave the
   * wallet's entropy in no area when it was in one (the runner refuses such a plan; moving it
   * from one area to the other is fine). Asynchronous only through `env`.
   */
  plan(snapshot: StorageSnapshot, env: MigrationEnv): MigrationPlan | Promise<MigrationPlan>;
}
