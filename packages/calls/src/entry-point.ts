// The EntryPoint (ERC-4337 v0.8) as the sponsor calls it: `handleOps([op], beneficiary)` in the
// transaction it pays for, and the reasons it reverts with when an operation fails validation.
import { Interface } from 'ethers';
import type { Address, Hex } from './schemas.ts';
import type { PackedUserOperation } from './user-operation.ts';

const OPERATION =
  'tuple(address sender, uint256 nonce, bytes initCode, bytes callData, bytes32 accountGasLimits, uint256 preVerificationGas, bytes32 gasFees, bytes paymasterAndData, bytes signature)';

export const entryPointAbi = new Interface([
  `function handleOps(${OPERATION}[] ops, address beneficiary)`,
  'error FailedOp(uint256 opIndex, string reason)',
  'error FailedOpWithRevert(uint256 opIndex, string reason, bytes inner)',
]);

/** Calldata of `handleOps([op], beneficiary)`: one operation, the fee refund (none) to `beneficiary`. */
export function encodeHandleOps(op: PackedUserOperation, beneficiary: Address): Hex {
  return entryPointAbi.encodeFunctionData('handleOps', [
    [
      [
        op.sender,
        op.nonce,
        op.initCode,
        op.callData,
        op.accountGasLimits,
        op.preVerificationGas,
        op.gasFees,
        op.paymasterAndData,
        op.signature,
      ],
    ],
    beneficiary,
  ]) as Hex;
}
