// The window's account of a permit signature, rendered with Preact into a linkedom document: what
// the person reads about when the allowance ends and who gets the tokens.
import { parseHTML } from 'linkedom';
import { h, render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PermitGrantNotice } from '../../../entrypoints/approval/components/PermitGrantNotice.tsx';
import type { PermitApproval } from '../../../lib/extension/approvals/index.ts';
import type { PermitGrant } from '../../../lib/transactions/index.ts';

const SPENDER = '0x2222222222222222222222222222222222222222';
const TOKEN = '0x3333333333333333333333333333333333333333';

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

function shown(
  grant: Partial<PermitGrant>,
  tokenInfo?: PermitApproval['tokenInfo'],
): (testId: string) => string | null {
  const permit: PermitApproval = {
    grant: {
      kind: 'permit2-allowance',
      effect: 'approval',
      spender: SPENDER,
      tokens: [{ token: TOKEN, amount: '1000', tokenId: null, uncapped: false }],
      expiry: '0',
      deadline: '1900000000',
      uncapped: false,
      ...grant,
    },
    chainId: 1,
    passwordRequired: 'tokens',
    ...(tokenInfo ? { tokenInfo } : {}),
  };
  render(
    h(PermitGrantNotice, { permit, password: '', onPassword: () => {}, disabled: false }),
    root,
  );
  return (testId) => root.querySelector(`[data-testid="${testId}"]`)?.textContent ?? null;
}

describe('permit window', () => {
  it('attack: a Permit2 expiration of 0 is the block the permit is used in, never shown as 1970', () => {
    const text = shown({ expiry: '0' });
    expect(text('permit-expiry')).toMatch(/the block the permit is used in/);
    expect(text('permit-expiry')).not.toMatch(/1970/);
  });

  it('attack: an EIP-3009 transfer authorization names its recipient and says the tokens leave at once', () => {
    const text = shown({ kind: 'eip3009', effect: 'transfer', expiry: null });
    expect(text('permit-warning')).toMatch(/sends these tokens from your account to the recipient/);
    expect(root.textContent).toMatch(/Recipient/);
    expect(text('permit-expiry')).toBeNull();
  });

  it('an amount is shown in the token’s own units when its decimals were read, else as raw units, said so', () => {
    const token = { token: TOKEN, amount: '1500000', tokenId: null, uncapped: false };
    const read = shown(
      { tokens: [token] },
      { [TOKEN.toLowerCase()]: { symbol: 'USDC', decimals: 6 } },
    );
    expect(read('permit-token')).toContain(
      '1.5 USDC (as the token counts: 6 decimals; 1500000 raw units)',
    );
    const failed = shown(
      { tokens: [token] },
      { [TOKEN.toLowerCase()]: { symbol: null, decimals: null } },
    );
    expect(failed('permit-token')).toContain(
      '1500000 raw units (the token did not say its decimals)',
    );
    const unread = shown(
      { tokens: [token] },
      { '0x4444444444444444444444444444444444444444': { symbol: 'X', decimals: 1 } },
    );
    expect(unread('permit-token')).toContain(
      '1500000 raw units (not read: the permit names more tokens than Encore reads)',
    );
    const otherChain = shown({ tokens: [token] });
    expect(otherChain('permit-token')).toContain(
      '1500000 raw units (not read: the permit is not for the current chain)',
    );
  });
});
