// A site's wallet_requestExecutionPermissions request, read into the canonical grant: what the
// kit sends is accepted, and each way a hostile site could make the grant take more than the
// window shows, or from someone else, or forever, is refused naming the field.

import { describe, expect, it } from 'vitest';
import { toProviderError } from '../../../lib/extension/rpc/index.ts';
import {
  InvalidPermissionRequestError,
  parsePermissionRequest,
  redeemablePeriods,
  UnsupportedPermissionError,
} from '../../../lib/permissions/index.ts';
import {
  context,
  DAY,
  erc20Request,
  FRAMEWORK,
  JUNK_TOKEN,
  LISTENER,
  NOW,
  nativeRequest,
  SESSION,
  TOKEN,
} from './support.ts';

async function refusal(request: unknown, ctx = context()) {
  try {
    await parsePermissionRequest(request, ctx);
  } catch (error) {
    return error;
  }
  throw new Error('the request was accepted');
}

async function refusedField(request: unknown, ctx = context()): Promise<string> {
  const error = await refusal(request, ctx);
  expect(error).toBeInstanceOf(InvalidPermissionRequestError);
  return (error as InvalidPermissionRequestError).field;
}

describe('what the kit sends', () => {
  it('a native-token-periodic request becomes the grant the window shows', async () => {
    const grant = await parsePermissionRequest(nativeRequest(), context());
    expect(grant).toEqual({
      type: 'native-token-periodic',
      chainId: 31337,
      origin: 'https://music.example',
      from: LISTENER,
      redeemer: SESSION,
      token: { kind: 'native', symbol: 'ETH', decimals: 18 },
      periodAmount: 10n ** 15n,
      periodSeconds: DAY,
      start: NOW,
      expiry: NOW + 30 * DAY,
      periods: 30,
      maxTotal: 30n * 10n ** 15n,
      justification: 'Support the artist',
    });
  });

  it("an erc20-token-periodic request takes the token's decimals and symbol from the chain", async () => {
    const grant = await parsePermissionRequest(erc20Request(), context());
    expect(grant.token).toEqual({ kind: 'erc20', address: TOKEN, symbol: 'USDC', decimals: 6 });
    expect(grant.periodAmount).toBe(5_000_000n);
    expect(grant.maxTotal).toBe(150_000_000n);
  });

  it('without a start time the grant starts now; null rules fields are read as absent', async () => {
    const grant = await parsePermissionRequest(
      nativeRequest({ data: { startTime: null, justification: null } }),
      context(),
    );
    expect(grant.start).toBe(NOW);
    expect(grant.justification).toBeNull();
  });

  it('the largest amount a uint256 holds is accepted, and its total counted exactly', async () => {
    const max = (1n << 256n) - 1n;
    const grant = await parsePermissionRequest(
      nativeRequest({ data: { periodAmount: `0x${max.toString(16)}` } }),
      context(),
    );
    expect(grant.maxTotal).toBe(max * 30n);
  });
});

describe('the token is what its contract says, never what the site says', () => {
  it('a label the site adds to the data is refused', async () => {
    expect(await refusedField(erc20Request(TOKEN, { symbol: 'USDC', decimals: 6 }))).toBe(
      'permission.data',
    );
  });

  it('a token whose decimals() reverts is refused', async () => {
    const ctx = context({ [TOKEN.toLowerCase()]: { symbol: 'USDC' } });
    expect(await refusedField(erc20Request(), ctx)).toBe('permission.data.tokenAddress');
  });

  it('a token whose decimals() answers junk is refused', async () => {
    expect(await refusedField(erc20Request(JUNK_TOKEN))).toBe('permission.data.tokenAddress');
  });

  it('an address with no contract is refused', async () => {
    expect(await refusedField(erc20Request('0x5555555555555555555555555555555555555555'))).toBe(
      'permission.data.tokenAddress',
    );
  });

  it('a symbol that reverts falls back to none (the window shows the address)', async () => {
    const ctx = context({ [TOKEN.toLowerCase()]: { decimals: 6 } });
    const grant = await parsePermissionRequest(erc20Request(), ctx);
    expect(grant.token).toEqual({ kind: 'erc20', address: TOKEN, symbol: null, decimals: 6 });
  });

  it('a symbol with hidden characters is shown cleaned', async () => {
    const ctx = context({ [TOKEN.toLowerCase()]: { decimals: 6, symbol: 'US\u200bDC\n' } });
    const grant = await parsePermissionRequest(erc20Request(), ctx);
    expect(grant.token.symbol).toBe('USDC');
  });

  it('an erc20 grant naming no token is refused', async () => {
    const request = erc20Request();
    const { tokenAddress: _, ...data } = request.permission.data;
    expect(await refusedField({ ...request, permission: { ...request.permission, data } })).toBe(
      'permission.data.tokenAddress',
    );
  });

  it('a native grant naming a token is refused', async () => {
    expect(await refusedField(nativeRequest({ data: { tokenAddress: TOKEN } }))).toBe(
      'permission.data.tokenAddress',
    );
  });
});

describe('only the two periodic permissions, with an expiry', () => {
  for (const type of [
    'native-token-stream',
    'erc20-token-allowance',
    'token-approval-revocation',
  ]) {
    it(`"${type}" is refused as unsupported, with -32602 naming permission.type`, async () => {
      const request = nativeRequest();
      const error = await refusal({
        ...request,
        permission: { ...(request.permission as object), type },
      });
      expect(error).toBeInstanceOf(UnsupportedPermissionError);
      const answer = toProviderError(error).toJSON();
      expect(answer.code).toBe(-32602);
      expect(answer.message).toContain('permission.type');
    });
  }

  it('a redeemer or payee rule (whose enforcers Encore does not use) is refused', async () => {
    const error = await refusal(
      nativeRequest({
        rules: [
          { type: 'expiry', data: { timestamp: NOW + DAY } },
          { type: 'redeemer', data: { addresses: [SESSION] } },
        ],
      }),
    );
    expect(error).toBeInstanceOf(UnsupportedPermissionError);
    expect((error as UnsupportedPermissionError).field).toBe('rules[1].type');
  });

  it('a request without an expiry is refused: its total would have no bound', async () => {
    expect(await refusedField(nativeRequest({ rules: [] }))).toBe('rules');
  });

  it('an expiry in the past is refused', async () => {
    expect(
      await refusedField(nativeRequest({ rules: [{ type: 'expiry', data: { timestamp: NOW } }] })),
    ).toBe('rules.expiry');
  });

  it('an expiry more than ten years away is refused', async () => {
    const far = NOW + 11 * 365 * DAY;
    expect(
      await refusedField(nativeRequest({ rules: [{ type: 'expiry', data: { timestamp: far } }] })),
    ).toBe('rules.expiry');
  });

  it('two expiries are refused', async () => {
    const expiry = { type: 'expiry', data: { timestamp: NOW + DAY } };
    expect(await refusedField(nativeRequest({ rules: [expiry, expiry] }))).toBe('rules[1]');
  });
});

describe('amounts and times a hostile site could send', () => {
  it('a period of 0 is refused', async () => {
    expect(await refusedField(nativeRequest({ data: { periodDuration: 0 } }))).toBe(
      'permission.data.periodDuration',
    );
  });

  it('a period longer than ten years is refused', async () => {
    expect(await refusedField(nativeRequest({ data: { periodDuration: 11 * 365 * DAY } }))).toBe(
      'permission.data.periodDuration',
    );
  });

  it('an amount of 0 is refused', async () => {
    expect(await refusedField(nativeRequest({ data: { periodAmount: '0x0' } }))).toBe(
      'permission.data.periodAmount',
    );
  });

  it('an amount of 2^256 (which would overflow the enforcer) is refused', async () => {
    const error = await refusal(nativeRequest({ data: { periodAmount: `0x1${'0'.repeat(64)}` } }));
    expect(error).toBeInstanceOf(InvalidPermissionRequestError);
    expect((error as InvalidPermissionRequestError).problem).toContain('2^256');
  });

  it('a start at or before 1970 is refused', async () => {
    expect(await refusedField(nativeRequest({ data: { startTime: 0 } }))).toBe(
      'permission.data.startTime',
    );
  });

  it('a justification longer than the window shows is refused', async () => {
    expect(await refusedField(nativeRequest({ data: { justification: 'x'.repeat(501) } }))).toBe(
      'permission.data.justification',
    );
  });

  it('a start after the expiry is refused, and a start at the expiry', async () => {
    for (const startTime of [NOW + 31 * DAY, NOW + 30 * DAY]) {
      expect(await refusedField(nativeRequest({ data: { startTime } }))).toBe(
        'permission.data.startTime',
      );
    }
  });
});

describe('who may redeem, from whom, on which chain', () => {
  const redeemers: Record<string, string> = {
    "the listener's own address": LISTENER.toUpperCase().replace('0X', '0x'),
    'the DelegationManager': FRAMEWORK.delegationManager.toLowerCase(),
    'address 0': '0x0000000000000000000000000000000000000000',
    ...Object.fromEntries(
      Object.entries(FRAMEWORK.caveatEnforcers).map(([name, address]) => [name, address]),
    ),
  };
  for (const [what, to] of Object.entries(redeemers)) {
    it(`a redeemer that is ${what} is refused`, async () => {
      expect(await refusedField(nativeRequest({ to }))).toBe('to');
    });
  }

  it('a request for another chain than the one asked on is refused', async () => {
    expect(await refusedField(nativeRequest({ chainId: '0x1' }))).toBe('chainId');
  });

  it('a request from another account than the connected one is refused', async () => {
    expect(await refusedField(nativeRequest({ from: SESSION }))).toBe('from');
    const mine = await parsePermissionRequest(
      nativeRequest({ from: LISTENER.toLowerCase() }),
      context(),
    );
    expect(mine.from).toBe(LISTENER);
  });

  it('a malformed session account is refused naming it', async () => {
    expect(await refusedField(nativeRequest({ to: '0x1234' }))).toBe('to');
  });
});

describe('the most a grant can take', () => {
  it('counts the periods that meet [now, expiry), not those already over', () => {
    expect(redeemablePeriods(NOW, DAY, NOW + 30 * DAY, NOW)).toBe(30);
    expect(redeemablePeriods(NOW, DAY, NOW + 30 * DAY + 1, NOW)).toBe(31);
    expect(redeemablePeriods(NOW - 10 * DAY, DAY, NOW + 30 * DAY, NOW)).toBe(30);
    expect(redeemablePeriods(NOW - 10 * DAY - 1, DAY, NOW + DAY, NOW)).toBe(2);
    expect(redeemablePeriods(NOW + 5 * DAY, 7 * DAY, NOW + 6 * DAY, NOW)).toBe(1);
  });
});
