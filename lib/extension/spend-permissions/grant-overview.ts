// The popup's list of spend permissions: every grant the listener made on the current chain,
// each with what it has taken (read from the chain), and its state: live, revoking (the revoke
// is sent, not yet in a block), revoked (the manager says the delegation is disabled), or ended
// (past its expiry). A revoke is marked in the store only once the chain says it took effect.

import { type ChainRpc, readAnswer } from '@encore-wallet/utils/chain-rpc';
import { z } from 'zod';
import type { CurrentChain, TransactionService, TransactionSigner } from '../transactions/index.ts';
import type { Hex } from './grant-on-chain.ts';
import type { GrantStore } from './grant-store.ts';
import { type GrantUsage, readGrantUsage } from './grant-usage.ts';
import type { GrantTokenWords } from './grant-words.ts';
import { readRevokeTx, sendRevoke } from './revoke-grant.ts';
import type { StoredGrant } from './stored-grant.ts';
import { RevokeFailedError } from './usage-errors.ts';

const receiptStatus = z.lazy(() => z.object({ status: z.string() }).nullable());

export type GrantState = 'live' | 'revoking' | 'revoked' | 'ended';

/** One row of the popup's list. */
export interface ListedGrant {
  readonly id: string;
  readonly chainId: number;
  readonly origin: string;
  readonly redeemer: string;
  /** The chain's currency (its symbol from the settings), or the ERC-20 as its contract answered. */
  readonly token: GrantTokenWords;
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

export interface GrantOverviewDeps {
  readonly grants: Pick<GrantStore, 'list' | 'markRevoked'>;
  /** The current chain, its currency and limit. */
  currentChain(): Promise<CurrentChain>;
  /** The wallet's own reads on the current chain. */
  readonly rpc: ChainRpc;
  readonly transactions: Pick<TransactionService, 'sendReviewed'>;
  /** The logged-in listener's signer; throws when logged out. */
  signer(account: string): Promise<TransactionSigner>;
  now?: () => number;
}

export interface GrantOverview {
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

export function createGrantOverview(deps: GrantOverviewDeps): GrantOverview {
  const now = deps.now ?? Date.now;
  /** Revokes sent and not yet seen on chain, by grant id (lower case; the worker's memory). */
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

  /** The chain says the grant is disabled: keep that, with the transaction that did it. */
  async function settleRevoked(grant: StoredGrant): Promise<string | null> {
    const key = grant.id.toLowerCase();
    const txHash = pending.get(key) ?? (await readRevokeTx(deps.rpc, grant).catch(() => null));
    pending.delete(key);
    if (txHash) await deps.grants.markRevoked(grant.id, { at: now(), txHash });
    return txHash;
  }

  async function listed(grant: StoredGrant, chain: CurrentChain): Promise<ListedGrant> {
    const key = grant.id.toLowerCase();
    let usage: GrantUsage | null = null;
    let unreadable: string | null = null;
    try {
      usage = await readGrantUsage(deps.rpc, grant);
    } catch (error) {
      unreadable = error instanceof Error ? error.message : String(error);
    }
    let revokeTx: string | null = grant.revoked?.txHash ?? null;
    let revoked = grant.revoked !== undefined;
    if (!revoked && usage?.disabled) {
      revoked = true;
      revokeTx = await settleRevoked(grant);
    }
    let revokeFailed: string | null = null;
    const sent = pending.get(key);
    if (!revoked && sent && (await revokeReverted(sent))) {
      pending.delete(key);
      revokeFailed = `The revoke ${sent} failed on chain; the permission is still live.`;
    }
    const revoking = !revoked && pending.has(key);
    const state: GrantState = revoked
      ? 'revoked'
      : revoking
        ? 'revoking'
        : usage?.expired
          ? 'ended'
          : 'live';
    const { token } = grant;
    return {
      id: grant.id,
      chainId: grant.chainId,
      origin: grant.origin,
      redeemer: grant.redeemer,
      token:
        token.kind === 'native'
          ? { kind: 'native', symbol: chain.currency.symbol, decimals: chain.currency.decimals }
          : {
              kind: 'erc20',
              address: token.address,
              symbol: token.symbol,
              decimals: token.decimals,
            },
      periodAmount: grant.periodAmount,
      periodSeconds: grant.periodSeconds,
      startTime: grant.startTime,
      expiry: grant.expiry,
      maxTotal: grant.maxTotal,
      state,
      revokeTx: revokeTx ?? (revoking ? (pending.get(key) ?? null) : null),
      usage,
      unreadable,
      revokeFailed,
    };
  }

  return {
    async list(account) {
      const chain = await deps.currentChain();
      const grants = await deps.grants.list(account, chain.id);
      return Promise.all(grants.map((grant) => listed(grant, chain)));
    },

    async revoke(account, id) {
      const chain = await deps.currentChain();
      const key = id.toLowerCase();
      const grant = (await deps.grants.list(account, chain.id)).find(
        (stored) => stored.id.toLowerCase() === key,
      );
      if (!grant) {
        throw new RevokeFailedError(
          'Encore has no such permission on this chain for this account.',
        );
      }
      if (grant.revoked) throw new RevokeFailedError('This permission is already revoked.');
      const waiting = pending.get(key);
      if (waiting) return { txHash: waiting };
      const signer = await deps.signer(account);
      const txHash = await sendRevoke(grant, {
        rpc: deps.rpc,
        chain,
        transactions: deps.transactions,
        signer,
        site: hostOf(grant.origin),
      });
      pending.set(key, txHash);
      return { txHash };
    },
  };
}
