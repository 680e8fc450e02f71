// What each account sent on each chain in the last 24 hours, for the daily spending limit: one
// storage.local key, entries per "<chainId>:<account>", each read on its own (a damaged entry
// costs only itself and counts nothing it cannot prove), older entries dropped on every write.

import { browser } from 'wxt/browser';
import { z } from 'zod';
import { isRecord } from '../../guards/index.ts';
import { recentRecords, type SpendingRecord } from '../../transactions/index.ts';
import { createWriteQueue } from '../storage/index.ts';

export const SPENDING_KEY = 'encore:spending';
/** No account sends more in a day through one person's clicks; a cap keeps the record small. */
const MAX_RECORDS_PER_ACCOUNT = 500;

let recordSchema: z.ZodType<SpendingRecord> | undefined;
const schema = (): z.ZodType<SpendingRecord> => {
  recordSchema ??= z.strictObject({
    at: z.number().int().nonnegative(),
    wei: z.string().regex(/^(0|[1-9][0-9]{0,77})$/),
  });
  return recordSchema;
};

export interface SpendingLedger {
  /** The account's records on the chain inside the last 24 hours. */
  read(account: string, chainId: number): Promise<SpendingRecord[]>;
  add(account: string, chainId: number, record: SpendingRecord): Promise<void>;
}

const keyOf = (account: string, chainId: number): string => `${chainId}:${account.toLowerCase()}`;

export function createSpendingLedger(now: () => number = Date.now): SpendingLedger {
  const serialized = createWriteQueue();

  async function readAll(): Promise<Record<string, unknown>> {
    const stored = (await browser.storage.local.get(SPENDING_KEY))[SPENDING_KEY];
    return isRecord(stored) ? stored : {};
  }

  function entries(value: unknown): SpendingRecord[] {
    if (!Array.isArray(value)) return [];
    return value.flatMap((entry) => {
      const parsed = schema().safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    });
  }

  return {
    async read(account, chainId) {
      return recentRecords(entries((await readAll())[keyOf(account, chainId)]), now());
    },
    add(account, chainId, record) {
      return serialized(async () => {
        const all = await readAll();
        const at = now();
        const next: Record<string, SpendingRecord[]> = {};
        // Every account's old entries go on each write: the key never holds more than a day.
        for (const [key, value] of Object.entries(all)) {
          const kept = recentRecords(entries(value), at);
          if (kept.length > 0) next[key] = kept;
        }
        const key = keyOf(account, chainId);
        next[key] = [...(next[key] ?? []), record].slice(-MAX_RECORDS_PER_ACCOUNT);
        await browser.storage.local.set({ [SPENDING_KEY]: next });
      });
    },
  };
}
