// The window's account of a spend permission, rendered with Preact into a linkedom document: the
// period in words, the token's own units (its address when it has no readable symbol), a start in
// the past as "from now", the upgrade it needs, and why it takes the password.
import { parseHTML } from 'linkedom';
import { h, render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SpendPermissionRequest } from '../../../entrypoints/approval/components/SpendPermissionRequest.tsx';
import type { SpendPermissionApproval } from '../../../lib/extension/approvals/index.ts';
import { needsPassword } from '../../../lib/extension/approvals/index.ts';
import { periodInWords } from '../../../lib/extension/spend-permissions/index.ts';

const SESSION = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TOKEN = '0x3333333333333333333333333333333333333333';
const OLD_DELEGATE = '0x4444444444444444444444444444444444444444';

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

function approval(
  grant: Partial<SpendPermissionApproval['grant']> = {},
  rest: Partial<SpendPermissionApproval> = {},
): SpendPermissionApproval {
  return {
    kind: 'spend_permission',
    address: '0x4BaF24C11b91D3415A10fE39B4283170477d0A3f',
    chain: { id: 1, name: 'Ethereum' },
    currency: { symbol: 'ETH', decimals: 18 },
    grant: {
      type: 'native-token-periodic',
      redeemer: SESSION,
      token: { kind: 'native', symbol: 'ETH', decimals: 18 },
      periodAmount: '1000000000000000',
      periodSeconds: 30 * 86_400,
      start: 1_900_000_000,
      startsNow: true,
      expiry: 1_931_536_000,
      periods: 13,
      maxTotal: '13000000000000000',
      justification: null,
      ...grant,
    },
    upgrade: null,
    spending: { limitWei: null, spentWei: '0', costWei: '0', passwordRequired: null },
    ...rest,
  };
}

function shown(details: SpendPermissionApproval): (testId: string) => string | null {
  render(
    h(SpendPermissionRequest, {
      details,
      origin: 'https://music.example',
      password: '',
      onPassword: () => {},
      disabled: false,
    }),
    root,
  );
  return (testId) => root.querySelector(`[data-testid="${testId}"]`)?.textContent ?? null;
}

describe('the spend-permission window', () => {
  it('says who may take how much each period, from now, and the most in total', () => {
    const text = shown(approval());
    expect(text('grant-summary')).toBe(
      'music.example may take up to 0.001 ETH a month from your balance, without asking each time',
    );
    expect(text('grant-redeemer')).toContain(SESSION);
    expect(text('grant-start')).toBe('from now');
    expect(text('grant-total')).toBe('0.013 ETH in total (13 periods until it ends)');
    expect(text('grant-upgrade')).toBeNull();
    expect(text('tx-limit')).toBeNull();
  });

  it('names a start in the future by its date, never "from now"', () => {
    const text = shown(approval({ startsNow: false }));
    expect(text('grant-start')).not.toBe('from now');
    expect(text('grant-start')).toMatch(/2030/);
  });

  it('attack: a token without a readable symbol is named by its address, in its own units', () => {
    const text = shown(
      approval({
        type: 'erc20-token-periodic',
        token: { kind: 'erc20', address: TOKEN, symbol: null, decimals: 6 },
        periodAmount: '5000000',
        periodSeconds: 86_400,
        maxTotal: '150000000',
        periods: 30,
      }),
    );
    expect(text('grant-amount')).toBe(`5 of the token ${TOKEN} a day`);
    expect(text('grant-token')).toContain('A token with no readable symbol');
    expect(text('grant-total')).toContain(`150 of the token ${TOKEN}`);
  });

  it('shows the upgrade an older delegate needs, and why the password is asked under a limit', () => {
    const details = approval(
      {},
      {
        upgrade: {
          delegate: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
          replaces: OLD_DELEGATE,
          review: {
            feeEstimateWei: '50000000000000',
            maxFeeWei: '80000000000000',
          } as NonNullable<SpendPermissionApproval['upgrade']>['review'],
        },
        spending: {
          limitWei: '2000000000000000',
          spentWei: '0',
          costWei: '13080000000000000',
          passwordRequired: 'over-limit',
        },
      },
    );
    const text = shown(details);
    expect(text('grant-upgrade')).toContain(`instead of the one it runs now (${OLD_DELEGATE})`);
    expect(text('grant-upgrade')).toContain('fee about 0.00005 ETH, at most 0.00008 ETH');
    expect(text('tx-limit')).toContain(
      'The most this permission can take (0.013 ETH, with the upgrade’s fee) is more than what is left today of your daily limit of 0.002 ETH.',
    );
    expect(needsPassword(details)).toBe(true);
    expect(needsPassword(approval())).toBe(false);
  });
});

describe('a period in words', () => {
  it.each([
    [30 * 86_400, 'a month'],
    [7 * 86_400, 'a week'],
    [86_400, 'a day'],
    [3_600, 'an hour'],
    [3 * 86_400, 'every 3 days'],
    [31 * 86_400, 'every 31 days'],
    [2 * 3_600, 'every 2 hours'],
    [90, 'every 90 seconds'],
    [600, 'every 10 minutes'],
  ])('%i seconds: "%s"', (seconds, words) => {
    expect(periodInWords(seconds)).toBe(words);
  });
});
