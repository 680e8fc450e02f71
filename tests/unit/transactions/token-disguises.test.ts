// A hostile site moves the listener's tokens with a function other than the plain ERC-20/721/1155
// ones: ERC-677/ERC-1363 `transferAndCall` and `approveAndCall` (LINK and others), ERC-777's
// `send` and `authorizeOperator`, Uniswap Permit2's own `approve`, or a plain `transfer` wrapped
// in the token's own `multicall` (OpenZeppelin's and Uniswap's run each call as the sender). Each
// is read from real call data (describeCall against a scripted chain) and held to the daily
// limit's rule for tokens: the password, whatever the amount.

import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import {
  type CanonicalTransaction,
  checkSpending,
  costOfCalls,
  describeCall,
  describeOutflow,
  outflowOf,
} from '../../../lib/transactions/index.ts';
import { feeChain, OTHER, SENDER, TOKEN, tokenCalls } from './support.ts';

const abi = new Interface([
  'function transfer(address,uint256)',
  'function transferAndCall(address,uint256,bytes)',
  'function transferAndCall(address,uint256)',
  'function transferFromAndCall(address,address,uint256,bytes)',
  'function approveAndCall(address,uint256,bytes)',
  'function send(address,uint256,bytes)',
  'function operatorSend(address,address,uint256,bytes,bytes)',
  'function authorizeOperator(address)',
  'function approve(address,address,uint160,uint48)',
  'function multicall(bytes[])',
  'function multicall(uint256,bytes[])',
  'function claim()',
]);

const USDC = '0x5555555555555555555555555555555555555555';
const NOW = 1_800_000_000_000;
const ETH = { symbol: 'ETH', decimals: 18 };

const tx = (data: string): CanonicalTransaction => ({
  chainId: 31_337,
  from: SENDER,
  to: TOKEN,
  value: '0',
  data,
  gasLimit: '100000',
  fee: { type: 0, gasPrice: '1' },
  nonce: null,
  accessList: [],
});

const chain = () =>
  feeChain({
    eth_call: tokenCalls({
      [TOKEN.toLowerCase()]: { decimals: 18, symbol: 'LINK', totalSupply: 10n ** 27n },
    }),
  });

/** Why the call, sent by the listener, needs the password under a limit far above its value. */
async function reasonFor(data: string): Promise<string | null> {
  const call = await describeCall(tx(data), chain());
  const cost = costOfCalls([{ to: TOKEN, value: 0n, call }], SENDER, 0n);
  const check = checkSpending({ kind: 'daily', wei: '1000000000000000000' }, [], cost, NOW);
  return check.allowed ? null : check.reason;
}

const encode = (signature: string, args: readonly unknown[]): string =>
  abi.encodeFunctionData(signature, args);

describe('token moves in disguise', () => {
  it.each([
    [
      'ERC-677 transferAndCall(to, amount, data)',
      encode('transferAndCall(address,uint256,bytes)', [OTHER, 5n, '0x']),
    ],
    [
      'ERC-1363 transferAndCall(to, amount)',
      encode('transferAndCall(address,uint256)', [OTHER, 5n]),
    ],
    [
      'ERC-1363 transferFromAndCall of the account’s own tokens',
      encode('transferFromAndCall(address,address,uint256,bytes)', [SENDER, OTHER, 5n, '0x']),
    ],
    ['ERC-1363 approveAndCall', encode('approveAndCall(address,uint256,bytes)', [OTHER, 5n, '0x'])],
    ['ERC-777 send', encode('send(address,uint256,bytes)', [OTHER, 5n, '0x'])],
    [
      'ERC-777 operatorSend of the account’s own tokens',
      encode('operatorSend(address,address,uint256,bytes,bytes)', [SENDER, OTHER, 5n, '0x', '0x']),
    ],
    [
      'Permit2’s approve(token, spender, amount, expiration)',
      encode('approve(address,address,uint160,uint48)', [USDC, OTHER, 5n, 1_900_000_000n]),
    ],
    [
      'a transfer inside the token’s multicall',
      encode('multicall(bytes[])', [[encode('claim()', []), encode('transfer', [OTHER, 5n])]]),
    ],
    [
      'a transfer inside Uniswap’s multicall(deadline, calls), nested in another',
      encode('multicall(uint256,bytes[])', [
        1_900_000_000n,
        [encode('multicall(bytes[])', [[encode('transfer', [OTHER, 5n])]])],
      ]),
    ],
  ])(
    'attack: %s moves the account’s tokens: the password, whatever the amount',
    async (_name, data) => {
      expect(await reasonFor(data)).toBe('tokens');
    },
  );

  it.each([
    [
      'ERC-777 authorizeOperator (an operator of every token)',
      encode('authorizeOperator(address)', [OTHER]),
    ],
    [
      'Permit2’s approve of max uint160',
      encode('approve(address,address,uint160,uint48)', [USDC, OTHER, 2n ** 160n - 1n, 0n]),
    ],
  ])('attack: %s is an approval without a cap, over any limit', async (_name, data) => {
    expect(await reasonFor(data)).toBe('unlimited-approval');
  });

  it('the window says what leaves the balance: a transfer found inside a multicall, Permit2’s token', async () => {
    const wrapped = await describeCall(
      tx(encode('multicall(bytes[])', [[encode('transfer', [OTHER, 5n * 10n ** 18n])]])),
      chain(),
    );
    const permit2 = await describeCall(
      tx(encode('approve(address,address,uint160,uint48)', [USDC, OTHER, 7n, 0n])),
      chain(),
    );
    const lines = describeOutflow(
      outflowOf(
        [
          { to: TOKEN, value: 0n, call: wrapped },
          { to: TOKEN, value: 0n, call: permit2 },
        ],
        SENDER,
      ),
      ETH,
    );
    expect(lines).toEqual([
      '5 LINK, to 0x3333…3333',
      'up to 7 raw units of the token at 0x5555…5555, whenever 0x3333…3333 takes it',
    ]);
  });

  it('attack: a transfer in a multicall nested too deep, or among too many calls (in all), still counts as moving tokens, and the chain is asked little', async () => {
    let deep = encode('transfer', [OTHER, 5n]);
    for (let i = 0; i < 3; i++) deep = encode('multicall(bytes[])', [[deep]]);
    expect(await reasonFor(deep)).toBe('tokens');
    const long = encode('multicall(bytes[])', [
      [...Array(32).fill(encode('claim()', [])), encode('transfer', [OTHER, 5n])],
    ]);
    expect(await reasonFor(long)).toBe('tokens');
    // 32 multicalls of 32 transfers each: read as unreadable after 32 calls in all, so the chain
    // is asked about a few tokens, never about a thousand.
    const wide = encode('multicall(bytes[])', [
      Array(32).fill(
        encode('multicall(bytes[])', [Array(32).fill(encode('transfer', [OTHER, 5n]))]),
      ),
    ]);
    const asked = chain();
    const wideCall = await describeCall(tx(wide), asked);
    const wideCost = costOfCalls([{ to: TOKEN, value: 0n, call: wideCall }], SENDER, 0n);
    expect(wideCost.tokens).toBe(true);
    expect(asked.calls.length).toBeLessThan(200);
    const call = await describeCall(tx(long), chain());
    expect(describeOutflow(outflowOf([{ to: TOKEN, value: 0n, call }], SENDER), ETH)).toEqual([
      'any of your tokens: a multicall holds more calls than Encore reads',
    ]);
  });

  it('a multicall of harmless calls and a revocation count nothing', async () => {
    expect(await reasonFor(encode('multicall(bytes[])', [[encode('claim()', [])]]))).toBeNull();
    expect(
      await reasonFor(encode('approve(address,address,uint160,uint48)', [USDC, OTHER, 0n, 0n])),
    ).toBeNull();
  });
});
