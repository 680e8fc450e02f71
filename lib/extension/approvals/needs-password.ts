import type { ApprovalDetails } from './types.ts';

/** Whether approving `details` takes the person's password: a button alone is refused. */
export function needsPassword(details: ApprovalDetails): boolean {
  return details.kind === 'transaction' && details.spending.passwordRequired !== null;
}
