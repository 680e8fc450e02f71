import { ExtensionError } from '../errors/index.ts';

/**
 * Why a request that waited for the person ended without approval: they said no, the site went
 * away (tab closed or navigated), the approval window was closed, or the site already had too
 * many requests waiting. Whoever asked decides what that means for them (the RPC pipeline
 * answers 4001 or -32002).
 */
export type ApprovalRefusal = 'rejected' | 'cancelled' | 'closed' | 'too-many';

const MESSAGES: Record<ApprovalRefusal, string> = {
  rejected: 'The request was rejected.',
  cancelled: 'The request was cancelled: its site went away.',
  closed: 'The approval window was closed.',
  'too-many': 'The site already has too many requests waiting for approval.',
};

export class ApprovalError extends ExtensionError {
  override readonly name: string = 'ApprovalError';
  constructor(
    readonly reason: ApprovalRefusal,
    /** With 'too-many': how many requests one site may keep waiting. */
    readonly limit?: number,
  ) {
    super(
      'APPROVAL_REFUSED',
      MESSAGES[reason],
      limit === undefined ? { reason } : { reason, limit },
    );
  }
}
