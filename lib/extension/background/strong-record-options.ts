// The wallet core's record-format options for the extension: whether new sign-ups and restores
// start strengthened (a build setting, `WXT_NEW_RECORDS=strong`; Hedgehog's format by default, so
// records keep opening in `@audius/hedgehog`), and where the format each username's record was
// last met in is remembered: storage.local under keys of their own, outside the wallet values, so
// it outlives logout and the lock setting (a salted digest of each username, never a password;
// sealed in Firefox: lib/extension/storage/format-hints.ts).

import type { HedgehogOptions, RecordFormat } from '@encore-wallet/core';
import { formatHintStore } from '../storage/index.ts';

declare global {
  interface ImportMetaEnv {
    /** 'strong': sign-ups and restores make strengthened records. Anything else: Hedgehog's. */
    readonly WXT_NEW_RECORDS?: string;
  }
}

export function newRecordFormat(value: string | undefined): RecordFormat {
  return value === 'strong' ? 'strong' : 'hedgehog';
}

export function strongRecordOptions(): Pick<HedgehogOptions, 'newRecords' | 'formMemory'> {
  return {
    newRecords: newRecordFormat(import.meta.env.WXT_NEW_RECORDS),
    formMemory: formatHintStore(),
  };
}
