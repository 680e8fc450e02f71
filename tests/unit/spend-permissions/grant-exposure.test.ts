// What granted spend permissions can still take, as the value card counts it: what is left of
// this period plus every later period's cap before the expiry, never above the total less what
// was taken; nothing for a revoked, disabled or ended grant; a grant whose figures could not be
// read counts at its whole remaining total (the card never says less than a grant can take);
// per token, capped by what the account holds.
import { describe, expect, it } from 'vitest';
import { cappedByBalance } from '../../../lib/extension/messages/handlers/value.ts';
import {
  type GrantUsage,
  grantExposure,
  type ListedGrant,
  remainingOf,
} from '../../../lib/extension/spend-permissions/index.ts';
import type { Holdings } from '../../../lib/extension/value/index.ts';

const DAY = 86_400;
const START = 1_900_000_000;
const MILLI = 10n ** 15n;
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

function usage(overrides: Partial<GrantUsage> = {}): GrantUsage {
  return {
    id: `0x${'1a'.repeat(32)}`,
    readAt: START + 10,
    disabled: false,
    started: true,
    expired: false,
    takenThisPeriod: String((4n * MILLI) / 10n),
    availableThisPeriod: String((6n * MILLI) / 10n),
    takenTotal: String((4n * MILLI) / 10n),
    periodEndsAt: START + DAY,
    redemptions: [],
    ...overrides,
  };
}

/** 0.001 ETH a day for 10 days from START. */
function grant(overrides: Partial<ListedGrant> = {}): ListedGrant {
  return {
    id: `0x${'1a'.repeat(32)}`,
    chainId: 31337,
    origin: 'https://music.example',
    redeemer: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    token: { kind: 'native', symbol: 'ETH', decimals: 18 },
    periodAmount: String(MILLI),
    periodSeconds: DAY,
    startTime: START,
    expiry: START + 10 * DAY,
    maxTotal: String(10n * MILLI),
    state: 'live',
    revokeTx: null,
    usage: usage(),
    unreadable: null,
    words: {
      cap: '0.001 ETH a day',
      maxTotal: '0.01 ETH',
      takenThisPeriod: '0.0004 ETH',
      availableThisPeriod: '0.0006 ETH',
      takenTotal: '0.0004 ETH',
    },
    revokeFailed: null,
    ...overrides,
  };
}

describe('what a grant can still take', () => {
  it("this period's rest and nine more periods", () => {
    expect(remainingOf(grant())).toBe((6n * MILLI) / 10n + 9n * MILLI);
  });

  it('never more than the total less what was taken', () => {
    // Taken 9.5 periods' worth already (the figures say so), one period left.
    const late = usage({ takenTotal: String((95n * MILLI) / 10n), periodEndsAt: START + 9 * DAY });
    expect(remainingOf(grant({ usage: late }))).toBe((5n * MILLI) / 10n);
  });

  it('a grant not started yet: every period from its start', () => {
    const ahead = usage({
      started: false,
      takenThisPeriod: '0',
      availableThisPeriod: '0',
      takenTotal: '0',
      periodEndsAt: START,
    });
    expect(remainingOf(grant({ usage: ahead }))).toBe(10n * MILLI);
  });

  it('nothing once revoked, disabled on chain, or ended', () => {
    expect(remainingOf(grant({ state: 'revoked' }))).toBe(0n);
    expect(remainingOf(grant({ usage: usage({ disabled: true }) }))).toBe(0n);
    expect(remainingOf(grant({ state: 'ended', usage: usage({ expired: true }) }))).toBe(0n);
  });

  it('a revoke still pending can take until it is in a block', () => {
    expect(remainingOf(grant({ state: 'revoking' }))).toBe(remainingOf(grant()));
  });

  it('figures that could not be read count at the whole remaining total, not at nothing', () => {
    expect(remainingOf(grant({ usage: null, unreadable: 'the node is down' }))).toBe(10n * MILLI);
  });
});

describe('per token, capped by the balance', () => {
  const holdings = (wei: string, tokens: string | null): Holdings => ({
    account: '0x4BaF24C11b91D3415A10fE39B4283170477d0A3f',
    chainsNotRead: 0,
    chains: [
      {
        chain: {
          id: 31337,
          name: 'Local',
          currency: { symbol: 'ETH', decimals: 18 },
          explorerUrl: null,
        },
        native: { symbol: 'ETH', decimals: 18, wei },
        tokens: [
          {
            address: TOKEN,
            symbol: 'ENC',
            decimals: 18,
            balance: tokens,
            unreadable: null,
            source: 'added',
          },
        ],
        unreadable: null,
      },
    ],
  });
  const erc20 = grant({
    id: `0x${'2b'.repeat(32)}`,
    token: { kind: 'erc20', address: TOKEN, symbol: 'ENC', decimals: 18 },
    periodAmount: String(5n * 10n ** 18n),
    maxTotal: String(50n * 10n ** 18n),
    usage: null,
  });

  it('sums the grants of one token and leaves out those that can take nothing', () => {
    const exposure = grantExposure([
      grant(),
      grant({ id: `0x${'3c'.repeat(32)}` }),
      erc20,
      grant({ state: 'revoked' }),
    ]);
    expect(exposure).toEqual([
      {
        chainId: 31337,
        token: { kind: 'native', symbol: 'ETH', decimals: 18 },
        canTake: String(2n * ((6n * MILLI) / 10n + 9n * MILLI)),
        grants: 2,
      },
      { chainId: 31337, token: erc20.token, canTake: String(50n * 10n ** 18n), grants: 1 },
    ]);
  });

  it('says no more than the account holds, and the full figure when the balance is unknown', () => {
    const exposure = grantExposure([grant(), erc20]);
    expect(cappedByBalance(exposure, holdings(String(5n * MILLI), null))).toEqual([
      expect.objectContaining({ canTake: String(5n * MILLI), shown: '0.005 ETH' }),
      expect.objectContaining({ canTake: String(50n * 10n ** 18n), shown: '50 ENC' }),
    ]);
    expect(cappedByBalance(exposure, holdings(String(10n ** 18n), '0'))).toEqual([
      expect.objectContaining({ shown: '0.0096 ETH' }),
      expect.objectContaining({ canTake: '0', shown: '0 ENC' }),
    ]);
  });
});
