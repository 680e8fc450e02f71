// What the HTTP layer needs from a database. Two engines implement it: SQLite and PostgreSQL.
import type { AuthRecord, HealthResponse } from '@encore-wallet/contract';
import type { FundingStore } from './funding-store.ts';
import type { SponsorStore } from './sponsor-store.ts';

/** The engines GET /health can name: the contract's list is the one list. */
export type EngineName = HealthResponse['engine'];

export type InsertAuthResult = 'stored' | 'duplicate';
export type ReplaceAuthResult = 'stored' | 'duplicate' | 'old-missing';
export type SetUserResult = 'stored' | 'same' | 'conflict';

export interface UserRow {
  /** Trimmed, as sent; comparisons use `usernameKey`. */
  username: string;
  /** Lowercased username: Hedgehog lowercases usernames in the lookupKey, so case never matters. */
  usernameKey: string;
  /** Lowercased address: addresses compare case-insensitively (checksum casing is not identity). */
  walletAddress: string;
}

/** A lookup's counts (one per bucket, in order) and its record, read in the same round. */
export interface LookupResult {
  counts: number[];
  record: AuthRecord | null;
}

/**
 * How `lookupAuthWith` answers: `error` null and the counts and record, or the error (counts
 * undefined, record null).
 */
export type LookupCallback = (
  error: unknown,
  counts: number[] | undefined,
  record: AuthRecord | null,
) => void;

export interface Store {
  readonly engine: EngineName;
  /** Never overwrites: an existing lookupKey answers 'duplicate' and keeps its record. */
  insertAuth(record: AuthRecord): Promise<InsertAuthResult>;
  /** Deletes `oldLookupKey` and inserts `record` in one transaction; all or nothing. */
  replaceAuth(record: AuthRecord, oldLookupKey: string): Promise<ReplaceAuthResult>;
  /** Inserts the user unless the username is taken; 'same' when taken with the same address. */
  setUser(user: UserRow): Promise<SetUserResult>;
  /**
   * Adds one hit to each bucket for the window starting at `windowStart` (s); returns the counts.
   * The buckets of one call are distinct (PostgreSQL upserts a row once per statement).
   */
  hitRateLimits(buckets: readonly string[], windowStart: number): Promise<number[]>;
  /**
   * hitRateLimits and the record of `lookupKey` at once, for GET /authentication: SQLite queues
   * both as one entry of its batch, PostgreSQL asks both in one statement. The record is read
   * whatever the counts. Answered through `done`, not a promise (for the lookup fast path, a
   * promise and its reaction per request are a measurable share of its cost): `done` is called
   * once, after the hits are committed and once the record read is durable (SQLite waits for the
   * fsync of a write still in flight on `lookupKey`), never before this call returns.
   */
  lookupAuthWith(
    buckets: readonly string[],
    windowStart: number,
    lookupKey: string,
    done: LookupCallback,
  ): void;
  /** Forgets windows that started before `windowStart`. */
  pruneRateLimits(windowStart: number): Promise<void>;
  /** The funding hook's queue, budgets and worker lease. */
  readonly funding: FundingStore;
  /** The sponsor service's claims and budgets. */
  readonly sponsor: SponsorStore;
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
