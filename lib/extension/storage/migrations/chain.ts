// The storage migration chain, oldest first: entry i takes stored data from version i to i + 1.
// How to add a step: docs/extending.md ("How to add a storage migration").
import type { Migration } from './types.ts';
import { connectionsPerAccount } from './v1-connections-per-account.ts';
import { activityList } from './v2-activity-list.ts';
import { sealedWalletKeys } from './v3-sealed-wallet-keys.ts';
import { sealedRecords } from './v4-sealed-records.ts';
import { sealedConnections } from './v5-sealed-connections.ts';
import { sealedFormatHints } from './v6-sealed-format-hints.ts';

export const MIGRATIONS: readonly Migration[] = [
  connectionsPerAccount,
  activityList,
  sealedWalletKeys,
  sealedRecords,
  sealedConnections,
  sealedFormatHints,
];

/** The layout this build reads and writes. */
export const SCHEMA_VERSION: number = MIGRATIONS.length;
