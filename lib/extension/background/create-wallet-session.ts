import { type BackendFns, createBackendFns } from '@encore-wallet/backend-client';
import { Hedgehog, isStoredEntropy, WalletManager } from '@encore-wallet/core';
import type { FetchText } from '@encore-wallet/utils/http';
import { browser } from 'wxt/browser';
import { claimUnclaimedConnections } from '../permissions/index.ts';
import { type LostSessionMarker, WalletSession } from '../session/index.ts';
import { getSettings, LOCAL_STORAGE_IS_PRIVATE } from '../settings/index.ts';
import {
  type AreaName,
  clearWalletData,
  createAreaStore,
  createWalletSealer,
  indexedDbKeyStore,
  recordSealer,
  rekeyWalletData,
  relocateWalletData,
  runMigrations,
  settleFormatHints,
  type WalletSealer,
} from '../storage/index.ts';
import { keyHolderHedgehog } from './key-holder-hedgehog.ts';
import { strongRecordOptions } from './strong-record-options.ts';

/** storage.session is wiped when the browser closes: exactly what the lock setting asks for. */
async function walletArea(): Promise<AreaName> {
  return (await getSettings()).lockOnBrowserClose ? 'session' : 'local';
}

/** The address stored entropy opens, for migrations that assign data to the stored account. */
function addressFromEntropy(entropy: string): string | null {
  if (!isStoredEntropy(entropy)) return null;
  return WalletManager.walletFromEntropy(entropy).address;
}

/**
 * What seals the wallet values kept in storage.local: only where content scripts can read that
 * area (Firefox), with the key in the extension origin's IndexedDB.
 */
function defaultSealer(): WalletSealer | null {
  return LOCAL_STORAGE_IS_PRIVATE ? null : createWalletSealer(indexedDbKeyStore());
}

/** storage.session: says "log in again" until the browser closes or someone logs in or out. */
const LOST_SESSION_KEY = 'encore:session-lost';
const lostSessionMarker: LostSessionMarker = {
  mark: () => browser.storage.session.set({ [LOST_SESSION_KEY]: true }),
  isMarked: async () =>
    (await browser.storage.session.get(LOST_SESSION_KEY))[LOST_SESSION_KEY] === true,
  clear: () => browser.storage.session.remove(LOST_SESSION_KEY),
};

/**
 * The worker's wallet session, wired to extension storage and to the backend in the current
 * settings. The backend functions read the settings on every call, so a changed backend URL
 * applies at once, and so does a changed key holder (key-holder-hedgehog.ts). Tests pass `backend` to keep the wallet records in memory, and `sealer` to
 * seal storage.local as the Firefox build does. A restarted worker makes a new one, which restores
 * from storage.
 *
 * Its `ready()` first migrates stored data to this build's layout, then moves the wallet keys to
 * the area the lock setting names, then restores the wallet, then hands it any connections
 * waiting for the next account: everything else that reads storage awaits `ready()`.
 */
export function createWalletSession(
  options: {
    backend?: BackendFns;
    beforeDerive?: () => Promise<void>;
    sealer?: WalletSealer | null;
    /** What the key holder is asked with; the global fetch by default (tests answer in process). */
    keyHolderFetch?: FetchText;
  } = {},
): WalletSession {
  const sealer = options.sealer === undefined ? defaultSealer() : options.sealer;
  const store = createAreaStore(walletArea, sealer);
  const backend = async (): Promise<BackendFns> =>
    options.backend ?? createBackendFns({ baseUrl: (await getSettings()).backendUrl });
  const hedgehog = keyHolderHedgehog({
    keyHolder: async () => (await getSettings()).keyHolder,
    fetch: options.keyHolderFetch,
    build: (keyHolder) =>
      new Hedgehog(
        async (query) => (await backend()).getFn(query),
        async (record) => (await backend()).setAuthFn(record),
        async (user) => (await backend()).setUserFn(user),
        // Warmed up by the session once it knows nobody is logged in: a logged-in worker's first
        // answer comes from the session snapshot and should not wait behind the warm-up.
        // The backend contract replaces a record in one transaction (docs/backend.md), so no
        // leftover of an interrupted strengthen is looked for (that would send a strengthened
        // account's Hedgehog lookup key).
        {
          storage: store,
          warmUpOnCreate: false,
          replacesAtomically: true,
          ...strongRecordOptions(),
          ...(keyHolder ? { keyHolder } : {}),
        },
      ),
  });
  const sealWalletValue = sealer ? sealer.seal.bind(sealer) : undefined;
  const openWalletValue = sealer
    ? (slot: string, stored: unknown) => sealer.open(slot, stored).catch(() => null)
    : undefined;
  return new WalletSession({
    hedgehog,
    store,
    prepareStorage: async () => {
      const records = recordSealer();
      const sealRecord = records ? records.seal.bind(records) : undefined;
      await runMigrations({
        env: { addressFromEntropy, sealWalletValue, openWalletValue, sealRecord },
      });
      await settleFormatHints();
      await relocateWalletData(await walletArea(), sealer);
    },
    clearStorage: () => clearWalletData(sealer),
    renewStorageKey: sealer ? () => rekeyWalletData(sealer) : undefined,
    prepareAccount: async (address) => {
      await claimUnclaimedConnections(address);
    },
    beforeDerive: options.beforeDerive,
    warmUp: () => hedgehog.warmUp(),
    lostSession: lostSessionMarker,
  });
}
