import { type BackendFns, createBackendFns } from '../../backend/index.ts';
import { Hedgehog, isStoredEntropy, WalletManager } from '../../hedgehog/index.ts';
import { claimUnclaimedConnections } from '../permissions/index.ts';
import { WalletSession } from '../session/index.ts';
import { getSettings } from '../settings/index.ts';
import {
  type AreaName,
  clearWalletData,
  createAreaStore,
  relocateWalletData,
  runMigrations,
} from '../storage/index.ts';

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
 * The worker's wallet session, wired to extension storage and to the backend in the current
 * settings. The backend functions read the settings on every call, so a changed backend URL
 * applies at once. Tests pass `backend` to keep the wallet records in memory. A restarted worker
 * makes a new one, which restores from storage.
 *
 * Its `ready()` first migrates stored data to this build's layout, then moves the wallet keys to
 * the area the lock setting names, then restores the wallet, then hands it any connections
 * waiting for the next account: everything else that reads storage awaits `ready()`.
 */
export function createWalletSession(
  options: { backend?: BackendFns; beforeDerive?: () => Promise<void> } = {},
): WalletSession {
  const store = createAreaStore(walletArea);
  const backend = async (): Promise<BackendFns> =>
    options.backend ?? createBackendFns({ baseUrl: (await getSettings()).backendUrl });
  const hedgehog = new Hedgehog(
    async (query) => (await backend()).getFn(query),
    async (record) => (await backend()).setAuthFn(record),
    async (user) => (await backend()).setUserFn(user),
    // Warmed up by the session once it knows nobody is logged in: a logged-in worker's first
    // answer comes from the session snapshot and should not wait behind the warm-up.
    { storage: store, warmUpOnCreate: false },
  );
  return new WalletSession({
    hedgehog,
    store,
    prepareStorage: async () => {
      await runMigrations({ env: { addressFromEntropy } });
      await relocateWalletData(await walletArea());
    },
    clearStorage: clearWalletData,
    prepareAccount: async (address) => {
      await claimUnclaimedConnections(address);
    },
    beforeDerive: options.beforeDerive,
    warmUp: () => hedgehog.warmUp(),
  });
}
