// The approval window's messages, registered on D's router. Extension pages only: a site must
// never be able to list or answer approvals.

import { z } from 'zod';
import type { Router } from '../messages/router.ts';
import type { ApprovalQueue } from './queue.ts';
import type { ApprovalSnapshot } from './types.ts';

export interface ProviderMessageDeps {
  queue: ApprovalQueue;
  snapshot(): Promise<ApprovalSnapshot>;
}

const resolveSchema = z.strictObject({
  id: z.string().min(1).max(100),
  approved: z.boolean(),
});

declare module '../messages/types.ts' {
  interface MessageMap {
    'approval.list': { input: Record<string, never>; result: ApprovalSnapshot };
    'approval.resolve': { input: z.input<typeof resolveSchema>; result: { resolved: boolean } };
  }
}

export function registerProviderMessages(router: Router, deps: ProviderMessageDeps): void {
  router.register({
    type: 'approval.list',
    input: z.strictObject({}),
    access: 'extension-page',
    handle: () => deps.snapshot(),
  });
  router.register({
    type: 'approval.resolve',
    input: resolveSchema,
    access: 'extension-page',
    handle: ({ id, approved }) => ({ resolved: deps.queue.resolve(id, approved) }),
  });
}
