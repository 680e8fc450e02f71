// The catalog user a person chose for their wallet in the popup's profile search, per account:
// one protected record in storage.local, `encore:linked-profiles` = { "<lowercase account>":
// "<catalog user id>" }. It decides only what the popup and its profile card show: sites never
// see it, and the card says the catalog itself does not list the wallet as that user's. In
// Firefox it is sealed like the settings: a record a content script forged reads as no choice.

import { z } from 'zod';
import { isRecord } from '../../guards/index.ts';
import { createWriteQueue, readProtectedRecord, writeProtectedRecord } from '../storage/index.ts';

export const LINKED_PROFILES_KEY = 'encore:linked-profiles';
/** More accounts than anyone uses on one browser; the oldest go first past it. */
const MAX_ACCOUNTS = 100;

let userIdSchema: z.ZodType<string> | undefined;
/** A catalog user id as the catalog hands them out (hash ids, or digits). */
export const catalogUserIdSchema = (): z.ZodType<string> => {
  userIdSchema ??= z
    .string({ error: 'Not a catalog user id' })
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a catalog user id');
  return userIdSchema;
};

export interface LinkedProfiles {
  /** The catalog user id chosen for `account`, or null. */
  read(account: string): Promise<string | null>;
  /** Chooses `userId` for `account`; null forgets the choice. */
  write(account: string, userId: string | null): Promise<void>;
}

export function createLinkedProfiles(): LinkedProfiles {
  const serialized = createWriteQueue();

  async function readAll(): Promise<Record<string, unknown>> {
    const read = await readProtectedRecord(LINKED_PROFILES_KEY);
    return read.status === 'ok' && isRecord(read.value) ? read.value : {};
  }

  return {
    async read(account) {
      const parsed = catalogUserIdSchema().safeParse((await readAll())[account.toLowerCase()]);
      return parsed.success ? parsed.data : null;
    },
    write(account, userId) {
      return serialized(async () => {
        const key = account.toLowerCase();
        const { [key]: _previous, ...others } = await readAll();
        const kept = Object.entries(others).slice(-(MAX_ACCOUNTS - 1));
        await writeProtectedRecord(LINKED_PROFILES_KEY, {
          ...Object.fromEntries(kept),
          ...(userId === null ? {} : { [key]: userId }),
        });
      });
    },
  };
}
