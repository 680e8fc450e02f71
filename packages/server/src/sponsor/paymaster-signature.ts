// What OpenZeppelin's PaymasterSigner checks (EncorePaymaster.sol): `paymasterData` =
// validAfter (6 bytes) ‖ validUntil (6 bytes) ‖ a signature over the EIP-712 message
// "UserOperationRequest" of the operation as the EntryPoint sees it packed, under the
// paymaster's domain ("EncorePaymaster", "1", chain id, the paymaster's address).

import type { Address, Hex } from '@encore-wallet/calls';
import { concat, type Signer, TypedDataEncoder, toBeHex, zeroPadValue } from 'ethers';
import type { PaymasterUserOperation } from './paymaster-protocol.ts';

export const PAYMASTER_DOMAIN_NAME = 'EncorePaymaster';
export const PAYMASTER_DOMAIN_VERSION = '1';

const TYPES = {
  UserOperationRequest: [
    { name: 'sender', type: 'address' },
    { name: 'nonce', type: 'uint256' },
    { name: 'initCode', type: 'bytes' },
    { name: 'callData', type: 'bytes' },
    { name: 'accountGasLimits', type: 'bytes32' },
    { name: 'preVerificationGas', type: 'uint256' },
    { name: 'gasFees', type: 'bytes32' },
    { name: 'paymasterVerificationGasLimit', type: 'uint256' },
    { name: 'paymasterPostOpGasLimit', type: 'uint256' },
    { name: 'validAfter', type: 'uint48' },
    { name: 'validUntil', type: 'uint48' },
  ],
};

/**
 * A 65-byte signature the contract reads without reverting and refuses (its `s` is above half the
 * curve order): the stub data's, the right length for the bundler's gas estimate.
 */
export const STUB_SIGNATURE: Hex = `0x${'ff'.repeat(32)}${'7f'.repeat(32)}1c`;

const two128 = (high: bigint, low: bigint): Hex =>
  concat([zeroPadValue(toBeHex(high), 16), zeroPadValue(toBeHex(low), 16)]) as Hex;

/** `initCode` as ERC-7769 packs it: factory ‖ factoryData, or empty. */
export function initCodeOf(op: PaymasterUserOperation): Hex {
  if (!op.factory) return '0x';
  return concat([op.factory, op.factoryData ?? '0x']).toLowerCase() as Hex;
}

export interface PaymasterWindow {
  readonly validAfter: number;
  readonly validUntil: number;
}

export interface PaymasterGas {
  readonly verification: bigint;
  readonly postOp: bigint;
}

/** paymasterData = validAfter ‖ validUntil ‖ signature. */
export function encodePaymasterData(window: PaymasterWindow, signature: Hex): Hex {
  return concat([
    zeroPadValue(toBeHex(window.validAfter), 6),
    zeroPadValue(toBeHex(window.validUntil), 6),
    signature,
  ]) as Hex;
}

interface PaymasterMessage {
  readonly paymaster: Address;
  readonly chainId: bigint;
  readonly op: PaymasterUserOperation;
  readonly gas: PaymasterGas;
  readonly window: PaymasterWindow;
}

function typedData(m: PaymasterMessage) {
  const { op, gas, window } = m;
  const domain = {
    name: PAYMASTER_DOMAIN_NAME,
    version: PAYMASTER_DOMAIN_VERSION,
    chainId: m.chainId,
    verifyingContract: m.paymaster,
  };
  const value = {
    sender: op.sender,
    nonce: op.nonce,
    initCode: initCodeOf(op),
    callData: op.callData,
    accountGasLimits: two128(op.verificationGasLimit, op.callGasLimit),
    preVerificationGas: op.preVerificationGas,
    gasFees: two128(op.maxPriorityFeePerGas, op.maxFeePerGas),
    paymasterVerificationGasLimit: gas.verification,
    paymasterPostOpGasLimit: gas.postOp,
    validAfter: window.validAfter,
    validUntil: window.validUntil,
  };
  return { domain, value };
}

/**
 * The operation's digest with no validity window: what the sponsor's budget claims, so the same
 * operation asked for twice spends one unit, whichever window each answer carries.
 */
export function paymasterRequestHash(m: Omit<PaymasterMessage, 'window'>): Hex {
  const { domain, value } = typedData({ ...m, window: { validAfter: 0, validUntil: 0 } });
  return TypedDataEncoder.hash(domain, TYPES, value) as Hex;
}

/** Signs the operation for the paymaster at `paymaster` on `chainId`: the final paymasterData. */
export async function signPaymasterData(signer: Signer, message: PaymasterMessage): Promise<Hex> {
  const { domain, value } = typedData(message);
  const signature = await signer.signTypedData(domain, TYPES, value);
  return encodePaymasterData(message.window, signature as Hex);
}
