// What the demo page says of a "Support the artist" permission: the three lines a listener reads.
import { describe, expect, it } from 'vitest';
import type { SupportState } from '../../../demo/shared/support.ts';
import { describeSupport } from '../../../demo/site/support-flow.ts';

const DAY = 86_400;
// 29 November 2026, 00:00 UTC.
const START = Date.UTC(2026, 10, 29) / 1000;

const state = (patch: Partial<SupportState>): SupportState => ({
  listener: '0x0000000000000000000000000000000000000001',
  artist: '0x1199aAc7b080EDdB1BA9d034A93e47F3D1566484',
  trackId: 'D7Kq1',
  amountWei: '1000000000000000',
  periodSeconds: 30 * DAY,
  startTime: START,
  expiry: START + 365 * DAY,
  chainTime: START + 60,
  revoked: false,
  expired: false,
  due: true,
  nextChargeAt: START + 60,
  charges: [],
  ...patch,
});

describe('the demo page’s words for a monthly permission', () => {
  it('granted and due: the amount, the period, the artist and the end; due now; no charges', () => {
    expect(describeSupport(state({}), 'Lumen Drift')).toEqual({
      status: 'Granted: 0.001 ETH every 30 days to Lumen Drift, until 29 November 2027.',
      next: "Due now (29 November 2026 on the chain's clock).",
      charges: 'None yet.',
    });
  });

  it('charged this month: the next period’s date, and what was taken in all', () => {
    const charged = state({
      due: false,
      nextChargeAt: START + 30 * DAY,
      charges: [
        { txHash: `0x${'1'.repeat(64)}`, time: START },
        { txHash: `0x${'2'.repeat(64)}`, time: START + 30 * DAY },
      ],
    });
    const words = describeSupport(charged, 'Lumen Drift');
    expect(words.next).toBe('On 29 December 2026.');
    expect(words.charges).toBe('2 charges, 0.002 ETH in all.');
  });

  it('revoked or ended: said so, and no next charge', () => {
    expect(
      describeSupport(state({ revoked: true, due: false, nextChargeAt: null }), 'Lumen Drift'),
    ).toMatchObject({
      status: 'Revoked in your wallet: this site can take nothing more.',
      next: 'None.',
    });
    expect(
      describeSupport(state({ expired: true, due: false, nextChargeAt: null }), 'x').status,
    ).toBe('Ended on 29 November 2027.');
  });
});
