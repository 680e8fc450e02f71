// Sponsored calls and batches (EIP-5792 with EIP-7702 and ERC-4337 v0.8), the wallet's side as
// plain TypeScript: the delegate pinned per chain and its code check, the account's delegation,
// the one-time upgrade (an authorization for the pinned delegate only), the canonical batch the
// listener approves and signs, the sponsor protocol and its client, a batch the listener pays
// for, and the calls status read from the chain. No extension API: tested in Node.

export { refuseAccountAuthorization, type TypedDataToCheck } from './account-typed-data.ts';
export {
  type BundlerClient,
  type BundlerClientOptions,
  type BundlerGas,
  type BundlerReceipt,
  createBundlerClient,
} from './bundler-client.ts';
export { checkBundlerReceipt, readBundlerStatus } from './bundler-status.ts';
export { type BatchGas, buildCallBatch, type CallBatch, MAX_GAS_LIMIT } from './call-batch.ts';
export { type Call, MAX_BATCH_DATA_BYTES, MAX_CALLS, parseCalls } from './calls.ts';
export {
  type CallsReceipt,
  type CallsStatus,
  type CallsStatusCode,
  readCallsStatus,
  type SentCalls,
} from './calls-status.ts';
export { deadlineOf, keyOf, nonceOf, sequenceOf } from './deadline-nonce.ts';
export { checkDelegateCode } from './delegate-code.ts';
export {
  type DelegateTable,
  type PinnedCaveatEnforcers,
  type PinnedDelegate,
  pinnedDelegate,
  readDelegateTable,
} from './delegates.ts';
export { type DelegationState, delegateOfCode, readDelegation } from './delegation-state.ts';
export { encodeHandleOps, entryPointAbi } from './entry-point.ts';
export { readBatchSequence, readEntryPointNonce } from './entry-point-nonce.ts';
export {
  AccountAuthorizationError,
  AccountNotDelegatableError,
  CallsError,
  type CallsErrorCode,
  DelegateCodeMismatchError,
  DelegateNotPinnedError,
  InvalidCallsError,
  InvalidUserOperationError,
  NoPinnedDelegateError,
  SponsorRefusedError,
  SponsorUnavailableError,
  WrongSignerError,
} from './errors.ts';
export { BATCH_MODE, decodeExecute, encodeExecute } from './execute-batch.ts';
export { type OwnBatchTransaction, ownBatchTransaction } from './own-transaction.ts';
export {
  type PaidBatch,
  type PaidFees,
  type PaymasterFields,
  packPaidOperation,
  paidOperationHash,
  paidOperationTypedData,
  paymasterAndData,
  type RpcPaidOperation,
  signPaidBatch,
  toRpcPaidOperation,
} from './paid-operation.ts';
export {
  MAX_CONTEXT_BYTES,
  PAYMASTER_CAPABILITY,
  type PaymasterService,
  paymasterServiceSchema,
} from './paymaster-capability.ts';
export { checkPaymasterContract, readPaidFees } from './paymaster-chain.ts';
export {
  createPaymasterClient,
  type PaymasterClient,
  type PaymasterClientOptions,
  type PaymasterRequest,
  type PaymasterStub,
} from './paymaster-client.ts';
export {
  BundlerReceiptInvalidError,
  BundlerRefusedError,
  BundlerUnavailableError,
  BundlerUnsupportedError,
  PaymasterDoesNotPayError,
  PaymasterError,
  type PaymasterErrorCode,
  PaymasterRefusedError,
  PaymasterUnavailableError,
  PaymasterWrongEntryPointError,
} from './paymaster-errors.ts';
export {
  type Address,
  addressSchema,
  bytes32Schema,
  bytesSchema,
  type Hex,
  quantitySchema,
  toQuantity,
} from './schemas.ts';
export { signBatch } from './sign-batch.ts';
export {
  SPONSOR_CAPABILITY,
  type SponsorService,
  sponsorHost,
  sponsorServiceSchema,
} from './sponsor-capability.ts';
export {
  createSponsorClient,
  type SponsorClient,
  type SponsorClientOptions,
} from './sponsor-client.ts';
export {
  gasEstimateSchema,
  type ReadUserOperation,
  readRpcUserOperation,
  rpcUserOperationSchema,
  type SponsorRefusalData,
  signedAuthorizationSchema,
  sponsorRefusalDataSchema,
} from './sponsor-protocol.ts';
export {
  authorizationSigner,
  type CallsSigner,
  type PrepareUpgradeOptions,
  prepareUpgrade,
  type SignedAuthorization,
  signUpgrade,
  toEthersAuthorization,
  type Upgrade,
} from './upgrade.ts';
export {
  EIP7702_INIT_CODE,
  type PackedUserOperation,
  packUserOperation,
  type RpcUserOperation,
  toRpcUserOperation,
  USER_OPERATION_TYPES,
  type UserOperationTypedData,
  userOperationHash,
  userOperationTypedData,
} from './user-operation.ts';
export {
  type ChainLog,
  entryPointEvents,
  logsOfOperation,
  USER_OPERATION_EVENT_TOPIC,
  userOperationSucceeded,
} from './user-operation-event.ts';
