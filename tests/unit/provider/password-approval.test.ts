// A transaction over the daily spending limit is approved only with the account's password: a
// button press alone is refused, a wrong password leaves the request waiting, the right one
// approves it and says so to the send path.

import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  ApprovalQueue,
  type ApprovalWindowControl,
  createApprovalService,
  type TransactionApproval,
} from '../../../lib/extension/approvals/index.ts';
import { buildReview } from '../../../lib/transactions/index.ts';

const quietWindow: ApprovalWindowControl = { open: async () => {}, close: async () => {} };

function transaction(passwordRequired: 'over-limit' | null): TransactionApproval {
  const review = buildReview(
    {
      chainId: 1,
      from: '0x1111111111111111111111111111111111111111',
      to: '0x2222222222222222222222222222222222222222',
      value: '5000000000000000',
      data: '0x',
      gasLimit: '21000',
      fee: { type: 0, gasPrice: '1' },
      nonce: null,
      accessList: [],
    },
    21_000n,
    {
      call: { kind: 'native' },
      simulation: { outcome: 'success' },
      balanceWei: null,
      toHasCode: false,
      currency: { symbol: 'ETH', decimals: 18 },
    },
  );
  return {
    kind: 'transaction',
    address: review.transaction.from,
    chain: { id: 1, name: 'Ethereum' },
    review,
    spending: {
      limitWei: '2000000000000000',
      spentWei: '0',
      costWei: '5000000000021000',
      passwordRequired,
    },
    replacesPending: false,
  };
}

describe('approving over the spending limit', () => {
  beforeEach(() => fakeBrowser.reset());

  it('a button alone cannot approve it; the queue says the request still waits', async () => {
    const queue = new ApprovalQueue(quietWindow);
    const request = queue.request('https://site.example', transaction('over-limit'));
    const [item] = queue.list();
    expect(queue.resolve(item!.id, true)).toBe(false);
    expect(queue.list()).toHaveLength(1);
    expect(queue.resolve(item!.id, true, true)).toBe(true);
    await expect(request).resolves.toEqual({ passwordConfirmed: true });
  });

  it('under the limit, the button approves as for any request', async () => {
    const queue = new ApprovalQueue(quietWindow);
    const request = queue.request('https://site.example', transaction(null));
    expect(queue.resolve(queue.list()[0]!.id, true)).toBe(true);
    await expect(request).resolves.toEqual({ passwordConfirmed: false });
  });

  it('the service checks the password with the backend; a wrong one leaves the request waiting', async () => {
    const tried: string[] = [];
    const service = createApprovalService({
      status: async () => ({ loggedIn: true, address: null, chainId: 1 }),
      confirmPassword: async (password) => {
        tried.push(password);
        if (password !== 'right horse battery') throw new Error('Wrong username or password.');
      },
    });
    const request = service.request('https://site.example', transaction('over-limit'));
    const { items } = await service.snapshot();
    const id = items[0]!.id;
    expect(service.resolve(id, true)).toBe(false);
    await expect(service.approveWithPassword(id, 'wrong')).rejects.toThrow(/Wrong/);
    expect((await service.snapshot()).items).toHaveLength(1);
    await expect(service.approveWithPassword(id, 'right horse battery')).resolves.toBe(true);
    await expect(request).resolves.toEqual({ passwordConfirmed: true });
    expect(tried).toEqual(['wrong', 'right horse battery']);
  });
});
