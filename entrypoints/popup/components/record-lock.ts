// What a stolen copy of the backend's records costs to guess, per the account's record format:
// the value card states the lock the record really has, and offers a stronger one only where one
// exists.
import type { RecordFormat } from '@encore-wallet/core';

/** One sentence on what each password guess costs against the account's record. */
export function guessCost(format: RecordFormat): string {
  return format === 'strong'
    ? 'This wallet’s record is strengthened: each guess costs scrypt a step above the minimum OWASP recommends today, 4.5 times a Hedgehog guess. That slows guessing; it cannot stop it.'
    : 'Each guess costs what Hedgehog’s scrypt setting costs: a quarter of the minimum OWASP recommends today.';
}

/** Whether a stronger record format than `format` exists to re-encrypt into. */
export function canStrengthen(format: RecordFormat): boolean {
  return format !== 'strong';
}
