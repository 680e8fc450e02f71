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

import { isRecord } from '../../../guards/index.ts';
import type { Migration, MigrationEnv, MigrationPlan, StorageSnapshot } from './types.ts';

const RECORDS = ['encore:settings', 'encore:spending'] as const;

export const sealedRecords: Migration = {
  to: 4,
  name: 'sealed settings and spending record in Firefox storage.local',
  async plan(snapshot: StorageSnapshot, env: MigrationEnv): Promise<MigrationPlan> {
    const seal = env.sealRecord;
    if (!seal) {
      return {
        set: {},
        remove: {},
        summary: 'storage.local is private in this browser: no change',
      };
    }
    const set: Record<string, unknown> = {};
    for (const key of RECORDS) {
      const value = snapshot.local[key];
      // Already sealed: this step's own output before a stop (the read decides whether it opens).
      if (value === undefined || looksSealed(value)) continue;
      set[key] = await seal(key, value);
    }
    const count = Object.keys(set).length;
    if (count === 0) return { set: {}, remove: {}, summary: 'no plain records to seal' };
    return {
      set: { local: set },
      remove: {},
      summary: `${count === 1 ? '1 record' : `${count} records`} sealed in storage.local`,
    };
  },
};

function looksSealed(value: unknown): boolean {
  return isRecord(value) && value.sealed === 'AES-GCM';
}
