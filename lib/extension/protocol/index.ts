// How the page, the relay, the worker and the approval window talk: port names, wire formats and
// the readers each end applies to what it receives. No zod and no extension API: the injected
// script imports it too.

export {
  INPAGE_TARGET,
  RELAY_READY_EVENT,
  RELAY_TARGET,
  readToInpage,
  readToRelay,
  type ToInpage,
  type ToRelay,
} from './page-envelope.ts';
export {
  answerableRequestId,
  type PortAnswer,
  type PortEvent,
  type PortRequest,
  type PortResponse,
  readPortAnswer,
  readPortRequest,
} from './port-messages.ts';
export { APPROVAL_PORT_NAME, PROVIDER_PORT_NAME } from './port-names.ts';
export { ProviderRpcError, type RpcErrorShape } from './rpc-error.ts';
export type { RuntimePort } from './runtime-port.ts';
export { sameAccounts } from './same-accounts.ts';
