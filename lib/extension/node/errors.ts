// What a site hears when a read-only request cannot be answered by the chain's node. They extend
// the page's ProviderRpcError, so the pipeline passes them through unchanged. No message ever
// names the RPC URL: it is the person's configuration (and may carry an API key in its path).

import { ProviderRpcError } from '../protocol/index.ts';

/** 4901: Encore has no RPC URL for the current chain (or the URL serves another chain). */
export class ChainDisconnectedError extends ProviderRpcError {
  constructor(message: string) {
    super(4901, message);
  }
}

/** -32005 (EIP-1474 "limit exceeded"): the site spent its budget of chain reads. */
export class RequestLimitError extends ProviderRpcError {
  constructor() {
    super(-32005, 'This site is sending Encore too many chain requests; wait a moment and retry.');
  }
}

/** -32602: the request would be larger than Encore forwards. */
export class OversizeRequestError extends ProviderRpcError {
  constructor(method: string, limit: number) {
    super(-32602, `Invalid params for ${method}: params are larger than ${limit} bytes`, {
      param: 'params',
    });
  }
}

/** -32603: the node did not answer usefully (unreachable, slow, too large, not JSON-RPC). */
export class NodeUnavailableError extends ProviderRpcError {
  constructor(why: string) {
    super(-32603, `The chain's RPC node ${why}.`);
  }
}
