// Version 4 -> 5: in Firefox, the connections are sealed in storage.local.
//
// Firefox lets every content script of the extension write storage.local, so up to version 4 a
// content script could connect a site to the account without the connect window (the site then
// learns the address), in `encore:connections` or in the unclaimed connections an update from
// v0.1.0 left for the next login. From version 5 the Firefox build keeps both records sealed, as
// the settings (lib/extension/storage/protected-record.ts), and reads a plain one as no
// connection. This step seals the plain records an earlier build left, as they are. In Chromium
// (no `env.sealRecord`) nothing changes: storage.local is closed to content scripts there.
//
// Keys are written out here rather than imported: a step describes the layout of its own version.

import { isRecord } from '../../../guards/index.ts';
import type { Migration, MigrationEnv, MigrationPlan, StorageSnapshot } from './types.ts';

const RECORDS = ['encore:connections', 'encore:unclaimed-connections'] as const;

export const sealedConnections: Migration = {
  to: 5,
  name: 'sealed connections in Firefox storage.local',
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
    if (count === 0) return { set: {}, remove: {}, summary: 'no plain connections to seal' };
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
