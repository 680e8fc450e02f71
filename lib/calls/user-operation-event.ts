// The EntryPoint's record of a user operation it ran: `UserOperationEvent(userOpHash, sender,
// paymaster, nonce, success, actualGasCost, actualGasUsed)`, emitted in the transaction that ran
// it. Calls status is read from this log on the chain, never taken from the sponsor's word.
import { Interface } from 'ethers';
import type { Address, Hex } from './schemas.ts';

export const entryPointEvents = new Interface([
  'event UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)',
  'event BeforeExecution()',
  'event UserOperationRevertReason(bytes32 indexed userOpHash, address indexed sender, uint256 nonce, bytes revertReason)',
]);

/** topic0 of UserOperationEvent. */
export const USER_OPERATION_EVENT_TOPIC = entryPointEvents.getEvent('UserOperationEvent')
  ?.topicHash as Hex;
const BEFORE_EXECUTION_TOPIC = entryPointEvents.getEvent('BeforeExecution')?.topicHash as Hex;

export interface ChainLog {
  readonly address: Address;
  readonly topics: readonly Hex[];
  readonly data: Hex;
}

/** Whether the operation's calls ran (true) or reverted (false), from its UserOperationEvent. */
export function userOperationSucceeded(log: ChainLog): boolean {
  const parsed = entryPointEvents.parseLog({ topics: [...log.topics], data: log.data });
  return parsed?.name === 'UserOperationEvent' && parsed.args.success === true;
}

/**
 * The logs of one operation in its transaction's receipt: those after the EntryPoint's previous
 * marker (BeforeExecution or another operation's event) and before the operation's own event, as
 * EIP-5792 asks (no logs of other operations in the same bundle).
 */
export function logsOfOperation(
  logs: readonly ChainLog[],
  entryPoint: Address,
  userOpHash: Hex,
): ChainLog[] {
  const fromEntryPoint = (log: ChainLog) => log.address.toLowerCase() === entryPoint.toLowerCase();
  const end = logs.findIndex(
    (log) =>
      fromEntryPoint(log) &&
      log.topics[0] === USER_OPERATION_EVENT_TOPIC &&
      log.topics[1]?.toLowerCase() === userOpHash.toLowerCase(),
  );
  if (end < 0) return [];
  let start = end;
  while (start > 0) {
    const previous = logs[start - 1];
    if (
      previous &&
      fromEntryPoint(previous) &&
      (previous.topics[0] === USER_OPERATION_EVENT_TOPIC ||
        previous.topics[0] === BEFORE_EXECUTION_TOPIC)
    ) {
      break;
    }
    start -= 1;
  }
  return logs.slice(start, end);
}
