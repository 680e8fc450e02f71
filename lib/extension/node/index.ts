// Read-only access to the chain for sites: the worker forwards allow-listed requests to the RPC
// URL the person set for the current chain, within limits (lib/extension/rpc decides which
// methods and checks their params; this folder only talks to the node).
export {
  ChainDisconnectedError,
  NodeUnavailableError,
  OversizeRequestError,
  RequestLimitError,
} from './errors.ts';
export { jsonLongerThan } from './json-size.ts';
export { NODE_LIMITS, type NodeLimits } from './limits.ts';
export { createNodeClient, type NodeClient, type NodeClientOptions } from './node-client.ts';
export { type OriginRequests, originReads } from './origin-reads.ts';
export { createRequestBudget, type RequestBudget } from './request-budget.ts';
