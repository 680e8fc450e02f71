// One line of the activity list: a sent transaction and what the chain has said about it since.
// Read from storage entry by entry with its schema (built on first use): a damaged entry costs
// only itself.

import { z } from 'zod';
import type { SentTransaction, SponsorRefusalNote } from './types.ts';

/**
 * pending: the node accepted it, no receipt yet. confirmed / failed: mined, succeeded or
 * reverted. dropped: it will never be mined (another transaction took its nonce, or the node has
 * not known it for a long while). refused: a sponsored batch its sponsor did not take; nothing
 * was sent.
 */
export type ActivityStatus = 'pending' | 'confirmed' | 'failed' | 'dropped' | 'refused';

export interface ActivityEntry extends SentTransaction {
  readonly status: ActivityStatus;
  /** What the fee came to once mined (gas used × effective price), wei, decimal; else null. */
  readonly feePaid: string | null;
  readonly blockNumber: number | null;
  /** When the chain was last asked about it (ms), or null. */
  readonly checkedAt: number | null;
  /** Set for a refused batch: what its sponsor said. */
  readonly refusal?: SponsorRefusalNote;
}

/** The longest refusal note kept (the sponsor client already cuts its words to 200). */
export const MAX_REFUSAL_TEXT = 300;

/** The sponsor's words as one line of plain text: controls and direction marks out, cut short. */
export function refusalText(words: string): string {
  const line = words.replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ').trim();
  const text = line || 'no reason given';
  return text.length > MAX_REFUSAL_TEXT ? `${text.slice(0, MAX_REFUSAL_TEXT - 1)}…` : text;
}

let schema: z.ZodType<ActivityEntry> | undefined;

export function activityEntrySchema(): z.ZodType<ActivityEntry> {
  const wei = z.string().regex(/^(0|[1-9][0-9]{0,77})$/);
  const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/);
  schema ??= z.strictObject({
    account: address,
    chainId: z.number().int().positive(),
    origin: z.string().min(1).max(2048),
    hash: z.string().regex(/^0x[0-9a-f]{64}$/),
    nonce: z.number().int().nonnegative().nullable(),
    summary: z.string().max(500),
    to: address.nullable(),
    value: wei,
    maxFee: wei,
    sentAt: z.number().int().nonnegative(),
    status: z.enum(['pending', 'confirmed', 'failed', 'dropped', 'refused']),
    feePaid: wei.nullable(),
    blockNumber: z.number().int().nonnegative().nullable(),
    checkedAt: z.number().int().nonnegative().nullable(),
    batch: z
      .strictObject({
        paidBy: z.string().min(1).max(300),
        calls: z.number().int().min(1).max(64),
        entryPoint: address,
        fromBlock: z.string().regex(/^(0|[1-9][0-9]{0,19})$/),
        deadline: z.number().int().nonnegative(),
        transactionHash: z
          .string()
          .regex(/^0x[0-9a-f]{64}$/)
          .nullable(),
      })
      .optional(),
    refusal: z
      .strictObject({
        says: z
          .string()
          .min(1)
          .max(MAX_REFUSAL_TEXT)
          .refine((text) => text === refusalText(text)),
        retryAt: z.number().int().nonnegative().nullable(),
      })
      .optional(),
  }) as z.ZodType<ActivityEntry>;
  return schema;
}
