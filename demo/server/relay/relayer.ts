// The relayer's pipeline for one favorite, cheapest check first so refusals cost little:
// shape → domain → deadline → the client's budget → signature → the listener's budget →
// one submission per (listener, nonce) → the catalog (when required) → the nonce on chain →
// the relayer's total budget → simulation → send. The contract checks nonce, deadline and signer again: it is the defence,
// these checks keep the relayer from paying for transactions that would fail.

import type { CatalogClient } from '@encore-wallet/catalog';
import { limitKey } from '@encore-wallet/utils/http';
import { verifyTypedData } from 'ethers';
import { FAVORITE_TYPES } from '../../shared/favorite.ts';
import { WindowBudget } from './budget.ts';
import type { RelayConfig } from './config.ts';
import { RelayError } from './errors.ts';
import { checkDomain, parseRelayBody } from './favorite-request.ts';
import type { FavoritesChain } from './favorites-chain.ts';
import { Submissions } from './submissions.ts';

export interface RelayedFavorite {
  txHash: string;
  listener: string;
  trackId: string;
  nonce: string;
}

export interface Relayer {
  readonly chain: FavoritesChain;
  readonly config: RelayConfig;
  /** Checks and submits; throws RelayError for every refusal. */
  relayFavorite(body: unknown, clientAddress: string): Promise<RelayedFavorite>;
}

export interface RelayerDeps {
  config: RelayConfig;
  chain: FavoritesChain;
  catalog: Pick<CatalogClient, 'getUserIdByWallet'>;
  now?: () => number;
}

export function createRelayer(deps: RelayerDeps): Relayer {
  const { config, chain } = deps;
  const now = deps.now ?? Date.now;
  const perClient = new WindowBudget(config.perClientAddress, now);
  const perListener = new WindowBudget(config.perListener, now);
  const total = new WindowBudget(config.total, now);
  const submissions = new Submissions();

  function spend(
    budget: WindowBudget,
    key: string,
    code: 'RELAY_LISTENER_BUDGET' | 'RELAY_ADDRESS_BUDGET' | 'RELAY_TOTAL_BUDGET',
  ): void {
    const spent = budget.spend(key);
    if (!spent.ok) {
      const who =
        code === 'RELAY_LISTENER_BUDGET'
          ? 'this listener'
          : code === 'RELAY_ADDRESS_BUDGET'
            ? 'this address'
            : 'the relayer';
      throw new RelayError(
        code,
        `${who} has used its favorites for now; try again in ${spent.retryAfterSeconds} s`,
        {
          details: { retryAfterSeconds: spent.retryAfterSeconds },
        },
      );
    }
  }

  async function catalogKnows(wallet: string): Promise<boolean> {
    try {
      return (await deps.catalog.getUserIdByWallet(wallet)) !== null;
    } catch (error) {
      throw new RelayError(
        'RELAY_CATALOG_UNAVAILABLE',
        'the catalog did not answer; try again later',
        {
          cause: error,
        },
      );
    }
  }

  return {
    chain,
    config,
    async relayFavorite(raw, clientAddress) {
      const { message, signature } = checkDomain(parseRelayBody(raw), chain.domain);
      const nowSeconds = Math.floor(now() / 1000);
      const deadline = Number(message.deadline);
      if (deadline <= nowSeconds)
        throw new RelayError('RELAY_BAD_DEADLINE', 'the deadline has passed');
      if (deadline > nowSeconds + config.maxDeadlineSeconds) {
        throw new RelayError(
          'RELAY_BAD_DEADLINE',
          `the deadline may lie at most ${config.maxDeadlineSeconds} s ahead`,
        );
      }
      // Every well-formed request from an address counts, signed or not.
      spend(perClient, limitKey(clientAddress), 'RELAY_ADDRESS_BUDGET');
      const signer = recover(message, signature, chain);
      if (signer.toLowerCase() !== message.listener.toLowerCase()) {
        throw new RelayError(
          'RELAY_BAD_SIGNATURE',
          "the signature is not the listener's over this favorite",
        );
      }
      // Only the listener's own signatures spend the listener's budget.
      spend(perListener, message.listener.toLowerCase(), 'RELAY_LISTENER_BUDGET');
      // No await between the budget and the claim: two copies of one request cannot both pass.
      if (!submissions.claim(message.listener, message.nonce)) {
        throw new RelayError('RELAY_DUPLICATE', 'this favorite is already submitted');
      }
      try {
        if (config.requireCatalogWallet && !(await catalogKnows(message.listener))) {
          throw new RelayError(
            'RELAY_UNKNOWN_WALLET',
            'no catalog profile is linked to this wallet',
          );
        }
        const expected = await chain.nonceOf(message.listener);
        if (BigInt(message.nonce) !== expected) {
          throw new RelayError(
            'RELAY_WRONG_NONCE',
            `nonce ${message.nonce} is not the listener's next nonce (${expected})`,
            { details: { expected: expected.toString() } },
          );
        }
        // Last, so only favorites about to be sent use up what everyone shares.
        spend(total, 'all', 'RELAY_TOTAL_BUDGET');
        const txHash = await chain.submit({ message, signature });
        submissions.markSent(message.listener, message.nonce);
        return { txHash, listener: signer, trackId: message.trackId, nonce: message.nonce };
      } catch (error) {
        submissions.release(message.listener, message.nonce);
        throw error;
      }
    },
  };
}

function recover(
  message: { listener: string; trackId: string; nonce: string; deadline: string },
  signature: string,
  chain: FavoritesChain,
): string {
  try {
    return verifyTypedData(chain.domain, FAVORITE_TYPES, message, signature);
  } catch (error) {
    throw new RelayError('RELAY_BAD_SIGNATURE', 'the signature does not recover to any signer', {
      cause: error,
    });
  }
}
