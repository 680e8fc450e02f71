// The transaction window's nonce line, rendered with Preact into a linkedom document: a nonce the
// site set is labelled as the site's, and one that replaces the site's own pending transaction
// says so plainly, under a warning.
import { parseHTML } from 'linkedom';
import { h, render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TransactionRequest } from '../../../entrypoints/approval/components/TransactionRequest.tsx';
import type { TransactionApproval } from '../../../lib/extension/approvals/index.ts';
import { buildReview } from '../../../lib/transactions/index.ts';

let root: Element;

beforeEach(() => {
  const { document } = parseHTML('<!doctype html><html><body><div id="app"></div></body></html>');
  vi.stubGlobal('document', document);
  root = document.getElementById('app') as Element;
});

afterEach(() => {
  render(null, root);
  vi.unstubAllGlobals();
});

function approval(nonce: number | null, replacesPending: boolean): TransactionApproval {
  const review = buildReview(
    {
      chainId: 1,
      from: '0x1111111111111111111111111111111111111111',
      to: '0x2222222222222222222222222222222222222222',
      value: '1000',
      data: '0x',
      gasLimit: '21000',
      fee: { type: 0, gasPrice: '1' },
      nonce,
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
    spending: { limitWei: null, spentWei: '0', costWei: '22000', passwordRequired: null },
    replacesPending,
  };
}

function shown(details: TransactionApproval): (testId: string) => string | null {
  render(
    h(TransactionRequest, { details, password: '', onPassword: () => {}, disabled: false }),
    root,
  );
  return (testId) => root.querySelector(`[data-testid="${testId}"]`)?.textContent ?? null;
}

describe('the nonce in the transaction window', () => {
  it('a nonce the site set is labelled as the site’s; none is shown when Encore picks it', () => {
    expect(shown(approval(4, false))('tx-nonce')).toBe('4 (set by the site)');
    expect(shown(approval(null, false))('tx-nonce')).toBeNull();
  });

  it('a replacement of the site’s own pending transaction says so plainly', () => {
    const text = shown(approval(4, true));
    expect(text('tx-nonce')).toBe('4: replaces your pending transaction 4 from this site');
    expect(text('tx-replaces')).toContain('This replaces your pending transaction 4');
  });
});
