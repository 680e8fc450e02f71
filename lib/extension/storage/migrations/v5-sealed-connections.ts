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

import { sealPlainRecords } from './seal-plain-records.ts';
import type { Migration, MigrationEnv, MigrationPlan, StorageSnapshot } from './types.ts';

const RECORDS = ['encore:connections', 'encore:unclaimed-connections'] as const;

export const sealedConnections: Migration = {
  to: 5,
  name: 'sealed connections in Firefox storage.local',
  plan(snapshot: StorageSnapshot, env: MigrationEnv): Promise<MigrationPlan> {
    return sealPlainRecords(snapshot, env, RECORDS, 'no plain connections to seal');
  },
};
