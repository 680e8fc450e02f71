// A batch the listener pays for, run atomically by Encore's delegate: one transaction from the
// account to itself calling `execute` with the calls (@encore-wallet/calls ownBatchTransaction), carrying
// the one-time upgrade (an EIP-7702 authorization for the pinned delegate only) when the account
// needs it. Before the window it is reviewed as any transaction is (filled, simulated, the fee
// and balance read; for the first batch, as if the upgrade were in place), each call decoded on
// its own, and its cost (the calls' values, the maximum fee and the tokens they let go) held
// against the daily limit.
// After approval, the send path signs exactly the reviewed transaction; the authorization is
// signed then, for the nonce after the transaction's own.

import {
  type Address,
  type Call,
  type CallsSigner,
  type DelegateTable,
  encodeExecute,
  ownBatchTransaction,
  pinnedDelegate,
  prepareUpgrade,
  signUpgrade,
  toEthersAuthorization,
  type Upgrade,
} from '@encore-wallet/calls';
import type { ChainRpc } from '@encore-wallet/utils/chain-rpc';
import { costOfCalls, reviewTransaction, walletCall } from '../../transactions/index.ts';
import type { OwnCallsApproval } from '../approvals/index.ts';
import type { TransactionService } from '../transactions/index.ts';
import type { CallsChain } from './calls-chain.ts';
import { delegatedReads } from './delegated-reads.ts';
import { describeCalls } from './describe-calls.ts';
import { AtomicityNotSupportedError } from './errors.ts';

export interface OwnBatch {
  readonly approval: OwnCallsApproval;
  readonly upgrade: Upgrade | null;
}

export type OwnBatchSending = Pick<TransactionService, 'spending' | 'sendReviewed'>;

export async function prepareOwnBatch(options: {
  table: DelegateTable;
  chain: CallsChain;
  account: Address;
  calls: readonly Call[];
  rpc: ChainRpc;
  transactions: OwnBatchSending;
}): Promise<OwnBatch> {
  const { table, chain, account, calls } = options;
  const pinned = pinnedDelegate(table, chain.id);
  const upgrade = await prepareUpgrade({
    rpc: options.rpc,
    table,
    chainId: chain.id,
    account,
    sentBy: 'account',
  });
  const wrapper = ownBatchTransaction({ table, chainId: chain.id, account, calls, upgrade: null });
  const reads = upgrade ? delegatedReads(options.rpc, account, pinned.address) : options.rpc;
  const [review, described] = await Promise.all([
    reviewTransaction(
      walletCall({
        from: account,
        to: account,
        data: wrapper.data,
        chainId: chain.id,
        // An upgrade travels in an EIP-1559-style transaction (type 4): never legacy fees.
        ...(upgrade ? { type: 2 as const } : {}),
      }),
      { chainId: chain.id, from: account, chain: reads, currency: chain.currency },
    ),
    describeCalls(calls, {
      chainId: chain.id,
      account,
      currency: chain.currency,
      chain: options.rpc,
    }),
  ]);
  if (upgrade && review.transaction.fee.type !== 2) {
    throw new AtomicityNotSupportedError(`chain ${chain.id} has no EIP-1559 fees for an upgrade`);
  }
  const valueWei = calls.reduce((sum, call) => sum + call.value, 0n);
  const cost = costOfCalls(described, account, BigInt(review.maxFeeWei));
  const balanceAfterWei =
    review.balanceWei === null
      ? null
      : (BigInt(review.balanceWei) - valueWei - BigInt(review.feeEstimateWei)).toString();
  return {
    approval: {
      kind: 'calls',
      payment: 'own',
      address: account,
      chain: { id: chain.id, name: chain.name },
      currency: chain.currency,
      calls: described,
      upgrade: upgrade ? { delegate: upgrade.delegate, replaces: upgrade.replaces } : null,
      review,
      valueWei: valueWei.toString(),
      balanceAfterWei,
      spending: await options.transactions.spending(account, cost),
    },
    upgrade,
  };
}

/** Signs and sends exactly the reviewed transaction (with the upgrade, when shown); its hash. */
export async function sendOwnBatch(
  prepared: OwnBatch,
  options: {
    origin: string;
    table: DelegateTable;
    wallet: CallsSigner;
    transactions: OwnBatchSending;
    passwordConfirmed: boolean;
    summary: string;
  },
): Promise<string> {
  const { approval, upgrade } = prepared;
  const { wallet, table } = options;
  // The calls listed are the calls run: the signed data is their encoding, sent to the account.
  const listed = approval.calls.map((call) => ({
    to: call.to as Address,
    value: BigInt(call.value),
    data: call.data as `0x${string}`,
  }));
  const tx = approval.review.transaction;
  if (tx.to !== approval.address || tx.value !== '0' || encodeExecute(listed) !== tx.data) {
    throw new Error('The batch changed after it was shown');
  }
  const valueWei = BigInt(approval.valueWei);
  return options.transactions.sendReviewed(
    options.origin,
    {
      review: approval.review,
      cost: costOfCalls(approval.calls, approval.address, BigInt(approval.review.maxFeeWei)),
      summary: options.summary,
      valueWei,
      finish: upgrade
        ? (signable, nonce) => {
            // The account's own transaction spends `nonce` before the authorization is applied.
            const signed = signUpgrade(wallet, table, { ...upgrade, nonce: nonce + 1 });
            return { ...signable, type: 4, authorizationList: [toEthersAuthorization(signed)] };
          }
        : undefined,
    },
    wallet,
    options.passwordConfirmed,
  );
}
