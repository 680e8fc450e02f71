// What the nonce reservations remember per (chain, account), kept in storage.session so that a
// worker the browser stopped (idle, or killed mid-request) still knows them when it starts again:
// the last nonce it sent (trusted over a node's count for five minutes: a node behind a load
// balancer, or a hostile one, may not count a transaction it accepted a moment ago) and the site
// that sent each of the latest nonces (only that site may replace its pending transaction).
// storage.session is closed to content scripts (restrict-access.ts; Firefox never opens it to
// them) and cleared when the browser closes, when every pending transaction's window has passed
// anyway. A record that does not parse reads as nothing remembered: no nonce is then trusted
// over the node's count, and no site may replace a transaction (refused as another's).

import { browser } from 'wxt/browser';
import { z } from 'zod';

export interface RememberedNonces {
  /** The last nonce this worker sent, and when (ms since the epoch). */
  readonly lastSent: { readonly nonce: number; readonly at: number } | null;
  /** The sending site of each of the latest nonces, oldest first. */
  readonly senders: readonly (readonly [nonce: number, origin: string])[];
}

export interface NonceMemory {
  /** What was remembered for `id` (`chainId:account`), or null. */
  load(id: string): Promise<RememberedNonces | null>;
  save(id: string, remembered: RememberedNonces): Promise<void>;
}

const KEY_PREFIX = 'encore:nonces:';
const MAX_SENDERS = 64;

const rememberedSchema = z
  .object({
    lastSent: z
      .object({ nonce: z.number().int().min(0), at: z.number().finite() })
      .strict()
      .nullable(),
    senders: z
      .array(z.tuple([z.number().int().min(0), z.string().min(1).max(2048)]))
      .max(MAX_SENDERS),
  })
  .strict();

/** The worker's memory, kept in storage.session. */
export function sessionNonceMemory(): NonceMemory {
  return {
    async load(id) {
      const key = KEY_PREFIX + id;
      const parsed = rememberedSchema.safeParse((await browser.storage.session.get(key))[key]);
      return parsed.success ? parsed.data : null;
    },
    async save(id, remembered) {
      await browser.storage.session.set({
        [KEY_PREFIX + id]: { lastSent: remembered.lastSent, senders: remembered.senders },
      });
    },
  };
}

/** Memory for the worker's life only (tests, and where storage.session is not there). */
export function workerNonceMemory(): NonceMemory {
  const kept = new Map<string, RememberedNonces>();
  return {
    load: async (id) => kept.get(id) ?? null,
    save: async (id, remembered) => {
      kept.set(id, remembered);
    },
  };
}
