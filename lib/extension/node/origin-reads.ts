// The chain as @encore-wallet/utils/chain-rpc reads it, through the node client on one origin's budget (a site's,
// or the wallet's own): what the transaction, calls and activity services hand their readers.
import type { ChainRpc } from '@encore-wallet/utils/chain-rpc';

/** A node client's request, as the services see it. */
export interface OriginRequests {
  request(origin: string, method: string, params: readonly unknown[]): Promise<unknown>;
}

export function originReads(node: OriginRequests, origin: string): ChainRpc {
  return { request: (method, params) => node.request(origin, method, params) };
}
