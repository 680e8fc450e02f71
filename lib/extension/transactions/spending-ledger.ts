// What each account sent on each chain in the last 24 hours, for the daily spending limit: one
// storage.local key, entries per "<chainId>:<account>", each read on its own (a damaged entry
// costs only itself and counts nothing it cannot prove), older entries dropped on every write.
// In Firefox the record is sealed (storage/protected-record.ts): one that a content script
// removed, changed or put back from an earlier copy cannot say what was spent, so it counts as
// spent beyond any limit (under UNKNOWN, for every account and chain), kept by the next write
// for 24 hours: every send until then takes the password, never "nothing spent today".

import { z } from 'zod';
import { isRecord } from '../../guards/index.ts';
import { recentRecords, type SpendingRecord } from '../../transactions/index.ts';
import { createWriteQueue, readProtectedRecord, writeProtectedRecord } from '../storage/index.ts';

export const SPENDING_KEY = 'encore:spending';
/** No account sends more in a day through one person's clicks; a cap keeps the record small. */
const MAX_RECORDS_PER_ACCOUNT = 500;
/** The entry that stands for what an unreadable record spent: never a "<chainId>:<account>". */
const UNKNOWN = '*';
/** The most a wei amount can be: over any limit. */
const SPENT_UNKNOWN_WEI = (2n ** 256n - 1n).toString();

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
    const read = await readProtectedRecord(SPENDING_KEY);
    if (read.status === 'invalid') return { [UNKNOWN]: [{ at: now(), wei: SPENT_UNKNOWN_WEI }] };
    return read.status === 'ok' && isRecord(read.value) ? read.value : {};
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
      const all = await readAll();
      return recentRecords(
        [...entries(all[UNKNOWN]), ...entries(all[keyOf(account, chainId)])],
        now(),
      );
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
        await writeProtectedRecord(SPENDING_KEY, next);
      });
    },
  };
}
