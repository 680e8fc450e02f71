import type { ApprovalDetails } from './types.ts';

/**
 * Whether approving `details` takes the person's password: a button alone is refused. Every
 * request that takes from the balance carries its spending state, whoever pays the fee: a
 * transaction, a batch the listener pays for, and a batch a sponsor pays for; and a permit asked
 * as a typed-data signature, which lets another address take tokens as a transaction would; and a spend permission, which lets a site take from the balance later.
 */
export function needsPassword(details: ApprovalDetails): boolean {
  if (
    details.kind === 'transaction' ||
    details.kind === 'calls' ||
    details.kind === 'spend_permission'
  ) {
    return details.spending.passwordRequired !== null;
  }
  if (details.kind === 'typed_data') return (details.permit?.passwordRequired ?? null) !== null;
  return false;
}
