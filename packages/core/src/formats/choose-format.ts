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
 * what this browser knows of the account. Hedgehog's lookup key is a password verifier at
 * Hedgehog's cost, so it is never sent for an account that may be strengthened before the
 * strong lookup has found nothing. Known strengthened: the strong lookup only, never Hedgehog's
 * (a backend that answers 404 learns nothing cheaper). Not met here: the strong lookup first,
 * and Hedgehog's only once it found nothing, its lookup key derived beside the strong
 * derivation where there is a second thread. Known in Hedgehog's format: the Hedgehog lookup
 * first, nothing derived beside it, and the strong one if that record is gone (strengthened
 * elsewhere).
 */
export function loginPlan(known: RecordFormat | null): LoginPlan {
  if (known === 'strong') return { order: [strongFormat], beside: [] };
  if (known === 'hedgehog') return { order: [hedgehogFormat, strongFormat], beside: [] };
  return { order: [strongFormat, hedgehogFormat], beside: [hedgehogFormat] };
}

/** A sign-up's record: the integrator's configured format. */
export function signUpFormat(configured: RecordFormat): RecordFormatModule {
  return FORMATS[configured];
}

export interface RestorePlan {
  /** Where a record of these credentials may already be, in order (the last is `write`). */
  lookIn: RecordFormatModule[];
  /** The format of the record the restore makes when there is none. */
  write: RecordFormatModule;
}

/**
 * A restore's record: strengthened when the integrator makes new records so, or this browser
 * knows the account as strengthened (a restore does not weaken it). Before it writes a Hedgehog
 * record for an account this browser has not met, it looks for a strengthened record of the same
 * credentials first, as a login does, so a strengthened account's Hedgehog lookup key is not sent.
 */
export function restorePlan(configured: RecordFormat, known: RecordFormat | null): RestorePlan {
  const write = known === 'strong' ? strongFormat : FORMATS[configured];
  if (write === strongFormat || known === 'hedgehog') return { lookIn: [write], write };
  return { lookIn: [strongFormat, write], write };
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
 * replace atomically leaves both). None where the backend replaces atomically: looking for a
 * Hedgehog leftover of a strengthened account would send its Hedgehog lookup key.
 */
export function leftoverFormats(
  found: RecordFormat,
  replacesAtomically: boolean,
): RecordFormatModule[] {
  if (replacesAtomically) return [];
  return found === 'strong' ? [hedgehogFormat] : [strongFormat];
}
