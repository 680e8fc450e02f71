// The tokens a person added by address, per account and chain: one protected record in
// storage.local, `encore:tokens` = { "<chainId>:<lowercase account>": [{ address, symbol,
// decimals }] }. Symbol and decimals are what the contract answered when the token was added
// (shown to the person before adding). In Firefox the record is sealed like the settings: one a
// content script forged or put back reads as no added tokens, never as tokens it chose.

import { z } from 'zod';
import { isRecord } from '../../guards/index.ts';
import { createWriteQueue, readProtectedRecord, writeProtectedRecord } from '../storage/index.ts';
import { MAX_ADDED_TOKENS } from './limits.ts';
import type { TokenIdentity } from './token-reads.ts';

export const ADDED_TOKENS_KEY = 'encore:tokens';

export interface AddedTokens {
  list(account: string, chainId: number): Promise<TokenIdentity[]>;
  /** Adds (or refreshes) `token`; false when the chain's list is full. */
  add(account: string, chainId: number, token: TokenIdentity): Promise<boolean>;
  remove(account: string, chainId: number, address: string): Promise<void>;
}

let entrySchema: z.ZodType<TokenIdentity> | undefined;
const schema = (): z.ZodType<TokenIdentity> => {
  entrySchema ??= z.strictObject({
    address: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
    symbol: z.string().max(20).nullable(),
    decimals: z.number().int().min(0).max(77),
  });
  return entrySchema;
};

const keyOf = (account: string, chainId: number): string => `${chainId}:${account.toLowerCase()}`;
const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

function entries(value: unknown): TokenIdentity[] {
  if (!Array.isArray(value)) return [];
  const kept: TokenIdentity[] = [];
  for (const entry of value) {
    const parsed = schema().safeParse(entry);
    if (parsed.success && !kept.some((token) => same(token.address, parsed.data.address))) {
      kept.push(parsed.data);
    }
  }
  return kept.slice(0, MAX_ADDED_TOKENS);
}

export function createAddedTokens(): AddedTokens {
  const serialized = createWriteQueue();

  async function readAll(): Promise<Record<string, unknown>> {
    const read = await readProtectedRecord(ADDED_TOKENS_KEY);
    return read.status === 'ok' && isRecord(read.value) ? read.value : {};
  }

  return {
    async list(account, chainId) {
      return entries((await readAll())[keyOf(account, chainId)]);
    },
    add(account, chainId, token) {
      return serialized(async () => {
        const all = await readAll();
        const key = keyOf(account, chainId);
        const listed = entries(all[key]);
        const index = listed.findIndex((entry) => same(entry.address, token.address));
        if (index >= 0) listed[index] = token;
        else if (listed.length >= MAX_ADDED_TOKENS) return false;
        else listed.push(token);
        await writeProtectedRecord(ADDED_TOKENS_KEY, { ...all, [key]: listed });
        return true;
      });
    },
    remove(account, chainId, address) {
      return serialized(async () => {
        const all = await readAll();
        const key = keyOf(account, chainId);
        const listed = entries(all[key]).filter((entry) => !same(entry.address, address));
        await writeProtectedRecord(ADDED_TOKENS_KEY, { ...all, [key]: listed });
      });
    },
  };
}
