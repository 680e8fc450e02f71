import { parseCalls } from '@encore-wallet/calls';
import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { describeCalls } from '../../../lib/extension/calls/describe-calls.ts';
import { OTHER, SENDER, scriptedChain, TOKEN, tokenCalls } from '../transactions/support.ts';

// Every call of a batch is read as a transaction of its own would be: a site cannot hide an
// unlimited approval (or a grant of every NFT) among harmless calls.

const erc20 = new Interface([
  'function approve(address,uint256)',
  'function transfer(address,uint256)',
  'function setApprovalForAll(address,bool)',
]);
const fan = new Interface(['function favorite(string)']);
const FAN = '0x4444444444444444444444444444444444444444';
const MAX_UINT = (1n << 256n) - 1n;
const token = { [TOKEN.toLowerCase()]: { decimals: 18, symbol: 'ENC', totalSupply: 10n ** 24n } };

describe('the calls of a batch, as the window lists them', () => {
  it('warns about the call that grants an unlimited approval, and only that one', async () => {
    const calls = parseCalls([
      { to: FAN, data: fan.encodeFunctionData('favorite', ['T1']) },
      { to: TOKEN, data: erc20.encodeFunctionData('approve', [OTHER, MAX_UINT]) },
      { to: TOKEN, data: erc20.encodeFunctionData('setApprovalForAll', [OTHER, true]) },
    ]);
    const described = await describeCalls(calls, {
      chainId: 31_337,
      account: SENDER,
      currency: { symbol: 'ETH', decimals: 18 },
      chain: scriptedChain({ eth_call: tokenCalls(token) }),
    });
    expect(described.map((call) => call.summary)).toEqual([
      'Call favorite("T1") on 0x4444…4444',
      'Let 0x3333…3333 spend unlimited ENC',
      expect.stringContaining('0x3333…3333'),
    ]);
    expect(described.map((call) => call.warnings.map((w) => w.kind))).toEqual([
      [],
      ['UNLIMITED_APPROVAL'],
      ['APPROVAL_FOR_ALL'],
    ]);
    expect(described.map((call) => call.approval)).toEqual([null, 'unlimited', 'unlimited']);
  });
});

describe('the one-line summary of a known function', () => {
  it('names its arguments readably, spells out direction-changing characters and stays short', async () => {
    const calls = parseCalls([
      { to: FAN, data: fan.encodeFunctionData('favorite', ['a\u202Egnp.exe']) },
      { to: FAN, data: fan.encodeFunctionData('favorite', ['x'.repeat(200)]) },
    ]);
    const described = await describeCalls(calls, {
      chainId: 31_337,
      account: SENDER,
      currency: { symbol: 'ETH', decimals: 18 },
      chain: scriptedChain({}),
    });
    expect(described[0]?.summary).toBe('Call favorite("a⟨U+202E⟩gnp.exe") on 0x4444…4444');
    expect(described[1]?.summary).toBe(`Call favorite("${'x'.repeat(23)}…") on 0x4444…4444`);
  });
});
