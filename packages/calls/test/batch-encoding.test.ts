import { AbiCoder, Interface } from 'ethers';
import { getUserOperationHash, toPackedUserOperation } from 'viem/account-abstraction';
import { describe, expect, it } from 'vitest';
import {
  BATCH_MODE,
  buildCallBatch,
  type CallBatch,
  deadlineOf,
  decodeExecute,
  encodeExecute,
  InvalidCallsError,
  InvalidUserOperationError,
  keyOf,
  MAX_CALLS,
  NoPinnedDelegateError,
  nonceOf,
  packUserOperation,
  parseCalls,
  readRpcUserOperation,
  sequenceOf,
  toRpcUserOperation,
  userOperationHash,
} from '../src/index.ts';
import { CHAIN_ID, PINNED, TABLE } from './support.ts';

const FAN = '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9';
const fan = new Interface(['function favorite(string)', 'function follow(string)']);
const calls = parseCalls([
  { to: FAN, data: fan.encodeFunctionData('favorite', ['T1']) },
  { to: FAN.toLowerCase(), data: fan.encodeFunctionData('follow', ['artist-1']), value: '0x0' },
]);
const LISTENER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const GAS = { callGasLimit: 200_000n, verificationGasLimit: 150_000n, preVerificationGas: 50_000n };

function batch(overrides: Partial<Parameters<typeof buildCallBatch>[0]> = {}): CallBatch {
  return buildCallBatch({
    table: TABLE,
    chainId: CHAIN_ID,
    account: LISTENER,
    calls,
    deadline: 1_900_000_000,
    sequence: 0n,
    gas: GAS,
    ...overrides,
  });
}

describe('a batch’s calls in canonical form', () => {
  it('checksums targets, reads values as wei and data as lower-case bytes, with defaults', () => {
    expect(
      parseCalls([
        { to: FAN.toLowerCase() },
        { to: FAN, value: '0x0de0b6b3a7640000', data: '0xABCD' },
      ]),
    ).toEqual([
      { to: FAN, value: 0n, data: '0x' },
      { to: FAN, value: 10n ** 18n, data: '0xabcd' },
    ]);
  });

  it.each([
    [[], 'calls must hold at least one call'],
    [
      Array.from({ length: MAX_CALLS + 1 }, () => ({ to: FAN })),
      `calls must hold at most ${MAX_CALLS} calls`,
    ],
    [[{ data: '0x' }], 'calls[0].to must be a 0x-prefixed 20-byte hex address'],
    [[{ to: FAN }, { to: FAN, value: 5 }], 'calls[1].value must be a 0x-prefixed hex quantity'],
    [[{ to: FAN, data: '0xabc' }], 'calls[0].data must be 0x-prefixed hex bytes (even length)'],
    [[{ to: FAN, gas: '0x1' }], 'calls[0] does not take "gas"'],
    [[{ to: FAN.replace('Dc64', 'dC64') }], 'calls[0].to has a wrong EIP-55 checksum'],
    ['0x', 'calls must be an array of calls'],
  ])('refuses %j, naming where: %s', (input, message) => {
    expect(() => parseCalls(input)).toThrow(InvalidCallsError);
    expect(() => parseCalls(input)).toThrow(message);
  });

  it('refuses a batch carrying more than 32 KiB of calldata in all', () => {
    const big = `0x${'ab'.repeat(17 * 1024)}`;
    expect(() =>
      parseCalls([
        { to: FAN, data: big },
        { to: FAN, data: big },
      ]),
    ).toThrow(/more than 32768/);
  });
});

describe('ERC-7821 execute in batch mode', () => {
  it('round-trips the calls, in order', () => {
    const data = encodeExecute(calls);
    expect(data.slice(0, 10)).toBe(
      new Interface(['function execute(bytes32,bytes)']).getFunction('execute')?.selector,
    );
    expect(decodeExecute(data)).toEqual(calls);
  });

  it('reads nothing but the canonical encoding of a batch-mode execute', () => {
    const executeAbi = new Interface(['function execute(bytes32 mode, bytes executionData)']);
    const executions = AbiCoder.defaultAbiCoder().encode(
      ['tuple(address,uint256,bytes)[]'],
      [calls.map((c) => [c.to, c.value, c.data])],
    );
    const tryMode = `0x0101${'00'.repeat(30)}`;
    expect(
      decodeExecute(
        executeAbi.encodeFunctionData('execute', [tryMode, executions]) as `0x${string}`,
      ),
    ).toBeNull();
    // Trailing bytes decode the same calls but are not what Encore would send.
    expect(decodeExecute(`${encodeExecute(calls)}00` as `0x${string}`)).toBeNull();
    expect(decodeExecute(fan.encodeFunctionData('favorite', ['T1']) as `0x${string}`)).toBeNull();
    expect(BATCH_MODE).toBe(`0x01${'00'.repeat(31)}`);
  });
});

describe('the deadline in the nonce', () => {
  it('puts the deadline in the key’s low 48 bits and the sequence below', () => {
    const nonce = nonceOf(1_900_000_000, 3n);
    expect(deadlineOf(nonce)).toBe(1_900_000_000);
    expect(sequenceOf(nonce)).toBe(3n);
    expect(keyOf(1_900_000_000)).toBe(1_900_000_000n);
    expect(() => nonceOf(0, 0n)).toThrow(RangeError);
    expect(() => nonceOf(2 ** 48, 0n)).toThrow(RangeError);
  });
});

describe('the user operation a batch stands for', () => {
  it('has the hash viem computes for the same v0.8 EIP-7702 operation', () => {
    const b = batch();
    const viemHash = getUserOperationHash({
      chainId: CHAIN_ID,
      entryPointAddress: PINNED.entryPoint,
      entryPointVersion: '0.8',
      userOperation: {
        sender: LISTENER,
        nonce: nonceOf(b.deadline, 0n),
        callData: encodeExecute(calls),
        callGasLimit: GAS.callGasLimit,
        verificationGasLimit: GAS.verificationGasLimit,
        preVerificationGas: GAS.preVerificationGas,
        maxFeePerGas: 0n,
        maxPriorityFeePerGas: 0n,
        signature: '0x',
        factory: '0x7702',
        factoryData: '0x',
        authorization: {
          address: PINNED.address,
          chainId: CHAIN_ID,
          nonce: 0,
          r: '0x0',
          s: '0x0',
          yParity: 0,
        },
      },
    });
    expect(userOperationHash(b)).toBe(viemHash);
  });

  it('packs as viem packs it: zero fees, no paymaster, the EIP-7702 marker as initCode', () => {
    const packed = packUserOperation(batch(), '0x1234');
    const viemPacked = toPackedUserOperation({
      sender: LISTENER,
      nonce: packed.nonce,
      callData: packed.callData,
      callGasLimit: GAS.callGasLimit,
      verificationGasLimit: GAS.verificationGasLimit,
      preVerificationGas: GAS.preVerificationGas,
      maxFeePerGas: 0n,
      maxPriorityFeePerGas: 0n,
      signature: '0x1234',
      factory: '0x7702',
      factoryData: '0x',
    });
    expect({ ...packed, initCode: packed.initCode.toLowerCase() }).toEqual({
      ...viemPacked,
      initCode: viemPacked.initCode.toLowerCase(),
    });
  });

  it('changes its hash with every call, value, target, the chain, the account, the nonce and the deadline', () => {
    const base = userOperationHash(batch());
    const variants: CallBatch[] = [
      batch({ calls: [calls[0]!] }),
      batch({ calls: [{ ...calls[0]!, value: 1n }, calls[1]!] }),
      batch({ calls: [{ ...calls[0]!, to: LISTENER }, calls[1]!] }),
      batch({ calls: [calls[1]!, calls[0]!] }),
      { ...batch(), chainId: 1 },
      batch({ account: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' }),
      batch({ sequence: 1n }),
      batch({ deadline: 1_900_000_001 }),
      { ...batch(), delegate: LISTENER },
      { ...batch(), entryPoint: LISTENER },
    ];
    const hashes = new Set(variants.map(userOperationHash));
    expect(hashes.size).toBe(variants.length);
    expect(hashes.has(base)).toBe(false);
  });

  it('takes its delegate and EntryPoint from the table only', () => {
    expect(batch()).toMatchObject({ delegate: PINNED.address, entryPoint: PINNED.entryPoint });
    expect(() => batch({ chainId: 1 })).toThrow(NoPinnedDelegateError);
  });
});

describe('the user operation on the wire (ERC-7769 JSON)', () => {
  const context = { chainId: CHAIN_ID, entryPoint: PINNED.entryPoint, delegate: PINNED.address };

  it('reads back the batch it was written from', () => {
    const b = batch();
    const read = readRpcUserOperation(toRpcUserOperation(b, '0xabcd', null), context);
    expect(read).toEqual({ batch: b, signature: '0xabcd', authorization: null });
  });

  it.each([
    [
      'a fee',
      { maxFeePerGas: '0x1' },
      'userOp.maxFeePerGas must be "0x0": the sponsor pays the transaction',
    ],
    ['a paymaster', { paymaster: PINNED.address }, 'userOp does not take "paymaster"'],
    [
      'a factory',
      { factory: PINNED.address },
      'userOp.factory must be "0x7702": an EIP-7702 account',
    ],
    ['a nonce without a deadline', { nonce: '0x5' }, 'userOp.nonce must carry a deadline'],
    [
      'a nonce key above 48 bits',
      { nonce: `0x1${'0'.repeat(28)}` },
      'userOp.nonce must fit in 112 bits',
    ],
    [
      'another function',
      { callData: fan.encodeFunctionData('favorite', ['T1']) },
      'userOp.callData must be execute',
    ],
    [
      'a gas limit past 10M',
      { callGasLimit: '0x989681' },
      'userOp.callGasLimit must be at most 10000000',
    ],
  ])('refuses %s, naming the field', (_, change, message) => {
    const wire = { ...toRpcUserOperation(batch(), '0xabcd', null), ...change };
    expect(() => readRpcUserOperation(wire, context)).toThrow(InvalidUserOperationError);
    expect(() => readRpcUserOperation(wire, context)).toThrow(message);
  });
});
