// Answers sites' EIP-1193 requests: the provider hub serves each site's port, the pipeline runs
// every request through the same steps, and each method is one file in methods/.
export { toHexChainId } from './chain-id.ts';
export {
  toProviderError,
  UnrecognizedChainError,
  UserRejectedError,
} from './errors.ts';
export { type RpcRequest, runRpcRequest } from './pipeline.ts';
export { ProviderHub } from './provider-hub.ts';
export type { RpcContext, RpcDeps, RpcSigner } from './types.ts';
