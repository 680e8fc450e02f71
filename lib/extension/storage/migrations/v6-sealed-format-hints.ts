// Version 5 -> 6: in Firefox, the record-format hints are sealed in storage.local.
//
// The wallet core remembers which format (Hedgehog's or strengthened) this browser last met each
// username's account in, under `encore-strong-accounts` and `encore-hedgehog-accounts`. Up to
// version 5 both were plain in storage.local, which every content script can read and write in
// Firefox: removing an account from the strong list made the next restore write a Hedgehog-format
// record for a strengthened account, and the unsalted SHA-256 of each username let a content
// script test guessed names. From version 6 the Firefox build keeps both sealed, as the settings
// (lib/extension/storage/protected-record.ts), and the core salts what identifies an account (a
// list still unsalted is written back salted at the next login). This step seals the plain hints
// an earlier build left, as they are. In Chromium (no `env.sealRecord`) nothing changes:
// storage.local is closed to content scripts there.
//
// Keys are written out here rather than imported: a step describes the layout of its own version.

import { sealPlainRecords } from './seal-plain-records.ts';
import type { Migration, MigrationEnv, MigrationPlan, StorageSnapshot } from './types.ts';

const RECORDS = ['encore-strong-accounts', 'encore-hedgehog-accounts'] as const;

export const sealedFormatHints: Migration = {
  to: 6,
  name: 'sealed record-format hints in Firefox storage.local',
  plan(snapshot: StorageSnapshot, env: MigrationEnv): Promise<MigrationPlan> {
    return sealPlainRecords(snapshot, env, RECORDS, 'no plain format hints to seal');
  },
};
