// The spend permissions the listener granted, in storage.local under `encore:spend-permissions`:
// `{ version: 1, grants: StoredGrant[] }`, oldest first, every account's and chain's together.
// It is read and written through the protected records (storage/protected-record.ts), so in
// Firefox, where a content script can write storage.local, it is sealed: a planted, changed or
// earlier copy reads as no grants. Each entry is read on its own with its schema; one that does
// not parse is not listed, but stays stored. Writes are serialised, so two quick grants never drop
// one another. Logging out keeps the grants: they live on chain until revoked there.
//
// Only the worker writes (it adds a grant only after the listener approved it in the window,
// and marks one revoked once the chain disabled it). Any extension page may watch for changes
// with `onGrantsChanged` and then read the list again through the `permissions.list` message.

import { browser } from 'wxt/browser';
import { isRecord } from '../../guards/index.ts';
import { createWriteQueue, readProtectedRecord, writeProtectedRecord } from '../storage/index.ts';
import { type StoredGrant, storedGrantSchema } from './stored-grant.ts';

export const GRANTS_KEY = 'encore:spend-permissions';
export const GRANTS_VERSION = 1;

type Hex = `0x${string}`;

export interface GrantStore {
  /** The grants `account` made on `chainId`, revoked ones included, oldest first. */
  list(account: string, chainId: number): Promise<StoredGrant[]>;
  /** The grant with this id (the delegation's hash), or null. */
  get(id: string): Promise<StoredGrant | null>;
  /** Keeps a grant the listener approved; a grant with the same id is replaced. */
  add(grant: StoredGrant): Promise<void>;
  /** Records that the chain disabled the grant; false when no such grant is stored. */
  markRevoked(id: string, revoked: { at: number; txHash: Hex }): Promise<boolean>;
}

function readGrants(value: unknown): StoredGrant[] {
  if (!isRecord(value) || value.version !== GRANTS_VERSION || !Array.isArray(value.grants)) {
    return [];
  }
  return value.grants.flatMap((entry) => {
    const parsed = storedGrantSchema().safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

export function createGrantStore(): GrantStore {
  const serialized = createWriteQueue();

  async function readAll(): Promise<{ raw: unknown[]; grants: StoredGrant[] }> {
    const read = await readProtectedRecord(GRANTS_KEY);
    if (read.status !== 'ok') return { raw: [], grants: [] };
    const value = read.value;
    const raw =
      isRecord(value) && value.version === GRANTS_VERSION && Array.isArray(value.grants)
        ? value.grants
        : [];
    return { raw, grants: readGrants(value) };
  }

  /** Writes `raw` back: entries this build cannot read stay as they were. */
  const write = (raw: unknown[]): Promise<void> =>
    writeProtectedRecord(GRANTS_KEY, { version: GRANTS_VERSION, grants: raw });

  const idOf = (entry: unknown): string | null =>
    isRecord(entry) && typeof entry.id === 'string' ? entry.id.toLowerCase() : null;

  return {
    async list(account, chainId) {
      const { grants } = await readAll();
      return grants.filter((grant) => grant.chainId === chainId && same(grant.account, account));
    },
    async get(id) {
      const { grants } = await readAll();
      return grants.find((grant) => same(grant.id, id)) ?? null;
    },
    async add(grant) {
      const checked = storedGrantSchema().parse(grant);
      return serialized(async () => {
        const { raw } = await readAll();
        const kept = raw.filter((entry) => idOf(entry) !== checked.id.toLowerCase());
        await write([...kept, checked]);
      });
    },
    markRevoked(id, revoked) {
      return serialized(async () => {
        const { raw } = await readAll();
        const index = raw.findIndex((entry) => idOf(entry) === id.toLowerCase());
        const parsed = storedGrantSchema().safeParse(raw[index]);
        if (index < 0 || !parsed.success) return false;
        const next = [...raw];
        next[index] = { ...parsed.data, revoked };
        await write(next);
        return true;
      });
    },
  };
}

/**
 * Calls `cb` whenever the stored grants change, in any context (an added grant, a revoke). It
 * carries no values (a sealed record does not open on its own): read the list again.
 */
export function onGrantsChanged(cb: () => void): () => void {
  const listener = (changes: Record<string, unknown>, area: string): void => {
    if (area === 'local' && GRANTS_KEY in changes) cb();
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}
