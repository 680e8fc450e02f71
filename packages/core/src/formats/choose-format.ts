// Where the flows choose among record formats: which formats a login looks in and in what order,
// which it derives ahead on a second thread, which format a new record takes, and where a
// leftover of an interrupted strengthen may sit. Every flow in hedgehog.ts asks here; a new
// format is added to FORMATS and to the answers below, and nowhere else. The hardened format
// exists only where the integrator configured a key holder (`hardened`, null elsewhere); where it
// does, the key holder's mark decides before anything else whether weaker formats are looked in.
import type { RecordFormat } from '../types.ts';
import type { HardenedFormatModule } from './hardened-format.ts';
import { hedgehogFormat } from './hedgehog-format.ts';
import type { RecordFormatModule } from './record-format.ts';
import { strongFormat } from './strong-format.ts';

type WeakerFormat = Exclude<RecordFormat, 'hardened'>;

const FORMATS: Readonly<Record<WeakerFormat, RecordFormatModule>> = {
  hedgehog: hedgehogFormat,
  strong: strongFormat,
};

/** The format a record is made in where the integrator configured `configured`. */
function configuredFormat(
  configured: RecordFormat,
  hardened: HardenedFormatModule | null,
): RecordFormatModule {
  if (hardened) return hardened;
  return configured === 'hardened' ? strongFormat : FORMATS[configured];
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
  if (known === 'hardened') return { order: [], beside: [] };
  if (known === 'strong') return { order: [strongFormat], beside: [] };
  if (known === 'hedgehog') return { order: [hedgehogFormat, strongFormat], beside: [] };
  return { order: [strongFormat, hedgehogFormat], beside: [hedgehogFormat] };
}

/** What a login does once the key holder answered with the account's mark. */
export type HardenedLoginPlan =
  /** Look for the hardened record under `lookUnder`; then, only where `weaker`, in those. */
  | { lookUnder: string; weaker: LoginPlan | null }
  /** Marked under a key this build does not pin: nothing is looked for. */
  | { lookUnder: null; weaker: null };

/**
 * A login where a key holder is configured, once it answered with the account's mark (the key
 * its hardened record was made under, or null). The record backend is never the one asked which
 * format an account has: a marked account is looked for hardened under the key it names and
 * nowhere else, so none of its weaker lookup keys is ever sent (a 404 ends the login). Unmarked:
 * the hardened lookup first (its record may have been stored while the mark was lost), then, for
 * an account this browser has not met hardened, the weaker formats as `loginPlan` orders them.
 */
export function hardenedLoginPlan(
  mark: string | null,
  known: RecordFormat | null,
  hardened: HardenedFormatModule,
): HardenedLoginPlan {
  if (mark === null) {
    return {
      lookUnder: hardened.currentKeyId,
      weaker: known === 'hardened' ? null : loginPlan(known),
    };
  }
  if (!hardened.pins(mark)) return { lookUnder: null, weaker: null };
  return { lookUnder: mark, weaker: null };
}

/** A sign-up's record: hardened where a key holder is configured, else the configured format. */
export function signUpFormat(
  configured: RecordFormat,
  hardened: HardenedFormatModule | null,
): RecordFormatModule {
  return configuredFormat(configured, hardened);
}

export interface RestorePlan {
  /** Where a record of these credentials may already be, in order (the last is `write`). */
  lookIn: RecordFormatModule[];
  /** The format of the record the restore makes when there is none. */
  write: RecordFormatModule;
}

/**
 * A restore's record: hardened where a key holder is configured (looked for hardened only, so no
 * weaker lookup key of the credentials is sent). Otherwise strengthened when the integrator makes
 * new records so, or this browser knows the account as strengthened or hardened (a restore does
 * not weaken it more than it must). Before it writes a Hedgehog record for an account this
 * browser has not met, it looks for a strengthened record of the same credentials first, as a
 * login does, so a strengthened account's Hedgehog lookup key is not sent.
 */
export function restorePlan(
  configured: RecordFormat,
  known: RecordFormat | null,
  hardened: HardenedFormatModule | null,
): RestorePlan {
  if (hardened) return { lookIn: [hardened], write: hardened };
  const write =
    known === 'strong' || known === 'hardened'
      ? strongFormat
      : configuredFormat(configured, hardened);
  if (write === strongFormat || known === 'hedgehog') return { lookIn: [write], write };
  return { lookIn: [strongFormat, write], write };
}

/**
 * A changed password's record keeps the format the old one had (a hardened one under the
 * current key; it is only found where a key holder is configured).
 */
export function changedPasswordFormat(
  found: RecordFormat,
  hardened: HardenedFormatModule | null,
): RecordFormatModule {
  if (found === 'hardened') return hardened ?? strongFormat;
  return FORMATS[found];
}

/**
 * What strengthen makes of a record (null: it is as strong as it gets already): hardened under
 * the current key where a key holder is configured (a hardened record under an older key is
 * re-hardened), else strengthened.
 */
export function strengthenedFormat(
  found: RecordFormat,
  foundUnder: string | undefined,
  hardened: HardenedFormatModule | null,
): RecordFormatModule | null {
  if (hardened) {
    return found === 'hardened' && foundUnder === hardened.currentKeyId ? null : hardened;
  }
  return found === 'strong' || found === 'hardened' ? null : strongFormat;
}

/**
 * Where a leftover of the same account may sit beside a record in `found`'s format: the other
 * format, under the same credentials (an interrupted strengthen on a backend that does not
 * replace atomically leaves both). None where the backend replaces atomically: looking for a
 * Hedgehog leftover of a strengthened account would send its Hedgehog lookup key. None beside a
 * hardened record either, for the same reason.
 */
export function leftoverFormats(
  found: RecordFormat,
  replacesAtomically: boolean,
): RecordFormatModule[] {
  // A hardened account's weaker lookup keys are never sent, not even to remove a leftover.
  if (replacesAtomically || found === 'hardened') return [];
  return found === 'strong' ? [hedgehogFormat] : [strongFormat];
}
