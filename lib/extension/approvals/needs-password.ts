import type { ApprovalDetails } from './types.ts';

/** Whether approving `details` takes the person's password: a button alone is refused. */
export function needsPassword(details: ApprovalDetails): boolean {
  if (details.kind === 'transaction') return details.spending.passwordRequired !== null;
  if (details.kind === 'calls' && details.payment === 'own') {
    return details.spending.passwordRequired !== null;
  }
  return false;
}
