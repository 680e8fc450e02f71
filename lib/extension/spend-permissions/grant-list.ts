// The popup's list of spend permissions: every grant the listener made on the current chain,
// each with what it has taken (read from the chain), and its state: live, revoke pending (sent,
// not yet in a block), revoked (the manager says the delegation is disabled), or ended (past its
// expiry). A revoke is marked in the store only once the chain says it took effect.

import { type ChainRpc, readAnswer } from '@encore-wallet/utils/chain-rpc';
import { z } from 'zod';
import type { CurrentChain, TransactionService, TransactionSigner } from '../transactions/index.ts';
import type { Hex } from './grant-on-chain.ts';
import type { GrantRecord, GrantRecords } from './grant-record.ts';
import { type GrantUsage, readGrantUsage } from './grant-usage.ts';
import { sendRevoke } from './revoke-grant.ts';
import { RevokeFailedError } from './usage-errors.ts';

const receiptStatus = z.lazy(() => z.object({ status: z.string() }).nullable());

export type GrantState = 'live' | 'revoking' | 'revoked' | 'ended';

/** One row of the popup's list. */
export interface ListedGrant {
  readonly id: string;
  readonly chainId: number;
  readonly origin: string;
  readonly redeemer: string;
  readonly token: {
    readonly kind: 'native' | 'erc20';
    /** The ERC-20 contract; null for the chain's currency. */
    readonly address: string | null;
    /** null when an ERC-20 contract does not say: show the address. */
    readonly symbol: string | null;
    readonly decimals: number;
  };
  readonly periodAmount: string;
  readonly periodSeconds: number;
  readonly startTime: number;
  readonly expiry: number;
  readonly maxTotal: string;
  readonly state: GrantState;
  /** The revoke's transaction, once sent. */
  readonly revokeTx: string | null;
  /** What the chain says it has taken; null when it could not be read (see `unreadable`). */
  readonly usage: GrantUsage | null;
  readonly unreadable: string | null;
  /** The last revoke sent was mined and failed: the grant is still live. */
  readonly revokeFailed: string | null;
}

export interface GrantListDeps {
  readonly records: GrantRecords;
  /** The current chain, its currency and limit. */
  currentChain(): Promise<CurrentChain>;
  /** The wallet's own reads on the current chain. */
  readonly rpc: ChainRpc;
  readonly transactions: Pick<TransactionService, 'sendReviewed'>;
  /** The logged-in listener's signer; throws when logged out. */
  signer(account: string): Promise<TransactionSigner>;
  now?: () => number;
}

export interface GrantList {
  list(account: string): Promise<ListedGrant[]>;
  /** Sends the revoke; the grant reads `revoking` until the chain says it is disabled. */
  revoke(account: string, id: string): Promise<{ txHash: Hex }>;
}

const hostOf = (origin: string): string => {
  try {
    return new URL(origin).host;
  } catch {
    return origin;
  }
};

export function createGrantList(deps: GrantListDeps): GrantList {
  const now = deps.now ?? Date.now;
  /** Revokes sent and not yet seen on chain, by grant id (the worker's memory only). */
  const pending = new Map<string, Hex>();

  /** The revoke was mined and reverted (a receipt with status 0). */
  async function revokeReverted(txHash: Hex): Promise<boolean> {
    try {
      const receipt = await readAnswer(
        deps.rpc,
        'eth_getTransactionReceipt',
        [txHash],
        receiptStatus,
      );
      return receipt?.status === '0x0';
    } catch {
      return false;
    }
  }

  async function listed(
    record: GrantRecord,
    chain: CurrentChain,
    account: string,
  ): Promise<ListedGrant> {
    let usage: GrantUsage | null = null;
    let unreadable: string | null = null;
    try {
      usage = await readGrantUsage(deps.rpc, record);
    } catch (error) {
      unreadable = error instanceof Error ? error.message : String(error);
    }
    let revoked = record.revoked ?? null;
    if (!revoked && usage?.disabled) {
      revoked = { at: now(), txHash: pending.get(record.id) ?? '' };
      await deps.records.markRevoked(account, chain.id, record.id, revoked);
      pending.delete(record.id);
    }
    let revokeFailed: string | null = null;
    const sent = pending.get(record.id);
    if (!revoked && sent && (await revokeReverted(sent))) {
      pending.delete(record.id);
      revokeFailed = `The revoke ${sent} failed on chain; the permission is still live.`;
    }
    const revokeTx = revoked?.txHash || pending.get(record.id) || null;
    const state: GrantState = revoked
      ? 'revoked'
      : pending.has(record.id)
        ? 'revoking'
        : usage?.expired
          ? 'ended'
          : 'live';
    const { token } = record;
    return {
      id: record.id,
      chainId: record.chainId,
      origin: record.origin,
      redeemer: record.redeemer,
      token:
        token.kind === 'native'
          ? {
              kind: 'native',
              address: null,
              symbol: chain.currency.symbol,
              decimals: chain.currency.decimals,
            }
          : {
              kind: 'erc20',
              address: token.address,
              symbol: token.symbol,
              decimals: token.decimals,
            },
      periodAmount: record.periodAmount,
      periodSeconds: record.periodSeconds,
      startTime: record.startTime,
      expiry: record.expiry,
      maxTotal: record.maxTotal,
      state,
      revokeTx,
      usage,
      unreadable,
      revokeFailed,
    };
  }

  return {
    async list(account) {
      const chain = await deps.currentChain();
      const records = await deps.records.list(account, chain.id);
      return Promise.all(records.map((record) => listed(record, chain, account)));
    },

    async revoke(account, id) {
      const chain = await deps.currentChain();
      const record = (await deps.records.list(account, chain.id)).find((grant) => grant.id === id);
      if (!record) {
        throw new RevokeFailedError(
          'Encore has no such permission on this chain for this account.',
        );
      }
      if (record.revoked) throw new RevokeFailedError('This permission is already revoked.');
      const waiting = pending.get(id);
      if (waiting) return { txHash: waiting };
      const signer = await deps.signer(account);
      const txHash = await sendRevoke(record, {
        rpc: deps.rpc,
        chain,
        transactions: deps.transactions,
        signer,
        site: hostOf(record.origin),
      });
      pending.set(id, txHash);
      return { txHash };
    },
  };
}
