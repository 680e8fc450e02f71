// What the person should know before approving, derived from the transaction and what the chain
// says about it. Each warning is a fact about this transaction, worded in the window; none is a
// guess about the site's intent.

import { LARGE_APPROVAL, UNLIMITED_APPROVAL } from './amounts.ts';
import type { CanonicalTransaction } from './canonical.ts';
import type { CallDescription } from './decode/describe-call.ts';
import type { Simulation } from './simulate.ts';

export type TransactionWarningKind =
  | 'UNLIMITED_APPROVAL'
  | 'LARGE_APPROVAL'
  | 'APPROVAL_FOR_ALL'
  | 'NO_CODE'
  | 'TOKEN_TO_ITSELF'
  | 'BURN'
  | 'CREATES_CONTRACT'
  | 'WILL_REVERT'
  | 'INSUFFICIENT_FUNDS';

export interface TransactionWarning {
  readonly kind: TransactionWarningKind;
  /** One sentence for the window. */
  readonly message: string;
}

export interface WarningFacts {
  readonly transaction: CanonicalTransaction;
  readonly call: CallDescription;
  readonly simulation: Simulation;
  /** Whether `to` has code; null when it could not be read (or there is no `to`). */
  readonly toHasCode: boolean | null;
  /** The account's balance in wei, or null when unread. */
  readonly balanceWei: bigint | null;
  /** The most the transaction can cost (value + maximum fee). */
  readonly maxCostWei: bigint;
}

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/** The approval granted by the call, when it is one: its size class. */
export function approvalSize(call: CallDescription): 'unlimited' | 'large' | 'capped' | null {
  if (call.kind !== 'token') return null;
  if (call.fn === 'setApprovalForAll') return call.approved ? 'unlimited' : null;
  if (call.fn !== 'approve' && call.fn !== 'increaseAllowance') return null;
  // An ERC-721 approve names one token id: capped by construction.
  if (call.amounts.length === 0) return 'capped';
  const amount = BigInt(call.amounts[0] ?? '0');
  if (amount >= UNLIMITED_APPROVAL) return 'unlimited';
  const supply = call.token.totalSupply === null ? null : BigInt(call.token.totalSupply);
  if (amount >= LARGE_APPROVAL || (supply !== null && supply > 0n && amount >= supply)) {
    return 'large';
  }
  return 'capped';
}

export function warningsFor(facts: WarningFacts): TransactionWarning[] {
  const { transaction: tx, call } = facts;
  const warnings: TransactionWarning[] = [];
  const add = (kind: TransactionWarningKind, message: string): void => {
    warnings.push({ kind, message });
  };

  if (facts.simulation.outcome === 'revert') {
    add(
      'WILL_REVERT',
      'The chain says this transaction would fail now. If it is sent anyway, the fee is still paid.',
    );
  }
  if (facts.balanceWei !== null && facts.balanceWei < facts.maxCostWei) {
    add(
      'INSUFFICIENT_FUNDS',
      'Your balance may not cover the value and the maximum fee: the node can refuse it.',
    );
  }
  if (call.kind === 'create') {
    add('CREATES_CONTRACT', 'This transaction deploys a new contract from your account.');
  }
  if (tx.to !== null && tx.data !== '0x' && facts.toHasCode === false) {
    add(
      'NO_CODE',
      'The address this call goes to has no contract code: the call does nothing, and any value sent stays with whoever holds that address.',
    );
  }
  if (call.kind === 'token') {
    const size = approvalSize(call);
    if (call.fn === 'setApprovalForAll' && call.approved) {
      add(
        'APPROVAL_FOR_ALL',
        'This lets the operator move every token you hold in this collection, now and later, until you revoke it.',
      );
    } else if (size === 'unlimited') {
      add(
        'UNLIMITED_APPROVAL',
        'This lets the spender take any amount of this token from your account, now and later, until you revoke it.',
      );
    } else if (size === 'large') {
      add(
        'LARGE_APPROVAL',
        'This approval is for more than the token exists or a vast amount: the spender could take everything you hold.',
      );
    }
    const moves =
      call.fn !== 'approve' && call.fn !== 'increaseAllowance' && call.fn !== 'setApprovalForAll';
    if (moves && call.counterparty.toLowerCase() === call.token.address.toLowerCase()) {
      add(
        'TOKEN_TO_ITSELF',
        'The tokens go to the token contract itself, where they are usually lost for good.',
      );
    }
    if (moves && call.counterparty.toLowerCase() === ZERO_ADDRESS) {
      add('BURN', 'The tokens go to the zero address: they are destroyed.');
    }
  }
  if (
    call.kind === 'native' &&
    tx.to !== null &&
    tx.to.toLowerCase() === ZERO_ADDRESS &&
    tx.value !== '0'
  ) {
    add('BURN', 'The value goes to the zero address: nobody can ever spend it.');
  }
  return warnings;
}
