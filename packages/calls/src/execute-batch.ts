// The calldata that runs a batch on Encore's delegate: ERC-7821 `execute(mode, executionData)` in
// the single-batch mode (0x01 = batch, default exec type: any failing call reverts them all),
// with `executionData = abi.encode(Execution[])`, each `(target, value, callData)`.
import { AbiCoder, getAddress, Interface } from 'ethers';
import type { Call } from './calls.ts';
import type { Address, Hex } from './schemas.ts';

/** ERC-7821 mode: call type 0x01 (batch), exec type 0x00 (revert on failure), no selector. */
export const BATCH_MODE: Hex = `0x01${'00'.repeat(31)}`;

let execute: Interface | undefined;
/** Built on first use: parsing and hashing an ABI costs a worker's start. */
const executeAbi = (): Interface =>
  (execute ??= new Interface(['function execute(bytes32 mode, bytes executionData) payable']));
const EXECUTIONS = ['tuple(address target, uint256 value, bytes callData)[]'];

/** `execute(BATCH_MODE, abi.encode(calls))`: what the account runs, atomically, in order. */
export function encodeExecute(calls: readonly Call[]): Hex {
  const executions = AbiCoder.defaultAbiCoder().encode(EXECUTIONS, [
    calls.map((call) => [call.to, call.value, call.data]),
  ]);
  return executeAbi().encodeFunctionData('execute', [BATCH_MODE, executions]) as Hex;
}

/**
 * The calls `callData` runs, or null when it is anything but the canonical encoding of a batch in
 * BATCH_MODE (another function, another mode, or bytes that decode but re-encode differently): a
 * sponsor's policy must judge exactly what executes.
 */
export function decodeExecute(callData: Hex): Call[] | null {
  try {
    const decoded = executeAbi().decodeFunctionData('execute', callData);
    if (String(decoded[0]).toLowerCase() !== BATCH_MODE) return null;
    const [executions] = AbiCoder.defaultAbiCoder().decode(EXECUTIONS, String(decoded[1]));
    const calls = (executions as [string, bigint, string][]).map(([to, value, data]) => ({
      to: getAddress(to) as Address,
      value,
      data: data.toLowerCase() as Hex,
    }));
    return encodeExecute(calls) === callData.toLowerCase() ? calls : null;
  } catch {
    return null;
  }
}
