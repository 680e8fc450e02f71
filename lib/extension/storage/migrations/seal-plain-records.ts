// The plan shared by the steps that seal whole records in Firefox storage.local (versions 4 and
// 5): each plain record among the named keys is sealed as it is; an absent or already sealed one
// is left alone. In Chromium (no `env.sealRecord`) nothing changes: storage.local is closed to
// content scripts there. The steps name their own keys, so this plan holds no layout of its own.

import { isRecord } from '../../../guards/index.ts';
import type { MigrationEnv, MigrationPlan, StorageSnapshot } from './types.ts';

/** Seals the plain records at `keys` in storage.local; `nothingToSeal` is the summary when none is. */
export async function sealPlainRecords(
  snapshot: StorageSnapshot,
  env: MigrationEnv,
  keys: readonly string[],
  nothingToSeal: string,
): Promise<MigrationPlan> {
  const seal = env.sealRecord;
  if (!seal) {
    return {
      set: {},
      remove: {},
      summary: 'storage.local is private in this browser: no change',
    };
  }
  const set: Record<string, unknown> = {};
  for (const key of keys) {
    const value = snapshot.local[key];
    // Already sealed: this step's own output before a stop (the read decides whether it opens).
    if (value === undefined || looksSealed(value)) continue;
    set[key] = await seal(key, value);
  }
  const count = Object.keys(set).length;
  if (count === 0) return { set: {}, remove: {}, summary: nothingToSeal };
  return {
    set: { local: set },
    remove: {},
    summary: `${count === 1 ? '1 record' : `${count} records`} sealed in storage.local`,
  };
}

function looksSealed(value: unknown): boolean {
  return isRecord(value) && value.sealed === 'AES-GCM';
}
