import { z } from 'zod';
import type { ApprovalService } from '../../approvals/index.ts';
import { defineMessage } from '../define.ts';
import { emptySchema } from '../schemas.ts';

const resolveSchema = z.lazy(() =>
  z.strictObject({
    id: z.string().min(1).max(100),
    approved: z.boolean(),
    /** For a request over the spending limit: the account's password, checked by the backend. */
    password: z.string().min(1).max(1024).optional(),
  }),
);

export interface ApprovalMessageDeps {
  approvals: Pick<ApprovalService, 'snapshot' | 'resolve' | 'approveWithPassword'>;
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
      handle: async ({ id, approved, password }) => ({
        resolved:
          approved && password !== undefined
            ? await approvals.approveWithPassword(id, password)
            : approvals.resolve(id, approved),
      }),
    }),
  ];
}
