import { describe, expect, it } from 'vitest';
import {
  type ChainLog,
  entryPointEvents,
  logsOfOperation,
  readCallsStatus,
  type SentCalls,
  USER_OPERATION_EVENT_TOPIC,
} from '../src/index.ts';
import { BEFORE_EXECUTION_TOPIC } from '../src/user-operation-event.ts';
import { scriptedChain } from './support.ts';

const ENTRY_POINT = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
const FAN = '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9';
const SENDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const HASH = `0x${'11'.repeat(32)}` as const;
const OTHER = `0x${'22'.repeat(32)}` as const;
const TX = `0x${'33'.repeat(32)}` as const;

function opEvent(userOpHash: `0x${string}`, success: boolean): ChainLog {
  const encoded = entryPointEvents().encodeEventLog('UserOperationEvent', [
    userOpHash,
    SENDER,
    '0x0000000000000000000000000000000000000000',
    1n,
    success,
    0n,
    90_000n,
  ]);
  return {
    address: ENTRY_POINT,
    topics: encoded.topics as `0x${string}`[],
    data: encoded.data as `0x${string}`,
  };
}
const marker = (): ChainLog => {
  const encoded = entryPointEvents().encodeEventLog('BeforeExecution', []);
  return { address: ENTRY_POINT, topics: encoded.topics as `0x${string}`[], data: '0x' };
};
const fanLog = (n: number): ChainLog => ({
  address: FAN,
  topics: [`0x${String(n).padStart(64, '0')}`],
  data: '0x',
});

describe('the EntryPoint’s event topics', () => {
  it('are the hashes of the events’ own signatures', () => {
    expect(USER_OPERATION_EVENT_TOPIC).toBe(
      entryPointEvents().getEvent('UserOperationEvent')?.topicHash,
    );
    expect(BEFORE_EXECUTION_TOPIC).toBe(entryPointEvents().getEvent('BeforeExecution')?.topicHash);
  });
});

describe('the logs of one operation in a bundle', () => {
  it('are those between the previous operation (or BeforeExecution) and its own event', () => {
    const logs = [
      marker(),
      fanLog(1),
      opEvent(OTHER, true),
      fanLog(2),
      fanLog(3),
      opEvent(HASH, true),
      fanLog(4),
    ];
    expect(logsOfOperation(logs, ENTRY_POINT, HASH)).toEqual([fanLog(2), fanLog(3)]);
    expect(logsOfOperation(logs, ENTRY_POINT, `0x${'44'.repeat(32)}`)).toEqual([]);
  });
});

describe('wallet_getCallsStatus, read from the chain', () => {
  const sponsored: SentCalls = {
    kind: 'sponsored',
    id: HASH,
    chainId: 31337,
    entryPoint: ENTRY_POINT,
    userOpHash: HASH,
    fromBlock: 7n,
    deadline: 1000,
  };
  const receipt = (logs: ChainLog[]) => ({
    status: '0x1',
    blockHash: `0x${'55'.repeat(32)}`,
    blockNumber: '0x9',
    gasUsed: '0x5208',
    transactionHash: TX,
    logs,
  });

  function chain(found: ChainLog[], timestamp: number, logs: ChainLog[] = []) {
    return scriptedChain({
      eth_getBlockByNumber: () => ({ number: '0xa', timestamp: `0x${timestamp.toString(16)}` }),
      eth_getLogs: () => found.map((log) => ({ ...log, transactionHash: TX })),
      eth_getTransactionReceipt: () => receipt(logs),
    });
  }

  it('is pending (100) until the operation’s event is on chain, searched from the block it was sent at', async () => {
    const { rpc, calls } = chain([], 999);
    expect(await readCallsStatus(rpc, sponsored)).toEqual({
      version: '2.0.0',
      id: HASH,
      chainId: '0x7a69',
      status: 100,
      atomic: true,
      receipts: [],
    });
    expect(calls[1]?.params[0]).toEqual({
      address: ENTRY_POINT,
      topics: [USER_OPERATION_EVENT_TOPIC, HASH],
      fromBlock: '0x7',
      toBlock: '0xa',
    });
  });

  it('is an offchain failure (400) once a block past the deadline holds no such event', async () => {
    expect((await readCallsStatus(chain([], 1001).rpc, sponsored)).status).toBe(400);
  });

  it('is confirmed (200) with one receipt holding only the operation’s own logs', async () => {
    const logs = [marker(), fanLog(1), fanLog(2), opEvent(HASH, true)];
    const status = await readCallsStatus(chain([opEvent(HASH, true)], 999, logs).rpc, sponsored);
    expect(status.status).toBe(200);
    expect(status.receipts).toEqual([
      {
        logs: [fanLog(1), fanLog(2)],
        status: '0x1',
        blockHash: `0x${'55'.repeat(32)}`,
        blockNumber: '0x9',
        gasUsed: '0x5208',
        transactionHash: TX,
      },
    ]);
  });

  it('is a chain failure (500) when the EntryPoint ran the operation and its calls reverted', async () => {
    const status = await readCallsStatus(
      chain([opEvent(HASH, false)], 999, [marker(), opEvent(HASH, false)]).rpc,
      sponsored,
    );
    expect(status.status).toBe(500);
    expect(status.receipts[0]?.status).toBe('0x0');
  });

  it('for transactions the listener sent: pending, confirmed, reverted, or partly reverted (600)', async () => {
    const own = (hashes: `0x${string}`[], atomic: boolean): SentCalls => ({
      kind: 'own',
      id: 'batch-1',
      chainId: 31337,
      transactionHashes: hashes,
      atomic,
    });
    const receipts: Record<string, unknown> = {
      [TX]: receipt([]),
      [OTHER]: { ...receipt([]), status: '0x0', transactionHash: OTHER },
      [HASH]: null,
    };
    const rpc = scriptedChain({
      eth_getTransactionReceipt: ([hash]) => receipts[String(hash)],
    }).rpc;
    expect((await readCallsStatus(rpc, own([TX], true))).status).toBe(200);
    expect((await readCallsStatus(rpc, own([OTHER], true))).status).toBe(500);
    expect((await readCallsStatus(rpc, own([TX, OTHER], false))).status).toBe(600);
    const pending = await readCallsStatus(rpc, own([TX, HASH], false));
    expect(pending).toMatchObject({ status: 100, atomic: false });
    expect(pending.receipts).toHaveLength(1);
  });
});
