// What each account sent on each chain in the last 24 hours, for the daily spending limit: one
// storage.local key, entries per "<chainId>:<account>", each read on its own (a damaged entry
// costs only itself and counts nothing it cannot prove). Entries leave by time only: each one
// is dropped once it is older than the window, never because others came after it. Storage is
// bounded all the same: past MAX_RECORDS_PER_ACCOUNT entries, the two oldest are merged into one
// holding their sum at the later time, so the total spent never shrinks and each amount counts at
// least as long as it would have alone.
// In Firefox the record is sealed (storage/protected-record.ts): one that a content script
// removed, changed or put back from an earlier copy cannot say what was spent, so it counts as
// spent beyond any limit (under UNKNOWN, for every account and chain), kept by the next write
// for 24 hours: every send until then takes the password, never "nothing spent today".

import { z } from 'zod';
import { isRecord } from '../../guards/index.ts';
import { recentRecords, type SpendingRecord } from '../../transactions/index.ts';
import { createWriteQueue, readProtectedRecord, writeProtectedRecord } from '../storage/index.ts';

export const SPENDING_KEY = 'encore:spending';
/** Entries kept per account before the oldest are merged (never dropped) to bound storage. */
export const MAX_RECORDS_PER_ACCOUNT = 500;
/** A merged sum is held at this at most: more than any limit, and still a valid entry. */
const MAX_WEI = 2n ** 256n;
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

/**
 * `records` (oldest first) within `max` entries: the two oldest merged into one, their sum at
 * the later of their times, until it fits. Nothing spent is forgotten, and nothing counts for
 * less time than it did.
 */
export function boundRecords(records: readonly SpendingRecord[], max: number): SpendingRecord[] {
  const kept = [...records];
  while (kept.length > max && kept.length >= 2) {
    const [first, second] = kept as [SpendingRecord, SpendingRecord];
    const sum = BigInt(first.wei) + BigInt(second.wei);
    kept.splice(0, 2, {
      at: Math.max(first.at, second.at),
      wei: (sum > MAX_WEI ? MAX_WEI : sum).toString(),
    });
  }
  return kept;
}

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
        next[key] = boundRecords(
          recentRecords([...(next[key] ?? []), record], at),
          MAX_RECORDS_PER_ACCOUNT,
        );
        await writeProtectedRecord(SPENDING_KEY, next);
      });
    },
  };
}
