// A batch paid by an ERC-7677 paymaster: packed and hashed as viem does it for EntryPoint v0.8
// (fees and paymasterAndData included), and never signed without a paymaster contract.
import { Interface, Wallet } from 'ethers';
import { getUserOperationHash, toPackedUserOperation } from 'viem/account-abstraction';
import { describe, expect, it } from 'vitest';
import {
  buildCallBatch,
  encodeExecute,
  nonceOf,
  type PaidBatch,
  packPaidOperation,
  paidOperationHash,
  parseCalls,
  signPaidBatch,
} from '../src/index.ts';
import { CHAIN_ID, PINNED, TABLE } from './support.ts';

const FAN = '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9';
const fan = new Interface(['function favorite(string)']);
const calls = parseCalls([{ to: FAN, data: fan.encodeFunctionData('favorite', ['T1']) }]);
const listener = new Wallet(`0x${'11'.repeat(32)}`);
const LISTENER = listener.address as `0x${string}`;
const GAS = { callGasLimit: 200_000n, verificationGasLimit: 150_000n, preVerificationGas: 50_000n };
const PAYMASTER = '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707';

function paid(paymaster: string = PAYMASTER): PaidBatch {
  return {
    batch: buildCallBatch({
      table: TABLE,
      chainId: CHAIN_ID,
      account: LISTENER,
      calls,
      deadline: 1_900_000_000,
      sequence: 0n,
      gas: GAS,
    }),
    fees: { maxFeePerGas: 3_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n },
    paymaster: {
      paymaster: paymaster as `0x${string}`,
      paymasterData: '0xabcdef',
      paymasterVerificationGasLimit: 60_000n,
      paymasterPostOpGasLimit: 20_000n,
    },
  };
}

const viemOperation = {
  sender: LISTENER,
  nonce: nonceOf(1_900_000_000, 0n),
  callData: encodeExecute(calls),
  ...GAS,
  maxFeePerGas: 3_000_000_000n,
  maxPriorityFeePerGas: 1_000_000_000n,
  paymaster: PAYMASTER,
  paymasterData: '0xabcdef',
  paymasterVerificationGasLimit: 60_000n,
  paymasterPostOpGasLimit: 20_000n,
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
} as const;

describe('an operation a paymaster pays for', () => {
  it('has the hash viem computes, fees and paymasterAndData included', () => {
    const viemHash = getUserOperationHash({
      chainId: CHAIN_ID,
      entryPointAddress: PINNED.entryPoint,
      entryPointVersion: '0.8',
      userOperation: viemOperation,
    });
    expect(paidOperationHash(paid())).toBe(viemHash);
  });

  it('packs as viem packs it', () => {
    const { authorization: _, ...withoutAuthorization } = viemOperation;
    const viemPacked = toPackedUserOperation(withoutAuthorization);
    const ours = packPaidOperation(paid());
    expect(ours.gasFees).toBe(viemPacked.gasFees);
    expect(ours.paymasterAndData).toBe(viemPacked.paymasterAndData.toLowerCase());
    expect(ours.accountGasLimits).toBe(viemPacked.accountGasLimits);
  });

  it('attack: is not signed without a paymaster contract (the account would pay), nor for another delegate', async () => {
    await expect(
      signPaidBatch(listener, TABLE, paid('0x0000000000000000000000000000000000000000')),
    ).rejects.toMatchObject({ code: 'PAYMASTER_DOES_NOT_PAY' });
    await expect(signPaidBatch(listener, TABLE, paid(''))).rejects.toMatchObject({
      code: 'PAYMASTER_DOES_NOT_PAY',
    });
    const other = paid();
    await expect(
      signPaidBatch(listener, TABLE, {
        ...other,
        batch: { ...other.batch, delegate: '0x3333333333333333333333333333333333333333' },
      }),
    ).rejects.toMatchObject({ code: 'DELEGATE_NOT_PINNED' });
    await expect(signPaidBatch(listener, TABLE, paid())).resolves.toMatch(/^0x[0-9a-f]{130}$/);
  });
});
