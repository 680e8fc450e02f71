// Reading a node's answers, as @encore-wallet/calls, lib/transactions and the worker's activity list all do:
// an answer that does not fit is refused with the method it answered, the node's own error
// (a revert) comes through as the node sent it, and values are read as nodes send them.
import { describe, expect, it } from 'vitest';
import {
  bytesAnswer,
  ChainAnswerError,
  type ChainRpc,
  quantityAnswer,
  readAnswer,
  readBalance,
  readCode,
  readLatestBlock,
  readTransactionCount,
} from '../../src/chain-rpc/index.ts';

const ACCOUNT = '0x1111111111111111111111111111111111111111';

/** A node that answers every request with `answer`, or throws it when it is an Error. */
const node = (answer: unknown): ChainRpc => ({
  request: async () => {
    if (answer instanceof Error) throw answer;
    return answer;
  },
});

describe('readAnswer', () => {
  it('refuses an answer that does not fit, naming the method', async () => {
    const refused = readAnswer(node('0xzz'), 'eth_gasPrice', [], quantityAnswer);
    await expect(refused).rejects.toBeInstanceOf(ChainAnswerError);
    await expect(refused).rejects.toMatchObject({
      code: 'CHAIN_ANSWER_INVALID',
      message: "The chain's node gave an unreadable answer to eth_gasPrice.",
    });
  });

  it("passes the node's own error on as it came, so a revert is still seen as one", async () => {
    const revert = Object.assign(new Error('execution reverted'), { code: 3, data: '0x' });
    await expect(readAnswer(node(revert), 'eth_estimateGas', [], quantityAnswer)).rejects.toBe(
      revert,
    );
  });
});

describe('the answer values', () => {
  it('reads quantities with leading zeros, up to 256 bits, and nothing else', () => {
    expect(quantityAnswer.parse('0x0')).toBe(0n);
    expect(quantityAnswer.parse('0x0a')).toBe(10n);
    expect(quantityAnswer.parse(`0x${'f'.repeat(64)}`)).toBe(2n ** 256n - 1n);
    for (const bad of ['0x', '10', 10, null, `0x1${'0'.repeat(64)}`, '0xg']) {
      expect(quantityAnswer.safeParse(bad).success).toBe(false);
    }
  });

  it('reads bytes in lower case, and refuses odd-length hex', () => {
    expect(bytesAnswer.parse('0x')).toBe('0x');
    expect(bytesAnswer.parse('0x60AB')).toBe('0x60ab');
    expect(bytesAnswer.safeParse('0x123').success).toBe(false);
  });
});

describe('the shared reads', () => {
  it('read code, balance, nonce and the latest block', async () => {
    expect(await readCode(node('0xEF0100'), ACCOUNT)).toBe('0xef0100');
    expect(await readBalance(node('0xde0b6b3a7640000'), ACCOUNT)).toBe(10n ** 18n);
    expect(await readTransactionCount(node('0x7'), ACCOUNT)).toBe(7);
    expect(await readLatestBlock(node({ number: '0x10', timestamp: '0x64' }))).toEqual({
      number: 16n,
      timestamp: 100n,
    });
  });

  it('refuse a nonce beyond what a number holds exactly, and a block without a timestamp', async () => {
    await expect(readTransactionCount(node('0x20000000000000'), ACCOUNT)).rejects.toBeInstanceOf(
      ChainAnswerError,
    );
    await expect(readLatestBlock(node({ number: '0x10' }))).rejects.toBeInstanceOf(
      ChainAnswerError,
    );
  });
});
