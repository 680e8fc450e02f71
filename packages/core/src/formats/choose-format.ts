// Where the flows choose among record formats: which formats a login looks in and in what order,
// which it derives ahead on a second thread, which format a new record takes, and where a
// leftover of an interrupted strengthen may sit. Every flow in hedgehog.ts asks here; a new
// format is added to FORMATS and to the answers below, and nowhere else.
import type { RecordFormat } from '../types.ts';
import { hedgehogFormat } from './hedgehog-format.ts';
import type { RecordFormatModule } from './record-format.ts';
import { strongFormat } from './strong-format.ts';

const FORMATS: Readonly<Record<RecordFormat, RecordFormatModule>> = {
  hedgehog: hedgehogFormat,
  strong: strongFormat,
};

export function formatNamed(name: RecordFormat): RecordFormatModule {
  return FORMATS[name];
}

export interface LoginPlan {
  /** The formats to look in, in order; the first whose record these credentials open wins. */
  order: RecordFormatModule[];
  /** Formats whose derivation starts at once on a second thread, beside the first lookup. */
  beside: RecordFormatModule[];
}

/**
 * A login (and every flow that proves the password: password change, strengthen, confirm) by
 * what this browser knows of the account. Known strengthened: the strong lookup first. Known in
 * Hedgehog's format: the Hedgehog lookup first, nothing derived beside it. Not met here: the
 * Hedgehog lookup first, the strong derivation beside it where there is a second thread, so a
 * Hedgehog-format login takes no longer.
 */
export function loginPlan(known: RecordFormat | null): LoginPlan {
  if (known === 'strong') return { order: [strongFormat, hedgehogFormat], beside: [] };
  if (known === 'hedgehog') return { order: [hedgehogFormat, strongFormat], beside: [] };
  return { order: [hedgehogFormat, strongFormat], beside: [strongFormat] };
}

/** A sign-up's record: the integrator's configured format. */
export function signUpFormat(configured: RecordFormat): RecordFormatModule {
  return FORMATS[configured];
}

/**
 * A restore's record: strengthened when the integrator makes new records so, or this browser
 * knows the account as strengthened (a restore does not weaken it).
 */
export function restoreFormat(
  configured: RecordFormat,
  known: RecordFormat | null,
): RecordFormatModule {
  return known === 'strong' ? strongFormat : FORMATS[configured];
}

/** A changed password's record keeps the format the old one had. */
export function changedPasswordFormat(found: RecordFormat): RecordFormatModule {
  return FORMATS[found];
}

/** What strengthen makes of a record (null: it is as strong as it gets already). */
export function strengthenedFormat(found: RecordFormat): RecordFormatModule | null {
  return found === 'strong' ? null : strongFormat;
}

/**
 * Where a leftover of the same account may sit beside a record in `found`'s format: the other
 * format, under the same credentials (an interrupted strengthen on a backend that does not
 * replace atomically leaves both).
 */
export function leftoverFormats(found: RecordFormat): RecordFormatModule[] {
  return found === 'strong' ? [hedgehogFormat] : [strongFormat];
}
