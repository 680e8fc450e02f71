// The worker's activity list: the send path records each transaction the node accepted; the
// popup lists the current account's on the current chain, each pending one asked about first;
// while the worker is alive it also follows each new transaction until it is mined.

import type { ChainRpc } from '@encore-wallet/utils/chain-rpc';
import { type ActivityEntry, refusalText } from './activity-entry.ts';
import type { ActivityStore } from './activity-store.ts';
import { readStatus } from './transaction-status.ts';
import type { ActivityRecorder } from './types.ts';

/** How often, and for how long, the worker asks about a transaction it just sent. */
const FOLLOW_EVERY_MS = 2_000;
const FOLLOW_FOR_MS = 5 * 60 * 1000;

export interface ActivityView {
  entries: ActivityEntry[];
  /** Why pending entries could not be checked now (the chain could not be read), or null. */
  unreadable: string | null;
}

export interface ActivityService extends ActivityRecorder {
  /** The account's list on `chainId`, pending entries checked with `chain` (when given) first. */
  list(account: string, chainId: number, chain: ChainRpc | null): Promise<ActivityView>;
}

export interface ActivityServiceDeps {
  store: ActivityStore;
  /** The chain a transaction was sent on, for following it; null when it cannot be read now. */
  chainFor(chainId: number): Promise<ChainRpc | null>;
  now?: () => number;
  /** setTimeout, injectable for tests. */
  schedule?: (run: () => void, ms: number) => void;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createActivityService(deps: ActivityServiceDeps): ActivityService {
  const now = deps.now ?? Date.now;
  const schedule = deps.schedule ?? ((run, ms) => void setTimeout(run, ms));

  async function check(entry: ActivityEntry, chain: ChainRpc): Promise<ActivityEntry> {
    const update = await readStatus(chain, entry, now());
    const next: ActivityEntry = { ...entry, ...update, checkedAt: now() };
    await deps.store.update(entry.account, entry.chainId, entry.hash, () => next);
    return next;
  }

  function follow(entry: ActivityEntry): void {
    const until = entry.sentAt + FOLLOW_FOR_MS;
    const tick = async (): Promise<void> => {
      try {
        const chain = await deps.chainFor(entry.chainId);
        if (chain) {
          const current = (await deps.store.list(entry.account, entry.chainId)).find(
            (e) => e.hash === entry.hash,
          );
          if (current?.status !== 'pending') return;
          if ((await check(current, chain)).status !== 'pending') return;
        }
      } catch {
        // The chain could not be read this time: asked again at the next tick, or by the popup.
      }
      if (now() < until) schedule(() => void tick(), FOLLOW_EVERY_MS);
    };
    schedule(() => void tick(), FOLLOW_EVERY_MS);
  }

  return {
    async record(transaction) {
      const entry: ActivityEntry = {
        ...transaction,
        status: 'pending',
        feePaid: null,
        blockNumber: null,
        checkedAt: null,
      };
      await deps.store.add(entry);
      follow(entry);
    },
    async recordRefused(transaction, refusal) {
      await deps.store.add({
        ...transaction,
        status: 'refused',
        feePaid: null,
        blockNumber: null,
        checkedAt: null,
        refusal: { says: refusalText(refusal.says), retryAt: refusal.retryAt },
      });
    },
    async list(account, chainId, chain) {
      const entries = await deps.store.list(account, chainId);
      let unreadable: string | null = null;
      if (chain) {
        const checked = await Promise.all(
          entries.map(async (entry) => {
            if (entry.status !== 'pending' || unreadable) return entry;
            try {
              return await check(entry, chain);
            } catch (error) {
              unreadable = message(error);
              return entry;
            }
          }),
        );
        return { entries: checked, unreadable };
      }
      const pending = entries.some((entry) => entry.status === 'pending');
      return {
        entries,
        unreadable: pending ? 'Encore has no RPC URL for this chain, so it cannot check.' : null,
      };
    },
  };
}
