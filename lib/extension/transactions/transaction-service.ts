// The worker's send path. Before the window: the site's request filled, decoded and simulated on
// the current chain (reads on the site's own budget of chain requests), with the daily limit as it
// stands. After approval: the limit checked again, the nonce taken, the approved canonical
// transaction signed, its cost added to the ledger, then broadcast and handed to the activity
// list. The cost is recorded before the signed bytes leave the worker: a worker stopped right
// after the node took them has counted them already, and a node that answers "refused" keeps
// bytes it could still send while their nonce is free, so they count whatever it answers. A batch a sponsor pays for goes through the same check and ledger
// (`spendChecked`): what leaves the balance counts whoever pays the fee.

import { Transaction, type TransactionLike } from 'ethers';
import {
  ChainUnreadableError,
  checkSpending,
  costOf,
  maxFeeWei,
  type NativeCurrency,
  reviewTransaction,
  type SpendingLimit,
  type TransactionCost,
  type TransactionRequest,
  type TransactionReview,
  toSignable,
} from '../../transactions/index.ts';
import type { ActivityRecorder } from '../activity/index.ts';
import type { SpendingState, TransactionApproval } from '../approvals/index.ts';
import { type OriginRequests, originReads } from '../node/index.ts';
import { ProviderRpcError } from '../protocol/index.ts';
import { ChainChangedError, SpendingLimitError } from './errors.ts';
import type { NonceReservations } from './nonce-reservations.ts';
import { oneAtATime } from './one-at-a-time.ts';
import type { SpendingLedger } from './spending-ledger.ts';

/** The budget key of the wallet's own chain requests (sending, nonces): no site's reads. */
export const WALLET_ORIGIN = 'encore:wallet';

export interface CurrentChain {
  id: number;
  name: string;
  currency: NativeCurrency;
  limit: SpendingLimit;
}

export interface TransactionSigner {
  readonly address: string;
  signTransaction(tx: TransactionLike<string>): Promise<string>;
}

/** A reviewed transaction sent on behalf of something larger (a batch of calls). */
export interface ReviewedSend {
  readonly review: TransactionReview;
  /** What it counts against the daily limit (a batch's calls send value and tokens too). */
  readonly cost: TransactionCost;
  /** The Activity line. */
  readonly summary: string;
  /** The value it moves from the balance (the calls' sum), wei, for Activity. */
  readonly valueWei: bigint;
  /** The window said it replaces the site's own pending transaction of its nonce. */
  readonly replacesPending?: boolean;
  /**
   * Completes the signable fields once the nonce is known (an authorization valid for the
   * nonce after it); default: as they are.
   */
  finish?(signable: TransactionLike<string>, nonce: number): TransactionLike<string>;
}

export interface TransactionServiceDeps {
  /** The current chain's node; throws the ProviderRpcError a site should hear. */
  node: OriginRequests;
  currentChain(): Promise<CurrentChain>;
  ledger: SpendingLedger;
  nonces: NonceReservations;
  activity?: ActivityRecorder;
  now?: () => number;
}

export interface TransactionService {
  /** What the approval window shows for `request` from `account`. */
  prepare(
    origin: string,
    request: TransactionRequest,
    account: string,
  ): Promise<TransactionApproval>;
  /** Signs and broadcasts the approved transaction; the transaction hash. */
  send(
    origin: string,
    approval: TransactionApproval,
    signer: TransactionSigner,
    passwordConfirmed: boolean,
  ): Promise<string>;
  /** The spending state of a cost on the current chain, as the window shows it. */
  spending(account: string, cost: TransactionCost): Promise<SpendingState>;
  /**
   * For what leaves the balance by another way (a batch a sponsor pays for): checks `cost`
   * against the limit of chain `chainId` again, runs `send` alone for the account, and records
   * the cost when `send` calls `signed` (once it has signed, before the signature leaves the
   * worker), or else once `send` resolves. Over the limit without the password,
   * SpendingLimitError and `send` never runs.
   */
  spendChecked<T>(
    account: string,
    chainId: number,
    cost: TransactionCost,
    passwordConfirmed: boolean,
    send: (signed: () => Promise<void>) => Promise<T>,
  ): Promise<T>;
  /** As send, for a transaction another service reviewed: nonce, limit, ledger and Activity. */
  sendReviewed(
    origin: string,
    reviewed: ReviewedSend,
    signer: TransactionSigner,
    passwordConfirmed: boolean,
  ): Promise<string>;
}

/** A node answer a site should hear as it is (no RPC URL: 4901; its budget spent: -32005). */
function siteFacing(error: unknown): unknown {
  if (error instanceof ChainUnreadableError && error.cause instanceof ProviderRpcError) {
    const { code } = error.cause;
    if (code === 4901 || code === -32005) return error.cause;
  }
  return error;
}

export function createTransactionService(deps: TransactionServiceDeps): TransactionService {
  const now = deps.now ?? Date.now;
  const alone = oneAtATime();
  const spendingKey = (chainId: number, account: string) => `${chainId}:${account.toLowerCase()}`;

  /** The account's pending transaction count, read on `origin`'s budget of chain requests. */
  async function pendingCount(origin: string, account: string): Promise<number> {
    const count = await deps.node.request(origin, 'eth_getTransactionCount', [account, 'pending']);
    if (typeof count !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(count)) {
      throw new ProviderRpcError(
        -32603,
        "The chain's RPC node answered the nonce with something else.",
      );
    }
    return Number.parseInt(count, 16);
  }

  async function spendingState(
    account: string,
    chain: CurrentChain,
    cost: TransactionCost,
  ): Promise<SpendingState> {
    const records = await deps.ledger.read(account, chain.id);
    const check = checkSpending(chain.limit, records, cost, now());
    return {
      limitWei: check.limitWei === null ? null : check.limitWei.toString(),
      spentWei: check.spentWei.toString(),
      costWei: cost.wei.toString(),
      passwordRequired: check.allowed ? null : check.reason,
    };
  }

  /** The limit as it stands now, with what was sent meanwhile: over it, only with the password. */
  async function checkAgain(
    account: string,
    chain: CurrentChain,
    cost: TransactionCost,
    passwordConfirmed: boolean,
  ): Promise<void> {
    const records = await deps.ledger.read(account, chain.id);
    const check = checkSpending(chain.limit, records, cost, now());
    if (!check.allowed && !passwordConfirmed) {
      throw new SpendingLimitError(check.spentWei, check.limitWei, chain.currency, check.reason);
    }
  }

  async function sendReviewed(
    origin: string,
    reviewed: ReviewedSend,
    signer: TransactionSigner,
    passwordConfirmed: boolean,
  ): Promise<string> {
    const tx = reviewed.review.transaction;
    const chain = await deps.currentChain();
    if (chain.id !== tx.chainId) throw new ChainChangedError(tx.chainId, chain.id);
    const { cost } = reviewed;
    const request = (method: string, params: readonly unknown[]) =>
      deps.node.request(WALLET_ORIGIN, method, params);

    return deps.nonces.withNextNonce(
      { chainId: tx.chainId, account: signer.address, origin },
      () => pendingCount(WALLET_ORIGIN, signer.address),
      (nonce, commit) =>
        // Checked again here, one send at a time: two approved together count in turn.
        alone(spendingKey(tx.chainId, signer.address), async () => {
          await checkAgain(signer.address, chain, cost, passwordConfirmed);
          const signable = toSignable(tx, nonce);
          const raw = await signer.signTransaction(reviewed.finish?.(signable, nonce) ?? signable);
          // The hash is the signed bytes' own: a node answering another hash changes nothing.
          const hash = Transaction.from(raw).hash;
          if (!hash) throw new Error('The signed transaction has no hash');
          // Counted before the bytes leave the worker (see the comment at the top).
          const sentAt = now();
          await deps.ledger.add(signer.address, tx.chainId, {
            at: sentAt,
            wei: cost.wei.toString(),
          });
          await request('eth_sendRawTransaction', [raw]);
          commit();
          await deps.activity
            ?.record({
              account: signer.address,
              chainId: tx.chainId,
              origin,
              hash,
              nonce,
              summary: reviewed.summary,
              to: tx.to,
              value: reviewed.valueWei.toString(),
              maxFee: maxFeeWei(tx).toString(),
              sentAt,
            })
            .catch((error: unknown) => {
              // The transaction is on its way; a full or broken activity store must not hide that.
              console.error('[encore] could not record the transaction in Activity', error);
            });
          return hash;
        }),
      tx.nonce === null ? null : { nonce: tx.nonce, replaces: reviewed.replacesPending ?? false },
    );
  }

  return {
    async prepare(origin, request, account) {
      const chain = await deps.currentChain();
      const reads = originReads(deps.node, origin);
      try {
        const review = await reviewTransaction(request, {
          chainId: chain.id,
          from: account,
          chain: reads,
          currency: chain.currency,
        });
        // A nonce the site set: no gap, and no other site's pending transaction replaced.
        const siteNonce = review.transaction.nonce;
        const replacesPending =
          siteNonce !== null &&
          (await deps.nonces.checkSiteNonce(
            { chainId: chain.id, account, origin },
            () => pendingCount(origin, account),
            siteNonce,
          ));
        return {
          kind: 'transaction',
          address: account,
          chain: { id: chain.id, name: chain.name },
          review,
          spending: await spendingState(account, chain, costOf(review)),
          replacesPending,
        };
      } catch (error) {
        throw siteFacing(error);
      }
    },

    async send(origin, approval, signer, passwordConfirmed) {
      const { review } = approval;
      return sendReviewed(
        origin,
        {
          review,
          cost: costOf(review),
          summary: review.summary,
          valueWei: BigInt(review.transaction.value),
          replacesPending: approval.replacesPending,
        },
        signer,
        passwordConfirmed,
      );
    },

    async spending(account, cost) {
      return spendingState(account, await deps.currentChain(), cost);
    },

    async spendChecked(account, chainId, cost, passwordConfirmed, send) {
      const chain = await deps.currentChain();
      if (chain.id !== chainId) throw new ChainChangedError(chainId, chain.id);
      return alone(spendingKey(chainId, account), async () => {
        await checkAgain(account, chain, cost, passwordConfirmed);
        let recorded = false;
        const record = async (): Promise<void> => {
          if (recorded) return;
          recorded = true;
          await deps.ledger.add(account, chainId, { at: now(), wei: cost.wei.toString() });
        };
        const result = await send(record);
        await record();
        return result;
      });
    },

    sendReviewed,
  };
}
