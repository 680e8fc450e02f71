// How @encore-wallet/calls, lib/transactions and the worker's activity list reach a chain: one JSON-RPC
// request at a time to its node. The extension passes its node client for the current chain's RPC
// URL, the sponsor service and Node tests their own.

export interface ChainRpc {
  /** The node's result, or throws the node's error (an error with a numeric `code`). */
  request(method: string, params: readonly unknown[]): Promise<unknown>;
}
