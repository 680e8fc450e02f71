import { describe, expect, it } from 'vitest';
import {
  type CallDescription,
  checkSpending,
  costOfCalls,
  describeOutflow,
  outflowOf,
  recentRecords,
  SPENDING_WINDOW_MS,
  spentWithin,
  type TokenCall,
} from '../../../lib/transactions/index.ts';

const NOW = 1_800_000_000_000;
const limit = { kind: 'daily', wei: '1000' } as const;

describe('the daily spending limit', () => {
  const records = [
    { at: NOW - SPENDING_WINDOW_MS - 1, wei: '900' },
    { at: NOW - 1000, wei: '300' },
    { at: NOW - 10, wei: '200' },
  ];

  it('counts only the last 24 hours', () => {
    expect(spentWithin(records, NOW)).toBe(500n);
    expect(recentRecords(records, NOW).map((r) => r.wei)).toEqual(['300', '200']);
  });

  it('allows up to the limit and refuses the first wei over it', () => {
    expect(
      checkSpending(limit, records, { wei: 500n, unlimited: false, tokens: false }, NOW),
    ).toMatchObject({
      allowed: true,
      spentWei: 500n,
    });
    expect(
      checkSpending(limit, records, { wei: 501n, unlimited: false, tokens: false }, NOW),
    ).toMatchObject({
      allowed: false,
      reason: 'over-limit',
    });
  });

  it('counts an uncapped approval as over any limit', () => {
    expect(
      checkSpending(limit, [], { wei: 0n, unlimited: true, tokens: false }, NOW),
    ).toMatchObject({
      allowed: false,
      reason: 'unlimited-approval',
    });
  });

  it('allows anything when the chain has no limit', () => {
    expect(
      checkSpending(
        { kind: 'unlimited' },
        records,
        { wei: 10n ** 30n, unlimited: true, tokens: false },
        NOW,
      ),
    ).toMatchObject({ allowed: true, limitWei: null });
  });
});

const ACCOUNT = '0x1111111111111111111111111111111111111111';
const THIEF = '0x2222222222222222222222222222222222222222';
const OTHER = '0x3333333333333333333333333333333333333333';
const TOKEN = '0x4444444444444444444444444444444444444444';
const ETH = { symbol: 'ETH', decimals: 18 };

function token(
  fn: TokenCall['fn'],
  fields: Partial<TokenCall> & { standard?: 'erc20' | 'erc721' | 'erc1155' },
): TokenCall {
  const standard = fields.standard ?? 'erc20';
  return {
    kind: 'token',
    fn,
    signature: `${fn}(…)`,
    token: {
      address: TOKEN,
      standard,
      symbol: standard === 'erc20' ? 'USDC' : 'TRACKS',
      decimals: standard === 'erc20' ? 6 : null,
      totalSupply: standard === 'erc20' ? '1000000000000' : null,
    },
    owner: null,
    counterparty: THIEF,
    amounts: [],
    tokenIds: [],
    approved: null,
    ...fields,
  };
}

const permit = (owner: string, amount: bigint): CallDescription => ({
  kind: 'known',
  signature: 'permit(address,address,uint256,uint256,uint8,bytes32,bytes32)',
  args: [
    { name: '', type: 'address', value: owner },
    { name: '', type: 'address', value: THIEF },
    { name: '', type: 'uint256', value: amount.toString() },
    { name: '', type: 'uint256', value: '99999999999' },
    { name: '', type: 'uint8', value: '27' },
    { name: '', type: 'bytes32', value: `0x${'11'.repeat(32)}` },
    { name: '', type: 'bytes32', value: `0x${'22'.repeat(32)}` },
  ],
});

const daiPermit = (allowed: boolean): CallDescription => ({
  kind: 'known',
  signature: 'permit(address,address,uint256,uint256,bool,uint8,bytes32,bytes32)',
  args: [
    { name: '', type: 'address', value: ACCOUNT },
    { name: '', type: 'address', value: THIEF },
    { name: '', type: 'uint256', value: '0' },
    { name: '', type: 'uint256', value: '0' },
    { name: '', type: 'bool', value: String(allowed) },
    { name: '', type: 'uint8', value: '27' },
    { name: '', type: 'bytes32', value: `0x${'11'.repeat(32)}` },
    { name: '', type: 'bytes32', value: `0x${'22'.repeat(32)}` },
  ],
});

/** Why one call alone, sent by ACCOUNT, needs the password under a limit far above its value. */
function reasonFor(call: CallDescription, value = 0n): string | null {
  const cost = costOfCalls([{ to: TOKEN, value, call }], ACCOUNT, 0n);
  const check = checkSpending({ kind: 'daily', wei: '1000000000' }, [], cost, NOW);
  return check.allowed ? null : check.reason;
}

describe('tokens against the daily limit', () => {
  it.each([
    ['an ERC-20 transfer of one raw unit', token('transfer', { amounts: ['1'] })],
    [
      'an ERC-20 transferFrom of the account’s own tokens',
      token('transferFrom', { owner: ACCOUNT, amounts: ['5'] }),
    ],
    [
      'an ERC-721 transferFrom',
      token('transferFrom', { standard: 'erc721', owner: ACCOUNT, tokenIds: ['7'] }),
    ],
    [
      'an ERC-721 safeTransferFrom',
      token('safeTransferFrom', { standard: 'erc721', owner: ACCOUNT, tokenIds: ['7'] }),
    ],
    [
      'an ERC-1155 safeTransferFrom',
      token('safeTransferFrom', {
        standard: 'erc1155',
        owner: ACCOUNT,
        tokenIds: ['3'],
        amounts: ['2'],
      }),
    ],
    [
      'an ERC-1155 safeBatchTransferFrom',
      token('safeBatchTransferFrom', {
        standard: 'erc1155',
        owner: ACCOUNT,
        tokenIds: ['3', '4'],
        amounts: ['0', '9'],
      }),
    ],
    ['a capped ERC-20 approval', token('approve', { amounts: ['1000'] })],
    ['an increaseAllowance', token('increaseAllowance', { amounts: ['1000'] })],
    ['an ERC-721 approval of one token', token('approve', { standard: 'erc721', tokenIds: ['7'] })],
    ['a capped EIP-2612 permit of the account’s', permit(ACCOUNT, 1000n)],
  ])('attack: %s needs the password, whatever the amount', (_name, call) => {
    expect(reasonFor(call)).toBe('tokens');
  });

  it.each([
    ['an unlimited ERC-20 approval', token('approve', { amounts: [(2n ** 256n - 1n).toString()] })],
    ['an approval of more than the supply', token('approve', { amounts: ['1000000000001'] })],
    ['setApprovalForAll(true)', token('setApprovalForAll', { standard: 'erc721', approved: true })],
    ['a permit of 2^128', permit(ACCOUNT, 2n ** 128n)],
    ['a DAI permit (allowed = true)', daiPermit(true)],
  ])('attack: %s counts as an uncapped approval, over any limit', (_name, call) => {
    expect(reasonFor(call)).toBe('unlimited-approval');
  });

  it.each([
    ['a transfer of 0', token('transfer', { amounts: ['0'] })],
    ['an approval of 0 (a revoke)', token('approve', { amounts: ['0'] })],
    [
      'clearing an NFT’s approval',
      token('approve', {
        standard: 'erc721',
        tokenIds: ['7'],
        counterparty: '0x0000000000000000000000000000000000000000',
      }),
    ],
    [
      'setApprovalForAll(false)',
      token('setApprovalForAll', { standard: 'erc721', approved: false }),
    ],
    [
      'moving another holder’s tokens (an allowance the account was given)',
      token('transferFrom', { owner: OTHER, amounts: ['5'] }),
    ],
    ['a permit of another owner', permit(OTHER, 1000n)],
    ['a DAI permit that revokes', daiPermit(false)],
  ])('%s takes nothing of the account’s', (_name, call) => {
    expect(reasonFor(call)).toBeNull();
  });

  it('holds in a batch: one token call among value calls, and the values add up', () => {
    const calls = [
      { to: OTHER, value: 300n, call: { kind: 'native' } as const },
      { to: TOKEN, value: 0n, call: token('transfer', { amounts: ['1'] }) },
      { to: OTHER, value: 200n, call: { kind: 'native' } as const },
    ];
    expect(costOfCalls(calls, ACCOUNT, 0n)).toEqual({ wei: 500n, unlimited: false, tokens: true });
    expect(costOfCalls(calls, ACCOUNT, 50n).wei).toBe(550n);
  });

  it('asks nothing on a chain set to “No limit”', () => {
    const cost = costOfCalls(
      [{ to: TOKEN, value: 0n, call: token('transfer', { amounts: ['1'] }) }],
      ACCOUNT,
      0n,
    );
    expect(checkSpending({ kind: 'unlimited' }, [], cost, NOW).allowed).toBe(true);
  });

  it('says what leaves the balance, line by line', () => {
    const outflow = outflowOf(
      [
        { to: OTHER, value: 10n ** 16n, call: { kind: 'native' } },
        { to: TOKEN, value: 0n, call: token('transfer', { amounts: ['2500000'] }) },
        {
          to: TOKEN,
          value: 0n,
          call: token('setApprovalForAll', { standard: 'erc721', approved: true }),
        },
        { to: TOKEN, value: 0n, call: token('approve', { amounts: ['1000'] }) },
        { to: TOKEN, value: 0n, call: permit(ACCOUNT, 5n) },
      ],
      ACCOUNT,
    );
    expect(describeOutflow(outflow, { symbol: 'POL', decimals: 18 })).toEqual([
      '0.01 POL',
      '2.5 USDC, to 0x2222…2222',
      'all your TRACKS, whenever 0x2222…2222 takes it',
      'up to 0.001 USDC, whenever 0x2222…2222 takes it',
      'up to 5 raw units of the token at 0x4444…4444, whenever 0x2222…2222 takes it',
    ]);
    expect(describeOutflow(outflowOf([], ACCOUNT), ETH)).toEqual([]);
  });
});
