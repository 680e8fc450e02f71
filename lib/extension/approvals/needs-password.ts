import type { ApprovalDetails } from './types.ts';

/**
 * Whether approving `details` takes the person's password: a button alone is refused. Every
 * request that takes from the balance carries its spending state, whoever pays the fee: a
 * transaction, a batch the listener pays for, and a batch a sponsor pays for.
 */
export function needsPassword(details: ApprovalDetails): boolean {
  if (details.kind === 'transaction' || details.kind === 'calls') {
    return details.spending.passwordRequired !== null;
  }
  return false;
}
