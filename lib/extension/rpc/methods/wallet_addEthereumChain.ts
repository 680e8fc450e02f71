import { isLocalNetworkUrl } from '@encore-wallet/utils/http';
import { z } from 'zod';
import type { AddChainApproval } from '../../approvals/index.ts';
import { jsonLongerThan } from '../../node/index.ts';
import {
  type AddedChain,
  type ChainCurrency,
  chainNameSchema,
  explorerUrlSchema,
  MAX_ADDED_CHAINS,
  nativeCurrencySchema,
  rpcUrlSchema,
} from '../../settings/index.ts';
import { toHexChainId } from '../chain-id.ts';
import { AddedChainsLimitError, InvalidParamsError } from '../errors.ts';
import type { RpcMethod } from '../types.ts';

/** The whole request as JSON: what a site may make Encore parse, show and keep for one chain. */
export const MAX_ADD_CHAIN_PARAMS_BYTES = 16 * 1024;

const CHAIN_ID_HINT = 'must be a 0x-prefixed hex chain id without leading zeros';

const addChainParameter = z.lazy(() =>
  z.object({
    chainId: z
      .string({ error: CHAIN_ID_HINT })
      .regex(/^0x[1-9a-fA-F][0-9a-fA-F]{0,13}$/, CHAIN_ID_HINT)
      .refine((hex) => Number.parseInt(hex, 16) <= Number.MAX_SAFE_INTEGER, 'is too large'),
    chainName: chainNameSchema,
    rpcUrls: z.array(rpcUrlSchema).min(1, 'must name at least one RPC URL').max(8),
    nativeCurrency: nativeCurrencySchema,
    blockExplorerUrls: z.array(explorerUrlSchema).max(4).nullish(),
    // Accepted as EIP-3085 allows them, never fetched or shown.
    iconUrls: z.array(z.string().max(2048)).max(4).nullish(),
  }),
);

type Params = [z.output<typeof addChainParameter>];

const params = z.lazy(() =>
  z
    .unknown()
    .refine(
      // The bounded walk first: a site's megabytes are not stringified whole to be refused.
      (raw) =>
        !jsonLongerThan(raw, MAX_ADD_CHAIN_PARAMS_BYTES) &&
        jsonBytes(raw) <= MAX_ADD_CHAIN_PARAMS_BYTES,
      `must be at most ${MAX_ADD_CHAIN_PARAMS_BYTES} bytes of JSON`,
    )
    .pipe(z.tuple([addChainParameter])),
);

/**
 * EIP-3085: a connected site asks Encore to know a chain. The person sees the chain id, name, RPC
 * URL (only the first URL is used) and currency with its decimals, and on a re-add the currency
 * it replaces; once approved, the URL must serve that chain id before anything is saved. A chain
 * Encore already knows at that URL, with that currency, answers null without asking.
 */
export const wallet_addEthereumChain: RpcMethod<Params, AddChainApproval> = {
  name: 'wallet_addEthereumChain',
  params: params as unknown as z.ZodType<Params>,
  paramNames: ['addChainParams'],
  requiresConnection: true,
  approval: async (ctx, [request]) => {
    const chain = toAddedChain(request);
    const known = await ctx.deps.chain.known(chain.id);
    const replacesCurrency =
      known && !known.builtIn ? changedCurrency(known.currency, chain.nativeCurrency) : null;
    if (known?.rpcUrl && sameUrl(known.rpcUrl, chain.rpcUrl) && !replacesCurrency) return null;
    if (!known && (await ctx.deps.chain.addedCount()) >= MAX_ADDED_CHAINS) {
      throw new AddedChainsLimitError(MAX_ADDED_CHAINS);
    }
    return {
      kind: 'add_chain',
      // One of Encore's own chains keeps its own name and currency: only its RPC URL changes.
      chain: known?.builtIn
        ? { ...chain, name: known.name, nativeCurrency: currencyOf(known.currency) }
        : chain,
      builtIn: known?.builtIn ?? false,
      replacesRpcUrl: known?.rpcUrl ?? null,
      replacesCurrency,
      localNetwork: isLocalNetworkUrl(chain.rpcUrl),
    };
  },
  run: async (ctx, _params, approved) => {
    if (!approved) return null;
    const { chain } = approved;
    // A URL that serves another chain would answer every read with the wrong chain's state.
    const served = await ctx.deps.node.chainIdAt(chain.rpcUrl);
    if (served !== chain.id) {
      throw new InvalidParamsError(
        'wallet_addEthereumChain',
        'addChainParams.rpcUrls[0]',
        `serves chain ${toHexChainId(served)}, not ${toHexChainId(chain.id)}`,
      );
    }
    await ctx.deps.chain.add(chain);
    return null;
  },
};

function toAddedChain(request: Params[0]): AddedChain {
  return {
    id: Number.parseInt(request.chainId, 16),
    name: request.chainName,
    rpcUrl: request.rpcUrls[0] as string,
    nativeCurrency: request.nativeCurrency,
    blockExplorerUrls: request.blockExplorerUrls ?? [],
  };
}

type Currency = AddedChain['nativeCurrency'];

function currencyOf(known: ChainCurrency): Currency {
  return { name: known.name ?? known.symbol, symbol: known.symbol, decimals: known.decimals };
}

/** The chain's current currency when `next` changes its name, symbol or decimals; else null. */
function changedCurrency(known: ChainCurrency, next: Currency): Currency | null {
  const current = currencyOf(known);
  const same =
    current.name === next.name &&
    current.symbol === next.symbol &&
    current.decimals === next.decimals;
  return same ? null : current;
}

function sameUrl(a: string, b: string): boolean {
  return a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
}

function jsonBytes(value: unknown): number {
  try {
    return new TextEncoder().encode(JSON.stringify(value) ?? '').length;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}
