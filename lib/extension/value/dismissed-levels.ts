// What the value card was dismissed at, per account: one protected record in storage.local,
// `encore:value-dismissed` = { "<lowercase account>": { "<chainId>": "<wei>" } }. In Firefox it
// is sealed like the settings: a record a content script forged (a huge level, to keep the card
// away) or put back reads as "never dismissed", so the card shows rather than falling silent.

import { z } from 'zod';
import { isRecord } from '../../guards/index.ts';
import { createWriteQueue, readProtectedRecord, writeProtectedRecord } from '../storage/index.ts';
import type { DismissedLevels } from './watch-rule.ts';

export const DISMISSED_KEY = 'encore:value-dismissed';
/** More accounts than anyone uses on one browser; the oldest go first past it. */
const MAX_ACCOUNTS = 100;

let levelsSchema: z.ZodType<Record<string, string>> | undefined;
const schema = (): z.ZodType<Record<string, string>> => {
  levelsSchema ??= z.record(
    z.string().regex(/^[1-9][0-9]{0,15}$/),
    z.string().regex(/^(0|[1-9][0-9]{0,77})$/),
  );
  return levelsSchema;
};

export interface DismissedStore {
  read(account: string): Promise<DismissedLevels>;
  write(account: string, levels: DismissedLevels): Promise<void>;
}

export function createDismissedStore(): DismissedStore {
  const serialized = createWriteQueue();

  async function readAll(): Promise<Record<string, unknown>> {
    const read = await readProtectedRecord(DISMISSED_KEY);
    return read.status === 'ok' && isRecord(read.value) ? read.value : {};
  }

  return {
    async read(account) {
      const parsed = schema().safeParse((await readAll())[account.toLowerCase()]);
      return parsed.success ? parsed.data : {};
    },
    write(account, levels) {
      return serialized(async () => {
        const key = account.toLowerCase();
        const { [key]: _previous, ...others } = await readAll();
        const kept = Object.entries(others).slice(-(MAX_ACCOUNTS - 1));
        await writeProtectedRecord(DISMISSED_KEY, { ...Object.fromEntries(kept), [key]: levels });
      });
    },
  };
}
