// The activity list in storage.local: `encore:activity` = { version: 1, lists: { "<chainId>:<lowercase
// account>": ActivityEntry[] } }, newest first, at most MAX_ENTRIES per account and chain. Each
// entry is read on its own; writes are serialised so two quick updates never drop one another.

import { browser } from 'wxt/browser';
import { isRecord } from '../../guards/index.ts';
import { createWriteQueue } from '../storage/index.ts';
import { type ActivityEntry, activityEntrySchema } from './activity-entry.ts';

export const ACTIVITY_KEY = 'encore:activity';
export const ACTIVITY_VERSION = 1;
/** Per account and chain: enough to look back over weeks of a listener's tips and purchases. */
export const MAX_ENTRIES = 100;

export interface ActivityStore {
  /** Newest first. */
  list(account: string, chainId: number): Promise<ActivityEntry[]>;
  add(entry: ActivityEntry): Promise<void>;
  /** Applies `change` to the entry with `hash`, if it is still listed. */
  update(
    account: string,
    chainId: number,
    hash: string,
    change: (entry: ActivityEntry) => ActivityEntry,
  ): Promise<void>;
}

export const listKey = (account: string, chainId: number): string =>
  `${chainId}:${account.toLowerCase()}`;

function readEntries(value: unknown): ActivityEntry[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const parsed = activityEntrySchema().safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

export function createActivityStore(): ActivityStore {
  const serialized = createWriteQueue();

  async function readLists(): Promise<Record<string, unknown>> {
    const stored = (await browser.storage.local.get(ACTIVITY_KEY))[ACTIVITY_KEY];
    // A record of another version is not read here (a newer build's, kept as it is until the
    // first write of this build replaces the lists it can read).
    if (!isRecord(stored) || stored.version !== ACTIVITY_VERSION || !isRecord(stored.lists)) {
      return {};
    }
    return stored.lists;
  }

  async function write(key: string, entries: ActivityEntry[]): Promise<void> {
    const lists = await readLists();
    await browser.storage.local.set({
      [ACTIVITY_KEY]: { version: ACTIVITY_VERSION, lists: { ...lists, [key]: entries } },
    });
  }

  return {
    async list(account, chainId) {
      return readEntries((await readLists())[listKey(account, chainId)]);
    },
    add(entry) {
      return serialized(async () => {
        const key = listKey(entry.account, entry.chainId);
        const entries = readEntries((await readLists())[key]).filter((e) => e.hash !== entry.hash);
        await write(key, [entry, ...entries].slice(0, MAX_ENTRIES));
      });
    },
    update(account, chainId, hash, change) {
      return serialized(async () => {
        const key = listKey(account, chainId);
        const entries = readEntries((await readLists())[key]);
        const index = entries.findIndex((entry) => entry.hash === hash);
        const current = entries[index];
        if (!current) return;
        entries[index] = change(current);
        await write(key, entries);
      });
    },
  };
}
