// EIP-5792 in the worker: batches run from the listener's own address through Encore's pinned
// EIP-7702 delegate, paid for by a site's sponsor or from the listener's balance, and their
// status read from the chain.
export { readSendCalls, type SendCallsParams, sendCallsSchema } from './calls-params.ts';
export {
  type CallsChain,
  type CallsService,
  type CallsServiceDeps,
  type Capabilities,
  createCallsService,
} from './calls-service.ts';
export { AUTHORIZATION_GAS, delegatedReads, delegationCode } from './delegated-reads.ts';
export { type DescribedCall, describeCalls } from './describe-calls.ts';
export {
  AtomicityNotSupportedError,
  BatchTooLargeError,
  DuplicateCallsIdError,
  InvalidCallsParamsError,
  PaymasterBatchRejectedError,
  SponsorDeclinedError,
  UnknownCallsIdError,
  UnsupportedCapabilityError,
  UnsupportedChainIdError,
} from './errors.ts';
export {
  type OwnBatch,
  type OwnBatchSending,
  prepareOwnBatch,
  sendOwnBatch,
} from './own-batch.ts';
export { recognizeLocalService } from './recognize-local-service.ts';
export {
  CALLS_KEY,
  createSentCallsStore,
  type SentCallsStore,
  type StoredCalls,
} from './sent-calls-store.ts';
