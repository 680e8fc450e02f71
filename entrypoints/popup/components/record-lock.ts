// What a stolen copy of the backend's records costs to guess, per the account's record format:
// the value card states the lock the record really has, and offers a stronger one only where one
// exists. With a key holder configured, the stronger one is the hardened record ("Harden");
// without one, the strengthened record ("Strengthen").
import type { RecordFormat } from '@encore-wallet/core';

/** One sentence on what each password guess costs against the account's record. */
export function guessCost(format: RecordFormat): string {
  if (format === 'hardened') {
    return 'This wallet’s record is hardened: a copied database cannot test your password. Each guess has to be asked of the key holder, which limits them; even with the key holder’s secret as well, a guess costs as much as against a strengthened record.';
  }
  return format === 'strong'
    ? 'This wallet’s record is strengthened: each guess costs scrypt a step above the minimum OWASP recommends today, 4.5 times a Hedgehog guess. That slows guessing; it cannot stop it.'
    : 'Each guess costs what Hedgehog’s scrypt setting costs: a quarter of the minimum OWASP recommends today.';
}

/**
 * The format the record would be re-encrypted into, or null when there is no stronger one: the
 * hardened one wherever a key holder is configured, else the strengthened one.
 */
export function strongerLock(format: RecordFormat, keyHolder: boolean): RecordFormat | null {
  if (format === 'hardened') return null;
  if (keyHolder) return 'hardened';
  return format === 'strong' ? null : 'strong';
}

/** The button's word for the way to `target`. */
export function lockAction(target: RecordFormat): 'Harden' | 'Strengthen' {
  return target === 'hardened' ? 'Harden' : 'Strengthen';
}
