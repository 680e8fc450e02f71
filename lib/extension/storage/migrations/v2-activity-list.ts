// Version 1 -> 2: the activity list. From version 2 the layout holds `encore:activity` =
// { version: 1, lists: {} } (the transactions Encore sent, per account and chain; see
// lib/extension/activity). Older builds sent no transactions, so the list starts empty; a list
// already there (written by this build before a stop, or by a newer build) is kept as it is.
//
// The key is written out here rather than imported: a step describes the layout of its own version.

import type { Migration, MigrationPlan, StorageSnapshot } from './types.ts';

const ACTIVITY = 'encore:activity';

export const activityList: Migration = {
  to: 2,
  name: 'activity list',
  plan(snapshot: StorageSnapshot): MigrationPlan {
    if (snapshot.local[ACTIVITY] !== undefined) {
      return { set: {}, remove: {}, summary: 'activity list already present' };
    }
    return {
      set: { local: { [ACTIVITY]: { version: 1, lists: {} } } },
      remove: {},
      summary: 'empty activity list created',
    };
  },
};
