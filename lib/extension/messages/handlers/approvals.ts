import { z } from 'zod';
import type { ApprovalService } from '../../approvals/index.ts';
import { defineMessage } from '../define.ts';
import { emptySchema } from '../schemas.ts';

const resolveSchema = z.strictObject({
  id: z.string().min(1).max(100),
  approved: z.boolean(),
});

export interface ApprovalMessageDeps {
  approvals: Pick<ApprovalService, 'snapshot' | 'resolve'>;
}

/** The approval window's messages. Extension pages only: a site must never list or answer one. */
export function approvalMessages({ approvals }: ApprovalMessageDeps) {
  return [
    defineMessage({
      type: 'approval.list',
      input: emptySchema,
      access: 'extension-page',
      handle: () => approvals.snapshot(),
    }),
    defineMessage({
      type: 'approval.resolve',
      input: resolveSchema,
      access: 'extension-page',
      handle: ({ id, approved }) => ({ resolved: approvals.resolve(id, approved) }),
    }),
  ];
}
