// The EntryPoint's record of a user operation it ran: `UserOperationEvent(userOpHash, sender,
// paymaster, nonce, success, actualGasCost, actualGasUsed)`, emitted in the transaction that ran
// it. Calls status is read from this log on the chain, never taken from the sponsor's word.
import { Interface } from 'ethers';
import type { Address, Hex } from './schemas.ts';

let events: Interface | undefined;

/** The EntryPoint's events as ethers reads them (built on first use: its hashing costs a worker's start). */
export function entryPointEvents(): Interface {
  events ??= new Interface([
    'event UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)',
    'event BeforeExecution()',
    'event UserOperationRevertReason(bytes32 indexed userOpHash, address indexed sender, uint256 nonce, bytes revertReason)',
  ]);
  return events;
}

/** topic0 of UserOperationEvent (a unit test checks it against the event's signature). */
export const USER_OPERATION_EVENT_TOPIC: Hex =
  '0x49628fd1471006c1482da88028e9ce4dbb080b815c9b0344d39e5a8e6ec1419f';
/** topic0 of BeforeExecution. */
export const BEFORE_EXECUTION_TOPIC: Hex =
  '0xbb47ee3e183a558b1a2ff0874b079f3fc5478b7454eacf2bfc5af2ff5878f972';

export interface ChainLog {
  readonly address: Address;
  readonly topics: readonly Hex[];
  readonly data: Hex;
}

/** Whether the operation's calls ran (true) or reverted (false), from its UserOperationEvent. */
export function userOperationSucceeded(log: ChainLog): boolean {
  const parsed = entryPointEvents().parseLog({ topics: [...log.topics], data: log.data });
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
