// The batches each site sent through Encore, kept so the site can ask their status by id
// (wallet_getCallsStatus): storage.local `encore:calls` = { version: 1, lists: { "<lowercase
// account> <origin>": StoredCalls[] } }, newest first, at most MAX_STORED per account and site,
// each entry read with its schema on its own. A site sees only its own ids.

import type { SentCalls } from '@encore-wallet/calls';
import { browser } from 'wxt/browser';
import { z } from 'zod';
import { isRecord } from '../../guards/index.ts';
import { createWriteQueue } from '../storage/index.ts';

export const CALLS_KEY = 'encore:calls';
const VERSION = 1;
const MAX_STORED = 100;

export interface StoredCalls {
  readonly sent: SentCalls;
  readonly sentAt: number;
}

export interface SentCallsStore {
  find(account: string, origin: string, id: string): Promise<StoredCalls | null>;
  add(account: string, origin: string, calls: StoredCalls): Promise<void>;
}

let schema: z.ZodType<StoredCalls> | undefined;
function entrySchema(): z.ZodType<StoredCalls> {
  const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/) as unknown as z.ZodType<`0x${string}`>;
  const hex32 = z.string().regex(/^0x[0-9a-f]{64}$/) as unknown as z.ZodType<`0x${string}`>;
  schema ??= z.strictObject({
    sentAt: z.number().int().nonnegative(),
    sent: z.discriminatedUnion('kind', [
      z.strictObject({
        kind: z.literal('sponsored'),
        id: z.string().min(1).max(4096),
        chainId: z.number().int().positive(),
        entryPoint: address,
        userOpHash: hex32,
        fromBlock: z
          .string()
          .regex(/^[0-9]{1,20}$/)
          .transform((value) => BigInt(value)),
        deadline: z.number().int().nonnegative(),
        via: z.literal('bundler').optional(),
      }),
      z.strictObject({
        kind: z.literal('own'),
        id: z.string().min(1).max(4096),
        chainId: z.number().int().positive(),
        transactionHashes: z.array(hex32).min(1).max(16),
        atomic: z.boolean(),
      }),
    ]),
  }) as unknown as z.ZodType<StoredCalls>;
  return schema;
}

/** The stored form: JSON, so the block number as decimal text. */
function toStored(calls: StoredCalls): unknown {
  const { sent } = calls;
  return {
    sentAt: calls.sentAt,
    sent: sent.kind === 'sponsored' ? { ...sent, fromBlock: sent.fromBlock.toString() } : sent,
  };
}

const listKey = (account: string, origin: string): string => `${account.toLowerCase()} ${origin}`;

export function createSentCallsStore(): SentCallsStore {
  const serialized = createWriteQueue();

  async function lists(): Promise<Record<string, unknown>> {
    const stored = (await browser.storage.local.get(CALLS_KEY))[CALLS_KEY];
    if (!isRecord(stored) || stored.version !== VERSION || !isRecord(stored.lists)) return {};
    return stored.lists;
  }

  function entries(value: unknown): StoredCalls[] {
    if (!Array.isArray(value)) return [];
    return value.flatMap((entry) => {
      const parsed = entrySchema().safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    });
  }

  return {
    async find(account, origin, id) {
      return (
        entries((await lists())[listKey(account, origin)]).find((e) => e.sent.id === id) ?? null
      );
    },
    add(account, origin, calls) {
      return serialized(async () => {
        const all = await lists();
        const key = listKey(account, origin);
        const kept = entries(all[key]).filter((e) => e.sent.id !== calls.sent.id);
        const next = [calls, ...kept].slice(0, MAX_STORED).map(toStored);
        await browser.storage.local.set({
          [CALLS_KEY]: { version: VERSION, lists: { ...all, [key]: next } },
        });
      });
    },
  };
}
