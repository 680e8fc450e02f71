// A CallBatch as ERC-4337 v0.8 sees it: the packed user operation the EntryPoint takes, the
// EIP-712 typed data the listener signs (the EntryPoint's own userOpHash), and the JSON a bundler
// (the sponsor) receives. With the EIP-7702 initCode marker, the EntryPoint hashes the account's
// current delegate in place of the initCode, so a signature holds only while the account runs
// the delegate it was made for.
import { TypedDataEncoder, toBeHex, zeroPadValue } from 'ethers';
import type { CallBatch } from './call-batch.ts';
import { nonceOf } from './deadline-nonce.ts';
import { encodeExecute } from './execute-batch.ts';
import type { Address, Hex } from './schemas.ts';
import { toQuantity } from './schemas.ts';
import type { SignedAuthorization } from './upgrade.ts';

/** The initCode that says "this account is an EIP-7702 delegation" (ERC-4337 v0.8). */
export const EIP7702_INIT_CODE: Hex = '0x7702';

/** The struct EntryPoint v0.8 takes (PackedUserOperation). */
export interface PackedUserOperation {
  readonly sender: Address;
  readonly nonce: bigint;
  readonly initCode: Hex;
  readonly callData: Hex;
  readonly accountGasLimits: Hex;
  readonly preVerificationGas: bigint;
  readonly gasFees: Hex;
  readonly paymasterAndData: Hex;
  readonly signature: Hex;
}

/** The EntryPoint's EIP-712 type for a user operation (UserOperationLib.PACKED_USEROP_TYPEHASH). */
export const USER_OPERATION_TYPES = {
  PackedUserOperation: [
    { name: 'sender', type: 'address' },
    { name: 'nonce', type: 'uint256' },
    { name: 'initCode', type: 'bytes' },
    { name: 'callData', type: 'bytes' },
    { name: 'accountGasLimits', type: 'bytes32' },
    { name: 'preVerificationGas', type: 'uint256' },
    { name: 'gasFees', type: 'bytes32' },
    { name: 'paymasterAndData', type: 'bytes' },
  ],
} as const;

/** Two 128-bit values in one 32-byte word, `high` first (gas limits, fees). */
export function packHighLow(high: bigint, low: bigint): Hex {
  return zeroPadValue(toBeHex((high << 128n) | low), 32) as Hex;
}

const ZERO_FEES: Hex = `0x${'00'.repeat(32)}`;

/** What a paymaster-paid operation adds to a batch: its fees and the paymaster's part. */
export interface OperationPayment {
  readonly gasFees: Hex;
  readonly paymasterAndData: Hex;
}

/** A sponsor's operation: no fees and no paymaster (the sponsor's bundler pays). */
const SPONSOR_PAYS: OperationPayment = { gasFees: ZERO_FEES, paymasterAndData: '0x' };

export function packUserOperation(batch: CallBatch, signature: Hex = '0x'): PackedUserOperation {
  return packOperation(batch, SPONSOR_PAYS, signature);
}

/** The packed operation of `batch` with `payment`'s fees and paymaster. */
export function packOperation(
  batch: CallBatch,
  payment: OperationPayment,
  signature: Hex = '0x',
): PackedUserOperation {
  return {
    sender: batch.account,
    nonce: nonceOf(batch.deadline, batch.sequence),
    initCode: EIP7702_INIT_CODE,
    callData: encodeExecute(batch.calls),
    accountGasLimits: packHighLow(batch.gas.verificationGasLimit, batch.gas.callGasLimit),
    preVerificationGas: batch.gas.preVerificationGas,
    gasFees: payment.gasFees,
    paymasterAndData: payment.paymasterAndData,
    signature,
  };
}

export interface UserOperationTypedData {
  readonly domain: {
    readonly name: 'ERC4337';
    readonly version: '1';
    readonly chainId: number;
    readonly verifyingContract: Address;
  };
  readonly types: typeof USER_OPERATION_TYPES;
  readonly primaryType: 'PackedUserOperation';
  readonly message: Omit<PackedUserOperation, 'signature'>;
}

/**
 * What the listener signs: the EntryPoint's EIP-712 hash of the operation, under a domain bound to
 * the chain and the EntryPoint, with the delegate's address in place of the initCode marker.
 */
export function userOperationTypedData(batch: CallBatch): UserOperationTypedData {
  return operationTypedData(batch, SPONSOR_PAYS);
}

/** The typed data of `batch` with `payment`'s fees and paymaster (see userOperationTypedData). */
export function operationTypedData(
  batch: CallBatch,
  payment: OperationPayment,
): UserOperationTypedData {
  const { signature: _, ...packed } = packOperation(batch, payment);
  return {
    domain: {
      name: 'ERC4337',
      version: '1',
      chainId: batch.chainId,
      verifyingContract: batch.entryPoint,
    },
    types: USER_OPERATION_TYPES,
    primaryType: 'PackedUserOperation',
    message: { ...packed, initCode: batch.delegate.toLowerCase() as Hex },
  };
}

/** The userOpHash the EntryPoint computes for this batch (and its UserOperationEvent carries). */
export function userOperationHash(batch: CallBatch): Hex {
  return operationHash(batch, SPONSOR_PAYS);
}

/** The userOpHash of `batch` with `payment`'s fees and paymaster. */
export function operationHash(batch: CallBatch, payment: OperationPayment): Hex {
  const typed = operationTypedData(batch, payment);
  return TypedDataEncoder.hash(
    typed.domain,
    { PackedUserOperation: [...typed.types.PackedUserOperation] },
    typed.message,
  ) as Hex;
}

/** A user operation as ERC-7769 (bundler JSON-RPC, v0.8) carries it. */
export interface RpcUserOperation {
  readonly sender: Address;
  readonly nonce: Hex;
  readonly factory: '0x7702';
  readonly factoryData: '0x';
  readonly callData: Hex;
  readonly callGasLimit: Hex;
  readonly verificationGasLimit: Hex;
  readonly preVerificationGas: Hex;
  readonly maxFeePerGas: '0x0';
  readonly maxPriorityFeePerGas: '0x0';
  readonly signature: Hex;
  /** The account's authorization for the delegate, when this batch carries the upgrade. */
  readonly eip7702Auth?: SignedAuthorization;
}

export function toRpcUserOperation(
  batch: CallBatch,
  signature: Hex,
  authorization: SignedAuthorization | null,
): RpcUserOperation {
  return {
    sender: batch.account,
    nonce: toQuantity(nonceOf(batch.deadline, batch.sequence)),
    factory: '0x7702',
    factoryData: '0x',
    callData: encodeExecute(batch.calls),
    callGasLimit: toQuantity(batch.gas.callGasLimit),
    verificationGasLimit: toQuantity(batch.gas.verificationGasLimit),
    preVerificationGas: toQuantity(batch.gas.preVerificationGas),
    maxFeePerGas: '0x0',
    maxPriorityFeePerGas: '0x0',
    signature,
    ...(authorization ? { eip7702Auth: authorization } : {}),
  };
}
