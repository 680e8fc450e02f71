// Reads what the account holds on every chain Encore has an RPC URL for: the chain's currency and
// the ERC-20 tokens it knows of (those the person added, and those Encore's own transactions moved
// to or from the account). Every read is bounded (the node client's deadline and answer size per
// request, CHAIN_DEADLINE_MS per chain, MAX_CHAINS, MAX_TOKENS_PER_CHAIN, MAX_RECEIPTS_PER_CHAIN),
// and each chain is read on its own: one that fails or stalls is reported unreadable, the others
// are not held up.

import { type ChainRpc, readBalance, readCode } from '@encore-wallet/utils/chain-rpc';
import { getAddress } from 'ethers';
import { InvalidInputError } from '../errors/index.ts';
import type { KnownChain } from '../settings/index.ts';
import type { AddedTokens } from './added-tokens.ts';
import {
  CHAIN_DEADLINE_MS,
  MAX_CACHED_RECEIPTS,
  MAX_CHAINS,
  MAX_RECEIPTS_PER_CHAIN,
  MAX_TOKENS_PER_CHAIN,
} from './limits.ts';
import { readTokenBalance, readTokenIdentity, type TokenIdentity } from './token-reads.ts';
import { tokenTransfersIn } from './token-transfers.ts';
import type { ChainHoldings, Holdings, HoldingsChain, TokenHolding } from './types.ts';

/** A transaction Encore sent, as far as the holdings need it (an activity entry). */
export interface SentTransactionRef {
  hash: string;
  status: 'pending' | 'confirmed' | 'failed' | 'dropped' | 'refused';
  /** A sponsored batch: the sponsor's transaction that ran it, once known. */
  batch?: { transactionHash: string | null };
}

export interface HoldingsReaderDeps {
  /** Every chain with an RPC URL. */
  readableChains(): Promise<KnownChain[]>;
  /** The chain sites see now: read first. */
  currentChainId(): Promise<number>;
  /** `chain`'s node, on the holdings' own budget of requests. */
  readsOn(chain: KnownChain): ChainRpc;
  /** The account's transactions on the chain, newest first (the activity list). */
  sent(account: string, chainId: number): Promise<readonly SentTransactionRef[]>;
  addedTokens: AddedTokens;
  chainDeadlineMs?: number;
}

export interface TokenLookup {
  chain: HoldingsChain;
  token: TokenIdentity;
  /** The account's balance of it, raw units; null when unreadable. */
  balance: string | null;
}

export interface HoldingsReader {
  read(account: string): Promise<Holdings>;
  /**
   * What the token at `address` on `chainId` says it is, and the account's balance of it.
   * Throws InvalidInputError (naming `chainId` or `address`) when the chain has no RPC URL or
   * the address holds no ERC-20 contract; the node's own error when it cannot be read.
   */
  lookupToken(account: string, chainId: number, address: string): Promise<TokenLookup>;
}

export const holdingsChain = (chain: KnownChain): HoldingsChain => ({
  id: chain.id,
  name: chain.name,
  currency: { symbol: chain.currency.symbol, decimals: chain.currency.decimals },
  explorerUrl: chain.explorerUrl,
});

const why = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** `work`, or a rejection once `ms` have passed (the work itself is left to finish or fail). */
function within<T>(ms: number, work: Promise<T>, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** A map that forgets its oldest entry past `max`. */
function boundedSet<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  if (!map.has(key) && map.size >= max) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
  map.set(key, value);
}

/** A refusal of the token the person typed, named by field as a bad payload is. */
const refusal = (field: 'chainId' | 'address', message: string): InvalidInputError =>
  new InvalidInputError('token', [{ path: [field], message }]);

export function createHoldingsReader(deps: HoldingsReaderDeps): HoldingsReader {
  const deadline = deps.chainDeadlineMs ?? CHAIN_DEADLINE_MS;
  // A mined receipt's logs do not change; what a token says it is rarely does. Both are kept for
  // the worker's life so an open popup does not ask the node again.
  const receiptTokens = new Map<string, string[]>();
  const identities = new Map<string, TokenIdentity | null>();

  async function tokensMoved(reads: ChainRpc, account: string, chainId: number): Promise<string[]> {
    const sent = (await deps.sent(account, chainId))
      .filter((entry) => entry.status === 'confirmed')
      .slice(0, MAX_RECEIPTS_PER_CHAIN);
    const found: string[] = [];
    await Promise.all(
      sent.map(async (entry) => {
        const hash = entry.batch ? entry.batch.transactionHash : entry.hash;
        if (!hash) return;
        // Another account's batch may share the sponsor's transaction: the account is in the key.
        const key = `${chainId}:${hash}:${account.toLowerCase()}`;
        let tokens = receiptTokens.get(key);
        if (!tokens) {
          const receipt = await reads
            .request('eth_getTransactionReceipt', [hash])
            .catch(() => null);
          if (!receipt) return;
          tokens = tokenTransfersIn(receipt, account);
          boundedSet(receiptTokens, key, tokens, MAX_CACHED_RECEIPTS);
        }
        for (const token of tokens) if (!found.includes(token)) found.push(token);
      }),
    );
    return found;
  }

  async function identity(
    reads: ChainRpc,
    chainId: number,
    address: string,
  ): Promise<TokenIdentity | null> {
    const key = `${chainId}:${address.toLowerCase()}`;
    if (identities.has(key)) return identities.get(key) ?? null;
    const read = await readTokenIdentity(reads, address);
    // Only a definite answer is kept: a node that failed is asked again next time.
    if (read) boundedSet(identities, key, read, MAX_CACHED_RECEIPTS);
    return read;
  }

  async function holding(
    reads: ChainRpc,
    account: string,
    token: TokenIdentity,
    source: TokenHolding['source'],
  ): Promise<TokenHolding> {
    try {
      const balance = await readTokenBalance(reads, token.address, account);
      return { ...token, balance: balance.toString(), unreadable: null, source };
    } catch (error) {
      return { ...token, balance: null, unreadable: why(error), source };
    }
  }

  async function readChain(chain: KnownChain, account: string): Promise<ChainHoldings> {
    const reads = deps.readsOn(chain);
    const summary = holdingsChain(chain);
    try {
      return await within(
        deadline,
        (async (): Promise<ChainHoldings> => {
          const [wei, added, moved] = await Promise.all([
            readBalance(reads, account),
            deps.addedTokens.list(account, chain.id),
            tokensMoved(reads, account, chain.id),
          ]);
          const seen = moved
            .filter((address) => !added.some((token) => token.address === address))
            .slice(0, Math.max(0, MAX_TOKENS_PER_CHAIN - added.length));
          const [fromAdded, fromActivity] = await Promise.all([
            Promise.all(added.map((token) => holding(reads, account, token, 'added'))),
            Promise.all(
              seen.map(async (address) => {
                const token = await identity(reads, chain.id, address).catch(() => null);
                return token ? [await holding(reads, account, token, 'activity')] : [];
              }),
            ),
          ]);
          return {
            chain: summary,
            native: { ...summary.currency, wei: wei.toString() },
            tokens: [...fromAdded, ...fromActivity.flat()].slice(0, MAX_TOKENS_PER_CHAIN),
            unreadable: null,
          };
        })(),
        `${chain.name} did not answer within ${deadline / 1000} s`,
      );
    } catch (error) {
      return { chain: summary, native: null, tokens: [], unreadable: why(error) };
    }
  }

  return {
    async read(account) {
      const checksummed = getAddress(account);
      const [chains, current] = await Promise.all([deps.readableChains(), deps.currentChainId()]);
      const ordered = [
        ...chains.filter((chain) => chain.id === current),
        ...chains.filter((chain) => chain.id !== current),
      ];
      const read = ordered.slice(0, MAX_CHAINS);
      return {
        account: checksummed,
        chains: await Promise.all(read.map((chain) => readChain(chain, checksummed))),
        chainsNotRead: ordered.length - read.length,
      };
    },

    async lookupToken(account, chainId, address) {
      const chain = (await deps.readableChains()).find((known) => known.id === chainId);
      if (!chain) {
        throw refusal(
          'chainId',
          `Encore has no RPC URL for chain ${chainId}; add one in Settings.`,
        );
      }
      const reads = deps.readsOn(chain);
      const checksummed = getAddress(address);
      const late = `${chain.name} did not answer within ${deadline / 1000} s`;
      // Asked first, so an unreachable node says so rather than "not a token".
      if ((await within(deadline, readCode(reads, checksummed), late)) === '0x') {
        throw refusal(
          'address',
          `${checksummed} has no contract on ${chain.name}: it is not a token.`,
        );
      }
      const token = await within(deadline, readTokenIdentity(reads, checksummed), late);
      if (!token) {
        throw refusal(
          'address',
          `${checksummed} on ${chain.name} does not answer as an ERC-20 token (it gives no decimals).`,
        );
      }
      const balance = await readTokenBalance(reads, token.address, account).catch(() => null);
      return { chain: holdingsChain(chain), token, balance: balance?.toString() ?? null };
    },
  };
}
