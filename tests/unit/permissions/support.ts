// A request as MetaMask's Smart Accounts Kit sends it (`permissionRequestToRpc`), and the
// wallet's facts a request is read against, over a scripted chain.

import { AbiCoder } from 'ethers';
import type { GrantContext } from '../../../lib/permissions/index.ts';
import { type FakeToken, scriptedChain, tokenCalls } from '../transactions/support.ts';

export const NOW = 1_900_000_000;
export const DAY = 86_400;
export const LISTENER = '0x1111111111111111111111111111111111111111';
export const SESSION = '0x2222222222222222222222222222222222222222';
export const TOKEN = '0x3333333333333333333333333333333333333333';
/** A contract whose decimals() answers a uint256 no uint8 holds. */
export const JUNK_TOKEN = '0x4444444444444444444444444444444444444444';
export const FRAMEWORK = {
  delegationManager: '0xdDdDdDdDdDdDdDdDdDdDdDdDdDdDdDdDdDdDdDdD',
  caveatEnforcers: {
    NativeTokenPeriodTransferEnforcer: '0xA000000000000000000000000000000000000001',
    ERC20PeriodTransferEnforcer: '0xA000000000000000000000000000000000000002',
    ExactCalldataEnforcer: '0xA000000000000000000000000000000000000003',
    ValueLteEnforcer: '0xA000000000000000000000000000000000000004',
    TimestampEnforcer: '0xA000000000000000000000000000000000000005',
  },
} as const;

export function context(
  tokens: Record<string, FakeToken> = { [TOKEN.toLowerCase()]: { decimals: 6, symbol: 'USDC' } },
): GrantContext {
  const junk = AbiCoder.defaultAbiCoder().encode(['uint256'], [1000n]);
  return {
    origin: 'https://music.example',
    listener: LISTENER,
    chainId: 31337,
    framework: FRAMEWORK,
    nativeCurrency: { symbol: 'ETH', decimals: 18 },
    chain: scriptedChain({
      eth_call: tokenCalls(tokens, (params) => {
        const call = params[0] as { to?: string };
        return call.to?.toLowerCase() === JUNK_TOKEN.toLowerCase() ? junk : '0x';
      }),
    }),
    now: NOW,
  };
}

/** A native-token-periodic request: 0.001 ETH a day for 30 days, from now. */
export function nativeRequest(
  overrides: { data?: Record<string, unknown>; rules?: unknown; [field: string]: unknown } = {},
): Record<string, unknown> {
  const { data, rules, ...rest } = overrides;
  return {
    chainId: '0x7a69',
    permission: {
      type: 'native-token-periodic',
      isAdjustmentAllowed: false,
      data: {
        periodAmount: '0x38d7ea4c68000',
        periodDuration: DAY,
        startTime: NOW,
        justification: 'Support the artist',
        ...data,
      },
    },
    to: SESSION,
    rules: rules ?? [{ type: 'expiry', data: { timestamp: NOW + 30 * DAY } }],
    ...rest,
  };
}

/** An erc20-token-periodic request for `token`: 5 units (6 decimals) a day for 30 days. */
export function erc20Request(token = TOKEN, data: Record<string, unknown> = {}) {
  const request = nativeRequest();
  return {
    ...request,
    permission: {
      type: 'erc20-token-periodic',
      isAdjustmentAllowed: false,
      data: {
        tokenAddress: token,
        periodAmount: '0x4c4b40',
        periodDuration: DAY,
        startTime: NOW,
        ...data,
      },
    },
  };
}
