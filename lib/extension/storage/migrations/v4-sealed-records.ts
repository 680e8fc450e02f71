// Version 3 -> 4: in Firefox, the settings and the spending record are sealed in storage.local.
//
// Firefox lets every content script of the extension write storage.local, so up to version 3 a
// content script could raise the spending limits to "no limit", wipe the day's spending, or add a
// chain of its own there. From version 4 the Firefox build keeps both records sealed (AES-GCM
// under a key in the extension origin's IndexedDB, bound to a write counter kept there; see
// lib/extension/storage/sealing/record-sealer.ts), and reads a plain one as damaged. This step
// seals the plain records an earlier build left, as they are. In Chromium (no `env.sealRecord`)
// nothing changes: storage.local is closed to content scripts there.
//
// Keys are written out here rather than imported: a step describes the layout of its own version.

import { sealPlainRecords } from './seal-plain-records.ts';
import type { Migration, MigrationEnv, MigrationPlan, StorageSnapshot } from './types.ts';

const RECORDS = ['encore:settings', 'encore:spending'] as const;

export const sealedRecords: Migration = {
  to: 4,
  name: 'sealed settings and spending record in Firefox storage.local',
  plan(snapshot: StorageSnapshot, env: MigrationEnv): Promise<MigrationPlan> {
    return sealPlainRecords(snapshot, env, RECORDS, 'no plain records to seal');
  },
};
