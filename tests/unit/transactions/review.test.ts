import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import {
  buildReview,
  type CallDescription,
  type CanonicalTransaction,
  reviewTransaction,
  transactionRequestSchema,
} from '../../../lib/transactions/index.ts';
import { feeChain, GWEI, hex, OTHER, RpcError, SENDER, TOKEN, tokenCalls } from './support.ts';

const ETH = { symbol: 'ETH', decimals: 18 };
const erc20 = new Interface([
  'function approve(address,uint256)',
  'function transfer(address,uint256)',
  'function setApprovalForAll(address,bool)',
]);
const MAX_UINT = (1n << 256n) - 1n;

const token = { [TOKEN.toLowerCase()]: { decimals: 18, symbol: 'ENC', totalSupply: 10n ** 24n } };
async function review(fields: Record<string, unknown>, extra = {}) {
  const chain = feeChain({ eth_call: tokenCalls(token), ...extra });
  return reviewTransaction(transactionRequestSchema().parse({ from: SENDER, ...fields }), {
    chainId: 31_337,
    from: SENDER,
    chain,
    currency: ETH,
  });
}
const kinds = (r: { warnings: readonly { kind: string }[] }) => r.warnings.map((w) => w.kind);

describe('the review the approval window shows', () => {
  it('a plain transfer: summary, fee estimate and maximum, balance after', async () => {
    const r = await review(
      { to: OTHER, value: hex(10n ** 17n) },
      { eth_estimateGas: () => hex(21_000) },
    );
    expect(r.summary).toBe('Send 0.1 ETH to 0x3333…3333');
    expect(r.feeEstimateWei).toBe((21_000n * 11n * GWEI).toString());
    expect(r.maxFeeWei).toBe((21_000n * 21n * GWEI).toString());
    expect(r.balanceAfterWei).toBe((10n ** 18n - 10n ** 17n - 21_000n * 11n * GWEI).toString());
    expect(r.warnings).toEqual([]);
    expect(r.simulation).toEqual({ outcome: 'success' });
  });

  it('an unlimited approval is called unlimited and warned about', async () => {
    const r = await review({
      to: TOKEN,
      data: erc20.encodeFunctionData('approve', [OTHER, MAX_UINT]),
    });
    expect(r.summary).toBe('Let 0x3333…3333 spend unlimited ENC');
    expect(r.approval).toBe('unlimited');
    expect(kinds(r)).toEqual(['UNLIMITED_APPROVAL']);
  });

  it('an approval of the whole supply is large; a small one is capped and quiet', async () => {
    const large = await review({
      to: TOKEN,
      data: erc20.encodeFunctionData('approve', [OTHER, 10n ** 24n]),
    });
    expect([large.approval, ...kinds(large)]).toEqual(['large', 'LARGE_APPROVAL']);
    const small = await review({
      to: TOKEN,
      data: erc20.encodeFunctionData('approve', [OTHER, 10n ** 18n]),
    });
    expect(small.summary).toBe('Let 0x3333…3333 spend 1 ENC');
    expect([small.approval, ...kinds(small)]).toEqual(['capped']);
  });

  it('setApprovalForAll(true) is warned about', async () => {
    const r = await review({
      to: TOKEN,
      data: erc20.encodeFunctionData('setApprovalForAll', [OTHER, true]),
    });
    expect(kinds(r)).toContain('APPROVAL_FOR_ALL');
    expect(r.approval).toBe('unlimited');
  });

  it('a token sent to its own contract, and a call to an address without code', async () => {
    const self = await review({
      to: TOKEN,
      data: erc20.encodeFunctionData('transfer', [TOKEN, 1n]),
    });
    expect(kinds(self)).toContain('TOKEN_TO_ITSELF');
    const empty = await review({ to: OTHER, data: '0x12345678' }, { eth_getCode: () => '0x' });
    expect(kinds(empty)).toContain('NO_CODE');
  });

  it('a call that would revert says why', async () => {
    const reason = new Interface(['error Error(string)']).encodeErrorResult('Error', ['sold out']);
    const r = await review(
      { to: OTHER, data: '0x12345678' },
      {
        eth_call: () => {
          throw new RpcError(-32603, 'execution reverted', { data: reason });
        },
        eth_estimateGas: () => {
          throw new RpcError(-32603, 'execution reverted', { data: reason });
        },
      },
    );
    expect(r.simulation).toEqual({
      outcome: 'revert',
      reason: { kind: 'error', text: 'sold out' },
    });
    expect(kinds(r)).toContain('WILL_REVERT');
  });

  it('a balance the node cannot read is unknown, not zero', async () => {
    const r = await review(
      { to: OTHER, value: '0x1' },
      {
        eth_getBalance: () => {
          throw new Error('fetch failed');
        },
      },
    );
    expect(r.balanceWei).toBeNull();
    expect(r.balanceAfterWei).toBeNull();
  });

  it('warns when the balance does not cover value and maximum fee', () => {
    const tx: CanonicalTransaction = {
      chainId: 1,
      from: SENDER,
      to: OTHER,
      value: '100',
      data: '0x',
      gasLimit: '21000',
      fee: { type: 0, gasPrice: '1' },
      nonce: null,
      accessList: [],
    };
    const call: CallDescription = { kind: 'native' };
    const r = buildReview(tx, 21_000n, {
      call,
      simulation: { outcome: 'success' },
      balanceWei: 21_099n,
      toHasCode: false,
      currency: ETH,
    });
    expect(kinds(r)).toEqual(['INSUFFICIENT_FUNDS']);
    expect(r.balanceAfterWei).toBe('-1');
  });
});
