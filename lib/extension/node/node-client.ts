// Forwards a site's read-only request to the RPC URL the person set for the current chain. The
// allow-list and the params are checked before this (the pipeline and the method table); here
// are the limits: a per-origin budget, the request's size, a deadline, the answer's size, and
// the node's chain (a URL that serves another chain would answer with another chain's state).

import { fetchText, parseJson } from '@encore-wallet/utils/http';
import {
  ChainDisconnectedError,
  NodeUnavailableError,
  OversizeRequestError,
  RequestLimitError,
} from './errors.ts';
import { jsonLongerThan } from './json-size.ts';
import { NODE_LIMITS, type NodeLimits } from './limits.ts';
import { readNodeAnswer } from './node-answer.ts';
import { readCapped } from './read-capped.ts';
import { createRequestBudget } from './request-budget.ts';

export interface NodeClientOptions {
  /**
   * The chain sites currently see, with the name the how-to message uses and the RPC URL the
   * person set for it (null: none), read together.
   */
  currentChain(): Promise<NodeChain>;
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  limits?: Partial<NodeLimits>;
  now?: () => number;
}

export interface NodeClient {
  /**
   * The node's result for `method`, or throws the ProviderRpcError the caller should hear. For
   * the wallet's own reads: spends `origin`'s budget and never waits behind sites' requests.
   */
  request(origin: string, method: string, params: readonly unknown[]): Promise<unknown>;
  /**
   * A site's read, before anything reads its params: spends the site's budget and the budget of
   * all sites together, and refuses params surely larger than a request may be (measured only
   * up to the limit). Throws RequestLimitError or OversizeRequestError.
   */
  admit(origin: string, method: string, params: unknown): void;
  /** A site's read that `admit` let in: at most `maxInFlight` of them at the node at once. */
  forward(method: string, params: readonly unknown[]): Promise<unknown>;
  /** The chain id `url` serves (its eth_chainId), under the same limits as any request. */
  chainIdAt(url: string): Promise<number>;
  /**
   * The wallet's own read on `chain`, which need not be the current one (the popup's balance on
   * the chain where the money is): spends `origin`'s budget, checks the URL serves that chain.
   */
  requestOn(
    origin: string,
    chain: NodeChain,
    method: string,
    params: readonly unknown[],
  ): Promise<unknown>;
}

/** A chain as the node client reads it: its id, the name messages use, its RPC URL if any. */
export interface NodeChain {
  id: number;
  name: string;
  rpcUrl: string | null;
}

export function createNodeClient(options: NodeClientOptions): NodeClient {
  const limits = { ...NODE_LIMITS, ...options.limits };
  const fetchFn = options.fetch ?? ((url, init) => fetch(url, init));
  const budget = createRequestBudget(limits.burst, limits.perSecond, options.now);
  const allSites = createRequestBudget(limits.allSitesBurst, limits.allSitesPerSecond, options.now);
  let inFlight = 0;
  const waiting: (() => void)[] = [];
  // Which chain each URL serves, asked once per URL (a failed answer is asked again next time).
  const servedChains = new Map<string, Promise<number>>();
  let nextId = 1;

  async function post(url: string, method: string, params: readonly unknown[]): Promise<unknown> {
    const id = nextId++;
    const body = JSON.stringify({ jsonrpc: '2.0', id, method, params });
    if (new TextEncoder().encode(body).length > limits.maxRequestBytes) {
      throw new OversizeRequestError(method, limits.maxRequestBytes);
    }
    const exchange = await fetchText(
      fetchFn,
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        // Never the person's cookies or credentials for that host.
        credentials: 'omit',
        redirect: 'error',
      },
      limits.timeoutMs,
      (response) => readCapped(response, limits.maxResponseBytes),
    );
    if (!exchange.answered) {
      // Too large an answer (readCapped) says so itself.
      if (exchange.cause instanceof NodeUnavailableError) throw exchange.cause;
      throw new NodeUnavailableError(
        exchange.timedOut
          ? `did not answer within ${limits.timeoutMs / 1000} s`
          : 'could not be reached',
      );
    }
    return readNodeAnswer(parseJson(exchange.response.text), id);
  }

  function servedChain(url: string): Promise<number> {
    let served = servedChains.get(url);
    if (!served) {
      served = post(url, 'eth_chainId', []).then((answer) => {
        const id = typeof answer === 'string' && /^0x[0-9a-fA-F]{1,16}$/.test(answer) ? answer : '';
        if (!id) throw new NodeUnavailableError('answered eth_chainId with something else');
        return Number.parseInt(id, 16);
      });
      servedChains.set(url, served);
      served.catch(() => servedChains.delete(url));
    }
    return served;
  }

  /** Runs `work` once fewer than `maxInFlight` sites' requests are at the node (in order). */
  async function inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (inFlight < limits.maxInFlight) inFlight++;
    else await new Promise<void>((resolve) => waiting.push(resolve)); // its slot is handed over
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else inFlight--;
    }
  }

  async function toCurrentChain(method: string, params: readonly unknown[]): Promise<unknown> {
    return toChain(await options.currentChain(), method, params);
  }

  async function toChain(
    chain: NodeChain,
    method: string,
    params: readonly unknown[],
  ): Promise<unknown> {
    const url = chain.rpcUrl;
    if (!url) {
      throw new ChainDisconnectedError(
        `Encore has no RPC URL for ${chain.name} (chain ${chain.id}), so it cannot read the chain for this site. Add one in Encore's options (right-click the Encore icon → Options → "RPC URL for ${chain.name}").`,
      );
    }
    const served = await servedChain(url);
    if (served !== chain.id) {
      throw new ChainDisconnectedError(
        `The RPC URL set in Encore for ${chain.name} (chain ${chain.id}) serves chain ${served}; fix it in Encore's options.`,
      );
    }
    return post(url, method, params);
  }

  return {
    chainIdAt: servedChain,
    async request(origin, method, params) {
      if (!budget.take(origin)) throw new RequestLimitError();
      return toCurrentChain(method, params);
    },
    async requestOn(origin, chain, method, params) {
      if (!budget.take(origin)) throw new RequestLimitError();
      return toChain(chain, method, params);
    },
    admit(origin, method, params) {
      if (!budget.take(origin) || !allSites.take(ALL_SITES)) throw new RequestLimitError();
      if (jsonLongerThan(params, limits.maxRequestBytes)) {
        throw new OversizeRequestError(method, limits.maxRequestBytes);
      }
    },
    forward: (method, params) => inTurn(() => toCurrentChain(method, params)),
  };
}

const ALL_SITES = 'all sites';
