// A CallBatch paid by a paymaster contract (ERC-7677) and carried by a bundler (ERC-4337 v0.8):
// the batch the window showed, plus the fees the bundler wants and the paymaster's fields. The
// listener signs the EntryPoint's EIP-712 hash of all of it, so the signature holds only with
// that paymaster and its data; with a paymaster named, the EntryPoint charges its deposit and
// never the account (a paymaster field left empty would charge the account: signPaidBatch
// refuses that).
import { toBeHex, zeroPadValue } from 'ethers';
import type { CallBatch } from './call-batch.ts';
import { MAX_GAS_LIMIT } from './call-batch.ts';
import { type DelegateTable, pinnedDelegate } from './delegates.ts';
import { DelegateNotPinnedError, WrongSignerError } from './errors.ts';
import { PaymasterDoesNotPayError } from './paymaster-errors.ts';
import { type Address, type Hex, toQuantity } from './schemas.ts';
import type { CallsSigner, SignedAuthorization } from './upgrade.ts';
import {
  type OperationPayment,
  operationHash,
  operationTypedData,
  type PackedUserOperation,
  packHighLow,
  packOperation,
  toRpcUserOperation,
  type UserOperationTypedData,
} from './user-operation.ts';

/** The paymaster's part of an operation, as ERC-7677 answers it. */
export interface PaymasterFields {
  readonly paymaster: Address;
  readonly paymasterData: Hex;
  readonly paymasterVerificationGasLimit: bigint;
  readonly paymasterPostOpGasLimit: bigint;
}

export interface PaidFees {
  readonly maxFeePerGas: bigint;
  readonly maxPriorityFeePerGas: bigint;
}

export interface PaidBatch {
  readonly batch: CallBatch;
  readonly fees: PaidFees;
  readonly paymaster: PaymasterFields;
}

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

function uint128(value: bigint): Hex {
  return zeroPadValue(toBeHex(value), 16) as Hex;
}

/** paymaster ‖ verification gas (16 bytes) ‖ postOp gas (16 bytes) ‖ paymasterData. */
export function paymasterAndData(fields: PaymasterFields): Hex {
  return `0x${fields.paymaster.slice(2).toLowerCase()}${uint128(fields.paymasterVerificationGasLimit).slice(2)}${uint128(fields.paymasterPostOpGasLimit).slice(2)}${fields.paymasterData.slice(2)}`.toLowerCase() as Hex;
}

/** The batch's fees and the paymaster's part, as the packed operation carries them. */
function paymentOf(paid: PaidBatch): OperationPayment {
  return {
    gasFees: packHighLow(paid.fees.maxPriorityFeePerGas, paid.fees.maxFeePerGas),
    paymasterAndData: paymasterAndData(paid.paymaster),
  };
}

export function packPaidOperation(paid: PaidBatch, signature: Hex = '0x'): PackedUserOperation {
  return packOperation(paid.batch, paymentOf(paid), signature);
}

/** What the listener signs: the EntryPoint's EIP-712 hash, the delegate in the initCode's place. */
export function paidOperationTypedData(paid: PaidBatch): UserOperationTypedData {
  return operationTypedData(paid.batch, paymentOf(paid));
}

/** The userOpHash the EntryPoint computes (and its UserOperationEvent carries). */
export function paidOperationHash(paid: PaidBatch): Hex {
  return operationHash(paid.batch, paymentOf(paid));
}

/** ERC-7769 v0.8 JSON of an operation (unpacked fields), as bundlers and ERC-7677 take it. */
export interface RpcPaidOperation {
  readonly sender: Address;
  readonly nonce: Hex;
  readonly factory: '0x7702';
  readonly factoryData: '0x';
  readonly callData: Hex;
  readonly callGasLimit: Hex;
  readonly verificationGasLimit: Hex;
  readonly preVerificationGas: Hex;
  readonly maxFeePerGas: Hex;
  readonly maxPriorityFeePerGas: Hex;
  readonly paymaster?: Address;
  readonly paymasterVerificationGasLimit?: Hex;
  readonly paymasterPostOpGasLimit?: Hex;
  readonly paymasterData?: Hex;
  readonly signature: Hex;
  readonly eip7702Auth?: SignedAuthorization;
}

export function toRpcPaidOperation(
  batch: CallBatch,
  fees: PaidFees,
  paymaster: PaymasterFields | null,
  signature: Hex,
  authorization: SignedAuthorization | null,
): RpcPaidOperation {
  // The sponsored operation's JSON with this operation's fees and paymaster in place of zeros.
  return {
    ...toRpcUserOperation(batch, signature, authorization),
    maxFeePerGas: toQuantity(fees.maxFeePerGas),
    maxPriorityFeePerGas: toQuantity(fees.maxPriorityFeePerGas),
    ...(paymaster
      ? {
          paymaster: paymaster.paymaster,
          paymasterVerificationGasLimit: toQuantity(paymaster.paymasterVerificationGasLimit),
          paymasterPostOpGasLimit: toQuantity(paymaster.paymasterPostOpGasLimit),
          paymasterData: paymaster.paymasterData,
        }
      : {}),
  };
}

/**
 * Signs a paid batch with the account's key after checking, whatever built it, that the delegate
 * and EntryPoint are the pinned ones, the key is the account's, and a paymaster contract pays
 * (never the zero address and never none): without one, the EntryPoint would charge the account.
 */
export async function signPaidBatch(
  signer: CallsSigner,
  table: DelegateTable,
  paid: PaidBatch,
): Promise<Hex> {
  const { batch } = paid;
  const pinned = pinnedDelegate(table, batch.chainId);
  if (batch.delegate !== pinned.address || batch.entryPoint !== pinned.entryPoint) {
    throw new DelegateNotPinnedError(batch.chainId, batch.delegate);
  }
  if (signer.address !== batch.account) throw new WrongSignerError(batch.account, signer.address);
  if (!/^0x[0-9a-fA-F]{40}$/.test(paid.paymaster.paymaster)) {
    throw new PaymasterDoesNotPayError('it names no paymaster contract');
  }
  if (paid.paymaster.paymaster.toLowerCase() === ZERO_ADDRESS) {
    throw new PaymasterDoesNotPayError('it names the zero address as paymaster');
  }
  for (const value of [
    paid.paymaster.paymasterVerificationGasLimit,
    paid.paymaster.paymasterPostOpGasLimit,
  ]) {
    if (value < 0n || value > MAX_GAS_LIMIT) {
      throw new PaymasterDoesNotPayError(`its gas limits must lie between 0 and ${MAX_GAS_LIMIT}`);
    }
  }
  const typed = paidOperationTypedData(paid);
  return (await signer.signTypedData(
    typed.domain,
    { PackedUserOperation: [...typed.types.PackedUserOperation] },
    typed.message,
  )) as Hex;
}
