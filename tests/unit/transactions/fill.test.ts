import { describe, expect, it } from 'vitest';
import {
  ChainUnreadableError,
  fillTransaction,
  InvalidTransactionError,
  type TransactionRequest,
  transactionRequestSchema,
} from '../../../lib/transactions/index.ts';
import { feeChain, GWEI, hex, OTHER, RpcError, SENDER } from './support.ts';

const request = (fields: Record<string, unknown>): TransactionRequest =>
  transactionRequestSchema().parse({ from: SENDER, to: OTHER, ...fields });
const context = (chain = feeChain()) => ({ chainId: 31_337, from: SENDER, chain });

describe('filling a transaction from the chain', () => {
  it('offers EIP-1559 fees: twice the base fee plus the tip, and a 20 % gas margin', async () => {
    const { transaction, gasEstimate, feeEstimateWei } = await fillTransaction(
      request({ data: '0x12345678' }),
      context(),
    );
    expect(transaction.fee).toEqual({
      type: 2,
      maxFeePerGas: (21n * GWEI).toString(),
      maxPriorityFeePerGas: GWEI.toString(),
    });
    expect(gasEstimate).toBe(50_000n);
    expect(transaction.gasLimit).toBe('60000');
    // The estimate is at the next block's expected price (base fee + tip), not the maximum.
    expect(feeEstimateWei).toBe(50_000n * 11n * GWEI);
    expect(transaction).toMatchObject({ chainId: 31_337, nonce: null, value: '0' });
  });

  it('gives a plain transfer exactly 21 000 gas', async () => {
    const chain = feeChain({ eth_estimateGas: () => hex(21_000) });
    const { transaction } = await fillTransaction(request({ value: '0x1' }), context(chain));
    expect(transaction.gasLimit).toBe('21000');
  });

  it("keeps what the site set: gas, nonce and a legacy gas price (the chain's is not asked)", async () => {
    const chain = feeChain();
    const { transaction } = await fillTransaction(
      request({ gas: '0x7530', gasPrice: hex(3n * GWEI), nonce: '0x5' }),
      context(chain),
    );
    expect(transaction).toMatchObject({
      gasLimit: '30000',
      nonce: 5,
      fee: { type: 0, gasPrice: (3n * GWEI).toString() },
    });
    expect(chain.calls.map((c) => c.method)).not.toContain('eth_estimateGas');
    expect(chain.calls.map((c) => c.method)).not.toContain('eth_gasPrice');
  });

  it('uses the gas price on a chain whose blocks have no base fee', async () => {
    const chain = feeChain({ eth_getBlockByNumber: () => ({ number: '0x1' }) });
    const { transaction } = await fillTransaction(request({}), context(chain));
    expect(transaction.fee).toEqual({ type: 0, gasPrice: (12n * GWEI).toString() });
  });

  it('falls back to a fixed gas limit when the call reverts (the simulation says why)', async () => {
    const chain = feeChain({
      eth_estimateGas: () => {
        throw new RpcError(3, 'execution reverted', '0x');
      },
    });
    const filled = await fillTransaction(request({ data: '0xdeadbeef' }), context(chain));
    expect(filled.gasEstimate).toBeNull();
    expect(filled.transaction.gasLimit).toBe('500000');
  });

  it('refuses a chain id other than the current chain before asking the node anything', async () => {
    const chain = feeChain();
    const error = await fillTransaction(request({ chainId: '0x1' }), context(chain)).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(InvalidTransactionError);
    expect((error as InvalidTransactionError).field).toBe('chainId');
    expect(chain.calls).toEqual([]);
  });

  it('says which reading failed when the node is down', async () => {
    const chain = feeChain({
      eth_getBlockByNumber: () => {
        throw new Error('fetch failed');
      },
    });
    await expect(fillTransaction(request({}), context(chain))).rejects.toBeInstanceOf(
      ChainUnreadableError,
    );
    const down = feeChain({
      eth_estimateGas: () => {
        throw new Error('fetch failed');
      },
    });
    await expect(fillTransaction(request({}), context(down))).rejects.toThrow(/gas/);
  });
});
